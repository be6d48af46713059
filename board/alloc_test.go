package board

import (
	"testing"

	"github.com/sakk-chess/sakk/game/move"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestHotPathsDoNotAllocate(t *testing.T) {
	p, err := FromFEN(kiwipeteFEN)
	require.NoError(t, err)
	assert.Zero(t, testing.AllocsPerRun(5, func() { p.Perft(3) }), "Perft")

	var list move.List
	assert.Zero(t, testing.AllocsPerRun(50, func() {
		p.LegalMoves(&list)
		for _, m := range list.Slice() {
			p.Make(m)
			p.Unmake()
		}
		p.Captures(&list)
		p.Quiets(&list)
		p.MakeNull()
		p.UnmakeNull()
		_ = p.IsLegal(list.Moves[0]) && p.IsRepetition()
		_ = p.SEE(list.Moves[0])
		_ = p.CountLegal()
	}), "LegalMoves/Captures/Quiets/Make/Unmake/IsLegal/SEE")
}
