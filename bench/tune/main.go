// Command tune generates labelled positions by self-play and fits sakk's
// evaluation weights to them (Texel's method: minimise the squared error
// between sigmoid(eval) and the game result).
//
//	go run ./bench/tune gen -variant chess -games 400 -nodes 3000 -o /tmp/chess.txt
//	go run ./bench/tune fit -variant chess -write /tmp/chess.txt
//
// fit prints the loss as it goes and, with -write, rewrites the board's
// eval_params.go (board/ or hexboard/) in place; run it from the module root.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"

	"github.com/sakk-chess/sakk/game"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, "usage: tune gen|fit [flags] (tune gen -h for flags)")
		return 2
	}
	switch args[0] {
	case "gen":
		return runGen(args[1:], stdout, stderr)
	case "fit":
		return runFit(args[1:], stdout, stderr)
	}
	fmt.Fprintf(stderr, "tune: unknown command %q (want gen or fit)\n", args[0])
	return 2
}

func runGen(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("tune gen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var cfg genConfig
	fs.Func("variant", "chess or glinski (default chess)", parseVariantInto(&cfg.variant))
	fs.IntVar(&cfg.games, "games", 200, "games to play")
	fs.Uint64Var(&cfg.nodes, "nodes", 3000, "search nodes per move")
	fs.IntVar(&cfg.randomPlies, "random", 8, "random plies at the start of each game")
	fs.IntVar(&cfg.workers, "workers", max(1, runtime.NumCPU()/2), "games played at once")
	fs.Uint64Var(&cfg.seed, "seed", 1, "random seed")
	fs.IntVar(&cfg.maxPlies, "maxplies", 400, "draw after this many plies")
	outPath := fs.String("o", "", "output file (default stdout)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if _, err := modelFor(cfg.variant); err != nil {
		fmt.Fprintln(stderr, "tune gen:", err)
		return 2
	}
	out := stdout
	if *outPath != "" {
		f, err := os.Create(*outPath)
		if err != nil {
			fmt.Fprintln(stderr, "tune gen:", err)
			return 1
		}
		defer f.Close()
		out = f
	}
	if err := generate(cfg, out, stderr); err != nil {
		fmt.Fprintln(stderr, "tune gen:", err)
		return 1
	}
	return 0
}

func runFit(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("tune fit", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var cfg fitConfig
	v := game.Chess
	fs.Func("variant", "chess or glinski (default chess)", parseVariantInto(&v))
	fs.IntVar(&cfg.epochs, "epochs", 1000, "full passes of gradient descent")
	fs.Float64Var(&cfg.rate, "rate", 1, "Adam step size in centipawns")
	fs.Float64Var(&cfg.lambda, "lambda", 1e-7, "L2 pull toward the starting weights (per cp²)")
	fs.Float64Var(&cfg.tableLambda, "table-lambda", -1, "L2 pull for the weights of -tables; -1: same as -lambda")
	tables := fs.String("tables", "PST,KnightMobility,BishopMobility,RookMobility,QueenMobility,KingAttack", "terms -table-lambda applies to")
	fs.Float64Var(&cfg.holdout, "holdout", 0.1, "share of positions held out")
	fs.Uint64Var(&cfg.seed, "seed", 1, "shuffle seed")
	freeze := fs.String("freeze", "", "comma-separated weight terms to keep (e.g. Material,Tempo)")
	write := fs.Bool("write", false, "rewrite the board's eval_params.go with the result")
	header := fs.String("note", "", "extra line for the generated file's comment")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "tune fit: give one or more data files (FEN;result lines)")
		return 2
	}
	cfg.tables = strings.Split(*tables, ",")
	if *freeze != "" {
		cfg.freezeGroups = strings.Split(*freeze, ",")
	}
	m, err := modelFor(v)
	if err != nil {
		fmt.Fprintln(stderr, "tune fit:", err)
		return 2
	}
	data, err := loadSamples(m, fs.Args())
	if err != nil {
		fmt.Fprintln(stderr, "tune fit:", err)
		return 1
	}
	p, err := fit(m, data, cfg, stderr)
	if err != nil {
		fmt.Fprintln(stderr, "tune fit:", err)
		return 1
	}
	apply(m, p)
	note := fmt.Sprintf("Tuned by: go run ./bench/tune fit %s\non %d positions of sakk self-play (see docs/strength.md, \"Evaluation log\").",
		strings.Join(args, " "), len(data))
	if *header != "" {
		note += "\n" + *header
	}
	src, err := paramsSource(m, note)
	if err != nil {
		fmt.Fprintln(stderr, "tune fit: formatting:", err)
		return 1
	}
	if !*write {
		stdout.Write(src)
		return 0
	}
	if err := os.WriteFile(m.paramsFile, src, 0o644); err != nil {
		fmt.Fprintln(stderr, "tune fit:", err)
		return 1
	}
	fmt.Fprintf(stderr, "wrote %s\n", m.paramsFile)
	return 0
}

// parseVariantInto is a flag.Func reading a variant name into v.
func parseVariantInto(v *game.Variant) func(string) error {
	return func(name string) (err error) {
		*v, err = game.ParseVariant(name)
		return err
	}
}
