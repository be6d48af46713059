package engine

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/sakk-chess/sakk/game/move"
)

func TestBudgetStaysInsideTheClock(t *testing.T) {
	const overhead = 10 * time.Millisecond
	for _, left := range []time.Duration{0, 5 * time.Millisecond, 50 * time.Millisecond, time.Second, 10 * time.Second, time.Hour} {
		for _, inc := range []time.Duration{0, 100 * time.Millisecond, 2 * time.Second} {
			for _, mtg := range []int{0, 1, 2, 5, 40} {
				soft, hard := budget(left, inc, mtg, overhead)
				assert.Positive(t, soft)
				assert.LessOrEqual(t, soft, hard, "%v+%v/%d", left, inc, mtg)
				if left > 2*overhead {
					// Never more than what is left after the overhead.
					assert.Less(t, hard, left-overhead, "%v+%v/%d", left, inc, mtg)
				}
			}
		}
	}
	// A fair share: a minute for 40 moves gives about two seconds a move
	// (a 30th of the clock: the search stops after an iteration past about
	// half of it when the best move is stable).
	soft, hard := budget(time.Minute, 0, 40, overhead)
	assert.InDelta(t, 2, soft.Seconds(), 0.1)
	assert.Greater(t, hard, 2*soft)
}

func TestTimeManagerModes(t *testing.T) {
	var tm timeManager
	tm.init(&Limits{Infinite: true, WTime: time.Second}, move.White, 10*time.Millisecond)
	assert.False(t, tm.clocked)
	assert.False(t, tm.pastDeadline())

	tm.init(&Limits{MoveTime: 100 * time.Millisecond}, move.White, 10*time.Millisecond)
	assert.True(t, tm.clocked)
	assert.Equal(t, 90*time.Millisecond, tm.hard)
	assert.Zero(t, tm.soft, "movetime is used in full")

	// Black's clock is the one that counts for Black.
	tm.init(&Limits{WTime: time.Hour, BTime: 100 * time.Millisecond}, move.Black, 10*time.Millisecond)
	assert.Less(t, tm.hard, 100*time.Millisecond)

	// Pondering: no deadline until ponderhit, then the hard budget from then.
	tm.init(&Limits{Ponder: true, WTime: 100 * time.Millisecond}, move.White, 10*time.Millisecond)
	assert.Equal(t, noDeadline, tm.deadline.Load())
	tm.ponderHit()
	assert.Less(t, tm.deadline.Load(), noDeadline)
}

func TestSoftBudgetStretchesWhenUnstable(t *testing.T) {
	var tm timeManager
	tm.init(&Limits{WTime: 10 * time.Second}, move.White, 0)
	tm.start = time.Now().Add(-tm.soft * 8 / 10)
	assert.True(t, tm.enoughAfterIteration(0, 0, false), "stable: stop early")
	assert.False(t, tm.enoughAfterIteration(3, 0, false), "best move keeps changing: think on")
	assert.False(t, tm.enoughAfterIteration(0, 100, false), "score dropping: think on")
	assert.False(t, tm.enoughAfterIteration(0, 0, true), "never while pondering")
}

// A clock given at 0 (or below, or only the opponent's) is a timed search
// with about a millisecond: "move now", never "no limit".
func TestNoTimeLeftIsTimed(t *testing.T) {
	var tm timeManager
	for _, lim := range []Limits{
		{Clocked: true},
		{Clocked: true, WTime: -170 * time.Second, WInc: 2 * time.Second},
		{WTime: -5 * time.Millisecond, BTime: time.Minute},
		{BTime: time.Minute}, // only the opponent's clock
	} {
		tm.init(&lim, move.White, 10*time.Millisecond)
		assert.True(t, tm.clocked, "%+v", lim)
		assert.LessOrEqual(t, tm.hard, 2*time.Second, "%+v", lim)
		if lim.WInc == 0 {
			assert.LessOrEqual(t, tm.hard, time.Millisecond, "%+v", lim)
		}
		assert.Less(t, tm.deadline.Load(), noDeadline)
	}
	// Pondering on a 0 clock: the millisecond starts at ponderhit.
	tm.init(&Limits{Clocked: true, Ponder: true}, move.Black, 0)
	assert.Equal(t, noDeadline, tm.deadline.Load())
	tm.ponderHit()
	assert.LessOrEqual(t, tm.deadline.Load(), int64(time.Since(tm.start)+time.Millisecond))
}
