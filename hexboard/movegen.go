package hexboard

import "github.com/sakk-chess/sakk/game/move"

// genKind selects which legal moves a generator writes.
type genKind uint8

const (
	genCaptures genKind = 1 << iota // captures (en passant too) and all promotions
	genQuiets                       // every other move
	genAll      = genCaptures | genQuiets
)

var promotionPieces = [4]move.Piece{move.Queen, move.Knight, move.Rook, move.Bishop}

// LegalMoves fills list with every legal move.
func (p *Position) LegalMoves(list *move.List) {
	list.Clear()
	p.generate(list, genAll, Board)
}

// Captures fills list with the legal captures and promotions.
func (p *Position) Captures(list *move.List) {
	list.Clear()
	p.generate(list, genCaptures, Board)
}

// Quiets fills list with the legal moves that neither capture nor promote.
func (p *Position) Quiets(list *move.List) {
	list.Clear()
	p.generate(list, genQuiets, Board)
}

// IsLegal says whether m is a legal move here. Any value is safe.
func (p *Position) IsLegal(m move.Move) bool {
	from, to := m.From(), m.To()
	if m == move.None || from >= NumCells || to >= NumCells || m&^(1<<26-1) != 0 || m.IsCastle() {
		return false
	}
	x := p.cells[from]
	if x == 0 || x.color() != p.side || x.piece() != m.Piece() {
		return false
	}
	var list move.List
	p.generate(&list, genAll, CellMask(from))
	for _, legal := range list.Moves[:list.N&(move.MaxMoves-1)] {
		if legal == m {
			return true
		}
	}
	return false
}

// Pinned is the set of pieces of colour c that may not leave the line between
// their king and an enemy slider.
func (p *Position) Pinned(c move.Color) Mask {
	k := p.kings[c&1]
	them := p.byColor[c^1]
	queens := p.byPiece[move.Queen]
	snipers := rookRays[k].And(p.byPiece[move.Rook].Or(queens)).
		Or(bishopRays[k].And(p.byPiece[move.Bishop].Or(queens))).And(them)
	if snipers.IsEmpty() {
		return Mask{}
	}
	occ := p.Occupied()
	var pinned Mask
	for snipers.Any() {
		s := snipers.PopLowest()
		blockers := between(k, s).And(occ)
		if blockers.Any() && !blockers.More() {
			pinned = pinned.Or(blockers)
		}
	}
	return pinned.And(p.byColor[c&1])
}

// generate appends the legal moves of the given kind whose from-cell is in
// from.
func (p *Position) generate(list *move.List, kind genKind, from Mask) {
	us := p.side
	them := us ^ 1
	own := p.byColor[us]
	enemy := p.byColor[them]
	occ := own.Or(enemy)
	k := p.kings[us]

	kindMask := Board.AndNot(own) // where moves of this kind may land
	switch kind {
	case genCaptures:
		kindMask = enemy
	case genQuiets:
		kindMask = Board.AndNot(occ)
	}
	if from.Has(k) {
		p.kingMoves(list, k, kingAttacks[k].And(kindMask), occ)
	}
	if p.checkers.More() {
		return
	}
	target := Board.AndNot(own)
	if p.checkers.Any() {
		c := p.checkers.Lowest()
		target = between(k, c).Or(CellMask(c))
	}
	pinned := p.Pinned(us)
	pieceTarget := target.And(kindMask)

	for m := p.Pieces(us, move.Knight).AndNot(pinned).And(from); m.Any(); {
		c := m.PopLowest()
		p.addMoves(list, c, knightAttacks[c].And(pieceTarget), move.Knight)
	}
	for m := p.Pieces(us, move.Bishop).And(from); m.Any(); {
		c := m.PopLowest()
		p.addMoves(list, c, BishopAttacks(c, occ).And(pinLine(pinned, k, c)).And(pieceTarget), move.Bishop)
	}
	for m := p.Pieces(us, move.Rook).And(from); m.Any(); {
		c := m.PopLowest()
		p.addMoves(list, c, RookAttacks(c, occ).And(pinLine(pinned, k, c)).And(pieceTarget), move.Rook)
	}
	for m := p.Pieces(us, move.Queen).And(from); m.Any(); {
		c := m.PopLowest()
		p.addMoves(list, c, QueenAttacks(c, occ).And(pinLine(pinned, k, c)).And(pieceTarget), move.Queen)
	}
	for m := p.Pieces(us, move.Pawn).And(from); m.Any(); {
		c := m.PopLowest()
		p.pawnMoves(list, kind, c, target.And(pinLine(pinned, k, c)))
	}
}

