package stats

import "math"

// Pentanomial counts game pairs (the same opening played with colours
// swapped) by the first engine's points in the pair: index 0 for 0 points
// (two losses), 1 for 0.5, 2 for 1, 3 for 1.5 and 4 for 2 (two wins).
type Pentanomial [5]int

// Add records a pair by its points (0..2). Glinski stalemates make quarter
// points possible; those land in the nearest bucket, rounding towards 1.
func (p *Pentanomial) Add(points float64) {
	p[pentanomialBucket(points)]++
}

func pentanomialBucket(points float64) int {
	twice := points * 2 // 0..4 in half points
	if twice < 2 {
		return int(math.Max(0, math.Floor(twice+0.5)))
	}
	return int(math.Min(4, math.Ceil(twice-0.5)))
}

// Pairs is the number of pairs counted.
func (p Pentanomial) Pairs() int { return p[0] + p[1] + p[2] + p[3] + p[4] }

// Tally turns the counts into samples of the pair's points halved.
func (p Pentanomial) Tally() Tally {
	var t Tally
	for bucket, count := range p {
		t.AddCount(float64(bucket)/4, count)
	}
	return t
}
