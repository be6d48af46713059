package hexboard

import "github.com/sakk-chess/sakk/game/move"

// push saves the current state and returns its slot.
func (p *Position) push(m move.Move) *state {
	if p.ply >= historySize {
		// A game longer than the stack: forget its oldest half.
		copy(p.stack[:], p.stack[historySize/2:])
		p.ply -= historySize / 2
	}
	st := &p.stack[p.ply&(historySize-1)]
	p.ply++
	st.move = m
	st.ep = int8(p.ep)
	st.halfmove = int32(p.halfmove)
	st.key = p.key
	st.checkers = p.checkers
	st.captured = 0
	return st
}

// Make plays a legal move (one from LegalMoves, Captures, Quiets or
// ParseMove, or one IsLegal accepted).
func (p *Position) Make(m move.Move) {
	st := p.push(m)
	us, them := p.side, p.side^1
	from, to := m.From(), m.To()
	pt := p.cells[from].piece()

	p.key ^= p.epKey()
	p.halfmove++
	if m.IsEnPassant() {
		p.removePiece(move.Pawn, them, int(pawnStep[them][to]))
		st.captured = makeContent(move.Pawn, them)
	} else if x := p.cells[to]; x != 0 {
		p.removePiece(x.piece(), them, to)
		st.captured = x
	}
	if st.captured != 0 || pt == move.Pawn {
		p.halfmove = 0
	}
	if promo := m.Promotion(); promo != move.NoPiece {
		p.removePiece(move.Pawn, us, from)
		p.putPiece(promo, us, to)
	} else {
		p.movePiece(pt, us, from, to)
	}
	if pt == move.King {
		p.kings[us] = to
	}
	p.ep = NoCell
	if m.IsDoublePush() {
		p.ep = int(pawnStep[us][from])
	}
	if us == move.Black {
		p.fullmove++
	}
	p.side = them
	p.key ^= sideKey ^ p.epKey()
	p.checkers = p.checkersAfter(m, from, to)
}

// checkersAfter finds the checks a move gives: a direct one from the piece
// that arrived on to, and discovered ones along the lines from the enemy king
// through the cells the move emptied (from, and the victim's cell of an en
// passant capture). Cheaper than asking for every attacker of the king.
func (p *Position) checkersAfter(m move.Move, from, to int) Mask {
	us := p.side ^ 1
	k := p.kings[p.side]
	occ := p.Occupied()
	var checkers Mask
	switch pt := p.cells[to&127].piece(); pt {
	case move.Pawn:
		if pawnAttacks[us][to&127].Has(k) {
			checkers = CellMask(to)
		}
	case move.Knight:
		if knightAttacks[to&127].Has(k) {
			checkers = CellMask(to)
		}
	case move.Bishop, move.Rook, move.Queen:
		if d := lineDir[to&127][k&127]; d >= 0 && (pt == move.Queen || (d < 6) == (pt == move.Rook)) &&
			between(to, k).And(occ).IsEmpty() {
			checkers = CellMask(to)
		}
	}
	checkers = checkers.Or(p.sliderBehind(k, from, occ, us))
	if m.IsEnPassant() {
		checkers = checkers.Or(p.sliderBehind(k, int(pawnStep[p.side][to&127]), occ, us))
	}
	return checkers
}

// sliderBehind is the slider of colour by, if any, that sees cell k along the
// line from k through the cell through.
func (p *Position) sliderBehind(k, through int, occ Mask, by move.Color) Mask {
	d := int(lineDir[k&127][through&127])
	if d < 0 {
		return Mask{}
	}
	ray := rays[k&127][d&15]
	var seen Mask
	if dirAscending(d) {
		seen = rayAbove(ray, occ)
	} else {
		seen = rayBelow(ray, occ)
	}
	sliders := p.byPiece[move.Bishop]
	if d < 6 {
		sliders = p.byPiece[move.Rook]
	}
	return seen.And(sliders.Or(p.byPiece[move.Queen])).And(p.byColor[by&1])
}

// Unmake takes back the last move made with Make.
func (p *Position) Unmake() {
	if p.ply == 0 {
		return
	}
	p.ply--
	st := &p.stack[p.ply&(historySize-1)]
	m := st.move
	p.side ^= 1
	us, them := p.side, p.side^1
	if us == move.Black {
		p.fullmove--
	}
	from, to := m.From(), m.To()
	if promo := m.Promotion(); promo != move.NoPiece {
		p.removePiece(promo, us, to)
		p.putPiece(move.Pawn, us, from)
	} else {
		pt := p.cells[to].piece()
		p.movePiece(pt, us, to, from)
		if pt == move.King {
			p.kings[us] = from
		}
	}
	if x := st.captured; x != 0 {
		cell := to
		if m.IsEnPassant() {
			cell = int(pawnStep[them][to])
		}
		p.putPiece(x.piece(), them, cell)
	}
	p.ep = int(st.ep)
	p.halfmove = int(st.halfmove)
	p.key = st.key
	p.checkers = st.checkers
}

// MakeNull passes the move (not allowed in check); UnmakeNull undoes it.
func (p *Position) MakeNull() {
	p.push(move.None)
	p.key ^= p.epKey()
	p.ep = NoCell
	p.halfmove++
	p.side ^= 1
	p.key ^= sideKey
	p.checkers = Mask{}
}

// UnmakeNull undoes MakeNull.
func (p *Position) UnmakeNull() {
	if p.ply == 0 {
		return
	}
	p.ply--
	st := &p.stack[p.ply&(historySize-1)]
	p.side ^= 1
	p.ep = int(st.ep)
	p.halfmove = int(st.halfmove)
	p.key = st.key
	p.checkers = st.checkers
}

// Ply is the number of moves that Unmake can take back.
func (p *Position) Ply() int { return p.ply }

// IsRepetition says whether the current position occurred before since the
// last irreversible move (game history included).
func (p *Position) IsRepetition() bool {
	stop := p.ply - p.halfmove
	if stop < 0 {
		stop = 0
	}
	for i := p.ply - 4; i >= stop; i -= 2 {
		if p.stack[i&(historySize-1)].key == p.key {
			return true
		}
	}
	return false
}

// repetitions counts earlier occurrences of the current position.
func (p *Position) repetitions() int {
	stop := p.ply - p.halfmove
	if stop < 0 {
		stop = 0
	}
	n := 0
	for i := p.ply - 2; i >= stop; i -= 2 {
		if p.stack[i&(historySize-1)].key == p.key {
			n++
		}
	}
	return n
}
