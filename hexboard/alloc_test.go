package hexboard

import (
	"testing"

	"github.com/sakk-chess/sakk/game/move"
	"github.com/stretchr/testify/assert"
)

func TestZeroAllocations(t *testing.T) {
	p := New()
	var list move.List
	assert.Zero(t, testing.AllocsPerRun(5, func() { p.Perft(3) }), "perft")
	assert.Zero(t, testing.AllocsPerRun(100, func() { p.LegalMoves(&list) }), "LegalMoves")
	assert.Zero(t, testing.AllocsPerRun(100, func() { p.Captures(&list); p.Quiets(&list) }), "Captures/Quiets")
	p.LegalMoves(&list)
	m := list.Moves[0]
	assert.Zero(t, testing.AllocsPerRun(100, func() { p.Make(m); p.Unmake() }), "Make/Unmake")
	assert.Zero(t, testing.AllocsPerRun(100, func() { p.MakeNull(); p.UnmakeNull() }), "null move")
	assert.Zero(t, testing.AllocsPerRun(100, func() { _ = p.IsLegal(m) || p.IsRepetition() }), "IsLegal")
	assert.Zero(t, testing.AllocsPerRun(100, func() { _ = p.SEE(m) }), "SEE")
}
