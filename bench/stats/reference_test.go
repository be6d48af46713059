package stats

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

// The values in this file were computed apart from this package, by
// testdata/reference.py (fishtest's published logistic GSPRT and the usual
// Elo error bar), and are written here as numbers.

// SPRT bounds with alpha != beta: lower = ln(beta / (1 - alpha)),
// upper = ln((1 - beta) / alpha).
func TestSPRTBoundsUnequalErrorRates(t *testing.T) {
	for _, tc := range []struct {
		alpha, beta  float64
		lower, upper float64
	}{
		{0.05, 0.05, -2.94444, 2.94444},
		{0.05, 0.2, -1.55814, 2.77259},
		{0.01, 0.1, -2.29253, 4.49981},
	} {
		s := SPRT{Elo0: 0, Elo1: 5, Alpha: tc.alpha, Beta: tc.beta}
		lower, upper := s.Bounds()
		assert.InDelta(t, tc.lower, lower, 1e-5, "alpha %g beta %g", tc.alpha, tc.beta)
		assert.InDelta(t, tc.upper, upper, 1e-5, "alpha %g beta %g", tc.alpha, tc.beta)
	}
	// With alpha = 0.05 and beta = 0.2 an LLR of -2 accepts H0 (the bound is
	// -1.558), an LLR of 2.5 does not yet accept H1 (2.773).
	s := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.2}
	assert.Equal(t, AcceptH0, s.Decide(-2))
	assert.Equal(t, Continue, s.Decide(-1.5))
	assert.Equal(t, Continue, s.Decide(2.5))
	assert.Equal(t, AcceptH1, s.Decide(2.8))
}

// LLRs for elo0 != 0 and for pentanomial data, against fishtest's formulas.
func TestSPRTLLRReference(t *testing.T) {
	pentanomial := func(p Pentanomial) Tally { return p.Tally() }
	for _, tc := range []struct {
		name       string
		tally      Tally
		elo0, elo1 float64
		llr        float64
	}{
		{"trinomial L1000 D1900 W1200", trinomial(1200, 1900, 1000), -5, 0, 6.15123},
		{"trinomial L2940 D4000 W3060", trinomial(3060, 4000, 2940), 2, 7, -0.22815},
		{"pentanomial 30 250 600 280 40", pentanomial(Pentanomial{30, 250, 600, 280, 40}), 0, 5, 1.39787},
		{"pentanomial 30 250 600 280 40", pentanomial(Pentanomial{30, 250, 600, 280, 40}), -3, 1, 1.94074},
		{"pentanomial 12 101 230 88 9", pentanomial(Pentanomial{12, 101, 230, 88, 9}), -10, 5, -1.76074},
		{"pentanomial 5 10 20 15 10", pentanomial(Pentanomial{5, 10, 20, 15, 10}), 0, 5, 0.28702},
	} {
		s := SPRT{Elo0: tc.elo0, Elo1: tc.elo1, Alpha: 0.05, Beta: 0.1}
		assert.InDelta(t, tc.llr, s.LLR(tc.tally), 2e-3, "%s [%g, %g]", tc.name, tc.elo0, tc.elo1)
	}
}

// Elo and its 95% error bar on known samples, trinomial and pentanomial.
func TestEloErrorBarReference(t *testing.T) {
	for _, tc := range []struct {
		name      string
		tally     Tally
		mean, v   float64
		elo, half float64
	}{
		{"trinomial L1000 D1900 W1200", trinomial(1200, 1900, 1000), 0.524390, 0.133551, 16.9615, 7.7928},
		{"trinomial L2940 D4000 W3060", trinomial(3060, 4000, 2940), 0.506000, 0.149964, 4.1694, 5.2752},
		{"pentanomial 30 250 600 280 40", Pentanomial{30, 250, 600, 280, 40}.Tally(), 0.510417, 0.042079, 7.2393, 8.0698},
		{"pentanomial 12 101 230 88 9", Pentanomial{12, 101, 230, 88, 9}.Tally(), 0.489205, 0.038662, -7.5026, 12.7781},
	} {
		assert.InDelta(t, tc.mean, tc.tally.Mean(), 1e-6, tc.name)
		assert.InDelta(t, tc.v, tc.tally.Variance(), 1e-6, tc.name)
		assert.InDelta(t, tc.elo, tc.tally.Elo(), 1e-3, tc.name)
		assert.InDelta(t, tc.half, tc.tally.EloMargin(), 1e-3, tc.name)
	}
}

// Edges the mutation tester found unchecked (docs/mutation-testing.md).
func TestStatsEdges(t *testing.T) {
	// No samples: an even score, no spread and no error, not NaN.
	assert.Equal(t, 0.5, Tally{}.Mean())
	assert.Equal(t, 0.0, Tally{}.Variance())
	assert.Equal(t, 0.0, Tally{}.StdErr())
	// Add records one sample.
	var one Tally
	one.Add(0.75)
	assert.Equal(t, Tally{N: 1, Sum: 0.75, SumSq: 0.5625, Hist: [histBuckets]float64{6: 1}}, one)
	// Two samples with spread are enough for a finite error bar.
	two := one
	two.Add(0.5)
	assert.False(t, math.IsInf(two.EloMargin(), 0), "a draw and a stalemate given")
	// Samples without spread give no error bar (+Inf), however many.
	assert.True(t, math.IsInf(trinomial(0, 10, 0).EloMargin(), 1), "ten draws")
	assert.True(t, math.IsInf(trinomial(7, 0, 0).EloMargin(), 1), "seven wins")
	// The variance never goes below zero through rounding.
	for n := 1; n <= 200; n++ {
		for _, v := range []float64{0.1, 0.3, 0.7, 0.9, 0.375} {
			var tally Tally
			tally.AddCount(v, n)
			assert.GreaterOrEqual(t, tally.Variance(), 0.0, "%d samples of %g", n, v)
		}
	}
	// Error rates must lie strictly inside (0, 1), and elo1 above elo0.
	for _, bad := range []SPRT{
		{Elo0: 0, Elo1: 5, Alpha: 0, Beta: 0.05}, {Elo0: 0, Elo1: 5, Alpha: 1, Beta: 0.05},
		{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0}, {Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 1},
		{Elo0: 5, Elo1: 5, Alpha: 0.05, Beta: 0.05},
	} {
		assert.Error(t, bad.Validate(), "%+v", bad)
	}
	assert.NoError(t, SPRT{Elo0: -1, Elo1: 0, Alpha: 0.999, Beta: 0.001}.Validate())
}
