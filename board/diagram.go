package board

import (
	"fmt"
	"strings"
)

// Diagram draws the board (White at the bottom) with the FEN, key and
// checkers beneath, in the style of Stockfish's "d" command.
func (p *Position) Diagram() string {
	var sb strings.Builder
	const separator = " +---+---+---+---+---+---+---+---+\n"
	sb.WriteString(separator)
	for rank := 7; rank >= 0; rank-- {
		for file := 0; file < 8; file++ {
			sb.WriteString(" | ")
			sb.WriteByte(pieceLetters[p.squares[Square(file, rank)]])
		}
		fmt.Fprintf(&sb, " | %d\n%s", rank+1, separator)
	}
	sb.WriteString("   a   b   c   d   e   f   g   h\n\n")
	fmt.Fprintf(&sb, "Fen: %s\nKey: %016X\nCheckers:", p.FEN(), p.Key())
	for b := p.Checkers(); b != 0; b &= b - 1 {
		sb.WriteString(" " + SquareName(LSB(b)))
	}
	sb.WriteByte('\n')
	return sb.String()
}
