package stats

import "math"

// z95 is the two-sided 95% quantile of the normal distribution.
const z95 = 1.959963984540054

// EloFromScore converts an expected score in (0,1) to a logistic Elo
// difference: 0.75 gives +190.85. Scores of 0 or 1 give -Inf / +Inf.
func EloFromScore(score float64) float64 {
	if score <= 0 {
		return math.Inf(-1)
	}
	if score >= 1 {
		return math.Inf(1)
	}
	return -400 * math.Log10(1/score-1)
}

// ScoreFromElo is the expected score of a player Elo points stronger.
func ScoreFromElo(elo float64) float64 {
	return 1 / (1 + math.Pow(10, -elo/400))
}

// Elo is the Elo difference the tally's mean score implies.
func (t Tally) Elo() float64 { return EloFromScore(t.Mean()) }

// EloMargin is the half-width of the 95% confidence interval of Elo(): the
// mean score's interval mapped through EloFromScore, halved. It is +Inf when
// the interval reaches 0% or 100%, and when the samples show no spread at
// all (too few to measure it: saying ±0 would claim certainty).
func (t Tally) EloMargin() float64 {
	if t.N < 2 || t.Variance() == 0 {
		return math.Inf(1)
	}
	delta := z95 * t.StdErr()
	low, high := EloFromScore(t.Mean()-delta), EloFromScore(t.Mean()+delta)
	return (high - low) / 2
}

// LOS is the likelihood of superiority, in [0,1]: the probability that the
// first engine is the stronger one given wins and losses (draws carry no
// information about it).
func LOS(wins, losses float64) float64 {
	if wins+losses == 0 {
		return 0.5
	}
	return 0.5 * (1 + math.Erf((wins-losses)/math.Sqrt(2*(wins+losses))))
}
