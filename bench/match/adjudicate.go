package match

import "github.com/sakk-chess/sakk/bench/uciproc"

// DrawRule is cutechess-cli's -draw: a draw once both engines' scores have
// stayed within Score centipawns of zero for MoveCount consecutive moves
// each, from full move MoveNumber on (counted from the game's first move,
// book moves included).
type DrawRule struct {
	MoveNumber, MoveCount, Score int
}

// ResignRule is cutechess-cli's -resign: an engine loses once its own score
// has been at least Score centipawns below zero for MoveCount consecutive
// moves of its own; with TwoSided its opponent must also agree (score at
// least +Score for as long).
type ResignRule struct {
	MoveCount, Score int
	TwoSided         bool
}

// adjudicator follows the engines' scores through a game.
type adjudicator struct {
	draw      *DrawRule
	resign    *ResignRule
	drawPlies int    // consecutive plies with a score near zero
	losing    [2]int // consecutive own moves scored <= -resign.Score, by colour
	winning   [2]int // consecutive own moves scored >= +resign.Score
}

// record notes the score an engine of colour side gave for its move.
func (a *adjudicator) record(side int, score uciproc.Score) {
	cp := score.Centipawns()
	if a.draw != nil {
		if score.Valid && abs(cp) <= a.draw.Score {
			a.drawPlies++
		} else {
			a.drawPlies = 0
		}
	}
	if a.resign != nil {
		a.losing[side] = streak(a.losing[side], score.Valid && cp <= -a.resign.Score)
		a.winning[side] = streak(a.winning[side], score.Valid && cp >= a.resign.Score)
	}
}

func streak(count int, holds bool) int {
	if holds {
		return count + 1
	}
	return 0
}

// drawn says whether the draw rule applies after plies moves of the game.
func (a *adjudicator) drawn(plies int) bool {
	return a.draw != nil && plies/2 >= a.draw.MoveNumber && a.drawPlies >= 2*a.draw.MoveCount
}

// loser returns the colour that resigns, or -1.
func (a *adjudicator) loser() int {
	if a.resign == nil {
		return -1
	}
	for side := range 2 {
		agreed := !a.resign.TwoSided || a.winning[1-side] >= a.resign.MoveCount
		if a.losing[side] >= a.resign.MoveCount && agreed {
			return side
		}
	}
	return -1
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
