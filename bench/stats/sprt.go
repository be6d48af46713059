package stats

import (
	"fmt"
	"math"
)

// SPRT is a sequential probability ratio test between H0: Elo = Elo0 and
// H1: Elo = Elo1 (logistic Elo), with false positive rate Alpha and false
// negative rate Beta.
type SPRT struct {
	Elo0, Elo1  float64
	Alpha, Beta float64
}

// Decision is the state of an SPRT.
type Decision int

const (
	Continue Decision = iota
	AcceptH0
	AcceptH1
)

func (d Decision) String() string {
	switch d {
	case AcceptH0:
		return "H0 accepted"
	case AcceptH1:
		return "H1 accepted"
	}
	return "continue"
}

// Validate reports bounds or error rates that make no test.
func (s SPRT) Validate() error {
	if !(s.Alpha > 0 && s.Alpha < 1 && s.Beta > 0 && s.Beta < 1) {
		return fmt.Errorf("sprt: alpha and beta must lie in (0,1), got %g and %g", s.Alpha, s.Beta)
	}
	if !(s.Elo1 > s.Elo0) {
		return fmt.Errorf("sprt: elo1 (%g) must be greater than elo0 (%g)", s.Elo1, s.Elo0)
	}
	return nil
}

// Bounds are the log-likelihood-ratio thresholds: the test accepts H0 at or
// below lower and H1 at or above upper (±2.94 for alpha = beta = 0.05).
func (s SPRT) Bounds() (lower, upper float64) {
	return math.Log(s.Beta / (1 - s.Alpha)), math.Log((1 - s.Beta) / s.Alpha)
}

// LLR is the generalised log-likelihood ratio of the tally for H1 (Elo1)
// against H0 (Elo0), with no model of the score distribution beyond the
// scores a sample can take (its histogram in eighths): for each hypothesis
// the distribution of largest likelihood whose mean is that hypothesis's
// expected score s is found (the observed frequencies p_i reweighted as
// p_i / (1 + x (a_i - s)), x solving sum p_i (a_i - s) / (1 + x (a_i - s)) = 0),
// and LLR = N * sum p_i log(p1_i / p0_i). For large samples this equals the
// usual normal approximation N (s1 - s0) (2 mean - s0 - s1) / (2 variance);
// for small ones it stays honest: a single pair or a short run of wins can
// not end a test, however lopsided. For a trinomial tally N counts games;
// for a pentanomial tally N counts pairs, each sample a pair's points halved.
// Empty score values get a thousandth of a sample each (regularisation), so
// a one-sided tally still has a solution. No samples give 0.
func (s SPRT) LLR(t Tally) float64 {
	if t.N == 0 {
		return 0
	}
	var p [histBuckets]float64
	total := 0.0
	for i, c := range t.Hist {
		p[i] = max(c, regularisation)
		total += p[i]
	}
	for i := range p {
		p[i] /= total
	}
	s0, s1 := ScoreFromElo(s.Elo0), ScoreFromElo(s.Elo1)
	x0, x1 := mleMultiplier(&p, s0), mleMultiplier(&p, s1)
	llr := 0.0
	for i, pi := range p {
		a := float64(i) / (histBuckets - 1)
		llr += pi * (math.Log1p(x0*(a-s0)) - math.Log1p(x1*(a-s1)))
	}
	return t.N * llr
}

// mleMultiplier solves sum p_i (a_i - s) / (1 + x (a_i - s)) = 0 for x, with
// a_i = i/8 and 0 < s < 1. The sum falls strictly from +inf to -inf on the
// interval where every 1 + x (a_i - s) stays positive, x in (-1/(1-s), 1/s),
// so bisection finds the one root.
func mleMultiplier(p *[histBuckets]float64, s float64) float64 {
	lo, hi := -1/(1-s), 1/s
	for range 200 {
		mid := (lo + hi) / 2
		if mid == lo || mid == hi {
			break
		}
		f := 0.0
		for i, pi := range p {
			d := float64(i)/(histBuckets-1) - s
			f += pi * d / (1 + mid*d)
		}
		if f > 0 {
			lo = mid
		} else {
			hi = mid
		}
	}
	return (lo + hi) / 2
}

// regularisation is the weight of the pseudo-sample given to each score
// value that has none.
const regularisation = 1e-3

// Decide compares an LLR with the bounds.
func (s SPRT) Decide(llr float64) Decision {
	lower, upper := s.Bounds()
	switch {
	case llr >= upper:
		return AcceptH1
	case llr <= lower:
		return AcceptH0
	}
	return Continue
}
