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

// LLR is the generalised log-likelihood ratio of the tally, in the
// normal approximation of Michel Van den Bergh's GSPRT:
//
//	LLR = N (s1 - s0) (2 mean - s0 - s1) / (2 variance)
//
// with s0, s1 the expected scores of Elo0 and Elo1. For a trinomial tally N
// counts games; for a pentanomial tally N counts pairs and each sample is a
// pair's points halved. No samples give 0. Samples without spread (every
// game one result) would divide by zero: they are regularised with a
// thousandth of a sample at each of 0, 1/4, 1/2, 3/4 and 1, so that a run
// of wins still ends the test.
func (s SPRT) LLR(t Tally) float64 {
	if t.N == 0 {
		return 0
	}
	if t.Variance() < 1e-12 {
		for _, score := range []float64{0, 0.25, 0.5, 0.75, 1} {
			t.N += regularisation
			t.Sum += regularisation * score
			t.SumSq += regularisation * score * score
		}
	}
	variance := t.Variance()
	s0, s1 := ScoreFromElo(s.Elo0), ScoreFromElo(s.Elo1)
	return t.N * (s1 - s0) * (2*t.Mean() - s0 - s1) / (2 * variance)
}

// regularisation is the weight of each pseudo-sample added to a tally
// without spread.
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
