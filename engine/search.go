package engine

import (
	"slices"
	"time"

	"github.com/sakk-chess/sakk/game"
	"github.com/sakk-chess/sakk/game/move"
)

// The board-independent parts of the search: pruning margins, TT bound tests,
// root bookkeeping, reports and stop decisions. The per-board search is in
// search_chess.go (and its generated copies).

// fiftyNear is the halfmove clock from which a node is searched without
// pruning by the static evaluation or by move count: within 10 plies of
// the fifty-move draw.
const fiftyNear = 90

// singularDepth is the least depth at which the TT move is tested for a
// singular extension.
const singularDepth = 7

// A TT move whose alternatives fall doubleExtMargin below the singular
// bound is extended by two plies, at most maxDoubleExts times on a line.
const (
	doubleExtMargin = 20
	maxDoubleExts   = 6
)

// rfpMargin is the reverse futility margin at a depth.
func rfpMargin(depth int, improving bool) int {
	if improving {
		return 70 * (depth - 1)
	}
	return 70 * depth
}

// lmpLimit is how many moves a node at low depth searches before the
// remaining quiet moves are pruned.
func lmpLimit(depth int, improving bool) int {
	if improving {
		return 3 + depth*depth
	}
	return (3 + depth*depth) / 2
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// ttCuts says whether a stored bound settles the node's window.
func ttCuts(bound Bound, score, alpha, beta int) bool {
	return bound&BoundLower != 0 && score >= beta || bound&BoundUpper != 0 && score <= alpha
}

// ttRefines says whether a stored bound is a better guess than eval.
func ttRefines(bound Bound, score, eval int) bool {
	return bound&BoundLower != 0 && score > eval || bound&BoundUpper != 0 && score < eval
}

func containsMove(list []move.Move, m move.Move) bool {
	return slices.Contains(list, m)
}

// sortRoot orders root moves best first, keeping the order of equals
// (an insertion sort: the list is short and nearly sorted, and it does not
// allocate).
func sortRoot(rms []rootMove) {
	for i := 1; i < len(rms); i++ {
		if rms[i].score <= rms[i-1].score {
			continue
		}
		tmp := rms[i]
		j := i
		for ; j > 0 && rms[j-1].score < tmp.score; j-- {
			rms[j] = rms[j-1]
		}
		rms[j] = tmp
	}
}

// begin resets a thread for a new search.
func (t *thread) begin(e *Engine, id, stalemate int) {
	t.id = id
	t.e = e
	t.stop = &e.stop
	t.nodes = 0
	t.nextCheckup = checkupInterval
	if e.nodeLimit > 0 && e.nodeLimit < checkupInterval {
		t.nextCheckup = e.nodeLimit
	}
	t.published.Store(0)
	t.selDepth = 0
	t.rootDepth = 0
	t.stalemate = stalemate
	t.bestMoveChanges = 0
	t.completedDepth = 0
	t.reported.n = 0
	t.stack[0].move = move.None
}

// stalemateScore is the score of being stalemated: a draw in orthodox chess,
// Glinski's 1/4 point for the stalemated side unless the option says draw.
func (e *Engine) stalemateScore(variant game.Variant) int {
	if variant == game.Glinski && !e.opts.GlinskiStalemateDraw {
		return -StalemateScore
	}
	return 0
}

// totalNodes counts the nodes of all threads. Called by the main thread.
func (e *Engine) totalNodes() uint64 {
	n := e.active[0].nodes
	for _, t := range e.active[1:] {
		n += t.published.Load()
	}
	return n
}

// reportLines sends one Info per MultiPV line after a completed depth.
func (e *Engine) reportLines(t *thread, depth, multiPV int) {
	if e.report == nil {
		return
	}
	elapsed := e.tm.elapsed()
	nodes := e.totalNodes()
	hashFull := e.tt.HashFull()
	// The strength limit's extra lines are its own business: the GUI asked
	// for MultiPV lines, and a match runner reads the last one as the move.
	multiPV = min(multiPV, max(e.opts.MultiPV, 1))
	for i := range multiPV {
		rm := &t.root[i]
		score, bound := rm.score, rm.bound
		if score == -Infinity {
			score, bound = rm.prevScore, BoundExact
		}
		if shown := t.shownScore(score); shown != score {
			score, bound = shown, BoundExact
		}
		e.report(Info{
			Depth:    depth,
			SelDepth: max(rm.selDepth, depth),
			MultiPV:  i + 1,
			Score:    score,
			MateIn:   MateIn(score),
			Bound:    bound,
			Nodes:    nodes,
			NPS:      nps(nodes, elapsed),
			Time:     elapsed,
			HashFull: hashFull,
			TBHits:   e.tb.hits.Load(),
			PV:       rm.pv.moves[:rm.pv.n],
		})
	}
	t.lastReport = time.Now()
	t.reported.n = t.root[0].pv.n
	copy(t.reported.moves[:t.reported.n], t.root[0].pv.moves[:t.reported.n])
}

// reportCurrMove tells which root move is being searched, once the search
// has run long enough (3 s) for people to want to know.
func (e *Engine) reportCurrMove(depth int, m move.Move, number int) {
	if e.report == nil || e.tm.elapsed() < 3*time.Second {
		return
	}
	e.report(Info{Depth: depth, CurrMove: m, CurrMoveNumber: number,
		Nodes: e.totalNodes(), Time: e.tm.elapsed()})
}

func nps(nodes uint64, d time.Duration) uint64 {
	if d <= 0 {
		return 0
	}
	return uint64(float64(nodes) / d.Seconds())
}

// enough decides after a completed depth whether the main thread stops.
func (e *Engine) enough(t *thread, lim *Limits, depth, score, lastScore int) bool {
	if lim.Mate > 0 && MateIn(score) > 0 && MateIn(score) <= lim.Mate {
		return true
	}
	if lim.Infinite || e.ponder.Load() {
		return false
	}
	if e.tm.soft > 0 && t.nRoot == 1 {
		return true // the only legal move: no need to think
	}
	if e.tm.clocked && IsMate(score) && depth >= 2*abs(MateIn(score))+6 {
		return true // a proven mate does not change with more depth
	}
	drop := 0
	if lastScore != -Infinity {
		drop = lastScore - score
	}
	return e.tm.enoughAfterIteration(t.bestMoveChanges, drop, false)
}

// waitWhilePondering keeps a search that ended early from returning while
// "go infinite" or "go ponder" still wants it running (UCI: no bestmove
// before stop or ponderhit).
func (e *Engine) waitWhilePondering(lim *Limits) {
	for !e.stop.Load() && (lim.Infinite || e.ponder.Load()) {
		time.Sleep(time.Millisecond)
	}
}

// result builds the search result from the main thread's root moves.
func (e *Engine) result(t *thread, ponder move.Move) Result {
	nodes := t.nodes
	for _, h := range e.active[1:] {
		nodes += h.published.Load() // helpers may still be unwinding
	}
	if t.nRoot == 0 {
		return Result{Nodes: nodes}
	}
	rm := &t.root[0]
	score := rm.score
	if score == -Infinity {
		score = rm.prevScore
	}
	if score == -Infinity {
		score = 0 // stopped before any move was searched
	}
	return Result{
		Best:   rm.move,
		Ponder: ponder,
		Score:  score,
		MateIn: MateIn(score),
		Depth:  t.completedDepth,
		Nodes:  nodes,
	}
}
