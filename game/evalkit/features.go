package evalkit

import (
	"unsafe"

	"github.com/sakk-chess/sakk/game/move"
)

// A board keeps its weights in one struct made only of Scores and arrays of
// Scores; Vector, Features and Trace see that struct as a flat vector, so
// the tuner and the "eval" table work alike for both boards.

// Vector sees a weights struct as one flat slice of Scores, aliasing it (a
// change through the slice changes the struct).
func Vector[W any](weights *W) []Score {
	return unsafe.Slice((*Score)(unsafe.Pointer(weights)), unsafe.Sizeof(*weights)/unsafe.Sizeof(Score(0)))
}

// Features is an evaluation written as a linear form: for each weight of
// the vector, how many times each side collected it. The static evaluation
// (White's view) is
//
//	Σ_i (White[i]-Black[i]) · (mg_i·Phase + eg_i·(PhaseMax-Phase)) / PhaseMax · Scale/64
//
// up to integer rounding. The tuner fits weights against it; Trace sums it
// by term.
type Features struct {
	White, Black []int16
	Phase        int // 0 (bare kings and pawns) .. the board's PhaseMax
	Scale        int // scale of the whole score, 64 = full (less in drawish endings)
	vector       []Score
}

// Reset empties f for the weights vector (from Vector), reusing its buffers.
func (f *Features) Reset(vector []Score) {
	n := len(vector)
	if cap(f.White) < n {
		f.White, f.Black = make([]int16, n), make([]int16, n)
	}
	f.White, f.Black = f.White[:n], f.Black[:n]
	clear(f.White)
	clear(f.Black)
	f.Phase, f.Scale, f.vector = 0, 0, vector
}

// Add counts n times the weight at w, an element of the vector f was Reset
// with, for colour c.
func (f *Features) Add(c move.Color, w *Score, n int) {
	i := (uintptr(unsafe.Pointer(w)) - uintptr(unsafe.Pointer(unsafe.SliceData(f.vector)))) / unsafe.Sizeof(Score(0))
	if c == move.White {
		f.White[i] += int16(n)
	} else {
		f.Black[i] += int16(n)
	}
}

// TraceOf is the printable table of f: terms names the runs of the weights
// vector (WeightTerms), value is the evaluation from the side to move's view.
func TraceOf(terms []WeightTerm, f *Features, phaseMax, value int, side move.Color) Trace {
	return Trace{
		Terms: terms, Weights: f.vector, White: f.White, Black: f.Black,
		Phase: f.Phase, PhaseMax: phaseMax, Scale: f.Scale, Value: value, SideToMove: side,
	}
}
