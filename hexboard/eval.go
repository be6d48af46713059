package hexboard

import (
	"math/bits"

	"github.com/sakk-chess/sakk/game/move"
)

// The Glinski evaluation: the orthodox framework (tapered midgame/endgame
// Scores, every weight in Weights, written by the tuner in bench/tune) with
// hexagonal terms: material with the third bishop and ninth pawn,
// half-board piece-square tables (the f-file is the axis), mobility over the
// 12 directions, pawn structure and passed pawns on hex geometry, king
// shelter and attack, rooks on open files, pawn threats and tempo.

// EvalWeights holds every tunable weight. It must contain only Scores (the
// tuner views it as a flat vector). Piece-square tables use White's view,
// folded onto files f..l (index by |q| and rank, see pstIndex), so the
// evaluation is symmetric about the f-file.
type EvalWeights struct {
	Material [6]Score // by piece type, Pawn..Queen (index 0 unused)
	PST      [7][halfCells]Score

	KnightMobility [13]Score
	BishopMobility [15]Score
	RookMobility   [31]Score
	QueenMobility  [43]Score

	Passed          [11]Score // by steps left to the promotion cell
	PassedBlocked   Score     // passed pawn with a piece on its stop cell
	PassedOwnKing   Score     // per king step from its stop cell
	PassedTheirKing Score
	Isolated        Score // no own pawn on a neighbouring file
	Doubled         Score // the rear pawn of two on one file
	Supported       Score // defended by an own pawn

	BishopPair   Score // two or more bishops
	RookOpen     Score // no pawn on the file
	RookSemiOpen Score // no own pawn on the file
	PawnThreat   Score // an enemy piece (not pawn) attacked by our pawn

	ShelterNear Score // own pawn on one of the three cells straight ahead of the king
	ShelterFar  Score // own pawn one ring further ahead
	KingAttack  [kingAttackUnits]Score

	Tempo Score
}

// halfCells is the number of cells on files f..l (11+10+9+8+7+6).
const halfCells = 51

// kingAttackUnits bounds the attack-unit index of the king safety table.
const kingAttackUnits = 24

// attackUnitWeight is what one attacker of each type adds to the attack
// units on a king zone (plus one per zone cell it hits). Fixed, not tuned.
var attackUnitWeight = [7]int{move.Knight: 2, move.Bishop: 2, move.Rook: 3, move.Queen: 4}

// Evaluation tables, filled by init.
var (
	pstIndexOf  [2][128]uint8 // folded table index of a cell seen from each side
	flipCell    [128]int8     // the same cell seen from the other side (rank r -> len-r+1)
	fileMasks   [NumFiles]Mask
	forwardFile [2][128]Mask // cells ahead on the same file
	passedSpan  [2][128]Mask // cells from which an enemy pawn could block or capture
	shelterNear [2][128]Mask
	shelterFar  [2][128]Mask
)

func init() {
	for c := 0; c < 128; c++ {
		flipCell[c] = NoCell
	}
	for c := 0; c < NumCells; c++ {
		f, r := File(c), Rank(c)
		flipCell[c] = int8(CellAt(f, FileLength(f)-r+1))
		fileMasks[f] = fileMasks[f].Or(CellMask(c))
	}
	start := [6]int{}
	for aq := 1; aq < 6; aq++ {
		start[aq] = start[aq-1] + 11 - (aq - 1)
	}
	for c := 0; c < NumCells; c++ {
		pstIndexOf[move.White][c] = uint8(start[abs(Q(c))] + Rank(c) - 1)
		pstIndexOf[move.Black][c] = uint8(start[abs(Q(c))] + FileLength(File(c)) - Rank(c))
		for o := 0; o < NumCells; o++ {
			dq, dy := Q(o)-Q(c), Y2(o)-Y2(c)
			om := CellMask(o)
			for col, sign := range [2]int{1, -1} {
				ahead := dy*sign > 0
				if dq == 0 && ahead {
					forwardFile[col][c] = forwardFile[col][c].Or(om)
				}
				if abs(dq) <= 1 && ahead {
					passedSpan[col][c] = passedSpan[col][c].Or(om)
				}
				switch {
				case (dq == 0 && dy*sign == 2) || (abs(dq) == 1 && dy*sign == 1):
					shelterNear[col][c] = shelterNear[col][c].Or(om)
				case (dq == 0 && dy*sign == 4) || (abs(dq) == 1 && dy*sign == 3) || (abs(dq) == 2 && dy*sign == 2):
					shelterFar[col][c] = shelterFar[col][c].Or(om)
				}
			}
		}
	}
}

