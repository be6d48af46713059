package engine

import (
	"sync/atomic"
	"time"

	"github.com/sakk-chess/sakk/game/move"
)

// timeManager decides how long a search may run. The hard deadline stops the
// search wherever it is; the soft budget is checked between iterations and
// stretched when the best move is unstable or the score drops.
type timeManager struct {
	start    time.Time
	clocked  bool          // the search runs on a clock (wtime/btime or movetime)
	soft     time.Duration // budget checked after each iteration (0: none)
	hard     time.Duration // budget from the start or from PonderHit
	deadline atomic.Int64  // hard deadline, ns since start; 0 while pondering or unlimited
}

// noDeadline is a deadline that never comes.
const noDeadline = int64(1) << 62

// init sets the budgets for the side to move.
func (tm *timeManager) init(lim *Limits, us move.Color, overhead time.Duration) {
	tm.start = time.Now()
	tm.clocked, tm.soft, tm.hard = false, 0, 0
	left, inc := lim.WTime, lim.WInc
	if us == move.Black {
		left, inc = lim.BTime, lim.BInc
	}
	left, inc = max(left, 0), max(inc, 0) // a clock past zero is still a clock
	switch {
	case lim.Infinite:
	case lim.MoveTime > 0:
		tm.clocked = true
		tm.hard = max(lim.MoveTime-overhead, time.Millisecond) // soft 0: use it all
	case lim.Clocked || left > 0 || inc > 0 || lim.WTime > 0 || lim.BTime > 0:
		// Only the opponent's clock, or ours at 0: budget gives a
		// millisecond, so the search moves at once.
		tm.clocked = true
		tm.soft, tm.hard = budget(left, inc, lim.MovesToGo, overhead)
	}
	tm.deadline.Store(noDeadline)
	if tm.clocked && !lim.Ponder {
		tm.deadline.Store(int64(tm.hard))
	}
}

// budget shares the clock: the soft budget is this move's fair share, the hard
// one a few times that, never more than a safe part of what is left.
func budget(left, inc time.Duration, movesToGo int, overhead time.Duration) (soft, hard time.Duration) {
	usable := max(left-overhead, time.Millisecond)
	mtg := 30
	if movesToGo > 0 {
		mtg = min(movesToGo, 30)
	}
	share := usable/time.Duration(mtg) + inc*3/4
	if mtg == 1 {
		// The last move before the time control: use much of it, keep a margin.
		return min(share, usable*6/10), usable * 8 / 10
	}
	soft = min(share, usable/4)
	hard = min(share*3, usable*6/10)
	return max(soft, time.Millisecond/2), max(hard, time.Millisecond)
}

// ponderHit starts the clock for a ponder search that has become real: the
// hard budget counts from now (the clock was not running while pondering).
func (tm *timeManager) ponderHit() {
	if tm.clocked {
		tm.deadline.Store(int64(time.Since(tm.start) + tm.hard))
	}
}

// elapsed is the time since the search started.
func (tm *timeManager) elapsed() time.Duration { return time.Since(tm.start) }

// pastDeadline reports whether the hard deadline has passed.
func (tm *timeManager) pastDeadline() bool {
	return int64(time.Since(tm.start)) >= tm.deadline.Load()
}

// enoughAfterIteration says whether to stop after an iteration: the soft
// budget scaled by instability (best-move changes) and by a falling score.
func (tm *timeManager) enoughAfterIteration(bestMoveChanges float64, scoreDrop int, pondering bool) bool {
	if !tm.clocked || pondering || tm.soft == 0 {
		return false
	}
	scale := 0.75 + bestMoveChanges*0.6
	scale = min(scale, 2.5)
	if scoreDrop > 0 {
		scale *= 1 + float64(min(scoreDrop, 150))/100
	}
	target := time.Duration(float64(tm.soft) * scale)
	// An iteration costs about as much as all before it: don't start one
	// that cannot finish before the target.
	return tm.elapsed() >= target*6/10
}
