package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/sakk-chess/sakk/engine/variant"
	"github.com/sakk-chess/sakk/game"
	"github.com/sakk-chess/sakk/perft"
	"github.com/sakk-chess/sakk/perft/bisect"
)

func init() {
	register("perft", "count the leaf nodes of the legal move tree, or check a perft suite", runPerft)
}

// Limits of the perft command's numeric options.
const (
	perftMaxDepth   = 20
	perftMaxThreads = 256
	perftMaxHashMB  = 65536
)

const perftUsage = `Usage:
  sakk perft [--variant chess|glinski] [--fen FEN] [--moves "M1 M2 ..."]
             --depth N [--divide] [--threads N] [--hash MB] [--chess960]
  sakk perft --suite FILE [--variant chess|glinski] [--max-depth D]
             [--max-nodes N] [--threads N] [--hash MB] [--chess960]
  sakk perft --against CMD [--protocol uci|perftree] [--timeout T]
             [--variant chess|glinski] [--fen FEN] [--moves "M1 M2 ..."]
             --depth N [--threads N] [--hash MB] [--chess960]
  sakk perft --perftree [--variant chess|glinski] DEPTH FEN [MOVES]

Counts the leaf nodes of the tree of legal moves (perft), to check the move
generator against known counts. With --against it finds where another
engine's move generator goes wrong: it compares that engine's per-move
counts with sakk's, descends into the first move (in sorted order) whose
count differs, and at the first position whose move lists differ prints the
moves that lead there, its FEN, the moves the engine is missing and those it
has in excess. With --perftree sakk answers the perftree tool's calls, so that
other tools can bisect against sakk.

Options:
  --variant NAME   chess or glinski (default: chess; with --fen, glinski if
                   the FEN has 11 ranks; with --suite, glinski if the file
                   name contains "glinski")
  --fen FEN        the position (default: the start position); chess takes 4
                   or 6 fields with KQkq, X-FEN or Shredder-FEN castling
  --depth N        plies to count, 1..20
  --divide         also print each root move with its count ("e2e4: 13160")
  --threads N      spread the root moves over N threads, 1..256 (default 1)
  --hash MB        use a perft hash table of MB megabytes, 0..65536 (default 0)
  --chess960       write castling as king-takes-rook (e1h1) in --divide
                   output, and ask it of the --against engine (chess only);
                   on by itself when a castling rook is not on the a- or
                   h-file. Counts are the same either way.
  --suite FILE     check every ";Dn count" entry of an EPD perft suite
  --max-depth D    with --suite: skip entries deeper than D (and always
                   those deeper than 20)
  --max-nodes N    with --suite: skip entries expecting more than N nodes
  --moves "M ..."  moves played from the FEN before counting, in UCI notation
                   (castling as e1g1 or e1h1, promotion letters either case)
  --against CMD    compare with the engine run by CMD (a command line; quote
                   it if it has spaces)
  --protocol P     how to drive CMD: uci (default) sends "position fen F moves
                   M" and "go perft N" and reads "e2e4: 600" lines up to
                   "Nodes searched: N"; perftree runs "CMD N 'F' 'M'" per
                   divide and reads "e2e4 600" lines, a blank line and the
                   total. For Glinski, uci first sets UCI_Variant to glinski;
                   for Chess960 positions (or --chess960), UCI_Chess960.
  --timeout T      with --against: give up when the engine has not answered
                   within T (default 1m0s per answer)
  --perftree       answer one perftree call: DEPTH, FEN and (maybe empty)
                   MOVES as arguments; prints "move count" lines, a blank line
                   and the total

Output: the divide lines, then "Nodes searched: N" and "Time: T, N nodes/s".
A suite prints one line per position and depth ("ok" or "FAIL"), then
"N passed, N failed".

With --against, one line per depth, then "No difference: ..." or a report.

Exit codes: 0 success (with --against: no difference), 1 a suite count did
not match or --against found a difference, 2 bad arguments, FEN or suite
file, or an engine that cannot be started, exits or does not answer.
`