// Phase weighs the pieces on the board (knights and bishops 1, rooks 2,
// queens 4, both sides), capped at PhaseMax (the start position's 26).
func (p *Position) Phase() int {
	ph := p.byPiece[move.Knight].Or(p.byPiece[move.Bishop]).Count() +
		2*p.byPiece[move.Rook].Count() + 4*p.byPiece[move.Queen].Count()
	return min(ph, PhaseMax)
}

// Evaluate is the static evaluation in centipawns from the side to move's
// point of view.
func (p *Position) Evaluate() int { return p.evaluate(nil) }

// EvalFeaturesOf fills f with the linear form of the evaluation (see
// EvalFeatures) and returns the evaluation from the side to move's view.
func (p *Position) EvalFeaturesOf(f *EvalFeatures) int {
	f.Reset(WeightVector())
	return p.evaluate(f)
}

// evalContext is what both sides' terms share.
type evalContext struct {
	pawns       [2]Mask
	pawnAttacks [2]Mask
	occ         Mask
}

func (p *Position) evaluate(f *EvalFeatures) int {
	w := &Weights
	var ctx evalContext
	ctx.occ = p.Occupied()
	for c := move.White; c <= move.Black; c++ {
		ctx.pawns[c] = p.Pieces(c, move.Pawn)
		for b := ctx.pawns[c]; b.Any(); {
			ctx.pawnAttacks[c] = ctx.pawnAttacks[c].Or(pawnAttacks[c][b.PopLowest()&127])
		}
	}
	var total [2]Score
	for c := move.White; c <= move.Black; c++ {
		total[c] = p.evalSide(c, w, &ctx, f) + p.pawnStructure(c, w, &ctx, f)
	}
	total[p.side] += w.Tempo
	if f != nil {
		f.Add(p.side, &w.Tempo, 1)
	}
	s := total[move.White] - total[move.Black]

	phase := p.Phase()
	scale := p.endgameScale(s.MG(), s.EG())
	if f != nil {
		f.Phase, f.Scale = phase, scale
	}
	v := (s.MG()*phase + s.EG()*(PhaseMax-phase)) / PhaseMax * scale / 64
	if p.side == move.Black {
		return -v
	}
	return v
}

// evalSide is the sum of colour c's piece terms.
func (p *Position) evalSide(c move.Color, w *EvalWeights, ctx *evalContext, f *EvalFeatures) Score {
	them := c.Other()
	var s Score
	for pt := move.Pawn; pt <= move.Queen; pt++ {
		n := p.counts[c&1][pt]
		s += w.Material[pt] * Score(n)
		if f != nil {
			f.Add(c, &w.Material[pt], n)
		}
	}

	// Cells worth counting for mobility: not our pawns or king, not attacked
	// by an enemy pawn.
	mobilityArea := Board.AndNot(ctx.pawns[c].Or(CellMask(p.kings[c])).Or(ctx.pawnAttacks[them]))
	enemyKing := p.kings[them] & 127
	kingZone := kingAttacks[enemyKing].Or(CellMask(enemyKing))
	attackers, units := 0, 0
	enemies := p.byColor[them&1]

	for b := p.byColor[c&1].AndNot(p.byPiece[move.Pawn]); b.Any(); {
		cell := b.PopLowest() & 127
		pt := p.cells[cell].piece()
		idx := pstIndexOf[c&1][cell]
		s += w.PST[pt&7][idx%halfCells]
		if f != nil {
			f.Add(c, &w.PST[pt&7][idx%halfCells], 1)
		}
		var attacks Mask
		switch pt {
		case move.Knight:
			attacks = knightAttacks[cell]
			n := min(attacks.And(mobilityArea).Count(), 12)
			s += w.KnightMobility[n]
			if f != nil {
				f.Add(c, &w.KnightMobility[n], 1)
			}
		case move.Bishop:
			attacks = BishopAttacks(cell, ctx.occ)
			n := min(attacks.And(mobilityArea).Count(), 14)
			s += w.BishopMobility[n]
			if f != nil {
				f.Add(c, &w.BishopMobility[n], 1)
			}
		case move.Rook:
			attacks = RookAttacks(cell, ctx.occ)
			n := min(attacks.And(mobilityArea).Count(), 30)
			s += w.RookMobility[n]
			if f != nil {
				f.Add(c, &w.RookMobility[n], 1)
			}
			file := fileMasks[cellFile[cell]%NumFiles]
			if file.And(ctx.pawns[c]).IsEmpty() {
				weight := &w.RookSemiOpen
				if file.And(ctx.pawns[them]).IsEmpty() {
					weight = &w.RookOpen
				}
				s += *weight
				if f != nil {
					f.Add(c, weight, 1)
				}
			}
		case move.Queen:
			attacks = QueenAttacks(cell, ctx.occ)
			n := min(attacks.And(mobilityArea).Count(), 42)
			s += w.QueenMobility[n]
			if f != nil {
				f.Add(c, &w.QueenMobility[n], 1)
			}
		default: // king: shelter
			near := shelterNear[c&1][cell].And(ctx.pawns[c]).Count()
			far := shelterFar[c&1][cell].And(ctx.pawns[c]).Count()
			s += w.ShelterNear*Score(near) + w.ShelterFar*Score(far)
			if f != nil {
				f.Add(c, &w.ShelterNear, near)
				f.Add(c, &w.ShelterFar, far)
			}
			continue
		}
		if hits := attacks.And(kingZone); hits.Any() {
			attackers++
			units += attackUnitWeight[pt&7] + hits.Count()
		}
	}
	if attackers >= 2 {
		u := min(units, kingAttackUnits-1)
		s += w.KingAttack[u]
		if f != nil {
			f.Add(c, &w.KingAttack[u], 1)
		}
	}
	if p.counts[c&1][move.Bishop] >= 2 {
		s += w.BishopPair
		if f != nil {
			f.Add(c, &w.BishopPair, 1)
		}
	}
	if n := ctx.pawnAttacks[c].And(enemies).AndNot(p.byPiece[move.Pawn]).Count(); n > 0 {
		s += w.PawnThreat * Score(n)
		if f != nil {
			f.Add(c, &w.PawnThreat, n)
		}
	}
	return s
}

