package board

import (
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sakk-chess/sakk/game"
)

// The halfmove clock counts past 16 bits: it used to wrap after 65,535
// reversible plies (d showed 64 after 65,600), and the fifty-move draw was
// missed.
func TestHalfmoveClockDoesNotWrap(t *testing.T) {
	p, err := FromFEN("r3k3/8/8/8/8/8/8/R3K1N1 w - - 65530 40000")
	require.NoError(t, err)
	shuffle := []string{"g1f3", "e8d8", "f3g1", "d8e8"}
	for i := range 6 {
		m, err := p.ParseMove(shuffle[i%4])
		require.NoError(t, err)
		p.Make(m)
	}
	assert.Equal(t, 65536, p.HalfmoveClock())
	assert.Equal(t, game.FiftyMoves, p.Outcome().Result)
	q, err := FromFEN(p.FEN())
	require.NoError(t, err, "the FEN it writes reads back")
	assert.Equal(t, 65536, q.HalfmoveClock())
}

// Both boards take the same halfmove clock range from a FEN.
func TestHalfmoveClockBound(t *testing.T) {
	fen := func(n int) string { return "4k3/8/8/8/8/8/8/4K1N1 w - - " + strconv.Itoa(n) + " 1" }
	_, err := FromFEN(fen(game.MaxHalfmoveClock))
	assert.NoError(t, err)
	_, err = FromFEN(fen(game.MaxHalfmoveClock + 1))
	assert.Error(t, err)
}
