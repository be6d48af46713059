package perft

import (
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sakk-chess/sakk/engine/variant"
	"github.com/sakk-chess/sakk/game"
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
