package board

import "github.com/sakk-chess/sakk/game/move"

// genKind selects which legal moves a generator writes.
type genKind uint8

const (
	genCaptures genKind = 1 << iota // captures and every promotion
	genQuiets                       // everything else
	genAll      = genCaptures | genQuiets
)

// LegalMoves fills list with every legal move.
func (p *Position) LegalMoves(list *move.List) {
	list.Clear()
	p.generate(list, genAll)
}

// Captures fills list with the legal captures (en passant included) and all
// promotions.
func (p *Position) Captures(list *move.List) {
	list.Clear()
	p.generate(list, genCaptures)
}

// Quiets fills list with the legal moves that Captures leaves out.
func (p *Position) Quiets(list *move.List) {
	list.Clear()
	p.generate(list, genQuiets)
}

// generate appends the legal moves of the kinds asked for. Legality comes
// from the check mask (evasions), pin lines (pinned pieces), explicit attack
// tests for king steps and castling, and a full test for en passant.
func (p *Position) generate(list *move.List, kind genKind) {
	us, them := p.side&1, p.side.Other()&1
	occupied := p.occupied
	king := LSB(p.byType[move.King] & p.byColor[us])
	checkers := p.st().checkers

	var targets uint64
	if kind&genCaptures != 0 {
		targets |= p.byColor[them]
	}
	if kind&genQuiets != 0 {
		targets |= ^occupied
	}
	p.addKingMoves(list, king, kingAttacks[king&63]&targets)
	if checkers&(checkers-1) != 0 {
		return // double check: only the king may move
	}
	if checkers != 0 {
		targets &= betweenMask[king&63][LSB(checkers)&63] | checkers
	} else if kind&genQuiets != 0 {
		p.addCastling(list, us)
	}
	pinned := p.pinned(us, king)
	ours := p.byColor[us]

	for b := p.byType[move.Knight] & ours &^ pinned; b != 0; b &= b - 1 {
		from := LSB(b)
		p.addPieceMoves(list, from, move.Knight, knightAttacks[from&63]&targets)
	}
	queens := p.byType[move.Queen]
	for b := (p.byType[move.Bishop] | queens) & ours; b != 0; b &= b - 1 {
		from := LSB(b)
		to := BishopAttacks(from, occupied) & targets
		if pinned&Bit(from) != 0 {
			to &= lineMask[king&63][from&63]
		}
		p.addPieceMoves(list, from, p.squares[from&63].piece(), to)
	}
	for b := (p.byType[move.Rook] | queens) & ours; b != 0; b &= b - 1 {
		from := LSB(b)
		to := RookAttacks(from, occupied) & targets
		if pinned&Bit(from) != 0 {
			to &= lineMask[king&63][from&63]
		}
		p.addPieceMoves(list, from, p.squares[from&63].piece(), to)
	}
	p.addPawnMoves(list, kind, king, pinned)
}

// addPieceMoves writes a move from from to each square of to.
func (p *Position) addPieceMoves(list *move.List, from int, piece move.Piece, to uint64) {
	for ; to != 0; to &= to - 1 {
		sq := LSB(to)
		list.Add(move.New(from, sq, piece, p.squares[sq&63].piece(), move.NoPiece, 0))
	}
}

// addKingMoves writes the king steps to unattacked squares of to.
func (p *Position) addKingMoves(list *move.List, king int, to uint64) {
	them := p.side.Other()
	withoutKing := p.occupied &^ Bit(king)
	for ; to != 0; to &= to - 1 {
		sq := LSB(to)
		if !p.IsAttacked(sq, them, withoutKing) {
			list.Add(move.New(king, sq, move.King, p.squares[sq&63].piece(), move.NoPiece, 0))
		}
	}
}

// canCastle checks one right: held, path empty, king never crossing or
// landing on an attacked square. The caller checks that us is not in check.
func (p *Position) canCastle(us move.Color, side int) (*castleSetup, bool) {
	idx := castleIndex(us, side) & 3
	if p.st().castling&(1<<idx) == 0 {
		return nil, false
	}
	setup := &p.castleSetups[idx]
	if p.occupied&setup.mustBeEmpty != 0 {
		return nil, false
	}
	// Without king and rook: the rook may have shielded a square of the path.
	occupied := p.occupied &^ (Bit(setup.kingFrom) | Bit(setup.rookFrom))
	them := us.Other()
	for path := setup.kingPath; path != 0; path &= path - 1 {
		if p.IsAttacked(LSB(path), them, occupied) {
			return nil, false
		}
	}
	return setup, true
}

// addCastling writes the legal castling moves (the side is not in check).
func (p *Position) addCastling(list *move.List, us move.Color) {
	for side := castleKingSide; side <= castleQueenSide; side++ {
		if setup, ok := p.canCastle(us, side); ok {
			list.Add(move.New(setup.kingFrom, setup.rookFrom, move.King, move.NoPiece, move.NoPiece, move.FlagCastle))
		}
	}
}

// pawnGeometry is a side's pawn directions and special ranks.
type pawnGeometry struct {
	forward    int    // square delta of one step ahead
	doubleFrom uint64 // rank a single push must land on to allow a double
	promotion  uint64 // last rank
}

var pawnGeometries = [2]pawnGeometry{
	move.White: {forward: 8, doubleFrom: Rank3, promotion: Rank8},
	move.Black: {forward: -8, doubleFrom: Rank6, promotion: Rank1},
}

// shiftForward moves a set of squares by delta (±8, ±7, ±9).
func shiftForward(b uint64, delta int) uint64 {
	if delta > 0 {
		return b << uint(delta)
	}
	return b >> uint(-delta)
}

