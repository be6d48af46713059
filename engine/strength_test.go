package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sakk-chess/sakk/board"
	"github.com/sakk-chess/sakk/game/move"
	"github.com/sakk-chess/sakk/hexboard"
)

func TestStrengthScales(t *testing.T) {
	for _, row := range strengthTable {
		nodes, temp := strengthAt(row.elo)
		assert.Equal(t, uint64(row.nodes), nodes, "row %d", row.elo)
		assert.Equal(t, row.temperature, temp)
	}
	assert.Equal(t, MinElo, strengthTable[0].elo)
	assert.Equal(t, MaxElo, strengthTable[len(strengthTable)-1].elo)
	n0, _ := strengthAt(0)
	n1, _ := strengthAt(MinElo)
	assert.Equal(t, n1, n0, "clamped")
	for elo := MinElo; elo < MaxElo; elo += 10 {
		lo, tlo := strengthAt(elo)
		hi, thi := strengthAt(elo + 10)
		assert.LessOrEqual(t, lo, hi, "nodes grow with the Elo at %d", elo)
		assert.GreaterOrEqual(t, tlo, thi, "randomness falls with the Elo at %d", elo)
	}
}

// With UCI_LimitStrength the search stays within the Elo's node budget,
// plays varied moves at a low Elo, always returns the move its last
// report starts with, and never misses a mate in one.
func TestLimitStrength(t *testing.T) {
	for _, pos := range []SearchBoard{board.New(), hexboard.New()} {
		e := New()
		o := e.Options()
		o.LimitStrength, o.Elo = true, MinElo
		e.SetOptions(o)
		played := map[move.Move]int{}
		for range 60 {
			var last []move.Move
			r := e.Search(pos, Limits{Depth: 64}, func(in Info) {
				if in.MultiPV == 1 && len(in.PV) > 0 {
					last = append(last[:0], in.PV...)
				}
			})
			require.NotEmpty(t, last)
			assert.Equal(t, last[0], r.Best, "the last PV starts with the move played")
			// Depth 1 always completes, even beyond the budget.
			budget, _ := strengthAt(MinElo)
			assert.LessOrEqual(t, r.Nodes, max(budget+64, 1000), "node budget")
			played[r.Best]++
		}
		assert.GreaterOrEqual(t, len(played), 3, "%s at the lowest Elo plays varied moves: %v", pos.Variant(), played)

		o.Elo = 1700
		e.SetOptions(o)
		r := e.Search(pos, Limits{Depth: 64}, nil)
		budget, _ := strengthAt(1700)
		assert.InDelta(t, float64(budget), float64(r.Nodes), 64, "the node budget of Elo 1700")
		r = e.Search(pos, Limits{Depth: 64, Nodes: 500}, nil)
		assert.LessOrEqual(t, r.Nodes, uint64(564), "go nodes below the budget wins")

		// At full strength the same search is deterministic.
		o.LimitStrength = false
		e.SetOptions(o)
		first := e.Search(pos, Limits{Depth: 3}, nil).Best
		for range 5 {
			assert.Equal(t, first, e.Search(pos, Limits{Depth: 3}, nil).Best)
		}
	}
	// A mate in one is always played, however weak.
	p, err := board.FromFEN("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
	require.NoError(t, err)
	e := New()
	o := e.Options()
	o.LimitStrength, o.Elo = true, MinElo
	e.SetOptions(o)
	for range 20 {
		r := e.Search(p, Limits{Depth: 64}, nil)
		assert.Equal(t, "a1a8", p.MoveString(r.Best))
	}
}
