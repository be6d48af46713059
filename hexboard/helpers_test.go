package hexboard

import "github.com/sakk-chess/sakk/game/move"

// Helpers only the tests use.

// PromotionCells is the set of cells on which pawns of colour col promote.
func PromotionCells(col move.Color) Mask { return promotionMask[col&1] }

// Ray is the set of cells from c (exclusive) to the edge in direction d
// (0..5 orthogonal, 6..11 diagonal) on an empty board.
func Ray(c, d int) Mask { return rays[c&127][d%NumDirections] }

// Attacks is the set of cells a piece of type pt and colour col on c attacks
// given the occupied cells.
func Attacks(pt move.Piece, col move.Color, c int, occ Mask) Mask {
	switch pt {
	case move.Pawn:
		return PawnAttacks(col, c)
	case move.Knight:
		return KnightAttacks(c)
	case move.Bishop:
		return BishopAttacks(c, occ)
	case move.Rook:
		return RookAttacks(c, occ)
	case move.Queen:
		return QueenAttacks(c, occ)
	case move.King:
		return KingAttacks(c)
	}
	return Mask{}
}