// addPawnMoves writes the pawn moves of the kind asked for: unpinned pawns
// set-wise, pinned ones square by square along their pin line.
func (p *Position) addPawnMoves(list *move.List, kind genKind, king int, pinned uint64) {
	us, them := p.side&1, p.side.Other()&1
	geo := &pawnGeometries[us&1]
	checkMask := ^uint64(0)
	if checkers := p.st().checkers; checkers != 0 {
		checkMask = betweenMask[king&63][LSB(checkers)&63] | checkers
	}
	empty := ^p.occupied
	enemies := p.byColor[them] & checkMask
	pawns := p.byType[move.Pawn] & p.byColor[us]
	free := pawns &^ pinned

	left, right := geo.forward-1, geo.forward+1 // toward the a- and h-file
	single := shiftForward(free, geo.forward) & empty
	double := shiftForward(single&geo.doubleFrom, geo.forward) & empty & checkMask
	single &= checkMask
	capLeft := shiftForward(free&^FileA, left) & enemies
	capRight := shiftForward(free&^FileH, right) & enemies

	if kind&genQuiets != 0 {
		p.addPawnSet(list, single&^geo.promotion, geo.forward, 0)
		p.addPawnSet(list, double, 2*geo.forward, move.FlagDoublePush)
	}
	if kind&genCaptures != 0 {
		p.addPromotions(list, single&geo.promotion, geo.forward)
		p.addPromotions(list, capLeft&geo.promotion, left)
		p.addPromotions(list, capRight&geo.promotion, right)
		p.addPawnSet(list, capLeft&^geo.promotion, left, 0)
		p.addPawnSet(list, capRight&^geo.promotion, right, 0)
	}
	for b := pawns & pinned; b != 0; b &= b - 1 {
		from := LSB(b)
		pin := lineMask[king&63][from&63] & checkMask
		to := pawnAttacks[us&1][from&63] & p.byColor[them]
		if push := Bit(from+geo.forward) & empty; push != 0 {
			to |= push | shiftForward(push&geo.doubleFrom, geo.forward)&empty
		}
		p.addPinnedPawnMoves(list, kind, from, to&pin)
	}
	if kind&genCaptures != 0 {
		p.addEnPassant(list, king)
	}
}

// addPinnedPawnMoves writes the moves of one pawn to the squares of to,
// sorting them into captures (with all promotions) and quiets.
func (p *Position) addPinnedPawnMoves(list *move.List, kind genKind, from int, to uint64) {
	for ; to != 0; to &= to - 1 {
		sq := LSB(to)
		captured := p.squares[sq&63].piece()
		switch {
		case Bit(sq)&(Rank1|Rank8) != 0:
			if kind&genCaptures != 0 {
				addPromotionsOf(list, from, sq, captured)
			}
		case captured != move.NoPiece:
			if kind&genCaptures != 0 {
				list.Add(move.New(from, sq, move.Pawn, captured, move.NoPiece, 0))
			}
		case kind&genQuiets != 0:
			var flags move.Move
			if sq-from == 16 || from-sq == 16 {
				flags = move.FlagDoublePush
			}
			list.Add(move.New(from, sq, move.Pawn, move.NoPiece, move.NoPiece, flags))
		}
	}
}

// addPawnSet writes one pawn move to each square of to, coming from delta behind.
func (p *Position) addPawnSet(list *move.List, to uint64, delta int, flags move.Move) {
	for ; to != 0; to &= to - 1 {
		sq := LSB(to)
		list.Add(move.New(sq-delta, sq, move.Pawn, p.squares[sq&63].piece(), move.NoPiece, flags))
	}
}

// addPromotions writes the four promotions to each square of to.
func (p *Position) addPromotions(list *move.List, to uint64, delta int) {
	for ; to != 0; to &= to - 1 {
		sq := LSB(to)
		addPromotionsOf(list, sq-delta, sq, p.squares[sq&63].piece())
	}
}

func addPromotionsOf(list *move.List, from, to int, captured move.Piece) {
	for promo := move.Queen; promo >= move.Knight; promo-- {
		list.Add(move.New(from, to, move.Pawn, captured, promo, 0))
	}
}

// addEnPassant writes the legal en passant captures.
func (p *Position) addEnPassant(list *move.List, king int) {
	ep := int(p.st().epSquare)
	if ep == NoSquare {
		return
	}
	us := p.side
	for b := pawnAttacks[us.Other()&1][ep&63] & p.byType[move.Pawn] & p.byColor[us]; b != 0; b &= b - 1 {
		from := LSB(b)
		if p.enPassantLegal(king, from, ep) {
			list.Add(move.New(from, ep, move.Pawn, move.Pawn, move.NoPiece, move.FlagEnPassant))
		}
	}
}

// enPassantLegal plays the capture on the occupancy and looks for any
// remaining attack on the king: this catches pins of the capturer, the rank
// pin through both pawns, and checks the capture does not answer.
func (p *Position) enPassantLegal(king, from, ep int) bool {
	captured := ep ^ 8
	occupied := p.occupied&^(Bit(from)|Bit(captured)) | Bit(ep)
	them := p.byColor[p.side.Other()] &^ Bit(captured)
	queens := p.byType[move.Queen]
	if BishopAttacks(king, occupied)&(p.byType[move.Bishop]|queens)&them != 0 ||
		RookAttacks(king, occupied)&(p.byType[move.Rook]|queens)&them != 0 {
		return false
	}
	return p.st().checkers&(p.byType[move.Knight]|p.byType[move.Pawn])&them == 0
}
