// Package stats holds the match statistics sakk match reports: Elo and its
// error bar, likelihood of superiority, pentanomial pair counts and the
// sequential probability ratio test (SPRT).
//
// Scores are fractions in [0,1] from the first engine's point of view: 1 a
// win, 0.5 a draw, 0 a loss, and 0.75 / 0.25 for a Glinski stalemate given /
// suffered. Every estimate is built from a Tally, the first two moments of
// the sampled scores, so that odd scores such as 3/4 need no special case.
package stats

import "math"

// Tally accumulates samples of a score in [0,1]: one sample per game
// (trinomial model) or one per game pair, the pair's points halved
// (pentanomial model).
type Tally struct {
	N     float64 // samples
	Sum   float64 // sum of the scores
	SumSq float64 // sum of the squared scores
	// Hist counts the samples by score in eighths (index round(8*score)):
	// games score 0, 1/4, 1/2, 3/4 or 1, and pairs halved land on eighths.
	// The SPRT needs the whole distribution, not only its moments.
	Hist [histBuckets]float64
}

// histBuckets is the number of score values a sample can take: 0, 1/8, ..., 1.
const histBuckets = 9

// Add records one sample.
func (t *Tally) Add(score float64) { t.AddCount(score, 1) }

// AddCount records count samples of the same score.
func (t *Tally) AddCount(score float64, count int) {
	n := float64(count)
	t.N += n
	t.Sum += score * n
	t.SumSq += score * score * n
	t.Hist[histBucket(score)] += n
}

// histBucket is the eighth nearest to score, clamped to [0,1].
func histBucket(score float64) int {
	return min(max(int(math.Round(score*(histBuckets-1))), 0), histBuckets-1)
}

// Mean is the average score (0.5 when empty).
func (t Tally) Mean() float64 {
	if t.N == 0 {
		return 0.5
	}
	return t.Sum / t.N
}

// Variance is the variance of one sample (population form, as the SPRT and
// Elo error formulas use it).
func (t Tally) Variance() float64 {
	if t.N == 0 {
		return 0
	}
	mean := t.Mean()
	v := t.SumSq/t.N - mean*mean
	return math.Max(v, 0)
}

// StdErr is the standard error of the mean score.
func (t Tally) StdErr() float64 {
	if t.N == 0 {
		return 0
	}
	return math.Sqrt(t.Variance() / t.N)
}
