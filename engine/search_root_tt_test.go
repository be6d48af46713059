package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sakk-chess/sakk/board"
)

// After a search the root's TT entry holds the result of the last completed
// depth: the best move (the first MultiPV line's, not another line's), its
// score, an exact bound and the root's static evaluation.
func TestRootTTEntryAfterSearch(t *testing.T) {
	for _, multiPV := range []int{1, 3} {
		e := New()
		e.SetOptions(Options{HashMB: 8, Threads: 1, MultiPV: multiPV})
		pos := board.New()
		r := e.Search(pos, Limits{Depth: 6}, nil)
		hit, ok := e.tt.Probe(pos.Key())
		require.True(t, ok, "MultiPV %d", multiPV)
		assert.Equal(t, r.Best, hit.Move, "MultiPV %d", multiPV)
		assert.Equal(t, 6, hit.Depth, "MultiPV %d", multiPV)
		assert.Equal(t, BoundExact, hit.Bound, "MultiPV %d", multiPV)
		assert.Equal(t, r.Score, hit.Score, "MultiPV %d", multiPV)
		assert.Equal(t, clampEval(pos.Evaluate()), hit.Eval, "MultiPV %d: the root's own static eval", multiPV)
	}
}

// The root's bound follows the window: a result at or above beta is a
// lower bound, at or below alpha an upper bound, inside it exact.
func TestRootTTBoundFollowsWindow(t *testing.T) {
	mateIn1 := MateScore - 1 // Ra8#
	for _, tc := range []struct {
		alpha, beta int
		bound       Bound
	}{
		{-Infinity, Infinity, BoundExact},
		{-Infinity, mateIn1, BoundLower}, // the mate reaches beta exactly
		{mateIn1, Infinity, BoundUpper},  // nothing beats alpha
	} {
		e := New()
		pos := chessPosition(t, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
		w := chessWorkerFor(t, e, pos)
		w.initRoot(nil)
		score := w.searchRoot(tc.alpha, tc.beta, 3, 0)
		assert.Equal(t, mateIn1, score, "window (%d, %d)", tc.alpha, tc.beta)
		hit := probeAt(t, e, pos)
		assert.Equal(t, tc.bound, hit.Bound, "window (%d, %d)", tc.alpha, tc.beta)
		assert.Equal(t, mateIn1, hit.Score, "window (%d, %d)", tc.alpha, tc.beta)
	}
}

// At a non-PV node a stored bound settles the node when it is at least as
// deep as the node (equal depth included), never when it is shallower, and
// never at a PV node.
func TestTTCutNeedsDepth(t *testing.T) {
	for _, tc := range []struct {
		stored, depth int
		pv            bool
		cuts          bool
	}{
		{4, 4, false, true},
		{5, 4, false, true},
		{3, 4, false, false},
		{4, 4, true, false},
	} {
		e := New()
		pos := board.New()
		w := chessWorkerFor(t, e, pos)
		// An upper bound far below anything the start position is worth:
		// it cuts (at or below alpha) and refines nothing that matters.
		const stored = -777
		e.tt.Store(pos.Key(), 0, stored, scoreNone, tc.stored, BoundUpper)
		alpha, beta := 99, 100
		if tc.pv {
			alpha = -100
		}
		score := w.search(alpha, beta, tc.depth, 2, false)
		if tc.cuts {
			assert.Equal(t, stored, score, "%+v", tc)
			assert.Equal(t, uint64(1), w.nodes, "%+v: a cut searches no move", tc)
		} else {
			assert.NotEqual(t, stored, score, "%+v", tc)
			assert.Greater(t, w.nodes, uint64(1), "%+v", tc)
		}
	}
}

// A stored score replaces the static evaluation only in the direction its
// bound allows (a lower bound above eval raises it, an upper bound above
// eval does not) and never when it is a mate: seen through reverse futility
// pruning, which returns the refined eval at once when it is far above beta.
func TestTTRefinesEvalOnlyByItsBound(t *testing.T) {
	for _, tc := range []struct {
		score  int
		bound  Bound
		refine bool
	}{
		{500, BoundLower, true},
		{500, BoundExact, true},
		{500, BoundUpper, false},
		{MateScore - 10, BoundLower, false},
	} {
		e := New()
		pos := board.New()
		w := chessWorkerFor(t, e, pos)
		// Depth 0 in the TT: too shallow to cut a depth-1 node.
		e.tt.Store(pos.Key(), 0, tc.score, scoreNone, 0, tc.bound)
		score := w.search(99, 100, 1, 2, false)
		if tc.refine {
			assert.Equal(t, tc.score, score, "%+v: reverse futility returns the refined eval", tc)
			assert.Equal(t, uint64(1), w.nodes, "%+v", tc)
		} else {
			assert.Less(t, score, 100, "%+v: the start position fails low", tc)
			assert.Greater(t, w.nodes, uint64(1), "%+v", tc)
		}
	}
}

// Quiescence stores a result at or above beta as a lower bound, below it as
// an upper bound, at the edges of the window: Qxa2 wins a rook, worth v.
func TestQsearchTTBound(t *testing.T) {
	fen := "4k3/8/8/8/8/8/r7/Q3K3 w - - 0 1"
	e := New()
	v := chessWorkerFor(t, e, chessPosition(t, fen)).qsearch(-Infinity, Infinity, 2)
	require.Greater(t, v, 500, "the rook is won")
	for _, tc := range []struct {
		alpha, beta int
		bound       Bound
	}{
		{v - 1, v, BoundLower},
		{v, v + 1, BoundUpper},
	} {
		pos := chessPosition(t, fen)
		w := chessWorkerFor(t, e, pos)
		assert.Equal(t, v, w.qsearch(tc.alpha, tc.beta, 2), "window (%d, %d)", tc.alpha, tc.beta)
		hit := probeAt(t, e, pos)
		assert.Equal(t, tc.bound, hit.Bound, "window (%d, %d)", tc.alpha, tc.beta)
		assert.Equal(t, v, hit.Score, "window (%d, %d)", tc.alpha, tc.beta)
	}
}
