package board

import (
	"fmt"
	"strings"

	"github.com/sakk-chess/sakk/game"
	"github.com/sakk-chess/sakk/game/move"
)

// Outcome reports how the game stands: checkmate, stalemate, a dead
// position, threefold repetition, the 50-move rule (mate takes precedence),
// or Ongoing.
func (p *Position) Outcome() game.Outcome {
	winner := p.side.Other()
	if p.CountLegal() == 0 {
		if p.InCheck() {
			return game.Outcome{Result: game.Checkmate, Winner: winner}
		}
		return game.Outcome{Result: game.Stalemate, Winner: winner}
	}
	switch {
	case p.IsDead():
		return game.Outcome{Result: game.DeadPosition}
	case p.repetitions() >= 2:
		return game.Outcome{Result: game.Repetition}
	case p.HalfmoveClock() >= 100:
		return game.Outcome{Result: game.FiftyMoves}
	}
	return game.Outcome{Result: game.Ongoing}
}

// repetitions counts the earlier occurrences of the current position since
// the last irreversible move (or null move).
func (p *Position) repetitions() int {
	st := p.st()
	back := min(int(st.rule50), int(st.pliesFromNull), p.sp)
	count := 0
	for d := 4; d <= back; d += 2 {
		if p.states[(p.sp-d)&(historySize-1)].key == st.key {
			count++
		}
	}
	return count
}

// IsRepetition reports whether the current position occurred before since
// the last irreversible move, game history included.
func (p *Position) IsRepetition() bool {
	st := p.st()
	back := min(int(st.rule50), int(st.pliesFromNull), p.sp)
	for d := 4; d <= back; d += 2 {
		if p.states[(p.sp-d)&(historySize-1)].key == st.key {
			return true
		}
	}
	return false
}

// IsDead reports a position where no sequence of legal moves can mate:
// no pawns, rooks or queens, and either a single knight and nothing else,
// or only bishops that all stand on squares of one colour.
func (p *Position) IsDead() bool {
	if p.byType[move.Pawn]|p.byType[move.Rook]|p.byType[move.Queen] != 0 {
		return false
	}
	knights, bishops := p.byType[move.Knight], p.byType[move.Bishop]
	if knights != 0 {
		return bishops == 0 && knights&(knights-1) == 0
	}
	return bishops&DarkSquares == 0 || bishops&^DarkSquares == 0
}

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
