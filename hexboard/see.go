package hexboard

import "github.com/sakk-chess/sakk/game/move"

// SEE is the static exchange evaluation of move m in centipawns: the material
// the side to move wins (or loses, if negative) when both sides keep
// capturing on m's destination with their least valuable attacker, each free
// to stop. Sliders behind a capturer join in (x-rays); pins are ignored. A
// king only captures when nothing defends the cell any more.
func (p *Position) SEE(m move.Move) int {
	from, to := m.From(), m.To()
	if from >= NumCells || to >= NumCells || p.cells[from] == 0 {
		return 0
	}
	var gain [40]int
	occ := p.Occupied().AndNot(CellMask(from))
	if m.IsEnPassant() {
		gain[0] = PieceValue[move.Pawn]
		occ = occ.AndNot(CellMask(int(pawnStep[p.side^1][to])))
	} else {
		gain[0] = PieceValue[p.cells[to].piece()]
	}
	onCell := p.cells[from].piece() // the piece standing on `to` after each capture
	if pr := m.Promotion(); pr != move.NoPiece {
		gain[0] += PieceValue[pr] - PieceValue[move.Pawn]
		onCell = pr
	}
	side := p.side ^ 1
	d := 0
	for d < len(gain)-1 {
		attackers := p.AttackersTo(to, occ).And(occ)
		mine := attackers.And(p.byColor[side])
		if mine.IsEmpty() {
			break
		}
		cell, pt := p.leastValuable(mine)
		if pt == move.King && attackers.And(p.byColor[side^1]).Any() {
			break
		}
		d++
		gain[d] = pieceValueSEE(onCell) - gain[d-1]
		onCell = pt
		occ = occ.AndNot(CellMask(cell))
		side ^= 1
	}
	for ; d > 0; d-- {
		gain[d-1] = -max(-gain[d-1], gain[d])
	}
	return gain[0]
}

// pieceValueSEE values a king above everything so it is never given away.
func pieceValueSEE(pt move.Piece) int {
	if pt == move.King {
		return 20000
	}
	return PieceValue[pt]
}

func (p *Position) leastValuable(attackers Mask) (int, move.Piece) {
	for pt := move.Pawn; pt <= move.King; pt++ {
		if m := attackers.And(p.byPiece[pt]); m.Any() {
			return m.Lowest(), pt
		}
	}
	return NoCell, move.NoPiece
}
