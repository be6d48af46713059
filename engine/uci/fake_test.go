package uci

import (
	"sync"
	"sync/atomic"
	"time"

	"github.com/sakk-chess/sakk/engine"
	"github.com/sakk-chess/sakk/game"
	"github.com/sakk-chess/sakk/game/move"
)

// fakeEngine is a stand-in Searcher with the real one's contract: it plays
// the first legal move (or searchmove), honours every limit and Stop, and
// like the real one it clears its stop flag when a search is set up. It lets
// the protocol tests check timing rules that do not depend on search
// strength.
type fakeEngine struct {
	mu       sync.Mutex
	opts     engine.Options
	newGames int
	readies  int // Ready calls

	stop      atomic.Bool
	ponderHit atomic.Bool
	searches  atomic.Int32
	// returnEarly makes infinite and ponder searches return at once (as a
	// search that found a forced mate might): the UCI layer must still hold
	// bestmove until stop/ponderhit.
	returnEarly bool
}

func newFakeEngine() *fakeEngine { return &fakeEngine{opts: engine.DefaultOptions()} }

func (f *fakeEngine) Go(pos engine.SearchBoard, lim engine.Limits, report func(engine.Info), done func(engine.Result)) {
	f.stop.Store(false)
	f.ponderHit.Store(false)
	f.searches.Add(1)
	go func() { done(f.search(pos, lim, report)) }()
}

func (f *fakeEngine) search(pos game.Position, lim engine.Limits, report func(engine.Info)) engine.Result {
	start := time.Now()
	var list move.List
	pos.LegalMoves(&list)
	if list.N == 0 {
		return engine.Result{}
	}
	best := list.Moves[0]
	if len(lim.SearchMoves) > 0 {
		best = lim.SearchMoves[0]
	}
	pv := []move.Move{best}
	pos.Make(best)
	var replies move.List
	pos.LegalMoves(&replies)
	pos.Unmake()
	if replies.N > 0 {
		pv = append(pv, replies.Moves[0])
	}
	info := func(depth int) {
		if report != nil {
			report(engine.Info{Depth: depth, SelDepth: depth, MultiPV: 1, Score: 13, Nodes: uint64(depth * 100), Time: time.Since(start), PV: pv})
		}
	}
	info(1)
	budget := time.Duration(0) // 0: until stopped
	switch {
	case lim.Depth > 0 || lim.Nodes > 0 || lim.Mate > 0:
		budget = time.Nanosecond
	case lim.MoveTime > 0:
		budget = lim.MoveTime
	case lim.WTime > 0 || lim.BTime > 0:
		clock := lim.WTime
		if pos.SideToMove() == move.Black {
			clock = lim.BTime
		}
		budget = max(clock/40, time.Millisecond)
	}
	if (lim.Infinite || lim.Ponder) && f.returnEarly {
		return engine.Result{Best: best, Ponder: pv[len(pv)-1], Depth: 1}
	}
	for depth := 2; ; depth++ {
		if f.stop.Load() {
			break
		}
		waiting := lim.Infinite || (lim.Ponder && !f.ponderHit.Load())
		if !waiting && budget > 0 && time.Since(start) >= budget {
			break
		}
		time.Sleep(200 * time.Microsecond)
		if depth%50 == 0 {
			info(depth / 50)
		}
	}
	res := engine.Result{Best: best, Depth: 1}
	if len(pv) > 1 {
		res.Ponder = pv[1]
	}
	return res
}

func (f *fakeEngine) Ready() {
	f.mu.Lock()
	f.readies++
	f.mu.Unlock()
}
func (f *fakeEngine) Stop()      { f.stop.Store(true) }
func (f *fakeEngine) PonderHit() { f.ponderHit.Store(true) }
func (f *fakeEngine) NewGame() {
	f.mu.Lock()
	f.newGames++
	f.mu.Unlock()
}
func (f *fakeEngine) SetOptions(o engine.Options) {
	f.mu.Lock()
	f.opts = o
	f.mu.Unlock()
}
func (f *fakeEngine) Options() engine.Options {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.opts
}