// pawnStructure scores colour c's pawns: table, isolated, doubled,
// supported and passed pawns.
func (p *Position) pawnStructure(c move.Color, w *EvalWeights, ctx *evalContext, f *EvalFeatures) Score {
	them := c.Other()
	own, enemy := ctx.pawns[c], ctx.pawns[them]
	var s Score
	// Pass 1: the files holding our pawns, as 11 bits.
	files, count := 0, 0
	for b := own; b.Any(); count++ {
		files |= 1 << (cellFile[b.PopLowest()&127] & 15)
	}
	// Every pawn but the front one of its file is a rear doubled pawn.
	if doubled := count - bits.OnesCount(uint(files)); doubled > 0 {
		s += w.Doubled * Score(doubled)
		if f != nil {
			f.Add(c, &w.Doubled, doubled)
		}
	}
	for b := own; b.Any(); {
		cell := b.PopLowest() & 127
		idx := pstIndexOf[c&1][cell] % halfCells
		s += w.PST[move.Pawn][idx]
		if f != nil {
			f.Add(c, &w.PST[move.Pawn][idx], 1)
		}
		if files&(0b101<<(cellFile[cell]&15)>>1) == 0 {
			s += w.Isolated
			if f != nil {
				f.Add(c, &w.Isolated, 1)
			}
		}
		ahead := forwardFile[c&1][cell]
		if ctx.pawnAttacks[c].Has(cell) {
			s += w.Supported
			if f != nil {
				f.Add(c, &w.Supported, 1)
			}
		}
		if passedSpan[c&1][cell].And(enemy).IsEmpty() && ahead.And(own).IsEmpty() {
			d := PromotionDistance(c, cell)
			stop := int(pawnStep[c&1][cell]) & 127
			ownDist, theirDist := Distance(p.kings[c], stop), Distance(p.kings[them], stop)
			s += w.Passed[d%11] + w.PassedOwnKing*Score(ownDist) + w.PassedTheirKing*Score(theirDist)
			blocked := ctx.occ.Has(stop)
			if blocked {
				s += w.PassedBlocked
			}
			if f != nil {
				f.Add(c, &w.Passed[d%11], 1)
				f.Add(c, &w.PassedOwnKing, ownDist)
				f.Add(c, &w.PassedTheirKing, theirDist)
				if blocked {
					f.Add(c, &w.PassedBlocked, 1)
				}
			}
		}
	}
	return s
}

// endgameScale (of 64) shrinks the evaluation when the side ahead cannot
// make much of it: no pawns and too little extra material. (A lone minor
// piece can mate here, but not by force.)
func (p *Position) endgameScale(mg, eg int) int {
	// The side ahead by the endgame part, or by the midgame part on a tie
	// (both zero: the score is zero whatever the scale).
	strong := move.White
	if eg < 0 || eg == 0 && mg < 0 {
		strong = move.Black
	}
	weak := strong.Other()
	if p.counts[strong][move.Pawn] != 0 {
		return 64
	}
	npm := func(c move.Color) int { return p.material[c] - PieceValue[move.Pawn]*p.counts[c][move.Pawn] }
	switch {
	case npm(strong) < PieceValue[move.Rook]:
		return 4
	case npm(strong)-npm(weak) <= PieceValue[move.Bishop]:
		return 16
	}
	return 64
}
