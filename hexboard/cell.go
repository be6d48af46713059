// Package hexboard is the 91-cell board of Glinski's hexagonal chess: cells,
// masks, attack tables, the position with legal move generation, hex FEN,
// move notation, Zobrist keys, SEE, perft and a text diagram.
//
// Cells are numbered file by file, a1=0 .. a6=5, b1=6 .. b7=12, ..., l6=90.
// With that order every one of the 12 slider directions runs monotonically
// through the cell numbers, so the nearest blocker on a ray is the lowest
// (or highest) occupied cell of the ray.
package hexboard

import (
	"strconv"

	"github.com/sakk-chess/sakk/game/move"
)

// NumCells is the number of cells on the board.
const NumCells = 91

// NoCell marks "no cell" (for example no en passant cell).
const NoCell = 127

// NumFiles is the number of files, a..l without j.
const NumFiles = 11

// FileLetters are the file names in order; there is no j.
const FileLetters = "abcdefghikl"

var (
	fileLength [NumFiles]int // a 6 .. f 11 .. l 6
	fileStart  [NumFiles]int // cell number of rank 1 of each file
	cellFile   [128]int8
	cellRank   [128]int8 // 1-based
	cellNames  [128]string
)

func init() {
	start := 0
	for f := 0; f < NumFiles; f++ {
		fileLength[f] = 11 - abs(f-5)
		fileStart[f] = start
		for r := 1; r <= fileLength[f]; r++ {
			c := start + r - 1
			cellFile[c] = int8(f)
			cellRank[c] = int8(r)
			cellNames[c] = string(FileLetters[f]) + strconv.Itoa(r)
		}
		start += fileLength[f]
	}
	for c := NumCells; c < 128; c++ {
		cellFile[c], cellRank[c] = -1, -1
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// FileLength is the number of cells of file f (0 = a .. 10 = l).
func FileLength(f int) int { return fileLength[f%NumFiles] }

// CellAt is the cell on file f (0..10) and rank r (1-based), or NoCell if there
// is no such cell.
func CellAt(f, r int) int {
	if f < 0 || f >= NumFiles || r < 1 || r > fileLength[f] {
		return NoCell
	}
	return fileStart[f] + r - 1
}

// File is the file index of a cell, 0 (a) .. 10 (l).
func File(c int) int { return int(cellFile[c&127]) }

// Rank is the rank number of a cell, 1 .. its file's length.
func Rank(c int) int { return int(cellRank[c&127]) }

// Q is the horizontal hex coordinate of a cell: -5 (file a) .. 5 (file l).
func Q(c int) int { return File(c) - 5 }

// Y2 is twice the height of a cell above f1: y = (rank-1) + |q|/2 in the
// rules, doubled so it is an integer (f1 = 0, a1 = 5, f11 = 20).
func Y2(c int) int { return 2*(Rank(c)-1) + abs(Q(c)) }

// CellFromCoords is the cell at hex coordinates (q, y2), or NoCell.
func CellFromCoords(q, y2 int) int {
	if q < -5 || q > 5 {
		return NoCell
	}
	d := y2 - abs(q)
	if d < 0 || d%2 != 0 {
		return NoCell
	}
	return CellAt(q+5, d/2+1)
}

// CellName is the name of a cell such as "a1", "f11" ("-" for NoCell).
func CellName(c int) string {
	if c < 0 || c >= NumCells {
		return "-"
	}
	return cellNames[c]
}

// ParseCell reads a cell name ("a1", "f11"); ok is false if it is not one.
func ParseCell(s string) (cell int, ok bool) {
	if len(s) < 2 || len(s) > 3 {
		return NoCell, false
	}
	f := fileIndex(s[0])
	if f < 0 {
		return NoCell, false
	}
	r := 0
	for i := 1; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return NoCell, false
		}
		r = r*10 + int(s[i]-'0')
	}
	if s[1] == '0' {
		return NoCell, false
	}
	c := CellAt(f, r)
	return c, c != NoCell
}

func fileIndex(b byte) int {
	for i := 0; i < NumFiles; i++ {
		if FileLetters[i] == b {
			return i
		}
	}
	return -1
}

// CellColor is the colour of a cell: 0 light, 1 medium, 2 dark. An
// orthogonal step changes the colour and a diagonal step keeps it (so each
// bishop is bound to one colour); (y2+3q)/2 mod 3 has exactly that property,
// shifted so that the centre f6 is medium.
func CellColor(c int) int {
	return ((Y2(c)+3*Q(c))/2%3 + 3 + 2) % 3
}

// Distance is the king distance between two cells (the number of king steps).
func Distance(a, b int) int { return int(kingDistance[a&127][b&127]) }

// PromotionDistance is how many single steps a pawn of colour c on cell needs
// to reach the last cell of its file (0 on that cell): White promotes on the
// top cell of each file, Black on rank 1.
func PromotionDistance(c move.Color, cell int) int {
	if c == move.White {
		return FileLength(File(cell)) - Rank(cell)
	}
	return Rank(cell) - 1
}
