package main

import (
	"fmt"
	"io"

	"github.com/sakk-chess/sakk/bench"
	"github.com/sakk-chess/sakk/engine/nnue"
	"github.com/sakk-chess/sakk/game"
)

func init() {
	register("bench", "search the built-in bench positions to a fixed depth; print the node signature", runBench)
}

var benchUsage = fmt.Sprintf(`Usage:
  sakk bench [--variant chess|glinski|all] [--depth D] [--threads N] [--hash MB]
             [--eval default|hce|nnue] [--evalfile NET] [--evalfile-glinski NET]

Searches every built-in bench position of each variant to depth D with a
fresh hash, and prints a line per position, then "<nodes> nodes <nps> nps"
per variant, the signature line "Bench: <chess> <glinski>" and, last, the
total "<nodes> nodes <nps> nps" (the line OpenBench reads). With one thread
the node counts are the same on every run of a build.

Options:
  --variant NAME   chess, glinski or all (default all)
  --depth D        plies, 1..%d (default %d)
  --threads N      search threads (default 1; more make counts vary)
  --hash MB        hash table size (default: the engine's)
  --eval E         default (the UseNNUE defaults), hce (hand-made) or nnue
  --evalfile NET   chess net file instead of the built-in one
  --evalfile-glinski NET   Glinski net file instead of the built-in one

Exit codes: 0 done, 2 bad arguments.
`, bench.MaxDepth, bench.DefaultDepth)

func runBench(args []string, stdout, stderr io.Writer) int {
	var cfg bench.Config
	fs := newFlagSet("bench")
	fs.StringVar(&cfg.Variant, "variant", "all", "")
	fs.IntVar(&cfg.Depth, "depth", bench.DefaultDepth, "")
	fs.IntVar(&cfg.Threads, "threads", 1, "")
	fs.IntVar(&cfg.HashMB, "hash", 0, "")
	var eval, chessNet, glinskiNet string
	fs.StringVar(&eval, "eval", "default", "")
	fs.StringVar(&chessNet, "evalfile", "", "")
	fs.StringVar(&glinskiNet, "evalfile-glinski", "", "")
	if done, code := parseFlags(fs, args, benchUsage, stdout, stderr); done {
		return code
	}
	switch eval {
	case "default":
	case "hce":
		cfg.Eval = bench.EvalHandMade
	case "nnue":
		cfg.Eval = bench.EvalNNUE
	default:
		return usageError(stderr, "sakk bench", "--eval must be default, hce or nnue")
	}
	cfg.Nets = map[game.Variant]*nnue.Net{}
	for v, path := range map[game.Variant]string{game.Chess: chessNet, game.Glinski: glinskiNet} {
		if path == "" {
			continue
		}
		n, err := nnue.Load(path, v)
		if err != nil {
			return usageError(stderr, "sakk bench", err.Error())
		}
		cfg.Nets[v] = n
	}
	if cfg.Threads < 1 || cfg.HashMB < 0 {
		return usageError(stderr, "sakk bench", "--threads must be at least 1 and --hash not negative")
	}
	if _, err := bench.Variants(cfg.Variant); err != nil {
		return usageError(stderr, "sakk bench", err.Error())
	}
	if cfg.Depth < 1 || cfg.Depth > bench.MaxDepth {
		return usageError(stderr, "sakk bench", fmt.Sprintf("--depth must be 1..%d", bench.MaxDepth))
	}
	if _, err := bench.Run(stdout, cfg); err != nil {
		fmt.Fprintf(stderr, "sakk bench: %v\n", err)
		return exitFailure
	}
	return exitOK
}
