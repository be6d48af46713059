package board

import "github.com/sakk-chess/sakk/engine/move"

// IsLegal reports whether m, any 32-bit value at all (a TT move, a killer
// from another position), is a legal move here exactly as this position's
// generator would write it.
func (p *Position) IsLegal(m move.Move) bool {
	if m == move.None || m>>26 != 0 || m.From() > 63 || m.To() > 63 {
		return false
	}
	cp := p.squares[m.From()]
	if cp == noColoredPiece || cp.color() != p.side || cp.pieceType() != m.Piece() {
		return false
	}
	// Cheap rejections done; the generator is the single source of truth.
	var list move.List
	kind := genQuiets
	if m.IsTactical() {
		kind = genCaptures
	}
	p.generate(&list, kind)
	for _, legal := range list.Moves[:list.N&(move.MaxMoves-1)] {
		if legal == m {
			return true
		}
	}
	return false
}
