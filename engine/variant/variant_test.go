package variant

import (
	"testing"

	"github.com/sakk-chess/sakk/game"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const glinskiStart = "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - 0 1"

func TestEveryVariantHasABoard(t *testing.T) {
	for _, v := range game.Variants() {
		pos, err := New(v)
		require.NoError(t, err, v)
		assert.Equal(t, v, pos.Variant())
	}
}

func TestNewGivesStartPositions(t *testing.T) {
	for v, perft2 := range map[game.Variant]uint64{game.Chess: 400, game.Glinski: 2586} {
		pos, err := New(v)
		require.NoError(t, err, v)
		assert.Equal(t, v, pos.Variant())
		assert.Equal(t, perft2, pos.Perft(2), v)
	}
}

func TestFromFENReadsEachVariant(t *testing.T) {
	pos, err := FromFEN(game.Chess, "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -")
	require.NoError(t, err)
	assert.Equal(t, uint64(191), pos.Perft(2))

	pos, err = FromFEN(game.Glinski, glinskiStart)
	require.NoError(t, err)
	assert.Equal(t, glinskiStart, pos.FEN())
}

func TestUnknownVariantAndBadFENAreErrors(t *testing.T) {
	_, err := New(game.Variant(9))
	assert.EqualError(t, err, "no board for variant(9)")
	_, err = FromFEN(game.Variant(9), glinskiStart)
	assert.EqualError(t, err, "no board for variant(9)")

	pos, err := FromFEN(game.Chess, glinskiStart)
	assert.Error(t, err, "a hex FEN is not a chess FEN")
	assert.True(t, pos == nil, "no typed nil behind the interface")
	pos, err = FromFEN(game.Glinski, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
	assert.Error(t, err)
	assert.True(t, pos == nil)
}

func TestPositionIsStartOrFEN(t *testing.T) {
	for _, v := range game.Variants() {
		start, err := New(v)
		require.NoError(t, err)
		pos, err := Position(v, "")
		require.NoError(t, err)
		assert.Equal(t, start.FEN(), pos.FEN(), "%v: empty FEN is the start position", v)
	}
	fen := "4k3/8/8/8/8/8/8/4K2R w K - 0 1"
	pos, err := Position(game.Chess, fen)
	require.NoError(t, err)
	assert.Equal(t, fen, pos.FEN())
	_, err = Position(game.Glinski, fen)
	assert.Error(t, err, "an orthodox FEN is not a Glinski position")
}
