package board

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The keys that the PolyGlot book format's description lists.
func TestPolyglotKeysOfTheFormatDescription(t *testing.T) {
	for _, c := range []struct {
		moves []string
		key   uint64
	}{
		{nil, 0x463b96181691fc9c},
		{[]string{"e2e4"}, 0x823c9b50fd114196},
		{[]string{"e2e4", "d7d5"}, 0x0756b94461c50fb0},
		{[]string{"e2e4", "d7d5", "e4e5"}, 0x662fafb965db29d4},
		{[]string{"e2e4", "d7d5", "e4e5", "f7f5"}, 0x22a48b5a8e47ff78},
		{[]string{"e2e4", "d7d5", "e4e5", "f7f5", "e1e2"}, 0x652a607ca3f242c1},
		{[]string{"e2e4", "d7d5", "e4e5", "f7f5", "e1e2", "e8f7"}, 0x00fdd303c946bdd9},
		{[]string{"a2a4", "b7b5", "h2h4", "b5b4", "c2c4"}, 0x3c8123ea7b067637},
		{[]string{"a2a4", "b7b5", "h2h4", "b5b4", "c2c4", "b4c3", "a1a3"}, 0x5c3f9b829b279560},
	} {
		p := New()
		for _, s := range c.moves {
			m, err := p.ParseMove(s)
			require.NoError(t, err, s)
			p.Make(m)
		}
		assert.Equal(t, c.key, p.PolyglotKey(), "after %v: %#x", c.moves, p.PolyglotKey())
	}
}

func TestPolyglotMoves(t *testing.T) {
	p, err := FromFEN("r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1")
	require.NoError(t, err)
	code := func(from, to string, promo uint16) uint16 {
		f, _ := ParseSquare(from)
		tt, _ := ParseSquare(to)
		return uint16(File(tt)) | uint16(Rank(tt))<<3 | uint16(File(f))<<6 | uint16(Rank(f))<<9 | promo<<12
	}
	for _, c := range []struct {
		code uint16
		want string
	}{
		{code("e1", "h1", 0), "e1g1"}, // castling: king takes rook
		{code("e1", "a1", 0), "e1c1"},
		{code("b7", "a8", 4), "b7a8q"},
		{code("b7", "b8", 1), "b7b8n"},
		{code("a1", "a5", 0), "a1a5"},
	} {
		m, err := p.PolyglotMove(c.code)
		require.NoError(t, err, c.want)
		assert.Equal(t, c.want, p.MoveString(m))
	}
	_, err = p.PolyglotMove(code("e1", "e3", 0))
	assert.ErrorContains(t, err, "not legal")
	_, err = p.PolyglotMove(code("b7", "b8", 6))
	assert.ErrorContains(t, err, "bad promotion")
}
