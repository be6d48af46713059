package hexboard

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sakk-chess/sakk/game"
)

// Both boards take the same halfmove clock range from a FEN (Glinski
// accepted up to 1<<20 while chess stopped at 10000).
func TestHalfmoveClockBound(t *testing.T) {
	start := strings.Fields(New().FEN())
	fen := func(n int) string {
		return strings.Join(append(start[:3:3], strconv.Itoa(n), start[4]), " ")
	}
	p, err := FromFEN(fen(game.MaxHalfmoveClock))
	require.NoError(t, err)
	assert.Equal(t, game.MaxHalfmoveClock, p.HalfmoveClock())
	_, err = FromFEN(fen(game.MaxHalfmoveClock + 1))
	assert.Error(t, err)
}
