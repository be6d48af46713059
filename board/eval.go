package board

import (
	"math/bits"

	"github.com/sakk-chess/sakk/game/move"
)

// The orthodox evaluation: a tapered sum of midgame and endgame Scores over
// material, piece-square tables, mobility, pawn structure, passed pawns, king
// safety, bishop pair, rooks on open files, pawn threats and tempo. Every
// weight lives in Weights (eval_params.go, written by the tuner in
// bench/tune); the code here only counts how often each weight applies.

// EvalWeights holds every tunable weight. It must contain only Scores (the
// tuner views it as a flat vector). Tables indexed by square use White's
// view and fold files e-h onto d-a (index rank*4 + min(file, 7-file)), so
// the evaluation is left-right symmetric.
type EvalWeights struct {
	Material [6]Score // by piece type, Pawn..Queen (index 0 unused)
	PST      [7][32]Score

	KnightMobility [9]Score
	BishopMobility [14]Score
	RookMobility   [15]Score
	QueenMobility  [28]Score

	Passed          [8]Score // by relative rank
	PassedBlocked   Score    // passed pawn with a piece on its stop square
	PassedOwnKing   Score    // per king step from its stop square (endgame)
	PassedTheirKing Score
	Isolated        Score
	Doubled         Score // the rear pawn of two on one file
	Backward        Score
	Supported       Score // defended by an own pawn
	Phalanx         Score // an own pawn beside it

	BishopPair   Score
	RookOpen     Score // no pawn on the file
	RookSemiOpen Score // no own pawn on the file
	PawnThreat   Score // an enemy piece (not pawn) attacked by our pawn

	ShelterNear    Score                  // own pawn one rank ahead of the king on its or a next file
	ShelterFar     Score                  // two ranks ahead
	ShelterMissing Score                  // none on that file ahead of the king
	KingAttack     [kingAttackUnits]Score // by attack units on the enemy king zone

	Tempo Score
}

// kingAttackUnits bounds the attack-unit index of the king safety table.
const kingAttackUnits = 24

// attackUnitWeight is what one attacker of each type adds to the attack units
// on a king zone (plus one per zone square it hits). Fixed, not tuned: the
// table it indexes is.
var attackUnitWeight = [7]int{move.Knight: 2, move.Bishop: 2, move.Rook: 3, move.Queen: 4}

// King-shelter masks, filled by init.
var (
	adjacentFiles [8]uint64
	kingFiles     [8]uint64     // a king's file and the files beside it
	kingFront     [2][64]uint64 // ahead of the king on those files
	shelterNear   [2][64]uint64 // one rank ahead on those files
	shelterFar    [2][64]uint64 // two ranks ahead
)

func init() {
	for f := 0; f < 8; f++ {
		if f > 0 {
			adjacentFiles[f] |= FileMask(f - 1)
		}
		if f < 7 {
			adjacentFiles[f] |= FileMask(f + 1)
		}
	}
	for f := 0; f < 8; f++ {
		kingFiles[f] = FileMask(f) | adjacentFiles[f]
	}
	for sq := 0; sq < 64; sq++ {
		f, r := File(sq), Rank(sq)
		for c := move.White; c <= move.Black; c++ {
			ahead := frontFill(c, PawnPushes(c, RankMask(r)))
			kingFront[c][sq] = ahead & kingFiles[f]
			shelterNear[c][sq] = kingFront[c][sq] & RankMask(r+1-2*int(c))
			shelterFar[c][sq] = kingFront[c][sq] & RankMask(r+2-4*int(c))
		}
	}
}

// pstIndexOf is pstIndex as a table.
var pstIndexOf [2][64]uint8

func init() {
	for sq := 0; sq < 64; sq++ {
		pstIndexOf[move.White][sq] = uint8(pstIndex(move.White, sq))
		pstIndexOf[move.Black][sq] = uint8(pstIndex(move.Black, sq))
	}
}

// pstIndex is the folded table index of a square seen from colour c.
func pstIndex(c move.Color, sq int) int {
	sq ^= int(c) * 56
	f := sq & 7
	if f > 3 {
		f = 7 - f
	}
	return (sq>>3)*4 + f
}

