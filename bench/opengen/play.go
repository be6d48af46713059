package opengen

import (
	"fmt"
	"math"
	"sort"

	"github.com/sakk-chess/sakk/bench/pgn"
)

// OpeningResult is what the games from one opening gave White.
type OpeningResult struct {
	FEN                  string
	Games                int
	WhiteWins, BlackWins int
	WhitePoints          float64
	WhiteOnly, BlackOnly bool // every game won by this colour
}

// WhiteScore is White's mean score from this opening.
func (r OpeningResult) WhiteScore() float64 { return r.WhitePoints / float64(r.Games) }

// PlayReport sums self-play games by opening.
type PlayReport struct {
	Games                   int
	WhiteWins, BlackWins    int
	Draws                   int
	Openings                []OpeningResult // in the order first met
	WhiteScore              float64         // White's mean score over all games
	Margin95                float64         // half-width of its 95 % interval, from the spread over openings
	WhiteOnly, BlackOnly    int             // openings where one colour won every game
	ExpectedOneColour       float64         // openings expected so, were the games independent
	Spread                  map[float64]int // openings by White's score
	Incomplete, Unfinished  int             // openings with one game; games with result "*"
	ConsistentDecisiveShare float64         // (WhiteOnly+BlackOnly)/openings
}

// ScorePlay groups games by their FEN tag (games without one start from the
// variant's start position) and reports White's score overall and per
// opening. The 95 % interval treats each opening's games as one sample,
// since games from one opening are not independent of each other.
func ScorePlay(games []pgn.Game) (PlayReport, error) {
	rep := PlayReport{Spread: map[float64]int{}}
	index := map[string]int{}
	for _, g := range games {
		var white float64
		switch g.Result {
		case "1-0":
			white = 1
			rep.WhiteWins++
		case "0-1":
			rep.BlackWins++
		case "1/2-1/2":
			white = 0.5
			rep.Draws++
		default:
			rep.Unfinished++
			continue
		}
		rep.Games++
		fen := g.Tag("FEN")
		i, ok := index[fen]
		if !ok {
			i = len(rep.Openings)
			index[fen] = i
			rep.Openings = append(rep.Openings, OpeningResult{FEN: fen})
		}
		o := &rep.Openings[i]
		o.Games++
		o.WhitePoints += white
		switch white {
		case 1:
			o.WhiteWins++
		case 0:
			o.BlackWins++
		}
	}
	if rep.Games == 0 {
		return rep, fmt.Errorf("no finished games")
	}
	rep.WhiteScore = (float64(rep.WhiteWins) + 0.5*float64(rep.Draws)) / float64(rep.Games)
	pWhite, pBlack := float64(rep.WhiteWins)/float64(rep.Games), float64(rep.BlackWins)/float64(rep.Games)
	var sum, sumSq float64
	n := 0
	for i := range rep.Openings {
		o := &rep.Openings[i]
		if o.Games < 2 {
			rep.Incomplete++
		}
		o.WhiteOnly = o.WhiteWins == o.Games
		o.BlackOnly = o.BlackWins == o.Games
		if o.WhiteOnly {
			rep.WhiteOnly++
		}
		if o.BlackOnly {
			rep.BlackOnly++
		}
		rep.ExpectedOneColour += math.Pow(pWhite, float64(o.Games)) + math.Pow(pBlack, float64(o.Games))
		s := o.WhiteScore()
		rep.Spread[s]++
		sum += s * float64(o.Games)
		sumSq += s * s * float64(o.Games)
		n += o.Games
	}
	rep.ConsistentDecisiveShare = float64(rep.WhiteOnly+rep.BlackOnly) / float64(len(rep.Openings))
	if len(rep.Openings) > 1 {
		// Weighted by games, the openings' scores average to WhiteScore; their
		// spread over openings gives the standard error of that mean.
		k := float64(len(rep.Openings))
		mean := sum / float64(n)
		variance := (sumSq/float64(n) - mean*mean) * k / (k - 1)
		rep.Margin95 = 1.959963984540054 * math.Sqrt(max(variance, 0)/k)
	}
	return rep, nil
}

// SpreadKeys lists the per-opening White scores present, ascending.
func (r PlayReport) SpreadKeys() []float64 {
	keys := make([]float64, 0, len(r.Spread))
	for k := range r.Spread {
		keys = append(keys, k)
	}
	sort.Float64s(keys)
	return keys
}
