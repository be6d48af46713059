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
// written above and below every file, rank numbers beside both ends of each
// rank.
const (
	diagramLeft  = 3 // columns for rank numbers on the left
	diagramTop   = 1 // row for the file letters above the board
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
		letter := string(FileLetters[f])
		put(diagramTop+q-1, x, letter)
		put(diagramTop+23-q, x, letter)
	}
	for r := 1; r <= 11; r++ {
		label := fmt.Sprint(r)
		if r <= 6 {
			row := diagramTop + 18 - 2*r
			put(row, diagramLeft-1-len(label), label)
			put(row, diagramLeft+4*NumFiles+2, label)
			continue
		}
		row := diagramTop + 11 - r
		put(row, diagramLeft+4*(r-6)-len(label), label)
		put(row, diagramLeft+4*(16-r)+6, label)
	}
	var b strings.Builder
	for r := range canvas {
		b.WriteString(strings.TrimRight(string(canvas[r][:]), " "))
		b.WriteByte('\n')
	}
	fmt.Fprintf(&b, "\nFen: %s\nKey: %016x\n", p.FEN(), p.key)
	return b.String()
}
