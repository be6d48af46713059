package hexboard

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSEE(t *testing.T) {
	cases := []struct {
		name   string
		pieces map[string]byte
		move   string
		want   int
	}{
		{"pawn takes a knight defended by a pawn",
			map[string]byte{"f5": 'P', "g5": 'n', "h5": 'p', "a1": 'K', "k7": 'k'}, "f5g5", 300 - 100},
		{"rook takes a pawn defended by a pawn",
			map[string]byte{"c3": 'R', "c6": 'p', "d7": 'p', "a1": 'K', "k7": 'k'}, "c3c6", 100 - 500},
		{"doubled rooks win a pawn defended by a rook (x-ray)",
			map[string]byte{"c2": 'R', "c3": 'R', "c6": 'p', "c8": 'r', "h1": 'K', "k7": 'k'}, "c3c6", 100},
		{"undefended queen",
			map[string]byte{"f2": 'B', "h1": 'q', "a1": 'K', "k7": 'k'}, "f2h1", 900},
		{"quiet move onto an attacked cell loses the piece",
			map[string]byte{"c3": 'R', "d5": 'p', "a1": 'K', "k7": 'k'}, "c3c4", -500},
		{"king takes an undefended pawn",
			map[string]byte{"f5": 'K', "f6": 'p', "k7": 'k'}, "f5f6", 100},
		{"promotion with capture",
			map[string]byte{"f10": 'P', "e10": 'r', "a1": 'K', "k7": 'k'}, "f10e10q", 500 + 900 - 100},
	}
	for _, c := range cases {
		p := New()
		require.NoError(t, p.SetFEN(fenWith(t, c.pieces, "w")), c.name)
		m, err := p.ParseMove(c.move)
		require.NoError(t, err, c.name)
		assert.Equal(t, c.want, p.SEE(m), c.name)
	}
}
