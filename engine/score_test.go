package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// The score bands of score.go at their edges: MateBound itself is a mate
// (128 plies, mate in 64), one below it is an ordinary score; the TT
// conversion shifts exactly the mate band; static evaluations are clamped
// to ±EvalLimit.
func TestScoreBandEdges(t *testing.T) {
	assert.True(t, IsMate(MateBound))
	assert.True(t, IsMate(-MateBound))
	assert.False(t, IsMate(MateBound-1))
	assert.False(t, IsMate(-MateBound+1))
	assert.Equal(t, 64, MateIn(MateBound))
	assert.Equal(t, -64, MateIn(-MateBound))
	assert.Equal(t, 0, MateIn(MateBound-1))
	assert.Equal(t, 0, MateIn(-MateBound+1))
	assert.Equal(t, 1, MateIn(MateScore-1))
	assert.Equal(t, 1, MateIn(MateScore-2), "an even distance rounds up")
	assert.Equal(t, -1, MateIn(-MateScore+2))
	assert.Equal(t, -2, MateIn(-MateScore+4))

	assert.Equal(t, MateBound+3, scoreToTT(MateBound, 3))
	assert.Equal(t, -MateBound-3, scoreToTT(-MateBound, 3))
	assert.Equal(t, MateBound-1, scoreToTT(MateBound-1, 3))
	assert.Equal(t, -MateBound+1, scoreToTT(-MateBound+1, 3))
	assert.Equal(t, MateBound-3, scoreFromTT(MateBound, 3))
	assert.Equal(t, -MateBound+3, scoreFromTT(-MateBound, 3))
	assert.Equal(t, MateBound-1, scoreFromTT(MateBound-1, 3))
	assert.Equal(t, -MateBound+1, scoreFromTT(-MateBound+1, 3))

	for _, tc := range []struct{ in, want int }{
		{EvalLimit + 1, EvalLimit}, {EvalLimit, EvalLimit}, {5, 5},
		{-EvalLimit, -EvalLimit}, {-EvalLimit - 1, -EvalLimit}, {StalemateScore, EvalLimit},
	} {
		assert.Equal(t, tc.want, clampEval(tc.in), "clampEval(%d)", tc.in)
	}
}
