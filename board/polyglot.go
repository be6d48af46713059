package board

import (
	"fmt"

	"github.com/sakk-chess/sakk/game/move"
)

// PolyglotKey is the position's key in PolyGlot opening books: its own
// Zobrist hash over polyglotRandom (pieces, castling rights, an en
// passant file when a pawn of the side to move could take there, White to
// move). sakk records an en passant square only when the capture is legal,
// so a position where the only such pawn is pinned gets the key without
// the en passant file, unlike PolyGlot's; books hold very few of these.
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
	if ep := p.EnPassant(); ep != NoSquare {
		key ^= polyglotRandom[772+File(ep)]
	}
	if p.side == move.White {
		key ^= polyglotRandom[780]
	}
	return key
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
