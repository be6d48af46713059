// Package wdl turns a search score into the chances of a win, a draw and a
// loss (UCI_ShowWDL), with a logistic model per game fitted to sakk's own
// games (bench/cmd/fitwdl; docs/uci-extras.md says how to refit it).
//
// For a score of x centipawns from the side to move's view and the
// material m on the board (pawn 1, knight and bishop 3, rook 5, queen 9,
// both sides, as a share of the start position's, clamped to
// [MinShare, 1]):
//
//	win  = 1 / (1 + exp((a(m) - x) / b(m)))
//	loss = 1 / (1 + exp((a(m) + x) / b(m)))
//	draw = 1 - win - loss
//	a(m) = A0 + A1*m,  b(m) = B0 + B1*m
//
// a is the score at which a win is as likely as not; b is how fast the
// chance grows with the score. This is the form of Stockfish's WDL model,
// with material linear instead of a cubic.
package wdl

import (
	"math"
	"strings"

	"github.com/sakk-chess/sakk/game"
)

// Model holds one game's fitted parameters.
type Model struct {
	A0, A1, B0, B1 float64
	StartMaterial  int // material of the start position, both sides
}

// MinShare keeps a(m) and b(m) within the material the fit saw.
const MinShare = 0.1

// Permille gives win, draw and loss in permille (summing to 1000) for a
// score of cp centipawns with material on the board.
func (m Model) Permille(cp, material int) (win, draw, loss int) {
	share := float64(material) / float64(max(m.StartMaterial, 1))
	share = min(max(share, MinShare), 1)
	a := m.A0 + m.A1*share
	b := max(m.B0+m.B1*share, 1)
	x := float64(cp)
	w := 1 / (1 + math.Exp((a-x)/b))
	l := 1 / (1 + math.Exp((a+x)/b))
	win = int(math.Round(1000 * w))
	loss = int(math.Round(1000 * l))
	if win+loss > 1000 {
		loss = 1000 - win
	}
	return win, 1000 - win - loss, loss
}

// Probabilities are the model's chances as fractions (for fitting).
func (m Model) Probabilities(cp float64, share float64) (win, draw, loss float64) {
	share = min(max(share, MinShare), 1)
	a := m.A0 + m.A1*share
	b := max(m.B0+m.B1*share, 1)
	win = 1 / (1 + math.Exp((a-cp)/b))
	loss = 1 / (1 + math.Exp((a+cp)/b))
	return win, max(1-win-loss, 0), loss
}

// Material counts the material of a position from its FEN's placement
// field (the same letters in both games' FENs); kings count nothing.
func Material(fen string) int {
	placement, _, _ := strings.Cut(fen, " ")
	n := 0
	for _, c := range placement {
		switch c {
		case 'P', 'p':
			n++
		case 'N', 'n', 'B', 'b':
			n += 3
		case 'R', 'r':
			n += 5
		case 'Q', 'q':
			n += 9
		}
	}
	return n
}

// For returns the model of a game.
func For(v game.Variant) Model {
	if v == game.Glinski {
		return Glinski
	}
	return Chess
}
