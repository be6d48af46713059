package perft

import (
	"fmt"
	"testing"

	"github.com/sakk-chess/sakk/engine/variant"
	"github.com/sakk-chess/sakk/game"
)

// BenchmarkHashLeafDepth measures where the hash should hand over to the
// board's own Perft (defaultLeafDepth).
func BenchmarkHashLeafDepth(b *testing.B) {
	chess, _ := variant.FromFEN(game.Chess, kiwipete)
	glinski, _ := variant.New(game.Glinski)
	for _, pos := range []game.Position{chess, glinski} {
		for leaf := 1; leaf <= 3; leaf++ {
			b.Run(fmt.Sprintf("%s/leaf%d", pos.Variant(), leaf), func(b *testing.B) {
				counter := NewCounter(1, 64)
				w := counter.workerOn(pos)
				w.leafDepth = leaf
				for b.Loop() {
					counter.ClearHash()
					counter.Count(pos, 5)
				}
			})
		}
	}
}
