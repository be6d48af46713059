package board

import (
	"math/bits"

	"github.com/sakk-chess/sakk/game/move"
)

// CountLegal is the number of legal moves, found mostly by popcounts of
// target sets instead of writing moves: perft's last ply.
func (p *Position) CountLegal() int {
	us, them := p.side, p.side.Other()
	ours, theirs := p.byColor[us&1], p.byColor[them&1]
	occupied := p.occupied
	king := LSB(p.byType[move.King]&ours) & 63
	checkers := p.states[p.sp&(historySize-1)].checkers

	n := p.countKingMoves(king, kingAttacks[king]&^ours)
	if checkers&(checkers-1) != 0 {
		return n
	}
	targets := ^ours
	if checkers != 0 {
		targets = betweenMask[king][LSB(checkers)&63] | checkers
	} else {
		for side := castleKingSide; side <= castleQueenSide; side++ {
			if _, ok := p.canCastle(us, side); ok {
				n++
			}
		}
	}
	pinned := p.pinned(us, king)

	for b := p.byType[move.Knight] & ours &^ pinned; b != 0; b &= b - 1 {
		n += bits.OnesCount64(knightAttacks[LSB(b)&63] & targets)
	}
	queens := p.byType[move.Queen]
	for b := (p.byType[move.Bishop] | queens) & ours; b != 0; b &= b - 1 {
		from := LSB(b) & 63
		to := BishopAttacks(from, occupied) & targets
		if pinned&Bit(from) != 0 {
			to &= lineMask[king][from]
		}
		n += bits.OnesCount64(to)
	}
	for b := (p.byType[move.Rook] | queens) & ours; b != 0; b &= b - 1 {
		from := LSB(b) & 63
		to := RookAttacks(from, occupied) & targets
		if pinned&Bit(from) != 0 {
			to &= lineMask[king][from]
		}
		n += bits.OnesCount64(to)
	}

	// Pawns: set-wise for the free ones; promotions count four.
	geo := &pawnGeometries[us&1]
	empty := ^occupied
	enemies := theirs & targets
	pawns := p.byType[move.Pawn] & ours
	free := pawns &^ pinned
	single := shiftForward(free, geo.forward) & empty
	double := shiftForward(single&geo.doubleFrom, geo.forward) & empty & targets
	single &= targets
	captures := shiftForward(free&^FileA, geo.forward-1) & enemies
	captures2 := shiftForward(free&^FileH, geo.forward+1) & enemies
	n += bits.OnesCount64(double) +
		bits.OnesCount64(single&^geo.promotion) + 4*bits.OnesCount64(single&geo.promotion) +
		bits.OnesCount64(captures&^geo.promotion) + 4*bits.OnesCount64(captures&geo.promotion) +
		bits.OnesCount64(captures2&^geo.promotion) + 4*bits.OnesCount64(captures2&geo.promotion)
	for b := pawns & pinned; b != 0; b &= b - 1 {
		from := LSB(b) & 63
		to := pawnAttacks[us&1][from] & theirs
		if push := Bit(from+geo.forward) & empty; push != 0 {
			to |= push | shiftForward(push&geo.doubleFrom, geo.forward)&empty
		}
		to &= lineMask[king][from] & targets
		n += bits.OnesCount64(to&^geo.promotion) + 4*bits.OnesCount64(to&geo.promotion)
	}
	if ep := int(p.states[p.sp&(historySize-1)].epSquare); ep != NoSquare {
		for b := pawnAttacks[them&1][ep&63] & pawns; b != 0; b &= b - 1 {
			if p.enPassantLegal(king, LSB(b), ep) {
				n++
			}
		}
	}
	return n
}

// countKingMoves counts the king steps to unattacked squares of to.
func (p *Position) countKingMoves(king int, to uint64) int {
	them := p.side.Other()
	withoutKing := p.occupied &^ Bit(king)
	n := 0
	for ; to != 0; to &= to - 1 {
		if !p.IsAttacked(LSB(to), them, withoutKing) {
			n++
		}
	}
	return n
}
