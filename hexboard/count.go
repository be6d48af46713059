package hexboard

import "github.com/sakk-chess/sakk/game/move"

// CountLegal counts the legal moves without writing them: perft's last ply.
// It follows generate exactly (tests compare the two on every perft node).
func (p *Position) CountLegal() int {
	us := p.side
	them := us ^ 1
	own := p.byColor[us]
	occ := own.Or(p.byColor[them])
	k := p.kings[us]

	n := p.countKingMoves(k, kingAttacks[k].AndNot(own), occ)
	if p.checkers.More() {
		return n
	}
	target := Board.AndNot(own)
	if p.checkers.Any() {
		c := p.checkers.Lowest()
		target = between(k, c).Or(CellMask(c))
	}
	pinned := p.Pinned(us)

	for m := p.Pieces(us, move.Knight).AndNot(pinned); m.Any(); {
		n += knightAttacks[m.PopLowest()].And(target).Count()
	}
	for m := p.Pieces(us, move.Bishop); m.Any(); {
		c := m.PopLowest()
		n += BishopAttacks(c, occ).And(pinLine(pinned, k, c)).And(target).Count()
	}
	for m := p.Pieces(us, move.Rook); m.Any(); {
		c := m.PopLowest()
		n += RookAttacks(c, occ).And(pinLine(pinned, k, c)).And(target).Count()
	}
	for m := p.Pieces(us, move.Queen); m.Any(); {
		c := m.PopLowest()
		n += QueenAttacks(c, occ).And(pinLine(pinned, k, c)).And(target).Count()
	}
	return n + p.countPawnMoves(target, pinned, occ)
}

func (p *Position) countKingMoves(k int, targets Mask, occ Mask) int {
	occ = occ.AndNot(CellMask(k))
	them := p.side ^ 1
	n := 0
	for targets.Any() {
		if !p.attackedBy(them, targets.PopLowest(), occ) {
			n++
		}
	}
	return n
}

// countPawnMoves counts pawn moves set-wise for unpinned pawns: a pawn never
// stands on its last cell, so its step is the next cell number for White and
// the previous one for Black. Captures and pinned pawns go pawn by pawn.
func (p *Position) countPawnMoves(target, pinned, occ Mask) int {
	us := p.side
	pawns := p.Pieces(us, move.Pawn)
	empty := Board.AndNot(occ)
	free := pawns.AndNot(pinned)
	var single, double Mask
	if us == move.White {
		single = shiftUp(free).And(empty)
		double = shiftUp(single.And(shiftUp(pawnStart[us]))).And(empty)
	} else {
		single = shiftDown(free).And(empty)
		double = shiftDown(single.And(shiftDown(pawnStart[us]))).And(empty)
	}
	single = single.And(target)
	promo := promotionMask[us]
	n := single.Count() + 3*single.And(promo).Count() + double.And(target).Count()

	enemy := p.byColor[us^1]
	k := p.kings[us]
	for m := pawns; m.Any(); {
		c := m.PopLowest()
		allowed := target
		if pinned.Has(c) {
			allowed = allowed.And(pinLine(pinned, k, c))
			n += p.countPinnedPawnPushes(c, allowed)
		}
		attacks := pawnAttacks[us][c&127]
		captures := attacks.And(enemy).And(allowed)
		n += captures.Count() + 3*captures.And(promo).Count()
		if p.ep != NoCell && attacks.Has(p.ep) && p.enPassantLegal(c) {
			n++
		}
	}
	return n
}

func (p *Position) countPinnedPawnPushes(c int, allowed Mask) int {
	us := p.side
	s := int(pawnStep[us][c&127])
	if s == NoCell || p.cells[s&127] != 0 {
		return 0
	}
	n := 0
	if allowed.Has(s) {
		n++
		if promotionMask[us].Has(s) {
			n += 3
		}
	}
	if pawnStart[us].Has(c) {
		if s2 := int(pawnStep[us][s&127]); s2 != NoCell && p.cells[s2&127] == 0 && allowed.Has(s2) {
			n++
		}
	}
	return n
}

func shiftUp(m Mask) Mask {
	return Mask{m.Lo << 1, m.Hi<<1 | m.Lo>>63}
}

func shiftDown(m Mask) Mask {
	return Mask{m.Lo>>1 | m.Hi<<63, m.Hi >> 1}
}
