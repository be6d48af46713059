package main

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/sakk-chess/sakk/game"
	"github.com/sakk-chess/sakk/perft"
	"github.com/sakk-chess/sakk/perft/bisect"
)

// Protocols of --against.
const (
	protocolUCI      = "uci"
	protocolPerftree = "perftree"
)

// checkAgainst rejects options that make no sense with --against.
func (a *perftArgs) checkAgainst(set map[string]bool) error {
	for _, name := range []string{"suite", "divide"} {
		if set[name] {
			return fmt.Errorf("--%s cannot be used with --against", name)
		}
	}
	if a.protocol != protocolUCI && a.protocol != protocolPerftree {
		return fmt.Errorf("--protocol must be %s or %s, not %q", protocolUCI, protocolPerftree, a.protocol)
	}
	if a.timeout <= 0 {
		return fmt.Errorf("--timeout must be positive, not %s", a.timeout)
	}
	return nil
}

// runPerftAgainst compares sakk's divides with another engine's down to the
// first faulty position: exit 0 when they agree, 1 on a difference.
func runPerftAgainst(a perftArgs, name game.Variant, stdout, stderr io.Writer) int {
	pos, err := a.newPosition(name, a.fen)
	if err != nil {
		fmt.Fprintf(stderr, "sakk perft: bad FEN: %v\n", err)
		return exitUsage
	}
	fen := strings.Join(strings.Fields(a.fen), " ")
	if fen == "" {
		fen = pos.FEN()
	}
	cfg := bisect.Config{
		Start:   pos,
		FEN:     fen,
		Moves:   strings.Fields(a.moves),
		Depth:   a.depth,
		Counter: perft.NewCounter(a.threads, a.hashMB),
	}
	if board, ok := pos.(interface{ Chess960() bool }); ok {
		cfg.Chess960 = board.Chess960()
	}
	if _, err := bisect.PlayMoves(pos.Clone(), cfg.Moves); err != nil {
		fmt.Fprintf(stderr, "sakk perft: --moves: %v\n", err)
		return exitUsage
	}
	opts := bisect.Options{Variant: name, Timeout: a.timeout}
	var eng bisect.Engine
	if a.protocol == protocolPerftree {
		eng, err = bisect.NewPerftree(a.against, opts)
	} else {
		eng, err = bisect.StartUCI(a.against, opts)
	}
	if err != nil {
		fmt.Fprintf(stderr, "sakk perft: --against: %v\n", err)
		return exitUsage
	}
	defer eng.Close()
	result, err := bisect.Run(cfg, eng, stdout)
	switch {
	case errors.Is(err, bisect.ErrEngine):
		fmt.Fprintf(stderr, "sakk perft: --against: %v\n", err)
		return exitUsage
	case err != nil:
		fmt.Fprintf(stderr, "sakk perft: %v\n", err)
		return exitUsage
	case !result.Agree:
		return exitFailure
	}
	return exitOK
}

// runPerftree answers one call of the perftree tool: DEPTH FEN [MOVES].
func runPerftree(a perftArgs, set map[string]bool, args []string, stdout, stderr io.Writer) int {
	for _, option := range []string{"fen", "depth", "moves", "divide", "suite", "max-depth", "max-nodes", "against", "protocol", "timeout"} {
		if set[option] {
			return usageError(stderr, "sakk perft", fmt.Sprintf("--%s cannot be used with --perftree (give DEPTH FEN [MOVES])", option))
		}
	}
	if len(args) < 2 || len(args) > 3 {
		return usageError(stderr, "sakk perft", fmt.Sprintf("--perftree takes DEPTH FEN [MOVES], not %d arguments", len(args)))
	}
	depth, err := strconv.Atoi(args[0])
	if err != nil || depth < 1 || depth > perftMaxDepth {
		return usageError(stderr, "sakk perft", fmt.Sprintf("--perftree: depth must be 1..%d, not %q", perftMaxDepth, args[0]))
	}
	a.fen, a.depth = args[1], depth
	if err := a.check(map[string]bool{"depth": true}); err != nil {
		return usageError(stderr, "sakk perft", err.Error())
	}
	name := a.pickVariant()
	if a.chess960 && name != game.Chess {
		return usageError(stderr, "sakk perft", "--chess960 only applies to chess")
	}
	pos, err := a.newPosition(name, a.fen)
	if err != nil {
		fmt.Fprintf(stderr, "sakk perft: bad FEN: %v\n", err)
		return exitUsage
	}
	var moves []string
	if len(args) == 3 {
		moves = strings.Fields(args[2])
	}
	if err := bisect.WritePerftree(stdout, pos, depth, moves, perft.NewCounter(a.threads, a.hashMB)); err != nil {
		fmt.Fprintf(stderr, "sakk perft: %v\n", err)
		return exitUsage
	}
	return exitOK
}
