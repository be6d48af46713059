package stats

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func trinomial(wins, draws, losses int) Tally {
	var t Tally
	t.AddCount(1, wins)
	t.AddCount(0.5, draws)
	t.AddCount(0, losses)
	return t
}

func TestEloFromScore(t *testing.T) {
	assert.InDelta(t, 190.85, EloFromScore(0.75), 0.01)
	assert.InDelta(t, -190.85, EloFromScore(0.25), 0.01)
	assert.Equal(t, 0.0, EloFromScore(0.5))
	assert.True(t, math.IsInf(EloFromScore(1), 1))
	assert.True(t, math.IsInf(EloFromScore(0), -1))
	assert.InDelta(t, 0.75, ScoreFromElo(EloFromScore(0.75)), 1e-12)
}

func TestEloMargin(t *testing.T) {
	// 50 wins, 50 losses: standard error 0.05, the score interval is
	// 0.5 ± 1.96*0.05 = [0.402, 0.598], which maps to ±68.99 Elo.
	even := trinomial(50, 0, 50)
	assert.InDelta(t, 0, even.Elo(), 1e-9)
	assert.InDelta(t, 68.99, even.EloMargin(), 0.01)

	// 60 wins, 20 draws, 20 losses: score 0.7, variance 0.16, standard error
	// 0.04; interval 0.7 ± 0.0784 maps to 147.19 ± 66.01 Elo.
	strong := trinomial(60, 20, 20)
	assert.InDelta(t, 0.7, strong.Mean(), 1e-12)
	assert.InDelta(t, 0.16, strong.Variance(), 1e-12)
	assert.InDelta(t, 147.19, strong.Elo(), 0.01)
	assert.InDelta(t, 66.01, strong.EloMargin(), 0.01)

	assert.True(t, math.IsInf(Tally{}.EloMargin(), 1))
}

func TestLOS(t *testing.T) {
	assert.Equal(t, 0.5, LOS(10, 10))
	assert.Equal(t, 0.5, LOS(0, 0))
	// erf(40/sqrt(160)) = erf(3.1623)
	assert.InDelta(t, 0.9999961, LOS(60, 20), 1e-7)
	assert.InDelta(t, 1-0.9999961, LOS(20, 60), 1e-7)
	// one win, no loss: 0.5*(1+erf(1/sqrt2)) = Phi(1)
	assert.InDelta(t, 0.841345, LOS(1, 0), 1e-6)
}

func TestSPRTBounds(t *testing.T) {
	s := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	lower, upper := s.Bounds()
	assert.InDelta(t, -2.944, lower, 0.001)
	assert.InDelta(t, 2.944, upper, 0.001)
	require.NoError(t, s.Validate())
	assert.Error(t, SPRT{Elo0: 5, Elo1: 0, Alpha: 0.05, Beta: 0.05}.Validate())
	assert.Error(t, SPRT{Elo0: 0, Elo1: 5, Alpha: 0, Beta: 0.05}.Validate())
}

// normalLLR is the usual normal approximation of the GSPRT's LLR, which the
// exact LLR must approach when the mean lies near the hypotheses.
func normalLLR(s SPRT, t Tally) float64 {
	s0, s1 := ScoreFromElo(s.Elo0), ScoreFromElo(s.Elo1)
	return t.N * (s1 - s0) * (2*t.Mean() - s0 - s1) / (2 * t.Variance())
}

func TestSPRTLLRTrinomial(t *testing.T) {
	s := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	assert.Equal(t, 0.0, s.LLR(Tally{}))
	assert.Equal(t, AcceptH1, s.Decide(3))
	assert.Equal(t, AcceptH0, s.Decide(-3))

	// 10000 games scoring 0.506, between s0 = 0.5 and s1 = 0.50719: the
	// normal approximation is good here: variance 0.406 - 0.506^2 = 0.149964,
	// 10000 * 0.0071945 * (1.012 - 1.0071945) / (2 * 0.149964) = 1.1527.
	close := trinomial(3060, 4000, 2940)
	want := normalLLR(s, close)
	assert.InDelta(t, 1.1527, want, 0.0001)
	assert.InEpsilon(t, want, s.LLR(close), 0.01)
	assert.Equal(t, Continue, s.Decide(s.LLR(close)))

	// Far from the hypotheses the exact LLR grows more slowly than the
	// approximation, but in the same direction.
	strong := trinomial(60, 20, 20)
	assert.Greater(t, s.LLR(strong), 0.5)
	assert.Less(t, s.LLR(strong), normalLLR(s, strong))
	assert.Less(t, s.LLR(trinomial(0, 10, 0)), 0.0, "all draws favour H0 = 0 over H1 = 5")
	assert.InDelta(t, -s.LLR(trinomial(3, 4, 7)), SPRT{Elo0: -5, Elo1: 0}.LLR(trinomial(7, 4, 3)), 1e-9,
		"mirrored results with mirrored bounds")
}