// pinLine is where the piece on c may move without exposing its king on k:
// the line from the king through c if c is pinned, else anywhere.
func pinLine(pinned Mask, k, c int) Mask {
	if !pinned.Has(c) {
		return Board
	}
	return rays[k&127][lineDir[k&127][c&127]&15]
}

func (p *Position) addMoves(list *move.List, from int, targets Mask, pt move.Piece) {
	base := move.Move(from) | move.Move(pt)<<17
	for targets.Any() {
		to := targets.PopLowest()
		list.Add(base | move.Move(to)<<7 | move.Move(p.cells[to&127]&7)<<20)
	}
}

// kingMoves adds the king's moves to cells no enemy piece attacks once the
// king has left k (so it cannot hide behind itself from a slider).
func (p *Position) kingMoves(list *move.List, k int, targets Mask, occ Mask) {
	occ = occ.AndNot(CellMask(k))
	them := p.side ^ 1
	base := move.Move(k) | move.Move(move.King)<<17
	for targets.Any() {
		to := targets.PopLowest()
		if !p.attackedBy(them, to, occ) {
			list.Add(base | move.Move(to)<<7 | move.Move(p.cells[to&127]&7)<<20)
		}
	}
}

// pawnMoves adds the moves of the pawn on c that land in allowed (check
// evasion and pin restrictions already applied), en passant tested apart.
func (p *Position) pawnMoves(list *move.List, kind genKind, c int, allowed Mask) {
	us := p.side
	base := move.Move(c) | move.Move(move.Pawn)<<17
	promo := promotionMask[us]
	if s := int(pawnStep[us][c&127]); s != NoCell && p.cells[s] == 0 {
		if allowed.Has(s) {
			if promo.Has(s) {
				if kind&genCaptures != 0 {
					addPromotions(list, base|move.Move(s)<<7)
				}
			} else if kind&genQuiets != 0 {
				list.Add(base | move.Move(s)<<7)
			}
		}
		if kind&genQuiets != 0 && pawnStart[us].Has(c) {
			if s2 := int(pawnStep[us][s&127]); s2 != NoCell && p.cells[s2&127] == 0 && allowed.Has(s2) {
				list.Add(base | move.Move(s2)<<7 | move.FlagDoublePush)
			}
		}
	}
	if kind&genCaptures == 0 {
		return
	}
	attacks := pawnAttacks[us][c&127]
	for t := attacks.And(p.byColor[us^1]).And(allowed); t.Any(); {
		to := t.PopLowest()
		m := base | move.Move(to)<<7 | move.Move(p.cells[to&127]&7)<<20
		if promo.Has(to) {
			addPromotions(list, m)
		} else {
			list.Add(m)
		}
	}
	if p.ep != NoCell && attacks.Has(p.ep) && p.enPassantLegal(c) {
		list.Add(base | move.Move(p.ep)<<7 | move.Move(move.Pawn)<<20 | move.FlagEnPassant)
	}
}

func addPromotions(list *move.List, m move.Move) {
	for _, pt := range promotionPieces {
		list.Add(m | move.Move(pt)<<14)
	}
}

// enPassantLegal plays the en passant capture by the pawn on c on the
// occupancy alone and asks whether the king is then attacked: this covers
// pins of either pawn, discovered checks and the removal of a checking pawn.
func (p *Position) enPassantLegal(c int) bool {
	us, them := p.side, p.side^1
	victim := int(pawnStep[them][p.ep&127])
	occ := p.Occupied().AndNot(CellMask(c)).AndNot(CellMask(victim)).Or(CellMask(p.ep))
	k := p.kings[us]
	enemy := p.byColor[them].AndNot(CellMask(victim))
	queens := p.byPiece[move.Queen]
	if knightAttacks[k].And(p.byPiece[move.Knight]).And(enemy).Any() ||
		pawnAttacks[us][k].And(p.byPiece[move.Pawn]).And(enemy).Any() {
		return false
	}
	rq := p.byPiece[move.Rook].Or(queens).And(enemy)
	bq := p.byPiece[move.Bishop].Or(queens).And(enemy)
	return RookAttacks(k, occ).And(rq).IsEmpty() && BishopAttacks(k, occ).And(bq).IsEmpty()
}
