package perft

import (
	"sync/atomic"

	"github.com/sakk-chess/sakk/game"
	"github.com/sakk-chess/sakk/game/move"
)

// stopGrain is the subtree depth below which a stoppable count does not
// look at its stop flag: subtrees of depth 3 take milliseconds.
const stopGrain = 3

// DivideUntil counts the leaves below each root move in generation order,
// one thread, no hash table, calling each with a root move's count as soon
// as it is known. stop (nil: never) is checked between subtrees of depth
// stopGrain, so even a deep count ends soon after it is set; then the
// partial total is returned with complete false, and each is not called
// for the unfinished root move. pos is left unchanged. This is the UCI
// "go perft", which must answer stop at once.
func DivideUntil(pos game.Position, depth int, stop *atomic.Bool, each func(RootCount)) (total uint64, complete bool) {
	if depth < 1 {
		return 0, true
	}
	var roots move.List
	pos.LegalMoves(&roots)
	for _, m := range roots.Slice() {
		pos.Make(m)
		n, ok := countUntil(pos, depth-1, stop)
		pos.Unmake()
		total += n
		if !ok {
			return total, false
		}
		each(RootCount{Move: pos.MoveString(m), Nodes: n})
	}
	return total, true
}

// countUntil counts like pos.Perft but looks at stop between subtrees.
func countUntil(pos game.Position, depth int, stop *atomic.Bool) (nodes uint64, complete bool) {
	if stop != nil && stop.Load() {
		return 0, false
	}
	if depth <= stopGrain {
		return pos.Perft(depth), true
	}
	var list move.List
	pos.LegalMoves(&list)
	for _, m := range list.Slice() {
		pos.Make(m)
		n, ok := countUntil(pos, depth-1, stop)
		pos.Unmake()
		nodes += n
		if !ok {
			return nodes, false
		}
	}
	return nodes, true
}
