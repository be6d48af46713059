package perft

import (
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sakk-chess/sakk/engine/variant"
	"github.com/sakk-chess/sakk/game"
	"github.com/sakk-chess/sakk/game/move"
)

// sparsePositions are small enough to count to depth 6 in well under a
// second, so that the stoppable walk recurses above its stop grain.
func sparsePositions(t *testing.T) map[string]game.Position {
	t.Helper()
	chess, err := variant.FromFEN(game.Chess, "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -")
	require.NoError(t, err)
	glinski, err := variant.FromFEN(game.Glinski, "1/3/5/7/9/11/11/3p7/2K8/11/kN9 w - 0 1")
	require.NoError(t, err)
	return map[string]game.Position{"cpw-3": chess, "glinski-sparse": glinski}
}

func TestDivideUntilMatchesDivide(t *testing.T) {
	for name, pos := range sparsePositions(t) {
		fen := pos.FEN()
		var roots []RootCount
		total, complete := DivideUntil(pos, 5, nil, func(r RootCount) { roots = append(roots, r) })
		assert.True(t, complete, name)
		assert.Equal(t, Divide(pos, 5), roots, name)
		assert.Equal(t, Count(pos, 5), total, name)
		assert.Equal(t, fen, pos.FEN(), name)
	}
}

func TestDivideUntilStops(t *testing.T) {
	for name, pos := range sparsePositions(t) {
		fen := pos.FEN()
		var stop atomic.Bool
		var roots []RootCount
		total, complete := DivideUntil(pos, 6, &stop, func(r RootCount) {
			roots = append(roots, r)
			if len(roots) == 2 {
				stop.Store(true)
			}
		})
		assert.False(t, complete, name)
		assert.Len(t, roots, 2, "%s: no count for the root move that was cut short", name)
		assert.GreaterOrEqual(t, total, roots[0].Nodes+roots[1].Nodes, name)
		assert.Equal(t, fen, pos.FEN(), "%s: a stopped count leaves the position unchanged", name)

		stop.Store(true)
		total, complete = DivideUntil(pos, 6, &stop, func(RootCount) { t.Errorf("%s: counted after stop", name) })
		assert.False(t, complete)
		assert.Zero(t, total)
	}
}

func TestDivideUntilDepthZero(t *testing.T) {
	for _, pos := range sparsePositions(t) {
		total, complete := DivideUntil(pos, 0, nil, func(RootCount) { t.Error("no root moves at depth 0") })
		assert.True(t, complete)
		assert.Zero(t, total)
	}
}

// perftRecorder is a toy position that records the depth of every bulk
// count asked of it and raises stop during the first one.
type perftRecorder struct {
	*toyPosition
	stop   *atomic.Bool
	depths []int
}

func (p *perftRecorder) Perft(depth int) uint64 {
	p.depths = append(p.depths, depth)
	if p.stop != nil {
		p.stop.Store(true)
	}
	return p.toyPosition.Perft(depth)
}

// Subtrees of depth stopGrain are counted whole by the position's own
// Perft, and the stop flag is looked at between them, not inside: a stop
// raised during the first such subtree ends the count right after it, with
// exactly that subtree's leaves.
func TestDivideUntilStopGrain(t *testing.T) {
	free := &perftRecorder{toyPosition: newToy()}
	total, complete := DivideUntil(free, stopGrain+3, nil, func(RootCount) {})
	assert.True(t, complete)
	assert.Equal(t, Count(newToy(), stopGrain+3), total)
	require.NotEmpty(t, free.depths)
	for _, d := range free.depths {
		require.Equal(t, stopGrain, d, "every bulk count is a subtree of depth stopGrain")
	}

	shallow := &perftRecorder{toyPosition: newToy()}
	DivideUntil(shallow, stopGrain, nil, func(RootCount) {})
	for _, d := range shallow.depths {
		require.Equal(t, stopGrain-1, d, "below the grain the root's subtrees are counted whole")
	}

	var stop atomic.Bool
	stopped := &perftRecorder{toyPosition: newToy(), stop: &stop}
	total, complete = DivideUntil(stopped, stopGrain+3, &stop, func(RootCount) { t.Error("no root move finished") })
	assert.False(t, complete)
	assert.Equal(t, []int{stopGrain}, stopped.depths, "one subtree counted before the stop was seen")
	first := newToy()
	for range 3 { // the first move on the way down to the first subtree of depth stopGrain
		var list move.List
		first.LegalMoves(&list)
		first.Make(list.Moves[0])
	}
	assert.Equal(t, first.Perft(stopGrain), total)
}
