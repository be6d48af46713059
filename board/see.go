package board

import "github.com/sakk-chess/sakk/game/move"

// seeKingValue makes a king the last piece anyone wants to give up.
const seeKingValue = 20000

func seeValue(pt move.Piece) int {
	if pt == move.King {
		return seeKingValue
	}
	return PieceValue[pt&7]
}

// SEE is the static exchange evaluation of m in centipawns: the material the
// mover expects to win on the target square when both sides keep capturing
// there with their least valuable piece (x-rays included, pins ignored) and
// may stop whenever continuing would lose. Castling scores 0.
func (p *Position) SEE(m move.Move) int {
	if m.IsCastle() {
		return 0
	}
	from, to := m.From()&63, m.To()&63
	occupied := p.occupied &^ Bit(from)
	var gain [40]int
	gain[0] = seeValue(p.squares[to].piece())
	if m.IsEnPassant() {
		gain[0] = PieceValue[move.Pawn]
		occupied &^= Bit(to ^ 8)
	}
	onSquare := seeValue(m.Piece()) // value of the piece now standing on to
	if promo := m.Promotion(); promo != move.NoPiece {
		gain[0] += PieceValue[promo] - PieceValue[move.Pawn]
		onSquare = PieceValue[promo]
	}
	promotes := Bit(to)&(Rank1|Rank8) != 0
	bishops := p.byType[move.Bishop] | p.byType[move.Queen]
	rooks := p.byType[move.Rook] | p.byType[move.Queen]
	attackers := p.AttackersTo(to, occupied) & occupied
	side := p.side.Other()
	depth := 0
	for depth < len(gain)-1 {
		mine := attackers & p.byColor[side]
		if mine == 0 {
			break
		}
		pt := move.Pawn
		for ; pt < move.King && mine&p.byType[pt] == 0; pt++ {
		}
		if pt == move.King && attackers&p.byColor[side.Other()] != 0 {
			break // the king cannot capture into a defended square
		}
		depth++
		gain[depth] = onSquare - gain[depth-1]
		onSquare = seeValue(pt)
		if pt == move.Pawn && promotes {
			gain[depth] += PieceValue[move.Queen] - PieceValue[move.Pawn]
			onSquare = PieceValue[move.Queen]
		}
		occupied &^= Bit(LSB(mine & p.byType[pt]))
		// Uncover sliders behind the piece that just captured.
		attackers |= BishopAttacks(to, occupied)&bishops | RookAttacks(to, occupied)&rooks
		attackers &= occupied
		side = side.Other()
	}
	for ; depth > 0; depth-- {
		gain[depth-1] = -max(-gain[depth-1], gain[depth])
	}
	return gain[0]
}
