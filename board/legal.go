package board

import "github.com/sakk-chess/sakk/game/move"

// IsLegal reports whether m, any 32-bit value at all (a TT move, a killer
// from another position), is a legal move here exactly as this position's
// generator would write it: same squares, piece, captured piece, promotion
// and flags.
func (p *Position) IsLegal(m move.Move) bool {
	if m == move.None || m>>26 != 0 {
		return false
	}
	from, to := m.From(), m.To()
	if from > 63 || to > 63 {
		return false
	}
	us := p.side
	if p.squares[from] != makeContent(m.Piece(), us) {
		return false
	}
	if m.IsCastle() {
		return p.isLegalCastle(m)
	}
	target := p.squares[to]
	if m.IsEnPassant() {
		return p.isLegalEnPassant(m)
	}
	// Ordinary moves: the captured field must describe the target square.
	if target.piece() != m.Captured() || (target != noContent && target.color() == us) {
		return false
	}
	if !p.isPseudoLegalStep(m) {
		return false
	}
	king := p.KingSquare(us)
	if m.Piece() == move.King {
		return !p.IsAttacked(to, us.Other(), p.occupied&^Bit(from))
	}
	checkers := p.st().checkers
	if checkers != 0 {
		if checkers&(checkers-1) != 0 {
			return false
		}
		if Bit(to)&(betweenMask[king&63][LSB(checkers)&63]|checkers) == 0 {
			return false
		}
	}
	return p.pinned(us, king)&Bit(from) == 0 || lineMask[king&63][from]&Bit(to) != 0
}

// isPseudoLegalStep checks the geometry, promotion and flags of a move that
// is not castling or en passant (the target square is already known to hold
// no piece of the mover's).
func (p *Position) isPseudoLegalStep(m move.Move) bool {
	from, to := m.From()&63, m.To()&63
	piece := m.Piece()
	if piece != move.Pawn {
		if m&(move.FlagDoublePush|7<<14) != 0 {
			return false
		}
		return p.attacksFrom(piece, from)&Bit(to) != 0
	}
	us := p.side
	geo := &pawnGeometries[us&1]
	promo := m.Promotion()
	if (Bit(to)&geo.promotion != 0) != (promo != move.NoPiece) || promo == move.Pawn || promo == move.King {
		return false
	}
	if m.IsCapture() {
		return m&move.FlagDoublePush == 0 && pawnAttacks[us&1][from]&Bit(to) != 0
	}
	if m&move.FlagDoublePush != 0 {
		middle := from + geo.forward
		return to == from+2*geo.forward && Bit(middle)&geo.doubleFrom != 0 && p.occupied&Bit(middle) == 0
	}
	return to == from+geo.forward
}

// attacksFrom is the attack set of a non-pawn piece type on sq.
func (p *Position) attacksFrom(piece move.Piece, sq int) uint64 {
	switch piece {
	case move.Knight:
		return knightAttacks[sq&63]
	case move.Bishop:
		return BishopAttacks(sq, p.occupied)
	case move.Rook:
		return RookAttacks(sq, p.occupied)
	case move.Queen:
		return QueenAttacks(sq, p.occupied)
	case move.King:
		return kingAttacks[sq&63]
	}
	return 0
}

func (p *Position) isLegalCastle(m move.Move) bool {
	if m != move.New(m.From(), m.To(), move.King, move.NoPiece, move.NoPiece, move.FlagCastle) ||
		p.st().checkers != 0 {
		return false
	}
	side := castleSide(m.From(), m.To())
	setup, ok := p.canCastle(p.side, side)
	return ok && setup.kingFrom == m.From() && setup.rookFrom == m.To()
}

func (p *Position) isLegalEnPassant(m move.Move) bool {
	ep := int(p.st().epSquare)
	if ep == NoSquare || m.To() != ep ||
		m != move.New(m.From(), ep, move.Pawn, move.Pawn, move.NoPiece, move.FlagEnPassant) ||
		pawnAttacks[p.side&1][m.From()&63]&Bit(ep) == 0 {
		return false
	}
	return p.enPassantLegal(p.KingSquare(p.side), m.From(), ep)
}
