package uci

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/sakk-chess/sakk/engine"
	"github.com/sakk-chess/sakk/game/move"
)

// Bounds of the "go" numbers. Larger values are refused rather than
// silently clamped or overflowed.
const (
	maxMillis    = 1<<31 - 1 // about 24.8 days: any clock, increment or movetime
	maxDepth     = 256
	maxMate      = 128
	maxMovesToGo = 10000
	maxNodes     = 1 << 53
)

// goArgs is a parsed "go" command.
type goArgs struct {
	limits engine.Limits
	perft  int // > 0: "go perft N" instead of a search
}

// parseGo reads the arguments of "go". Every token must be known, every
// number in range and no keyword repeated; otherwise nothing is started.
func (s *session) parseGo(args []string) (goArgs, error) {
	var g goArgs
	lim := &g.limits
	seen := map[string]bool{}
	for i := 0; i < len(args); i++ {
		key := strings.ToLower(args[i])
		if seen[key] {
			return g, fmt.Errorf("go: %s given twice", key)
		}
		seen[key] = true
		switch key {
		case "infinite":
			lim.Infinite = true
			continue
		case "ponder":
			lim.Ponder = true
			continue
		case "searchmoves":
			for i+1 < len(args) && !isGoKeyword(args[i+1]) {
				i++
				m, err := s.pos.ParseMove(args[i])
				if err != nil {
					return g, fmt.Errorf("go searchmoves: %v", s.illegalMove("move", args[i], err))
				}
				if !containsMove(lim.SearchMoves, m) {
					lim.SearchMoves = append(lim.SearchMoves, m)
				}
			}
			if len(lim.SearchMoves) == 0 {
				return g, fmt.Errorf("go searchmoves needs at least one move")
			}
			continue
		}
		lo, hi, ok := numberRange(key)
		if key == "perft" {
			hi = int64(s.cfg.MaxPerftDepth)
		}
		if !ok {
			return g, fmt.Errorf("go: unknown token %s", quote(args[i]))
		}
		if i+1 >= len(args) {
			return g, fmt.Errorf("go %s needs a number", key)
		}
		i++
		n, err := strconv.ParseInt(args[i], 10, 64)
		if err == nil && n < 0 && isTime(key) {
			// A clock that has run out (GUIs send negative times when the
			// margin is spent) or "movetime 0": no time left, move now.
			n = 0
		}
		if err != nil || n < lo || n > hi {
			return g, fmt.Errorf("go %s takes an integer from %d to %d, got %s", key, lo, hi, quote(args[i]))
		}
		ms := time.Duration(n) * time.Millisecond
		switch key {
		case "wtime":
			lim.WTime, lim.Clocked = ms, true
		case "btime":
			lim.BTime, lim.Clocked = ms, true
		case "winc":
			lim.WInc, lim.Clocked = ms, true
		case "binc":
			lim.BInc, lim.Clocked = ms, true
		case "movestogo":
			lim.MovesToGo = int(n)
		case "depth":
			lim.Depth = int(n)
		case "nodes":
			lim.Nodes = uint64(n)
		case "mate":
			lim.Mate = int(n)
		case "movetime":
			lim.MoveTime = max(ms, time.Millisecond) // 0: a minimal search
		case "perft":
			g.perft = int(n)
		}
	}
	if g.perft > 0 && len(seen) > 1 {
		return g, fmt.Errorf("go perft takes no other arguments")
	}
	return g, nil
}

// numberRange gives the accepted range of a numeric "go" argument.
func numberRange(key string) (lo, hi int64, ok bool) {
	switch key {
	case "wtime", "btime", "winc", "binc", "movetime":
		return 0, maxMillis, true // below 0 counts as 0: see isTime
	case "movestogo":
		return 0, maxMovesToGo, true
	case "depth":
		return 1, maxDepth, true
	case "nodes":
		return 1, maxNodes, true
	case "mate":
		return 1, maxMate, true
	case "perft":
		return 1, 1 << 20, true // parseGo bounds it by MaxPerftDepth
	}
	return 0, 0, false
}

// isTime tells the "go" arguments that are times: a negative one counts as 0.
func isTime(key string) bool {
	switch key {
	case "wtime", "btime", "winc", "binc", "movetime":
		return true
	}
	return false
}

func isGoKeyword(tok string) bool {
	switch strings.ToLower(tok) {
	case "searchmoves", "ponder", "infinite":
		return true
	}
	_, _, ok := numberRange(strings.ToLower(tok))
	return ok
}

func containsMove(list []move.Move, m move.Move) bool {
	for _, l := range list {
		if l == m {
			return true
		}
	}
	return false
}

// goCmd answers "go": a search, or a perft divide. Every "go" that is not
// a perft gets exactly one bestmove, even one that cannot be carried out:
// a GUI waiting for it would otherwise lose on time. Such a go, and a go
// after a refused "position", answers "bestmove 0000" after the error rather
// than a move for a position the GUI did not mean.
func (s *session) goCmd(args []string) error {
	perft := isPerft(args)
	if s.posErr != nil {
		err := fmt.Errorf("go: no valid position (%v)", s.posErr)
		if perft {
			return err
		}
		s.out.error(err)
		s.out.print("bestmove 0000")
		return nil
	}
	g, err := s.parseGo(args)
	if err != nil {
		if perft {
			return err
		}
		s.out.error(err)
		s.out.print("bestmove 0000")
		return nil
	}
	if g.perft > 0 {
		s.startPerft(g.perft)
		return nil
	}
	if s.playFromBook(g.limits) {
		return nil
	}
	s.startSearch(g.limits)
	return nil
}

// isPerft reports whether a "go" asks for a perft, which answers with node
// counts, never with a bestmove.
func isPerft(args []string) bool {
	for _, a := range args {
		if strings.EqualFold(a, "perft") {
			return true
		}
	}
	return false
}
