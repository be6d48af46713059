package uciproc

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Score, depth and PV come from the best line: under MultiPV the last
// info line is another line, whose move is not the bestmove.
func TestReadInfoFollowsTheBestLine(t *testing.T) {
	var a Answer
	for _, line := range []string{
		"info depth 7 seldepth 9 multipv 1 score cp 31 nodes 100 pv e2e4 e7e5 g1f3",
		"info depth 7 seldepth 9 multipv 2 score cp 12 nodes 100 pv d2d4 d7d5",
		"info string a pv of words",
	} {
		readInfo(line, &a)
	}
	assert.Equal(t, Score{Valid: true, CP: 31}, a.Score)
	assert.Equal(t, 7, a.Depth)
	assert.Equal(t, []string{"e2e4", "e7e5", "g1f3"}, a.PV)

}