func TestSPRTSmallSamplesDoNotDecide(t *testing.T) {
	// One or two pairs, however lopsided, cannot end a test (the normal
	// approximation used to accept H1 after one pair of a win and a draw).
	for _, s := range []SPRT{{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}, {Elo0: 0, Elo1: 25, Alpha: 0.05, Beta: 0.05}} {
		for a := range 5 {
			for b := range 5 {
				var p Pentanomial
				p[a]++
				p[b]++
				llr := s.LLR(p.Tally())
				assert.Equal(t, Continue, s.Decide(llr), "%v %v: LLR %v", s, p, llr)
			}
		}
		assert.Equal(t, Continue, s.Decide(s.LLR(trinomial(10, 0, 0))), "ten wins in a row")
	}
}

func TestSPRTDecidesClearResults(t *testing.T) {
	s := SPRT{Elo0: 0, Elo1: 25, Alpha: 0.05, Beta: 0.05}
	good := Pentanomial{5, 20, 80, 70, 25} // 200 pairs, score 0.6125
	assert.Equal(t, AcceptH1, s.Decide(s.LLR(good.Tally())))
	bad := Pentanomial{25, 70, 80, 20, 5}
	assert.Equal(t, AcceptH0, s.Decide(s.LLR(bad.Tally())))
	level := Pentanomial{10, 50, 80, 50, 10} // 270 pairs, score 0.5
	assert.Less(t, s.LLR(level.Tally()), 0.0)
}

func TestSPRTLLRPentanomial(t *testing.T) {
	// Pairs [5, 10, 20, 15, 10]: samples 0, 1/4, 1/2, 3/4, 1; N = 60,
	// mean = (2.5 + 10 + 11.25 + 10)/60 = 0.5625,
	// variance = (0.625 + 5 + 8.4375 + 10)/60 - 0.5625^2 = 0.0846354.
	p := Pentanomial{5, 10, 20, 15, 10}
	tally := p.Tally()
	assert.Equal(t, 60, p.Pairs())
	assert.InDelta(t, 0.5625, tally.Mean(), 1e-12)
	assert.InDelta(t, 0.0846354, tally.Variance(), 1e-7)
	s := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	// The approximation gives 0.30045; the exact value is a little lower.
	assert.InDelta(t, 0.30045, normalLLR(s, tally), 0.00001)
	assert.InDelta(t, 0.287, s.LLR(tally), 0.001)
}

func TestMLEMultiplierMeetsTheMean(t *testing.T) {
	// The reweighted distribution p_i / (1 + x (a_i - s)) sums to 1 and has
	// mean s, for one-sided and spread-out histograms alike.
	for _, p := range [][histBuckets]float64{
		{0.1, 0, 0.2, 0, 0.3, 0, 0.2, 0, 0.2},
		{0.001, 0.001, 0.001, 0.001, 0.001, 0.001, 0.001, 0.001, 0.992},
		{0.5, 0, 0, 0, 0, 0, 0, 0, 0.5},
	} {
		for _, s := range []float64{0.3, 0.5, 0.5072, 0.8} {
			x := mleMultiplier(&p, s)
			sum, mean := 0.0, 0.0
			for i, pi := range p {
				a := float64(i) / 8
				q := pi / (1 + x*(a-s))
				sum += q
				mean += q * a
			}
			assert.InDelta(t, 1, sum, 1e-9, "%v s=%v", p, s)
			assert.InDelta(t, s, mean, 1e-9, "%v s=%v", p, s)
		}
	}
}

func TestPentanomialBuckets(t *testing.T) {
	var p Pentanomial
	for _, points := range []float64{0, 0.5, 1, 1.5, 2} {
		p.Add(points)
	}
	assert.Equal(t, Pentanomial{1, 1, 1, 1, 1}, p)

	var quarters Pentanomial
	quarters.Add(0.25) // a stalemate suffered and a loss: towards 1 point
	quarters.Add(1.75) // a stalemate given and a win
	quarters.Add(1.25)
	quarters.Add(0.75)
	assert.Equal(t, Pentanomial{0, 1, 2, 1, 0}, quarters)
}
