package engine

import (
	"github.com/sakk-chess/sakk/engine/nnue"
	"github.com/sakk-chess/sakk/game"
	"github.com/sakk-chess/sakk/game/move"
)

// SearchBoard is what the search needs from a board. Both *board.Position and
// *hexboard.Position implement it with identical method names, so the search
// is written once and specialised per board (no interface call per node: see
// docs/engine.md, "Why the search is generated"). The interface itself
// exists to document and compile-check that contract; hot code calls the
// concrete types.
type SearchBoard interface {
	game.Position

	// Side to move (same as SideToMove).
	Side() move.Color
	// Captures fills list with the legal captures and promotions (the moves
	// quiescence search looks at); Quiets with every other legal move.
	// Captures + Quiets = LegalMoves.
	Captures(list *move.List)
	Quiets(list *move.List)
	// IsLegal says whether a move (e.g. from the TT or a killer slot, possibly
	// from another position) is legal here. Must be safe on any Move value.
	IsLegal(m move.Move) bool
	// MakeNull passes the move (not allowed in check); UnmakeNull undoes it.
	MakeNull()
	UnmakeNull()
	// IsRepetition: the current position occurred before since the last
	// irreversible move (game history included).
	IsRepetition() bool
	// HasNonPawnMaterial: the side has a piece other than king and pawns.
	HasNonPawnMaterial(c move.Color) bool
	// PawnKey: a hash of both sides' pawn placement.
	PawnKey() uint64
	// Material: the side's material in centipawns, 0 for a lone king.
	Material(c move.Color) int
	// IsDead: no sequence of legal moves can end in mate (per variant).
	IsDead() bool
	// Evaluate is the static evaluation in centipawns from the side to
	// move's point of view.
	Evaluate() int
	// SEE is the static exchange evaluation of a move, in centipawns.
	SEE(m move.Move) int
	// PieceAt returns the piece type and colour on a square/cell
	// (NoPiece if empty).
	PieceAt(sq int) (move.Piece, move.Color)
	// NNUEFeatures lists the net inputs of the position; NNUEDelta those
	// that a legal move (or move.None, a null move) changes, before Make.
	NNUEFeatures(f *nnue.Features)
	NNUEDelta(m move.Move, d *nnue.Delta)
}

// Clone copies a board for a search. Clone of a board returns the same
// concrete type, so the copy is a SearchBoard too.
func Clone(pos SearchBoard) SearchBoard { return pos.Clone().(SearchBoard) }
