package board

import (
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
