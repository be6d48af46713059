package perft

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sakk-chess/sakk/engine"
	"github.com/sakk-chess/sakk/engine/variant"
	"github.com/sakk-chess/sakk/game"
)

// One count per variant above the million nodes the board suites stop at
// by default: Kiwipete depth 4 (the Chess Programming Wiki's count) and the
// Glinski start at depth 4 (testdata/glinski.epd), by the board's own
// perft and by the counter with two threads and a hash table. Without
// -short, depth 5 of both as well (193690690 and 401622759 nodes, a few
// seconds each).
func TestDeepPerftPerVariant(t *testing.T) {
	for _, tc := range []struct {
		variant game.Variant
		fen     string
		depth   int
		nodes   uint64
		long    bool
	}{
		{game.Chess, kiwipete, 4, 4085603, false},
		{game.Glinski, "", 4, 7282418, false},
		{game.Chess, kiwipete, 5, 193690690, true},
		{game.Glinski, "", 5, 401622759, true},
	} {
		if tc.long && testing.Short() {
			continue
		}
		var pos engine.SearchBoard
		var err error
		if tc.fen == "" {
			pos, err = variant.New(tc.variant)
		} else {
			pos, err = variant.FromFEN(tc.variant, tc.fen)
		}
		require.NoError(t, err)
		assert.Equal(t, tc.nodes, Count(pos, tc.depth), "%s depth %d", tc.variant, tc.depth)
		if !tc.long {
			assert.Equal(t, tc.nodes, NewCounter(2, 16).Count(pos, tc.depth), "%s depth %d, 2 threads and hash", tc.variant, tc.depth)
		}
	}
}
