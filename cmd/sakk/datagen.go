package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/sakk-chess/sakk/bench/datagen"
	"github.com/sakk-chess/sakk/board/syzygy"
	"github.com/sakk-chess/sakk/engine/nnue"
	"github.com/sakk-chess/sakk/engine/variant"
	"github.com/sakk-chess/sakk/game"
)

// isSet says whether a flag was given on the command line.
func isSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

func init() {
	register("datagen", "self-play training data for the NNUE trainer", runDatagen)
}

const datagenUsage = `Usage:
  sakk datagen --variant chess|glinski --games N --out FILE [--nodes N]
               [--threads N] [--seed S] [--random-plies N] [--hash MB]
               [--eval hce|nnue] [--evalfile NET] [--openings FILE]
               [--tb DIR]

Plays self-play games, one per thread, each from a few random legal plies,
with a soft node limit per move (a search stops after the first completed
depth past it; 8 times it is a hard limit). Decided games are adjudicated
(both sides see 1000 cp or more for 8 plies; 16 plies within 10 cp after
ply 80 is a draw; 400 plies is a draw). Writes one line per position:

  <FEN> | <score> | <result>

score in centipawns and result 1 / 0.5 / 0 (0.75 / 0.25 for a Glinski
stalemate), both from White's view; Glinski positions in hex FEN. Positions
in check, whose best move is a capture or promotion, or with a mate score
are left out.

FILE is appended to: FILE.progress records the games it holds, and a rerun
with the same settings continues up to N games. The same settings give the
same file, whatever the threads. Ctrl-C or SIGTERM stops cleanly (the game
in play is dropped). Progress goes to stderr.

Options:
  --variant NAME      chess or glinski (default chess)
  --games N           games the file should hold when done
  --out FILE          the data file
  --nodes N           soft node limit per move (default 5000)
  --threads N         games at once (default 1)
  --seed S            random seed for the openings (default 1)
  --random-plies N    random plies before the engine plays (default 8)
  --hash MB           hash per thread (default 16)
  --eval E            hce (hand-made, the default) or nnue (the built-in
                      net, or --evalfile): data from the best net so far
                      trains the next one. A rerun must use the same eval.
  --evalfile NET      the net to play with (implies --eval nnue)
  --openings FILE     start the games from these positions (one FEN a
                      line; game g from line g mod count, then the random
                      plies) instead of the start position
  --tb DIR[:DIR...]   Syzygy tablebases (chess only): a game ends as soon
                      as it reaches a position they cover, with their
                      result (the game's fifty-move counter counts: a
                      cursed win or blessed loss is a draw); that position
                      and later ones are not written. A rerun must use the
                      same --openings and --tb.

Exit codes: 0 done or stopped, 1 failure, 2 bad arguments.
`

func runDatagen(args []string, stdout, stderr io.Writer) int {
	var cfg datagen.Config
	fs := newFlagSet("datagen")
	var variantName string
	fs.StringVar(&variantName, "variant", "chess", "")
	fs.IntVar(&cfg.Games, "games", 0, "")
	fs.StringVar(&cfg.Out, "out", "", "")
	fs.Uint64Var(&cfg.Nodes, "nodes", 5000, "")
	fs.IntVar(&cfg.Threads, "threads", 1, "")
	fs.Uint64Var(&cfg.Seed, "seed", 1, "")
	fs.IntVar(&cfg.RandomPlies, "random-plies", 8, "")
	fs.IntVar(&cfg.HashMB, "hash", 16, "")
	var eval, netFile string
	fs.StringVar(&eval, "eval", "hce", "")
	fs.StringVar(&netFile, "evalfile", "", "")
	var openingsFile, tbPath string
	fs.StringVar(&openingsFile, "openings", "", "")
	fs.StringVar(&tbPath, "tb", "", "")
	if done, code := parseFlags(fs, args, datagenUsage, stdout, stderr); done {
		return code
	}
	v, err := game.ParseVariant(variantName)
	if err != nil {
		return usageError(stderr, "sakk datagen", err.Error())
	}
	cfg.Variant = v
	switch {
	case eval != "hce" && eval != "nnue":
		return usageError(stderr, "sakk datagen", "--eval must be hce or nnue")
	case netFile != "" && eval == "hce" && isSet(fs, "eval"):
		return usageError(stderr, "sakk datagen", "--evalfile needs --eval nnue")
	}
	cfg.UseNNUE = eval == "nnue" || netFile != ""
	if netFile != "" {
		n, err := nnue.Load(netFile, cfg.Variant)
		if err != nil {
			return usageError(stderr, "sakk datagen", err.Error())
		}
		cfg.Net = n
	}
	if cfg.UseNNUE && cfg.Net == nil && nnue.Default(cfg.Variant) == nil {
		return usageError(stderr, "sakk datagen", "this build has no built-in "+cfg.Variant.String()+" net: give --evalfile")
	}
	switch {
	case cfg.Games < 1:
		return usageError(stderr, "sakk datagen", "--games must be at least 1")
	case cfg.Out == "":
		return usageError(stderr, "sakk datagen", "--out is required")
	case cfg.Nodes < 1:
		return usageError(stderr, "sakk datagen", "--nodes must be at least 1")
	case cfg.Threads < 1 || cfg.Threads > 256:
		return usageError(stderr, "sakk datagen", "--threads must be 1..256")
	case cfg.RandomPlies < 0 || cfg.RandomPlies > 40:
		return usageError(stderr, "sakk datagen", "--random-plies must be 0..40")
	case cfg.HashMB < 1 || cfg.HashMB > 4096:
		return usageError(stderr, "sakk datagen", "--hash must be 1..4096")
	}
	if openingsFile != "" {
		openings, err := readOpenings(openingsFile, cfg.Variant)
		if err != nil {
			return usageError(stderr, "sakk datagen", "--openings: "+err.Error())
		}
		cfg.Openings = openings
	}
	if isSet(fs, "tb") {
		if cfg.Variant != game.Chess {
			return usageError(stderr, "sakk datagen", "--tb is for chess only (Glinski has no tablebases)")
		}
		tb, err := syzygy.OpenForAdjudication(tbPath)
		if err != nil {
			return usageError(stderr, "sakk datagen", "--tb: "+err.Error())
		}
		defer tb.Close()
		cfg.Tablebases = tb
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	stats, err := datagen.Run(ctx, cfg, stderr)
	if err != nil && ctx.Err() == nil {
		fmt.Fprintf(stderr, "sakk datagen: %v\n", err)
		if stats.Games == 0 && stats.Total == 0 {
			return exitUsage
		}
		return exitFailure
	}
	fmt.Fprintf(stderr, "sakk datagen: %d games and %d positions written, %d games in %s\n",
		stats.Games, stats.Positions, stats.Total, cfg.Out)
	return exitOK
}

// readOpenings reads one FEN a line (blank lines and lines starting with #
// skipped), each checked to be a position of variant v with a game in play.
func readOpenings(path string, v game.Variant) ([]string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var fens []string
	for i, line := range strings.Split(string(data), "\n") {
		fen := strings.TrimSpace(line)
		if fen == "" || strings.HasPrefix(fen, "#") {
			continue
		}
		pos, err := variant.FromFEN(v, fen)
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", i+1, err)
		}
		if pos.Outcome().Result != game.Ongoing {
			return nil, fmt.Errorf("line %d: the game is already over", i+1)
		}
		fens = append(fens, fen)
	}
	if len(fens) == 0 {
		return nil, fmt.Errorf("no positions in %s", path)
	}
	return fens, nil
}
