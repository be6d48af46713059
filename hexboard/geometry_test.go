package hexboard

import (
	"testing"

	"github.com/sakk-chess/sakk/game/move"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func cell(t testing.TB, name string) int {
	c, ok := ParseCell(name)
	require.True(t, ok, name)
	return c
}

func TestCellsAndNames(t *testing.T) {
	assert.Equal(t, 91, Board.Count())
	seen := map[string]bool{}
	for c := 0; c < NumCells; c++ {
		name := CellName(c)
		assert.False(t, seen[name], name)
		seen[name] = true
		back, ok := ParseCell(name)
		assert.True(t, ok, name)
		assert.Equal(t, c, back, name)
		assert.Equal(t, c, CellFromCoords(Q(c), Y2(c)), name)
	}
	for _, name := range []string{"e10", "f10", "f11", "g10"} {
		assert.Len(t, name, 3)
		_, ok := ParseCell(name)
		assert.True(t, ok, name)
	}
	for _, bad := range []string{"", "j1", "a7", "f12", "f0", "a01", "l7", "g11", "f", "1a", "f111"} {
		_, ok := ParseCell(bad)
		assert.False(t, ok, bad)
	}
	assert.Equal(t, []int{6, 7, 8, 9, 10, 11, 10, 9, 8, 7, 6},
		[]int{FileLength(0), FileLength(1), FileLength(2), FileLength(3), FileLength(4), FileLength(5),
			FileLength(6), FileLength(7), FileLength(8), FileLength(9), FileLength(10)})
	assert.Equal(t, 0, Y2(cell(t, "f1")))
	assert.Equal(t, 5, Y2(cell(t, "a1")))
	assert.Equal(t, 20, Y2(cell(t, "f11")))
}

func orthogonalNeighbours(c int) int {
	n := 0
	for d := 0; d < 6; d++ {
		if rays[c][d].Any() {
			n++
		}
	}
	return n
}

func diagonalNeighbours(c int) int {
	n := 0
	for d := 6; d < 12; d++ {
		if rays[c][d].Any() {
			n++
		}
	}
	return n
}

func TestNeighbourCounts(t *testing.T) {
	f6, a1 := cell(t, "f6"), cell(t, "a1")
	assert.Equal(t, 6, orthogonalNeighbours(f6))
	assert.Equal(t, 6, diagonalNeighbours(f6))
	assert.Equal(t, 12, KnightAttacks(f6).Count())
	assert.Equal(t, 12, KingAttacks(f6).Count())
	assert.Equal(t, 3, orthogonalNeighbours(a1))
	assert.Equal(t, 2, diagonalNeighbours(a1))
	for c := 0; c < NumCells; c++ {
		// Every neighbour relation is symmetric and is a step of the geometry.
		for m := KingAttacks(c); m.Any(); {
			n := m.PopLowest()
			assert.True(t, KingAttacks(n).Has(c))
			assert.Equal(t, 1, Distance(c, n))
		}
		for m := KnightAttacks(c); m.Any(); {
			n := m.PopLowest()
			assert.True(t, KnightAttacks(n).Has(c))
			assert.NotEqual(t, CellColor(c), CellColor(n), "a knight changes colour")
		}
		assert.Equal(t, orthogonalNeighbours(c)+diagonalNeighbours(c), KingAttacks(c).Count())
	}
}

func TestQueenFromCentre(t *testing.T) {
	assert.Equal(t, 42, QueenAttacks(cell(t, "f6"), Mask{}).Count())
	assert.Equal(t, 30, RookAttacks(cell(t, "f6"), Mask{}).Count())
}

func TestColours(t *testing.T) {
	var n [3]int
	for c := 0; c < NumCells; c++ {
		n[CellColor(c)]++
		for m := BishopAttacks(c, Mask{}); m.Any(); {
			assert.Equal(t, CellColor(c), CellColor(m.PopLowest()), "bishops keep their colour")
		}
		for m := RookAttacks(c, Mask{}).And(KingAttacks(c)); m.Any(); {
			assert.NotEqual(t, CellColor(c), CellColor(m.PopLowest()), "orthogonal neighbours differ")
		}
	}
	assert.Equal(t, [3]int{30, 31, 30}, n)
	assert.Equal(t, 1, CellColor(cell(t, "f6")), "the centre is medium")
	p := New()
	var bishopColours [3]int
	for m := p.Pieces(move.White, move.Bishop); m.Any(); {
		bishopColours[CellColor(m.PopLowest())]++
	}
	assert.Equal(t, [3]int{1, 1, 1}, bishopColours)
}

func TestRaysMonotonic(t *testing.T) {
	for c := 0; c < NumCells; c++ {
		for d := 0; d < NumDirections; d++ {
			for m := Ray(c, d); m.Any(); {
				n := m.PopLowest()
				assert.Equal(t, dirAscending(d), n > c, "%s direction %d", CellName(c), d)
			}
		}
	}
}

func TestSliderBlockers(t *testing.T) {
	f6 := cell(t, "f6")
	occ := CellMask(cell(t, "f8")).Or(CellMask(cell(t, "f3"))).Or(CellMask(cell(t, "d6")))
	rook := RookAttacks(f6, occ)
	for _, in := range []string{"f7", "f8", "f5", "f4", "f3", "g6", "k6"} {
		assert.True(t, rook.Has(cell(t, in)), in)
	}
	for _, out := range []string{"f9", "f2", "f1", "g7"} {
		assert.False(t, rook.Has(cell(t, out)), out)
	}
	bishop := BishopAttacks(f6, CellMask(cell(t, "h5")).Or(CellMask(cell(t, "e4"))))
	assert.True(t, bishop.Has(cell(t, "h5")))
	assert.False(t, bishop.Has(cell(t, "k4")))
	assert.True(t, bishop.Has(cell(t, "e4")))
	assert.False(t, bishop.Has(cell(t, "d2")))
}

func TestCornerMate(t *testing.T) {
	for _, knight := range []string{"b4", "c4", "d3"} {
		p := New()
		require.NoError(t, p.SetFEN(fenWith(t, map[string]byte{"a1": 'k', "c3": 'K', knight: 'N'}, "b")))
		assert.True(t, p.InCheck(), knight)
		out := p.Outcome()
		assert.Equal(t, "checkmate", out.Result.String(), knight)
		assert.Equal(t, move.White, out.Winner, knight)
		assert.False(t, p.IsDead())
	}
}

// fenWith builds a hex FEN from named cells.
func fenWith(t testing.TB, pieces map[string]byte, side string) string {
	p := &Position{ep: NoCell, fullmove: 1}
	for name, letter := range pieces {
		pt, c, ok := pieceFromLetter(letter)
		require.True(t, ok)
		p.putPiece(pt, c, cell(t, name))
	}
	board := p.FEN()
	return board[:len(board)-len(" w - 0 1")] + " " + side + " - 0 1"
}
