package hexboard

import (
	"fmt"
	"strings"
)

// The diagram draws each cell as a flat-topped hexagon five characters wide
// and three tall; neighbouring cells share edges, so files sit four columns
// apart and each file is shifted half a cell against its neighbours, just as
// on the real board:
//
//	 ___
//	/ K \
//	\___/
//
// A piece shows as its FEN letter (White uppercase); an empty cell shows its
// colour: blank for light, "." for medium, ":" for dark. File letters are
// written below the bottom cell of every file, rank numbers beside both ends
// of each (V-shaped) rank.
const (
	diagramLeft  = 3 // columns for rank numbers on the left
	diagramTop   = 0
	diagramRows  = diagramTop + 23 + 1
	diagramWidth = diagramLeft + 4*NumFiles + 1 + 3
)

var emptyCellText = [3]string{"   ", " . ", " : "}

// Diagram draws the board for people, with the FEN and key beneath.
func (p *Position) Diagram() string {
	var canvas [diagramRows][diagramWidth]byte
	for r := range canvas {
		for c := range canvas[r] {
			canvas[r][c] = ' '
		}
	}
	put := func(row, col int, s string) {
		copy(canvas[row][col:], s)
	}
	for c := 0; c < NumCells; c++ {
		top, x := diagramTop+20-Y2(c), diagramLeft+4*File(c)
		text := emptyCellText[CellColor(c)]
		if piece := p.cells[c]; piece != 0 {
			text = " " + string(pieceLetter(piece)) + " "
		}
		put(top, x+1, "___")
		put(top+1, x, "/"+text+"\\")
		put(top+2, x, "\\___/")
	}
	for f := 0; f < NumFiles; f++ {
		q := abs(f - 5)
		x := diagramLeft + 4*f + 2
		put(diagramTop+23-q, x, string(FileLetters[f]))
	}
	for r := 1; r <= 11; r++ {
		// Beside the content row of the rank's end cells; ranks 7..11 end on
		// the upper slopes, next to the top edge of the cell below them.
		label := fmt.Sprint(r)
		left, right := CellAt(0, r), CellAt(NumFiles-1, r)
		gap := 1
		if r > 6 {
			left, right = CellAt(r-6, r), CellAt(16-r, r)
			gap = 5
		}
		row := diagramTop + 21 - Y2(left)
		put(row, diagramLeft+4*File(left)-gap-len(label), label)
		put(row, diagramLeft+4*File(right)+5+gap, label)
	}
	var b strings.Builder
	for r := range canvas {
		b.WriteString(strings.TrimRight(string(canvas[r][:]), " "))
		b.WriteByte('\n')
	}
	fmt.Fprintf(&b, "\nFen: %s\nKey: %016x\n", p.FEN(), p.key)
	return b.String()
}
