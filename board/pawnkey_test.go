package board

import (
	"math/rand/v2"
	"testing"

	"github.com/sakk-chess/sakk/game/move"
	"github.com/stretchr/testify/require"
)

// The pawn key changes exactly when a move moves, captures or promotes a
// pawn, and Unmake restores it: checked for every legal move along random
// games from the start position.
func TestPawnKeyFollowsThePawns(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for game := 0; game < 20; game++ {
		p := New()
		for ply := 0; ply < 80; ply++ {
			var list move.List
			p.LegalMoves(&list)
			if list.N == 0 {
				break
			}
			before := p.PawnKey()
			for _, m := range list.Slice() {
				p.Make(m)
				pawnMove := m.Piece() == move.Pawn || m.Captured() == move.Pawn
				require.Equal(t, pawnMove, p.PawnKey() != before, "%s after %s", p.FEN(), p.MoveString(m))
				p.Unmake()
				require.Equal(t, before, p.PawnKey())
			}
			p.Make(list.Moves[rng.IntN(list.N)])
		}
	}
}
