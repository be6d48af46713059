// Package evalkit is the shared evaluation package: the parts of a tapered
// evaluation that do not depend on the board. Midgame/endgame score pairs,
// a weights struct seen as a flat vector (Vector), the evaluation as a
// linear form (Features, for the tuner), the names of the weight runs and
// the term table printed by the UCI "eval" command. board and hexboard each
// keep their own weights and terms on top of it.
package evalkit

import (
	"fmt"
	"reflect"
	"strings"
	"unsafe"

	"github.com/sakk-chess/sakk/game/move"
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

// WeightTerm names a run of weights (one field of a weights struct).
type WeightTerm struct {
	Name       string
	Start, End int // weight indices [Start, End)
}

// WeightTerms lists the fields of weights (a struct made only of Scores and
// arrays of Scores) in order, with their index ranges in the flat vector.
func WeightTerms(weights any) []WeightTerm {
	t := reflect.TypeOf(weights)
	out := make([]WeightTerm, 0, t.NumField())
	size := int(unsafe.Sizeof(Score(0)))
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		out = append(out, WeightTerm{f.Name, int(f.Offset) / size, int(f.Offset+f.Type.Size()) / size})
	}
	return out
}

// Trace is an evaluation written as a linear form, ready to be printed:
// for weight i, White collected it White[i] times and Black Black[i] times.
type Trace struct {
	Terms        []WeightTerm
	Weights      []Score
	White, Black []int16
	Phase        int
	PhaseMax     int
	Scale        int // 64 = full
	Value        int // the final evaluation, side to move's view
	SideToMove   move.Color
}

// Format prints the table of terms (White and Black midgame/endgame sums and
// their difference), the phase, the endgame scale and the final score.
func (t *Trace) Format() string {
	var b strings.Builder
	rule := strings.Repeat("-", 16) + "-+-" + strings.Repeat("-", 15) + "-+-" +
		strings.Repeat("-", 15) + "-+-" + strings.Repeat("-", 15) + "\n"
	row := func(name string, w, bl [2]int) {
		fmt.Fprintf(&b, "%-16s | %7d %7d | %7d %7d | %7d %7d\n", name, w[0], w[1], bl[0], bl[1], w[0]-bl[0], w[1]-bl[1])
	}
	fmt.Fprintf(&b, "%-16s | %7s %7s | %7s %7s | %7s %7s\n", "term", "W mg", "W eg", "B mg", "B eg", "mg", "eg")
	b.WriteString(rule)
	var sumWhite, sumBlack [2]int
	for _, term := range t.Terms {
		var white, black [2]int
		for i := term.Start; i < term.End; i++ {
			w := t.Weights[i]
			white[0] += int(t.White[i]) * w.MG()
			white[1] += int(t.White[i]) * w.EG()
			black[0] += int(t.Black[i]) * w.MG()
			black[1] += int(t.Black[i]) * w.EG()
		}
		if white == [2]int{} && black == [2]int{} {
			continue
		}
		for k := range 2 {
			sumWhite[k] += white[k]
			sumBlack[k] += black[k]
		}
		row(term.Name, white, black)
	}
	b.WriteString(rule)
	row("total", sumWhite, sumBlack)
	fmt.Fprintf(&b, "phase %d/%d, endgame scale %d/64\n", t.Phase, t.PhaseMax, t.Scale)
	whiteView := t.Value
	if t.SideToMove == move.Black {
		whiteView = -t.Value
	}
	fmt.Fprintf(&b, "final evaluation: %+d (White's view), %+d (side to move)\n", whiteView, t.Value)
	return b.String()
}