// perftArgs are the perft command's options.
type perftArgs struct {
	variant, fen, suite string
	moves               string
	against, protocol   string
	timeout             time.Duration
	depth, threads      int
	hashMB, maxDepth    int
	maxNodes            uint64
	divide, chess960    bool
	perftree            bool
}

func runPerft(args []string, stdout, stderr io.Writer) int {
	var a perftArgs
	fs := newFlagSet("perft")
	fs.StringVar(&a.variant, "variant", "", "")
	fs.StringVar(&a.fen, "fen", "", "")
	fs.IntVar(&a.depth, "depth", 0, "")
	fs.BoolVar(&a.divide, "divide", false, "")
	fs.IntVar(&a.threads, "threads", 1, "")
	fs.IntVar(&a.hashMB, "hash", 0, "")
	fs.BoolVar(&a.chess960, "chess960", false, "")
	fs.StringVar(&a.suite, "suite", "", "")
	fs.IntVar(&a.maxDepth, "max-depth", 0, "")
	fs.Uint64Var(&a.maxNodes, "max-nodes", 0, "")
	fs.StringVar(&a.moves, "moves", "", "")
	fs.StringVar(&a.against, "against", "", "")
	fs.StringVar(&a.protocol, "protocol", protocolUCI, "")
	fs.DurationVar(&a.timeout, "timeout", bisect.DefaultTimeout, "")
	fs.BoolVar(&a.perftree, "perftree", false, "")
	if done, code := parseFlagsAndArgs(fs, args, perftUsage, stdout, stderr); done {
		return code
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if a.perftree {
		return runPerftree(a, set, fs.Args(), stdout, stderr)
	}
	if fs.NArg() > 0 {
		return unexpectedArgument(fs, stderr)
	}
	if err := a.check(set); err != nil {
		return usageError(stderr, "sakk perft", err.Error())
	}
	v := a.pickVariant()
	if a.chess960 && v != game.Chess {
		return usageError(stderr, "sakk perft", "--chess960 only applies to chess")
	}
	switch {
	case a.suite != "":
		return runPerftSuite(a, v, stdout, stderr)
	case a.against != "":
		return runPerftAgainst(a, v, stdout, stderr)
	}
	return runPerftCount(a, v, stdout, stderr)
}

// check rejects option values and combinations that make no sense.
func (a *perftArgs) check(set map[string]bool) error {
	if a.variant != "" {
		if _, err := game.ParseVariant(a.variant); err != nil {
			return err
		}
	}
	if a.threads < 1 || a.threads > perftMaxThreads {
		return fmt.Errorf("--threads must be 1..%d, not %d", perftMaxThreads, a.threads)
	}
	if a.hashMB < 0 || a.hashMB > perftMaxHashMB {
		return fmt.Errorf("--hash must be 0..%d MB, not %d", perftMaxHashMB, a.hashMB)
	}
	if set["against"] && strings.TrimSpace(a.against) == "" {
		return fmt.Errorf("--against needs a command")
	}
	if a.against == "" {
		for _, name := range []string{"protocol", "timeout"} {
			if set[name] {
				return fmt.Errorf("--%s only applies to --against", name)
			}
		}
	} else if err := a.checkAgainst(set); err != nil {
		return err
	}
	if a.suite != "" {
		for _, name := range []string{"fen", "depth", "divide", "moves"} {
			if set[name] {
				return fmt.Errorf("--%s cannot be used with --suite", name)
			}
		}
		if a.maxDepth < 0 {
			return fmt.Errorf("--max-depth must not be negative")
		}
		return nil
	}
	for _, name := range []string{"max-depth", "max-nodes"} {
		if set[name] {
			return fmt.Errorf("--%s only applies to --suite", name)
		}
	}
	if !set["depth"] {
		return fmt.Errorf("--depth is required (1..%d), or give --suite", perftMaxDepth)
	}
	if a.depth < 1 || a.depth > perftMaxDepth {
		return fmt.Errorf("--depth must be 1..%d, not %d", perftMaxDepth, a.depth)
	}
	return nil
}

// pickVariant picks the variant: --variant (checked already), else a guess
// from the suite's file name or the FEN.
func (a *perftArgs) pickVariant() game.Variant {
	switch {
	case a.variant != "":
		v, _ := game.ParseVariant(a.variant)
		return v
	case a.suite != "":
		return suiteVariant(a.suite)
	}
	if board, _, _ := strings.Cut(strings.TrimSpace(a.fen), " "); strings.Count(board, "/") == 10 {
		return game.Glinski
	}
	return game.Chess
}

// newPosition reads fen (or the start position for "") as the variant.
func (a *perftArgs) newPosition(v game.Variant, fen string) (game.Position, error) {
	pos, err := variant.Position(v, fen)
	if err != nil {
		return nil, err
	}
	if a.chess960 || castlingNeedsChess960(pos) {
		if board, ok := pos.(interface{ SetChess960(bool) }); ok {
			board.SetChess960(true)
		}
	}
	return pos, nil
}

// castlingNeedsChess960 says whether a chess position can castle with a rook
// off the a- and h-files, where only king-takes-rook notation is unambiguous.
// The board writes such rights as Shredder-FEN file letters.
func castlingNeedsChess960(pos game.Position) bool {
	fields := strings.Fields(pos.FEN())
	return pos.Variant() == game.Chess && len(fields) > 2 && strings.Trim(fields[2], "KQkq-") != ""
}

// runPerftCount counts one position, with --divide lines if asked.
func runPerftCount(a perftArgs, v game.Variant, stdout, stderr io.Writer) int {
	pos, err := a.newPosition(v, a.fen)
	if err != nil {
		fmt.Fprintf(stderr, "sakk perft: bad FEN: %v\n", err)
		return exitUsage
	}
	if _, err := bisect.PlayMoves(pos, strings.Fields(a.moves)); err != nil {
		fmt.Fprintf(stderr, "sakk perft: --moves: %v\n", err)
		return exitUsage
	}
	counter := perft.NewCounter(a.threads, a.hashMB)
	start := time.Now()
	var nodes uint64
	if a.divide {
		roots := counter.Divide(pos, a.depth)
		slices.SortFunc(roots, func(x, y perft.RootCount) int { return strings.Compare(x.Move, y.Move) })
		for _, root := range roots {
			fmt.Fprintf(stdout, "%s: %d\n", root.Move, root.Nodes)
			nodes += root.Nodes
		}
		fmt.Fprintln(stdout)
	} else {
		nodes = counter.Count(pos, a.depth)
	}
	elapsed := time.Since(start)
	fmt.Fprintf(stdout, "Nodes searched: %d\n", nodes)
	fmt.Fprintf(stdout, "Time: %s, %d nodes/s\n", perft.FormatDuration(elapsed), perft.NodesPerSecond(nodes, elapsed))
	return exitOK
}

// runPerftSuite checks an EPD perft suite; exit 1 on any mismatch.
func runPerftSuite(a perftArgs, v game.Variant, stdout, stderr io.Writer) int {
	file, err := os.Open(a.suite)
	if err != nil {
		fmt.Fprintf(stderr, "sakk perft: cannot read suite: %v\n", err)
		return exitUsage
	}
	defer file.Close()
	cases, err := perft.ParseSuite(file)
	if err != nil {
		fmt.Fprintf(stderr, "sakk perft: %s: %v\n", a.suite, err)
		return exitUsage
	}
	newPos := func(fen string) (game.Position, error) { return a.newPosition(v, fen) }
	counter := perft.NewCounter(a.threads, a.hashMB)
	maxDepth := perftMaxDepth // the same bound as --depth
	if a.maxDepth > 0 {
		maxDepth = min(a.maxDepth, perftMaxDepth)
	}
	limits := perft.Limits{MaxDepth: maxDepth, MaxNodes: a.maxNodes}
	summary, err := perft.RunSuite(stdout, cases, newPos, limits, counter)
	if err != nil {
		fmt.Fprintf(stderr, "sakk perft: %s: %v\n", a.suite, err)
		return exitUsage
	}
	if summary.Failed > 0 {
		return exitFailure
	}
	return exitOK
}

// suiteVariant guesses a suite's variant from its file name.
func suiteVariant(path string) game.Variant {
	if strings.Contains(strings.ToLower(filepath.Base(path)), game.Glinski.String()) {
		return game.Glinski
	}
	return game.Chess
}
