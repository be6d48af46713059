package hexboard

import (
	"fmt"
	"strings"

	"github.com/sakk-chess/sakk/engine/move"
)

// EvalTrace explains the static evaluation: a table of terms with White's
// and Black's midgame and endgame sums and their difference, then the game
// phase, the endgame scale and the final score (for the UCI "eval" command).
func (p *Position) EvalTrace() string {
	var f EvalFeatures
	v := p.EvalFeaturesOf(&f)
	return formatTrace(&f, v, p.side)
}

func formatTrace(f *EvalFeatures, v int, side move.Color) string {
	weights := WeightVector()
	var b strings.Builder
	fmt.Fprintf(&b, "%-16s | %7s %7s | %7s %7s | %7s %7s\n", "term", "W mg", "W eg", "B mg", "B eg", "mg", "eg")
	b.WriteString(strings.Repeat("-", 16) + "-+-" + strings.Repeat("-", 15) + "-+-" + strings.Repeat("-", 15) + "-+-" + strings.Repeat("-", 15) + "\n")
	var sum [2][2]int
	for _, t := range WeightTerms() {
		var side [2][2]int // colour, mg/eg
		for i := t.Start; i < t.End; i++ {
			w := weights[i]
			side[0][0] += int(f.White[i]) * w.MG()
			side[0][1] += int(f.White[i]) * w.EG()
			side[1][0] += int(f.Black[i]) * w.MG()
			side[1][1] += int(f.Black[i]) * w.EG()
		}
		if side == [2][2]int{} {
			continue
		}
		for c := range side {
			sum[c][0] += side[c][0]
			sum[c][1] += side[c][1]
		}
		fmt.Fprintf(&b, "%-16s | %7d %7d | %7d %7d | %7d %7d\n", t.Name, side[0][0], side[0][1],
			side[1][0], side[1][1], side[0][0]-side[1][0], side[0][1]-side[1][1])
	}
	b.WriteString(strings.Repeat("-", 16) + "-+-" + strings.Repeat("-", 15) + "-+-" + strings.Repeat("-", 15) + "-+-" + strings.Repeat("-", 15) + "\n")
	mg, eg := sum[0][0]-sum[1][0], sum[0][1]-sum[1][1]
	fmt.Fprintf(&b, "%-16s | %7d %7d | %7d %7d | %7d %7d\n", "total", sum[0][0], sum[0][1], sum[1][0], sum[1][1], mg, eg)
	fmt.Fprintf(&b, "phase %d/%d, endgame scale %d/64\n", f.Phase, PhaseMax, f.Scale)
	white := v
	if side == move.Black {
		white = -v
	}
	fmt.Fprintf(&b, "final evaluation: %+d (White's view), %+d (side to move)\n", white, v)
	return b.String()
}
