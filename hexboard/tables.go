package hexboard

import "github.com/sakk-chess/sakk/game/move"

// A direction is a step in hex coordinates (dq, dy2); see Q and Y2.
type direction struct{ dq, dy2 int }

// The 12 slider directions. 0..5 are orthogonal (rook), 6..11 diagonal
// (bishop). Within each kind the first three run toward higher cell numbers
// (dq > 0, or straight up a file) and the last three toward lower ones.
var directions = [12]direction{
	{0, 2}, {1, 1}, {1, -1}, {0, -2}, {-1, 1}, {-1, -1},
	{2, 0}, {1, 3}, {1, -3}, {-2, 0}, {-1, 3}, {-1, -3},
}

// NumDirections counts the slider directions (6 orthogonal, 6 diagonal).
const NumDirections = 12

var knightSteps = [12]direction{
	{1, 5}, {1, -5}, {-1, 5}, {-1, -5},
	{2, 4}, {2, -4}, {-2, 4}, {-2, -4},
	{3, 1}, {3, -1}, {-3, 1}, {-3, -1},
}

// dirAscending says whether direction d runs toward higher cell numbers.
func dirAscending(d int) bool { return d%6 < 3 }

var (
	kingAttacks   [128]Mask
	knightAttacks [128]Mask
	pawnAttacks   [2][128]Mask // cells a pawn of that colour on the cell captures on
	pawnStep      [2][128]int8 // the cell straight ahead, or NoCell
	pawnStart     [2]Mask      // cells a pawn of that colour may double-step from
	promotionMask [2]Mask      // last cell of every file, per colour
	rays          [128][NumDirections]Mask
	rookRays      [128]Mask // all six orthogonal rays together
	bishopRays    [128]Mask
	lineDir       [128][128]int8 // direction from a to b if they share a line, else -1
	kingDistance  [128][128]int8
)

func step(c int, d direction) int {
	return CellFromCoords(Q(c)+d.dq, Y2(c)+d.dy2)
}

func init() {
	for a := 0; a < 128; a++ {
		for b := 0; b < 128; b++ {
			lineDir[a][b] = -1
		}
		pawnStep[move.White][a], pawnStep[move.Black][a] = NoCell, NoCell
	}
	for c := 0; c < NumCells; c++ {
		initSliders(c)
		for d := 0; d < NumDirections; d++ {
			if t := step(c, directions[d]); t != NoCell {
				kingAttacks[c] = kingAttacks[c].Or(CellMask(t))
			}
			if t := step(c, knightSteps[d]); t != NoCell {
				knightAttacks[c] = knightAttacks[c].Or(CellMask(t))
			}
		}
		initPawns(c)
	}
	for a := 0; a < NumCells; a++ {
		for b := 0; b < NumCells; b++ {
			kingDistance[a][b] = int8(hexKingDistance(a, b))
		}
	}
	for _, name := range []string{"b1", "c2", "d3", "e4", "f5", "g4", "h3", "i2", "k1"} {
		c, _ := ParseCell(name)
		pawnStart[move.White] = pawnStart[move.White].Or(CellMask(c))
	}
	for _, name := range []string{"b7", "c7", "d7", "e7", "f7", "g7", "h7", "i7", "k7"} {
		c, _ := ParseCell(name)
		pawnStart[move.Black] = pawnStart[move.Black].Or(CellMask(c))
	}
}

func initSliders(c int) {
	for d := 0; d < NumDirections; d++ {
		for t := step(c, directions[d]); t != NoCell; t = step(t, directions[d]) {
			rays[c][d] = rays[c][d].Or(CellMask(t))
			lineDir[c][t] = int8(d)
		}
		if d < 6 {
			rookRays[c] = rookRays[c].Or(rays[c][d])
		} else {
			bishopRays[c] = bishopRays[c].Or(rays[c][d])
		}
	}
}

func initPawns(c int) {
	forward := [2]int{2, -2}
	for col := move.White; col <= move.Black; col++ {
		dy := forward[col]
		pawnStep[col][c] = int8(step(c, direction{0, dy}))
		for _, dq := range []int{-1, 1} {
			if t := step(c, direction{dq, dy / 2}); t != NoCell {
				pawnAttacks[col][c] = pawnAttacks[col][c].Or(CellMask(t))
			}
		}
	}
	if Rank(c) == FileLength(File(c)) {
		promotionMask[move.White] = promotionMask[move.White].Or(CellMask(c))
	}
	if Rank(c) == 1 {
		promotionMask[move.Black] = promotionMask[move.Black].Or(CellMask(c))
	}
}

// hexKingDistance counts king steps between two cells by breadth-first search
// (only used to fill the table).
func hexKingDistance(a, b int) int {
	dist := [NumCells]int{}
	for i := range dist {
		dist[i] = -1
	}
	dist[a] = 0
	queue := []int{a}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		if c == b {
			return dist[c]
		}
		for m := kingAttacks[c]; m.Any(); {
			t := m.PopLowest()
			if dist[t] < 0 {
				dist[t] = dist[c] + 1
				queue = append(queue, t)
			}
		}
	}
	return -1
}

// between is the set of cells strictly between a and b on their common line
// (empty if they share none).
func between(a, b int) Mask {
	d := lineDir[a&127][b&127]
	if d < 0 {
		return Mask{}
	}
	return rays[a&127][d].AndNot(rays[b&127][d]).AndNot(CellMask(b))
}

// KingAttacks is the set of cells a king on c attacks.
func KingAttacks(c int) Mask { return kingAttacks[c&127] }

// KnightAttacks is the set of cells a knight on c attacks.
func KnightAttacks(c int) Mask { return knightAttacks[c&127] }

// PawnAttacks is the set of cells a pawn of colour col on c captures on.
func PawnAttacks(col move.Color, c int) Mask { return pawnAttacks[col&1][c&127] }

// PawnStartCells is the set of cells from which pawns of colour col may
// double-step.
func PawnStartCells(col move.Color) Mask { return pawnStart[col&1] }

// RookAttacks is the set of cells a rook on c attacks given the occupied cells.
func RookAttacks(c int, occ Mask) Mask {
	r := &rays[c&127]
	return rayAbove(r[0], occ).Or(rayAbove(r[1], occ)).Or(rayAbove(r[2], occ)).
		Or(rayBelow(r[3], occ)).Or(rayBelow(r[4], occ)).Or(rayBelow(r[5], occ))
}

// BishopAttacks is the set of cells a bishop on c attacks given the occupied
// cells.
func BishopAttacks(c int, occ Mask) Mask {
	r := &rays[c&127]
	return rayAbove(r[6], occ).Or(rayAbove(r[7], occ)).Or(rayAbove(r[8], occ)).
		Or(rayBelow(r[9], occ)).Or(rayBelow(r[10], occ)).Or(rayBelow(r[11], occ))
}

// QueenAttacks is the set of cells a queen on c attacks given the occupied
// cells.
func QueenAttacks(c int, occ Mask) Mask { return RookAttacks(c, occ).Or(BishopAttacks(c, occ)) }
