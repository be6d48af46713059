package variant

import (
	"testing"

	"github.com/sakk-chess/sakk/game"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const glinskiStart = "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - 0 1"

func TestNamesAreTheUCIVariants(t *testing.T) {
	assert.Equal(t, []string{game.Chess, game.Glinski}, Names())
	for _, name := range Names() {
		assert.True(t, Valid(name), name)
	}
	assert.True(t, Valid(" Glinski "))
	assert.False(t, Valid("shogi"))
}

func TestNewGivesStartPositions(t *testing.T) {
	for name, want := range map[string]struct {
		variant string
		perft2  uint64
	}{
		"chess": {game.Chess, 400}, "CHESS": {game.Chess, 400},
		"glinski": {game.Glinski, 2586}, "Glinski": {game.Glinski, 2586},
	} {
		pos, err := New(name)
		require.NoError(t, err, name)
		assert.Equal(t, want.variant, pos.Variant(), name)
		assert.Equal(t, want.perft2, pos.Perft(2), name)
	}
}

func TestFromFENReadsEachVariant(t *testing.T) {
	pos, err := FromFEN("chess", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -")
	require.NoError(t, err)
	assert.Equal(t, uint64(191), pos.Perft(2))

	pos, err = FromFEN("glinski", glinskiStart)
	require.NoError(t, err)
	assert.Equal(t, glinskiStart, pos.FEN())
}

func TestUnknownVariantAndBadFENAreErrors(t *testing.T) {
	_, err := New("shogi")
	assert.EqualError(t, err, `unknown variant "shogi" (known: chess, glinski)`)
	_, err = FromFEN("xiangqi", glinskiStart)
	assert.ErrorContains(t, err, `unknown variant "xiangqi"`)

	pos, err := FromFEN("chess", glinskiStart)
	assert.Error(t, err, "a hex FEN is not a chess FEN")
	assert.True(t, pos == nil, "no typed nil behind the interface")
	pos, err = FromFEN("glinski", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
	assert.Error(t, err)
	assert.True(t, pos == nil)
}

func TestVersionIsSet(t *testing.T) {
	assert.NotEmpty(t, Version)
}
