package board

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestChess960FEN(t *testing.T) {
	fen, err := Chess960FEN(518)
	require.NoError(t, err)
	assert.Equal(t, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", fen)
	fen, err = Chess960FEN(0)
	require.NoError(t, err)
	assert.Equal(t, "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1", fen)

	seen := map[string]bool{}
	for n := range Chess960Positions {
		fen, err := Chess960FEN(n)
		require.NoError(t, err)
		seen[fen[:8]] = true
		pos, err := FromFEN(fen)
		require.NoError(t, err, fen)
		pos.SetChess960(true)
		assert.Equal(t, uint8(15), pos.CastlingRights(), fen)
		assert.GreaterOrEqual(t, pos.Perft(1), uint64(18), fen)
	}
	assert.Len(t, seen, Chess960Positions, "every number gives a different position")

	for _, n := range []int{-1, 960} {
		_, err := Chess960FEN(n)
		assert.Error(t, err)
	}
}
