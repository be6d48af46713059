package board

import (
	"fmt"

	"github.com/sakk-chess/sakk/game/move"
)

// PolyglotKey is the position's key in PolyGlot opening books: its own
// Zobrist hash over polyglotRandom (pieces, castling rights, the en
// passant file, White to move). PolyGlot counts the en passant file when
// the last move pushed a pawn two squares and a pawn of the side to move
// stands beside it, whether or not the capture is legal (the pawn may be
// pinned); sakk's own key counts it only when the capture is legal, so it
// is worked out here from the last move (or the FEN's en passant field).
func (p *Position) PolyglotKey() uint64 {
	var key uint64
	for sq := range 64 {
		pt, c := p.PieceAt(sq)
		if pt == move.NoPiece {
			continue
		}
		kind := 2*(int(pt)-1) + 1 - int(c) // black pawn 0, white pawn 1, ...
		key ^= polyglotRandom[64*kind+8*Rank(sq)+File(sq)]
	}
	rights := p.CastlingRights() // bits: White O-O, White O-O-O, Black O-O, Black O-O-O
	for i := range 4 {
		if rights&(1<<i) != 0 {
			key ^= polyglotRandom[768+i]
		}
	}
	if ep := p.polyglotEnPassant(); ep != NoSquare {
		key ^= polyglotRandom[772+File(ep)]
	}
	if p.side == move.White {
		key ^= polyglotRandom[780]
	}
	return key
}

// polyglotEnPassant is the square a pawn passed over with a double push on
// the last move, when a pawn of the side to move stands beside the pushed
// pawn (legal capture or not), or NoSquare.
func (p *Position) polyglotEnPassant() int {
	if p.gamePly == 0 {
		return p.rootEnPassant // from the FEN
	}
	m := p.st().move
	if !m.IsDoublePush() {
		return NoSquare
	}
	return p.besidePushedPawn((m.From() + m.To()) >> 1)
}

// besidePushedPawn returns ep when a pawn of the side to move stands beside
// the pawn that passed over ep (a pawn that would take on ep if it could),
// and NoSquare otherwise.
func (p *Position) besidePushedPawn(ep int) int {
	if ep == NoSquare || pawnAttacks[p.side.Other()&1][ep&63]&p.byType[move.Pawn]&p.byColor[p.side&1] == 0 {
		return NoSquare
	}
	return ep
}

// PolyglotMove reads a PolyGlot book move (to file bits 0-2, to rank 3-5,
// from file 6-8, from rank 9-11, promotion 12-14: 1 knight .. 4 queen;
// castling as the king taking its rook) and returns the legal move it
// names here.
func (p *Position) PolyglotMove(code uint16) (move.Move, error) {
	to := Square(int(code&7), int(code>>3&7))
	from := Square(int(code>>6&7), int(code>>9&7))
	promo := move.NoPiece
	if k := code >> 12 & 7; k != 0 {
		if k > 4 {
			return move.None, fmt.Errorf("book move %#04x: bad promotion %d", code, k)
		}
		promo = [...]move.Piece{move.Knight, move.Bishop, move.Rook, move.Queen}[k-1]
	}
	var list move.List
	p.LegalMoves(&list)
	for _, m := range list.Slice() {
		// sakk writes castling as the king taking its rook, as PolyGlot does.
		if m.From() == from && m.To() == to && m.Promotion() == promo {
			return m, nil
		}
	}
	return move.None, fmt.Errorf("book move %s%s is not legal here", SquareName(from), SquareName(to))
}