// relRank is the rank of sq seen from colour c (0 = own first rank).
func relRank(c move.Color, sq int) int { return (sq >> 3) ^ int(c)*7 }

// Evaluate is the static evaluation in centipawns from the side to move's
// point of view.
func (p *Position) Evaluate() int { return p.evaluate(nil) }

// EvalFeaturesOf fills f with the linear form of the evaluation (see
// EvalFeatures) and returns the evaluation from the side to move's view.
func (p *Position) EvalFeaturesOf(f *EvalFeatures) int {
	f.Reset(WeightVector())
	return p.evaluate(f)
}

// evaluate computes the evaluation; when f is not nil it also records which
// weights applied (the tuner's and EvalTrace's view).
func (p *Position) evaluate(f *EvalFeatures) int {
	w := &Weights
	pawns := [2]uint64{p.Pieces(move.White, move.Pawn), p.Pieces(move.Black, move.Pawn)}
	pawnAttacks := [2]uint64{PawnAttacksSet(move.White, pawns[0]), PawnAttacksSet(move.Black, pawns[1])}
	kings := [2]int{p.KingSquare(move.White), p.KingSquare(move.Black)}

	var total [2]Score
	for c := move.White; c <= move.Black; c++ {
		total[c] = p.evalSide(c, w, &pawns, &pawnAttacks, &kings, f)
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

// evalSide is the sum of colour c's terms.
func (p *Position) evalSide(c move.Color, w *EvalWeights, pawns, pawnAttacks *[2]uint64, kings *[2]int, f *EvalFeatures) Score {
	them := c.Other()
	occ := p.occupied
	pst := &pstIndexOf[c&1]
	var s Score

	for pt := move.Pawn; pt <= move.Queen; pt++ {
		n := p.Count(c, pt)
		s += w.Material[pt] * Score(n)
		if f != nil {
			f.Add(c, &w.Material[pt], n)
		}
	}

	// Squares worth counting for mobility: not our pawns or king, not
	// attacked by an enemy pawn.
	mobilityArea := ^(pawns[c] | p.Pieces(c, move.King) | pawnAttacks[them])
	enemyKing := kings[them]
	kingZone := kingAttacks[enemyKing&63] | Bit(enemyKing)
	attackers, units := 0, 0
	// attack counts a piece that hits the enemy king zone.
	attack := func(pt move.Piece, attacks uint64) {
		if hits := attacks & kingZone; hits != 0 {
			attackers++
			units += attackUnitWeight[pt&7] + bits.OnesCount64(hits)
		}
	}

	for b := p.Pieces(c, move.Knight); b != 0; b &= b - 1 {
		sq := LSB(b) & 63
		idx := pst[sq] & 31
		attacks := knightAttacks[sq]
		n := min(bits.OnesCount64(attacks&mobilityArea), 8)
		s += w.PST[move.Knight][idx] + w.KnightMobility[n]
		if f != nil {
			f.Add(c, &w.PST[move.Knight][idx], 1)
			f.Add(c, &w.KnightMobility[n], 1)
		}
		attack(move.Knight, attacks)
	}
	for b := p.Pieces(c, move.Bishop); b != 0; b &= b - 1 {
		sq := LSB(b) & 63
		idx := pst[sq] & 31
		attacks := BishopAttacks(sq, occ)
		n := min(bits.OnesCount64(attacks&mobilityArea), 13)
		s += w.PST[move.Bishop][idx] + w.BishopMobility[n]
		if f != nil {
			f.Add(c, &w.PST[move.Bishop][idx], 1)
			f.Add(c, &w.BishopMobility[n], 1)
		}
		attack(move.Bishop, attacks)
	}
	for b := p.Pieces(c, move.Rook); b != 0; b &= b - 1 {
		sq := LSB(b) & 63
		idx := pst[sq] & 31
		attacks := RookAttacks(sq, occ)
		n := min(bits.OnesCount64(attacks&mobilityArea), 14)
		s += w.PST[move.Rook][idx] + w.RookMobility[n]
		if f != nil {
			f.Add(c, &w.PST[move.Rook][idx], 1)
			f.Add(c, &w.RookMobility[n], 1)
		}
		if file := FileMask(sq & 7); file&pawns[c] == 0 {
			weight := &w.RookSemiOpen
			if file&pawns[them] == 0 {
				weight = &w.RookOpen
			}
			s += *weight
			if f != nil {
				f.Add(c, weight, 1)
			}
		}
		attack(move.Rook, attacks)
	}
	for b := p.Pieces(c, move.Queen); b != 0; b &= b - 1 {
		sq := LSB(b) & 63
		idx := pst[sq] & 31
		attacks := QueenAttacks(sq, occ)
		n := min(bits.OnesCount64(attacks&mobilityArea), 27)
		s += w.PST[move.Queen][idx] + w.QueenMobility[n]
		if f != nil {
			f.Add(c, &w.PST[move.Queen][idx], 1)
			f.Add(c, &w.QueenMobility[n], 1)
		}
		attack(move.Queen, attacks)
	}
	s += p.kingShelter(c, kings[c], pawns[c], w, f)

	if attackers >= 2 {
		u := min(units, kingAttackUnits-1)
		s += w.KingAttack[u]
		if f != nil {
			f.Add(c, &w.KingAttack[u], 1)
		}
	}

	if p.Count(c, move.Bishop) >= 2 {
		s += w.BishopPair
		if f != nil {
			f.Add(c, &w.BishopPair, 1)
		}
	}
	if n := bits.OnesCount64(pawnAttacks[c] & p.byColor[them&1] &^ p.byType[move.Pawn]); n > 0 {
		s += w.PawnThreat * Score(n)
		if f != nil {
			f.Add(c, &w.PawnThreat, n)
		}
	}
	s += p.pawnStructure(c, w, pawns, pawnAttacks, kings, f)
	return s
}

// kingShelter scores the king's square and colour c's own pawns in front of
// its king on sq: one or two ranks ahead on its file and the files beside,
// and the files of those three with no own pawn ahead of the king at all.
func (p *Position) kingShelter(c move.Color, sq int, ownPawns uint64, w *EvalWeights, f *EvalFeatures) Score {
	idx := pstIndexOf[c&1][sq&63] & 31
	s := w.PST[move.King][idx]
	near := bits.OnesCount64(ownPawns & shelterNear[c&1][sq&63])
	far := bits.OnesCount64(ownPawns & shelterFar[c&1][sq&63])
	files := kingFiles[sq&7]
	missing := bits.OnesCount64(files&Rank1) - bits.OnesCount64(fileFill(ownPawns&kingFront[c&1][sq&63])&Rank1)
	s += w.ShelterNear*Score(near) + w.ShelterFar*Score(far) + w.ShelterMissing*Score(missing)
	if f != nil {
		f.Add(c, &w.PST[move.King][idx], 1)
		f.Add(c, &w.ShelterNear, near)
		f.Add(c, &w.ShelterFar, far)
		f.Add(c, &w.ShelterMissing, missing)
	}
	return s
}

// pawnStructure scores colour c's pawns: table, isolated, doubled, backward,
// supported, phalanx and passed pawns. All but the table and the passed
// pawns are counted set-wise.
func (p *Position) pawnStructure(c move.Color, w *EvalWeights, pawns, pawnAttacks *[2]uint64, kings *[2]int, f *EvalFeatures) Score {
	them := c.Other()
	own, enemy := pawns[c], pawns[them]
	var s Score
	for b := own; b != 0; b &= b - 1 {
		idx := pstIndexOf[c&1][LSB(b)&63] & 31
		s += w.PST[move.Pawn][idx]
		if f != nil {
			f.Add(c, &w.PST[move.Pawn][idx], 1)
		}
	}

	files := fileFill(own)
	isolated := own &^ ((files&^FileH)<<1 | (files&^FileA)>>1)
	// Behind is toward our own side; the attack span is every square our
	// pawns can ever attack by advancing.
	behind, attackSpan := rearFill(c, PawnPushes(them, own)), frontFill(c, pawnAttacks[c])
	doubled := own & behind
	stops := PawnPushes(c, own&^isolated)
	backward := PawnPushes(them, stops&pawnAttacks[them]&^attackSpan)
	supported := own & pawnAttacks[c]
	phalanx := own & ((own&^FileH)<<1 | (own&^FileA)>>1)
	counts := [5]int{bits.OnesCount64(isolated), bits.OnesCount64(doubled), bits.OnesCount64(backward),
		bits.OnesCount64(supported), bits.OnesCount64(phalanx)}
	weights := [5]*Score{&w.Isolated, &w.Doubled, &w.Backward, &w.Supported, &w.Phalanx}
	for i, n := range counts {
		s += *weights[i] * Score(n)
		if f != nil {
			f.Add(c, weights[i], n)
		}
	}

	// Enemy pawns stop every square behind them on their file and behind the
	// squares they attack.
	blockers := rearFill(c, PawnPushes(them, enemy)|pawnAttacks[them])
	for b := own &^ blockers &^ behind; b != 0; b &= b - 1 {
		sq := LSB(b)
		stop := (sq + 8 - 16*int(c)) & 63
		r := relRank(c, sq)
		s += w.Passed[r&7]
		ownDist := squareDistance(kings[c], stop)
		theirDist := squareDistance(kings[them], stop)
		s += w.PassedOwnKing*Score(ownDist) + w.PassedTheirKing*Score(theirDist)
		blocked := p.occupied&Bit(stop) != 0
		if blocked {
			s += w.PassedBlocked
		}
		if f != nil {
			f.Add(c, &w.Passed[r&7], 1)
			f.Add(c, &w.PassedOwnKing, ownDist)
			f.Add(c, &w.PassedTheirKing, theirDist)
			if blocked {
				f.Add(c, &w.PassedBlocked, 1)
			}
		}
	}
	return s
}

// fileFill is every square on a file that holds a square of b.
func fileFill(b uint64) uint64 {
	b |= b << 8
	b |= b << 16
	b |= b << 32
	b |= b >> 8
	b |= b >> 16
	b |= b >> 32
	return b
}

// frontFill is b and every square ahead of it, seen from colour c.
func frontFill(c move.Color, b uint64) uint64 {
	if c == move.White {
		b |= b << 8
		b |= b << 16
		return b | b<<32
	}
	b |= b >> 8
	b |= b >> 16
	return b | b>>32
}

// rearFill is b and every square behind it, seen from colour c.
func rearFill(c move.Color, b uint64) uint64 { return frontFill(c.Other(), b) }

// squareDistance is the king distance between two squares.
func squareDistance(a, b int) int {
	return max(abs(File(a)-File(b)), abs(Rank(a)-Rank(b)))
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// endgameScale (of 64) shrinks the evaluation when the side ahead cannot
// make much of it: no pawns and too little extra material, or a pure
// opposite-coloured bishop ending.
func (p *Position) endgameScale(mg, eg int) int {
	// The side ahead by the endgame part, or by the midgame part on a tie
	// (both zero: the score is zero whatever the scale).
	strong := move.White
	if eg < 0 || eg == 0 && mg < 0 {
		strong = move.Black
	}
	weak := strong.Other()
	if p.Count(strong, move.Pawn) == 0 {
		npmStrong, npmWeak := p.NonPawnMaterial(strong), p.NonPawnMaterial(weak)
		if npmStrong < PieceValue[move.Rook] {
			return 0 // a lone minor piece cannot win
		}
		if npmStrong-npmWeak <= PieceValue[move.Bishop] {
			return 16
		}
	}
	bishops := p.byType[move.Bishop]
	if p.byType[move.Knight]|p.byType[move.Rook]|p.byType[move.Queen] == 0 &&
		p.Count(move.White, move.Bishop) == 1 && p.Count(move.Black, move.Bishop) == 1 &&
		bits.OnesCount64(bishops&DarkSquares) == 1 {
		return 32
	}
	return 64
}
