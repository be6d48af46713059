package engine

// Scores are centipawns from the side to move's point of view, in these bands:
//
//	|s| <  EvalLimit            static evaluations and their sums
//	|s| == StalemateScore       a Glinski stalemate (3/4 for the side that gives it)
//	|s| >= TBWinBound, <= TBWinScore  a tablebase win: TBWinScore - plies to it
//	|s| >= MateBound            mate: MateScore - plies to mate
const (
	MaxPly         = 128 // deepest ply the search (quiescence included) reaches
	MateScore      = 32000
	MateBound      = MateScore - MaxPly
	Infinity       = MateScore + 1
	StalemateScore = 20000
	EvalLimit      = 15000

	scoreNone = -Infinity - 1 // "no static evaluation" (in check); fits in 16 bits
)

// IsMate reports whether a score is a mate for either side.
func IsMate(score int) bool { return score >= MateBound || score <= -MateBound }

// MateIn is the number of moves to mate for a mate score: > 0 when the side to
// move mates, < 0 when it is mated, 0 for a non-mate score.
func MateIn(score int) int {
	switch {
	case score >= MateBound:
		return (MateScore - score + 1) / 2
	case score <= -MateBound:
		return -(MateScore + score) / 2
	}
	return 0
}

// scoreToTT makes a mate score relative to the node (distance from this node
// to the mate) so that it stays right wherever the position recurs.
func scoreToTT(score, ply int) int {
	switch {
	case score >= MateBound:
		return score + ply
	case score <= -MateBound:
		return score - ply
	case IsTBWin(score):
		return score + ply*sign(score)
	}
	return score
}

// scoreFromTT turns a stored score back into one relative to the root.
func scoreFromTT(score, ply int) int {
	switch {
	case score >= MateBound:
		return score - ply
	case score <= -MateBound:
		return score + ply
	case IsTBWin(score):
		return score - ply*sign(score)
	}
	return score
}

func sign(x int) int {
	if x < 0 {
		return -1
	}
	return 1
}

// clampEval keeps a static evaluation inside the band of ordinary scores, so
// that no evaluation is ever mistaken for a stalemate or a mate.
func clampEval(v int) int { return min(max(v, -EvalLimit), EvalLimit) }
