package hexboard

import (
	"github.com/sakk-chess/sakk/game"
	"github.com/sakk-chess/sakk/game/move"
)

// Outcome reports checkmate, stalemate (Winner: the side that gave it),
// threefold repetition since the last SetFEN/Reset, the 50-move rule and dead
// positions, in that order of precedence.
func (p *Position) Outcome() game.Outcome {
	var list move.List
	p.generate(&list, genAll, Board)
	switch {
	case list.N == 0 && p.InCheck():
		return game.Outcome{Result: game.Checkmate, Winner: p.side ^ 1}
	case list.N == 0:
		return game.Outcome{Result: game.Stalemate, Winner: p.side ^ 1}
	case p.IsDead():
		return game.Outcome{Result: game.DeadPosition}
	case p.repetitions() >= 2:
		return game.Outcome{Result: game.Repetition}
	case p.halfmove >= 100:
		return game.Outcome{Result: game.FiftyMoves}
	}
	return game.Outcome{Result: game.Ongoing}
}

// IsDead says whether no sequence of legal moves can end in mate. On this
// board a king and a single minor piece can mate a lone king in a corner, so
// only bare kings are dead.
func (p *Position) IsDead() bool {
	return p.byPiece[move.King] == p.Occupied()
}
