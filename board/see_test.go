package board

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSEE(t *testing.T) {
	cases := []struct {
		fen, uci string
		want     int
	}{
		// Undefended pawn.
		{"1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", "e1e5", 100},
		// Pawn defended by a pawn: rook for pawn.
		{"1k6/1pp4p/p4p2/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", "e1e5", 100 - 500},
		// The classic x-ray exchange: N takes P and the trade ends a knight down.
		{"1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1", "d3e5", 100 - 320},
		// Quiet moves: to a safe square, and to a square a pawn attacks.
		{"4k3/8/4p3/8/8/8/8/2N1K3 w - - 0 1", "c1d3", 0},
		{"4k3/8/4p3/8/8/8/8/3RK3 w - - 0 1", "d1d5", -500},
		// Equal trade.
		{"4k3/8/8/3n4/8/4N3/8/4K3 w - - 0 1", "e3d5", 320},
		{"4k3/8/4p3/3n4/8/4N3/8/4K3 w - - 0 1", "e3d5", 0},
		// Castling is neutral.
		{"4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", 0},
		// En passant wins a pawn.
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", 100},
		// Promotion: a free queen for a pawn.
		{"7k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8q", 800},
		{"4r2k/3P4/8/8/8/8/8/4K3 w - - 0 1", "d7e8q", 500 + 800},
	}
	for _, c := range cases {
		p, err := FromFEN(c.fen)
		require.NoError(t, err, c.fen)
		m, err := p.ParseMove(c.uci)
		require.NoError(t, err, c.fen)
		assert.Equal(t, c.want, p.SEE(m), "%s %s", c.fen, c.uci)
	}
}
