package wdl

import (
	"testing"

	"github.com/sakk-chess/sakk/game"
	"github.com/stretchr/testify/assert"
)

func TestPermilleSumsTo1000AndIsMonotone(t *testing.T) {
	for _, m := range []Model{Chess, Glinski} {
		for _, material := range []int{0, 10, 40, m.StartMaterial, 200} {
			lastWin, lastLoss := -1, 1001
			for cp := -3000; cp <= 3000; cp += 7 {
				w, d, l := m.Permille(cp, material)
				assert.Equal(t, 1000, w+d+l, "cp %d material %d", cp, material)
				assert.True(t, w >= 0 && d >= 0 && l >= 0, "cp %d: %d %d %d", cp, w, d, l)
				assert.GreaterOrEqual(t, w, lastWin, "win falls at cp %d", cp)
				assert.LessOrEqual(t, l, lastLoss, "loss grows at cp %d", cp)
				lastWin, lastLoss = w, l
			}
			w, _, l := m.Permille(0, material)
			assert.Equal(t, w, l, "an even score is symmetric")
			w, _, _ = m.Permille(1500, material)
			assert.Greater(t, w, 900, "a rook and more up wins")
		}
	}
}

func TestMaterialCountsBothGames(t *testing.T) {
	assert.Equal(t, 78, Material("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"))
	assert.Equal(t, 86, Material("b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - 0 1"))
	assert.Equal(t, 78, Chess.StartMaterial)
	assert.Equal(t, 86, Glinski.StartMaterial)
	assert.Equal(t, Glinski, For(game.Glinski))
	assert.Equal(t, Chess, For(game.Chess))
}
