package uci

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sakk-chess/sakk/board"
	"github.com/sakk-chess/sakk/engine"
	"github.com/sakk-chess/sakk/game/move"
)

// The search reports bounds with the hash table's Bound values; only
// fail-high and fail-low scores carry a bound word.
func TestInfoLineWritesBounds(t *testing.T) {
	pos := board.New()
	e2e4, err := pos.ParseMove("e2e4")
	require.NoError(t, err)
	for bound, want := range map[engine.Bound]string{
		engine.BoundExact: "score cp 31 nodes",
		engine.BoundNone:  "score cp 31 nodes",
		engine.BoundLower: "score cp 31 lowerbound nodes",
		engine.BoundUpper: "score cp 31 upperbound nodes",
	} {
		line := infoLine(pos, engine.Info{Depth: 5, Score: 31, Bound: bound, Nodes: 100, PV: []move.Move{e2e4}}, nil)
		assert.Contains(t, line, want, "bound %d", bound)
	}
}
