package hexboard

import (
	"reflect"
	"unsafe"

	"github.com/sakk-chess/sakk/engine/move"
)

// Score packs a midgame and an endgame value in one int32 (mg in the high
// half, eg in the low half), so that one addition updates both.
type Score int32

// S makes a Score from its midgame and endgame parts.
func S(mg, eg int) Score { return Score(mg)<<16 + Score(eg) }

// MG is the midgame part.
func (s Score) MG() int { return int(int16(uint32(s+0x8000) >> 16)) }

// EG is the endgame part.
func (s Score) EG() int { return int(int16(uint16(s))) }

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
type WeightTerm struct {
	Name       string
	Start, End int // weight indices [Start, End)
}

// WeightTerms lists the fields of EvalWeights in order, with their weight
// index ranges.
func WeightTerms() []WeightTerm {
	t := reflect.TypeOf(EvalWeights{})
	out := make([]WeightTerm, 0, t.NumField())
	size := int(unsafe.Sizeof(Score(0)))
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		out = append(out, WeightTerm{f.Name, int(f.Offset) / size, int(f.Offset+f.Type.Size()) / size})
	}
	return out
}
