package hexboard

import (
	"unsafe"

	"github.com/sakk-chess/sakk/game/evalkit"
	"github.com/sakk-chess/sakk/game/move"
)

// Score is a midgame/endgame pair (see evalkit.Score).
type Score = evalkit.Score

// S makes a Score from its midgame and endgame parts.
func S(mg, eg int) Score { return evalkit.S(mg, eg) }

// NumWeights is the number of Scores in EvalWeights: the tuner sees the
// weights as one flat vector of that length.
const NumWeights = int(unsafe.Sizeof(EvalWeights{}) / unsafe.Sizeof(Score(0)))

// WeightVector is Weights seen as a flat slice (aliasing it) for the tuner.
func WeightVector() []Score {
	return unsafe.Slice((*Score)(unsafe.Pointer(&Weights)), NumWeights)
}

// EvalFeatures is the evaluation written as a linear form: for each weight,
// how many times each side collected it. The static evaluation (White's
// view) is
//
//	Σ_i (White[i]-Black[i]) · (mg_i·Phase + eg_i·(PhaseMax-Phase)) / PhaseMax · Scale/64
//
// up to integer rounding. The tuner fits weights against it; EvalTrace sums
// it by term.
type EvalFeatures struct {
	White, Black [NumWeights]int16
	Phase        int // 0 (bare kings and pawns) .. PhaseMax
	Scale        int // scale of the whole score, 64 = full (less in drawish endings)
}

// PhaseMax is the phase of the start position (see Position.Phase).
const PhaseMax = 26

// add counts n times the weight at w (an element of Weights) for colour c.
func (f *EvalFeatures) add(c move.Color, w *Score, n int) {
	i := (uintptr(unsafe.Pointer(w)) - uintptr(unsafe.Pointer(&Weights))) / unsafe.Sizeof(Score(0))
	if c == move.White {
		f.White[i] += int16(n)
	} else {
		f.Black[i] += int16(n)
	}
}

// WeightTerm names a run of weights (one field of EvalWeights).
type WeightTerm = evalkit.WeightTerm

// WeightTerms lists the fields of EvalWeights in order, with their weight
// index ranges.
func WeightTerms() []WeightTerm { return evalkit.WeightTerms(EvalWeights{}) }
