package evalkit

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sakk-chess/sakk/game/move"
)

func TestScorePacksBothHalves(t *testing.T) {
	for _, mg := range []int{-3000, -129, -1, 0, 1, 255, 32000} {
		for _, eg := range []int{-32000, -256, -1, 0, 1, 77, 3000} {
			s := S(mg, eg)
			assert.Equal(t, mg, s.MG(), "mg of S(%d,%d)", mg, eg)
			assert.Equal(t, eg, s.EG(), "eg of S(%d,%d)", mg, eg)
			sum := s + S(5, -7)
			assert.Equal(t, mg+5, sum.MG())
			assert.Equal(t, eg-7, sum.EG())
		}
	}
}

type weights struct {
	Material [3]Score
	Tempo    Score
	Tables   [2][4]Score
}

func TestWeightTermsCoverTheVector(t *testing.T) {
	terms := WeightTerms(weights{})
	require.Len(t, terms, 3)
	assert.Equal(t, WeightTerm{"Material", 0, 3}, terms[0])
	assert.Equal(t, WeightTerm{"Tempo", 3, 4}, terms[1])
	assert.Equal(t, WeightTerm{"Tables", 4, 12}, terms[2])
}

func TestTraceSumsTermsAndSkipsEmptyOnes(t *testing.T) {
	w := []Score{S(100, 120), S(300, 280), S(10, 0), S(1, 1)}
	trace := Trace{
		Terms:   []WeightTerm{{"Material", 0, 2}, {"Tempo", 2, 3}, {"Unused", 3, 4}},
		Weights: w,
		White:   []int16{8, 2, 1, 0},
		Black:   []int16{7, 2, 0, 0},
		Phase:   20, PhaseMax: 24, Scale: 64, Value: -110, SideToMove: move.Black,
	}
	out := trace.Format()
	assert.Contains(t, out, "Material")
	assert.NotContains(t, out, "Unused")
	// White mg: 8*100+2*300 = 1400 (+10 tempo) ; Black mg: 700+600 = 1300.
	assert.Regexp(t, `total\s+\|\s+1410\s+1520\s+\|\s+1300\s+1400\s+\|\s+110\s+120`, out)
	assert.Contains(t, out, "final evaluation: +110 (White's view), -110 (side to move)")
	assert.Equal(t, 1, strings.Count(out, "phase 20/24"))
}

func TestVectorAliasesTheWeights(t *testing.T) {
	var w weights
	v := Vector(&w)
	require.Len(t, v, 12)
	v[3] = S(7, 9)
	assert.Equal(t, S(7, 9), w.Tempo)
	w.Tables[1][2] = S(-4, 5)
	assert.Equal(t, S(-4, 5), v[4+4+2])
}

func TestFeaturesCountByWeight(t *testing.T) {
	var w weights
	var f Features
	f.Reset(Vector(&w))
	f.Add(move.White, &w.Material[2], 3)
	f.Add(move.Black, &w.Tables[1][0], 1)
	f.Add(move.Black, &w.Tables[1][0], 2)
	assert.Equal(t, int16(3), f.White[2])
	assert.Equal(t, int16(3), f.Black[8])
	assert.Equal(t, 3, sumCounts(f.White))

	f.Reset(Vector(&w)) // reused buffers start empty again
	assert.Zero(t, sumCounts(f.White)+sumCounts(f.Black))
	allocs := testing.AllocsPerRun(100, func() {
		f.Reset(Vector(&w))
		f.Add(move.White, &w.Tempo, 1)
	})
	assert.Zero(t, allocs)
	trace := TraceOf(WeightTerms(weights{}), &f, 24, 0, move.White)
	assert.Len(t, trace.Weights, 12)
	assert.Equal(t, int16(1), trace.White[3])
}

func sumCounts(c []int16) int {
	n := 0
	for _, x := range c {
		n += int(x)
	}
	return n
}
