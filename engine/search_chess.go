package engine

// The search, written once against *board.Position. search_glinski.go is
// generated from this file by engine/internal/gen (go generate ./engine/...)
// with the board type swapped, so each board gets the same search with direct,
// inlinable calls (docs/engine.md). Edit this file, never the generated ones,
// and keep board-specific names out of it: everything named chess*/Chess* is
// renamed glinski*/Glinski*.

import (
	"github.com/sakk-chess/sakk/board"
	"github.com/sakk-chess/sakk/engine/nnue"
	"github.com/sakk-chess/sakk/game/move"
)

// chessPos is the board this copy of the search runs on.
type chessPos = *board.Position

// chessWorker is one search thread on its own copy of the position.
type chessWorker struct {
	thread
	pos    chessPos
	nn     nnue.Stack // accumulators per ply, used when useNet is set
	useNet bool
}

// evaluate is the static evaluation, kept inside the ordinary score band:
// the net's when this search uses one, else the hand-made one. Against a
// lone king the hand-made evaluation decides even with the net on: the net
// has seen no such endings (self-play games are adjudicated long before)
// and scores them flat, so the search could not find its way to the mate.
func (w *chessWorker) evaluate() int {
	if w.useNet && w.pos.Material(move.White) != 0 && w.pos.Material(move.Black) != 0 {
		if score, ok := w.nn.Evaluate(w.pos.Side()); ok {
			return clampEval(score)
		}
	}
	return clampEval(w.pos.Evaluate())
}

// corrected is a raw static evaluation moved by the correction learned for
// this pawn structure, still inside the ordinary score band.
func (w *chessWorker) corrected(raw int) int {
	if !useCorrection {
		return raw
	}
	return clampEval(raw + w.thread.correction(w.pos.Side(), w.pos.PawnKey()))
}

// initNet sets up the net's accumulators at the root, or switches the net
// off for this search when net is nil.
func (w *chessWorker) initNet(net *nnue.Net) {
	w.useNet = net != nil
	if w.useNet {
		var f nnue.Features
		w.pos.NNUEFeatures(&f)
		w.nn.Reset(net, nnueDepth, &f)
	}
}

// makeMove plays m on the board and, when the net is on, records what it
// changes for the accumulators (computed lazily by evaluate).
func (w *chessWorker) makeMove(m move.Move) {
	if w.useNet {
		var d nnue.Delta
		w.pos.NNUEDelta(m, &d)
		w.nn.Push(&d)
	}
	w.pos.Make(m)
}

// unmakeMove takes back the last makeMove.
func (w *chessWorker) unmakeMove() {
	w.pos.Unmake()
	if w.useNet {
		w.nn.Pop()
	}
}

// makeNull passes the turn; unmakeNull takes it back.
func (w *chessWorker) makeNull() {
	if w.useNet {
		w.nn.Push(&nnue.Delta{})
	}
	w.pos.MakeNull()
}

func (w *chessWorker) unmakeNull() {
	w.pos.UnmakeNull()
	if w.useNet {
		w.nn.Pop()
	}
}

// initRoot fills the root move list (restricted to lim.SearchMoves if any),
// the TT move first.
func (w *chessWorker) initRoot(searchMoves []move.Move) {
	t := &w.thread
	list := &t.pickers[0].captures
	w.pos.LegalMoves(list)
	t.nRoot = 0
	for _, m := range list.Slice() {
		if len(searchMoves) > 0 && !containsMove(searchMoves, m) {
			continue
		}
		rm := &t.root[t.nRoot]
		rm.move, rm.score, rm.prevScore, rm.bound, rm.selDepth = m, -Infinity, -Infinity, BoundUpper, 0
		rm.pv.n = 1
		rm.pv.moves[0] = m
		t.nRoot++
	}
	if hit, ok := t.e.tt.Probe(w.pos.Key()); ok {
		for i := 1; i < t.nRoot; i++ {
			if t.root[i].move == hit.Move {
				t.root[0], t.root[i] = t.root[i], t.root[0]
				break
			}
		}
	}
	w.tbRoot()
}

// iterate is iterative deepening: one aspiration search per depth and
// MultiPV line until a limit stops it. The main thread (id 0) reports and
// decides when to stop; helpers (lazy SMP) only fill the shared TT.
func (w *chessWorker) iterate(lim *Limits) {
	t := &w.thread
	e := t.e
	main := t.id == 0
	multiPV := 1
	if main {
		multiPV = e.searchLines(t.nRoot)
	}
	maxDepth := MaxPly - 8
	if lim.Depth > 0 {
		maxDepth = min(lim.Depth, maxDepth)
	} else if lim.Mate > 0 {
		maxDepth = min(4*lim.Mate+4, maxDepth)
	}
	lastScore := -Infinity
	for depth := 1 + t.id%2; depth <= maxDepth && t.nRoot > 0; depth++ {
		t.rootDepth = depth
		t.bestMoveChanges /= 2
		for i := range t.nRoot {
			rm := &t.root[i]
			if rm.score != -Infinity {
				rm.prevScore = rm.score
			}
			rm.score = -Infinity
		}
		for pvIdx := 0; pvIdx < multiPV && !t.stopped(); pvIdx++ {
			t.selDepth = 0
			w.aspiration(depth, pvIdx)
			sortRoot(t.root[:pvIdx+1])
		}
		if t.stopped() {
			break
		}
		if !main {
			continue
		}
		t.completedDepth = depth
		w.trimLines(multiPV)
		e.reportLines(t, depth, multiPV)
		score := t.root[0].score
		if e.enough(t, lim, depth, score, lastScore) {
			break
		}
		lastScore = score
	}
}

// aspiration searches the root with a window around the last score,
// widening it on each failure.
func (w *chessWorker) aspiration(depth, pvIdx int) {
	t := &w.thread
	alpha, beta := -Infinity, Infinity
	delta := 16
	prev := t.root[pvIdx].prevScore
	if useAspiration && depth >= 4 && prev != -Infinity && !IsMate(prev) {
		alpha, beta = max(prev-delta, -Infinity), min(prev+delta, Infinity)
	}
	for {
		score := w.searchRoot(alpha, beta, depth, pvIdx)
		sortRoot(t.root[pvIdx:t.nRoot])
		if t.stopped() {
			return
		}
		switch {
		case score <= alpha:
			beta = (alpha + beta) / 2
			alpha = max(score-delta, -Infinity)
		case score >= beta:
			beta = min(score+delta, Infinity)
		default:
			return
		}
		delta += delta / 2
		if delta > 800 {
			alpha, beta = -Infinity, Infinity
		}
	}
}

// searchRoot searches the root moves from pvIdx on (the earlier ones are
// the better MultiPV lines of this depth) and records each one's score.
func (w *chessWorker) searchRoot(alpha, beta, depth, pvIdx int) int {
	t := &w.thread
	pos := w.pos
	main := t.id == 0
	t.nodes++
	t.pv[0].n = 0
	inCheck := pos.InCheck()
	t.stack[0].staticEval = scoreNone
	rawEval := scoreNone
	if !inCheck {
		rawEval = w.evaluate()
		t.stack[0].staticEval = w.corrected(rawEval)
	}
	t.stack[2].killers = [2]move.Move{}
	best, bestMove := -Infinity, move.None
	for i := pvIdx; i < t.nRoot; i++ {
		rm := &t.root[i]
		m := rm.move
		moveCount := i - pvIdx + 1
		if main {
			t.e.reportCurrMove(depth, m, moveCount)
		}
		t.stack[0].move = m
		t.stack[1].doubleExts = 0
		t.pv[1].n = 0
		w.makeMove(m)
		newDepth := depth - 1
		if useCheckExt && pos.InCheck() {
			newDepth++
		}
		var score int
		if moveCount == 1 {
			score = -w.search(-beta, -alpha, newDepth, 1, false)
		} else {
			r := 0
			if useLMR && depth >= 3 && moveCount > 3 && !m.IsTactical() && newDepth < depth {
				r = min(max(lmr(depth, moveCount)-1, 0), newDepth-1)
			}
			score = -w.search(-alpha-1, -alpha, newDepth-r, 1, true)
			if score > alpha && r > 0 {
				score = -w.search(-alpha-1, -alpha, newDepth, 1, true)
			}
			if score > alpha && score < beta {
				score = -w.search(-beta, -alpha, newDepth, 1, false)
			}
		}
		w.unmakeMove()
		if t.stopped() {
			return best
		}
		if moveCount == 1 || score > alpha {
			rm.score = score
			rm.selDepth = t.selDepth
			rm.pv.set(m, &t.pv[1])
			switch {
			case score >= beta:
				rm.bound = BoundLower
			case score <= alpha:
				rm.bound = BoundUpper
			default:
				rm.bound = BoundExact
			}
			if moveCount > 1 && main {
				t.bestMoveChanges++
			}
		} else {
			rm.score = -Infinity
		}
		if score > best {
			best = score
			if score > alpha {
				bestMove = m
				if score >= beta {
					break
				}
				alpha = score
			}
		}
	}
	if pvIdx == 0 {
		bound := BoundUpper
		if best >= beta {
			bound = BoundLower
		} else if bestMove != move.None {
			bound = BoundExact
		}
		t.e.tt.Store(pos.Key(), bestMove, scoreToTT(best, 0), rawEval, depth, bound)
	}
	return best
}

// search is the principal variation search below the root: negamax
// alpha-beta with a null window for all moves but the first at PV nodes.
func (w *chessWorker) search(alpha, beta, depth, ply int, cutNode bool) int {
	t := &w.thread
	pos := w.pos
	pvNode := beta-alpha > 1
	if pvNode {
		t.pv[ply].n = 0
	}
	if depth <= 0 {
		return w.qsearch(alpha, beta, ply)
	}
	if !t.enterNode(ply) {
		return 0
	}
	inCheck := pos.InCheck()
	if pos.IsRepetition() || pos.IsDead() {
		return 0
	}
	if w.fiftyMoveDraw(ply) {
		return 0
	}
	if ply >= MaxPly-1 {
		if inCheck {
			return 0
		}
		return w.evaluate()
	}
	// Mate distance pruning: no line from here beats a mate already found.
	alpha = max(alpha, -MateScore+ply)
	beta = min(beta, MateScore-ply-1)
	if alpha >= beta {
		return alpha
	}

	// A search of this position without the TT move (singular extension,
	// below) neither reads nor writes the table: its result is not this
	// position's value.
	f := &t.stack[ply]
	excluded := f.excluded
	key := pos.Key()
	hit, ttHit := t.e.tt.Probe(key)
	if excluded != move.None {
		ttHit = false
	}
	ttMove, ttScore := move.None, scoreNone
	if ttHit {
		ttMove = hit.Move
		ttScore = scoreFromTT(hit.Score, ply)
		if !pvNode && hit.Depth >= depth && ttCuts(hit.Bound, ttScore, alpha, beta) {
			return ttScore
		}
	}
	if t.tbLimit != 0 && excluded == move.None { // tablebases (tablebase.go)
		if score, ok := w.probeTB(alpha, beta, depth, ply); ok {
			return score
		}
	}

	eval, rawEval := scoreNone, scoreNone
	if excluded == move.None {
		f.staticEval = scoreNone
	}
	if !inCheck {
		// A search without the TT move keeps the node's static evaluation,
		// already in the frame.
		if excluded == move.None {
			if ttHit && hit.Eval != scoreNone {
				rawEval = hit.Eval
			} else {
				rawEval = w.evaluate()
			}
			f.staticEval = w.corrected(rawEval)
		}
		eval = f.staticEval
		// A stored search score is a better guess than the static one.
		if ttHit && !IsMate(ttScore) && ttRefines(hit.Bound, ttScore, eval) {
			eval = ttScore
		}
	}
	improving := !inCheck && ply >= 2 && t.stack[ply-2].staticEval != scoreNone &&
		f.staticEval > t.stack[ply-2].staticEval
	t.stack[ply+2].killers = [2]move.Move{}
	side := pos.Side()
	// Near the fifty-move draw the static evaluation says little (a won
	// ending is a draw unless a pawn moves or something is taken soon), and
	// the move that resets the count is often a quiet move ordered late:
	// no pruning by the evaluation or by move count there.
	nearFifty := pos.HalfmoveClock() >= fiftyNear

	if !pvNode && !inCheck && !IsMate(beta) && !nearFifty && excluded == move.None {
		// Reverse futility: far above beta at low depth, assume it holds.
		if useRFP && depth <= 8 && eval-rfpMargin(depth, improving) >= beta && eval < EvalLimit {
			return eval
		}
		// Null move: if passing still fails high, a real move will too.
		// Not without pieces (zugzwang) and never twice in a row.
		if useNullMove && depth >= 3 && eval >= beta && f.staticEval >= beta-20*depth+160 &&
			t.stack[ply-1].move != move.None && pos.HasNonPawnMaterial(side) {
			r := 3 + depth/3 + min((eval-beta)/200, 3)
			f.move = move.None
			t.stack[ply+1].doubleExts = f.doubleExts
			w.makeNull()
			score := -w.search(-beta, -beta+1, depth-r, ply+1, !cutNode)
			w.unmakeNull()
			if t.stopped() {
				return 0
			}
			if score >= beta {
				if score >= EvalLimit { // no unproven mates or stalemates
					score = beta
				}
				return score
			}
		}
	}
	// Internal iterative reduction: without a TT move this node is likely
	// less important than its depth says.
	if useIIR && (pvNode || cutNode) && depth >= 4 && ttMove == move.None && excluded == move.None {
		depth--
	}
	// Singular extension: when the TT move's stored lower bound is well
	// above what every other move reaches in a reduced search, the TT move
	// is the only good one and is searched a ply deeper. When another move
	// also beats beta, two moves do and this node fails high (multi-cut);
	// when the TT move alone was expected to beat beta, it is searched a
	// ply shallower. The search without the TT move runs here, before this
	// node's move picker is set up, since it uses the same ply's picker.
	ttExt := 0
	if useSingular && excluded == move.None && depth >= singularDepth && ttMove != move.None &&
		hit.Depth >= depth-3 && hit.Bound&BoundLower != 0 && !IsMate(ttScore) && !IsMate(alpha) && !IsMate(beta) &&
		ply < 2*t.rootDepth && pos.IsLegal(ttMove) {
		sBeta := ttScore - 2*depth
		f.excluded = ttMove
		score := w.search(sBeta-1, sBeta, (depth-1)/2, ply, cutNode)
		f.excluded = move.None
		if t.stopped() {
			return 0
		}
		switch {
		case score < sBeta:
			ttExt = 1
			// Far below: two plies, a bounded number of times per line.
			if !pvNode && score < sBeta-doubleExtMargin && f.doubleExts < maxDoubleExts {
				ttExt = 2
			}
		case sBeta >= beta:
			return sBeta
		case ttScore >= beta:
			ttExt = -1
		}
	}

	counter := move.None
	if prev := t.stack[ply-1].move; useCounter && prev != move.None {
		counter = t.counters[prev.Piece()][prev.To()]
	}
	mp := &t.pickers[ply]
	killers := f.killers
	if !useKillers {
		killers = [2]move.Move{}
	}
	if excluded != move.None {
		// The picker skips its TT move everywhere but in its first stage.
		mp.init(excluded, killers, counter, inCheck)
		mp.stage = stageGenCaptures
	} else {
		mp.init(ttMove, killers, counter, inCheck)
	}
	best, bestMove := -Infinity, move.None
	moveCount := 0
	for m := w.next(mp, ply); m != move.None; m = w.next(mp, ply) {
		moveCount++
		quiet := !m.IsTactical()
		if best > -MateBound && !nearFifty {
			if quiet {
				// Late move pruning and futility pruning: the remaining
				// quiet moves are ordered worse and cannot reach alpha.
				if useLMP && depth <= 8 && moveCount >= lmpLimit(depth, improving) {
					mp.skipQuiets = true
					continue
				}
				if useFutility && !inCheck && depth <= 8 && eval+100+110*depth <= alpha {
					mp.skipQuiets = true
					continue
				}
				if useHistPrune && depth <= 3 && t.quietScore(side, m, ply) < -3000*depth {
					continue
				}
				// SEE pruning: the moved piece is simply lost on its square.
				if useSEEPrune && depth <= 7 && pos.SEE(m) < -50*depth {
					continue
				}
			} else if useSEEPrune && mp.stage == stageBadCaptures && depth <= 7 && pos.SEE(m) < -120*depth {
				continue
			}
		}
		f.move = m
		t.pv[ply+1].n = 0
		t.stack[ply+1].doubleExts = f.doubleExts + b2i(m == ttMove && ttExt == 2)
		w.makeMove(m)
		newDepth := depth - 1
		givesCheck := pos.InCheck()
		if m == ttMove && ttExt != 0 {
			newDepth += ttExt
		} else if useCheckExt && givesCheck && ply < 2*t.rootDepth {
			newDepth++
		}
		var score int
		if useLMR && depth >= 3 && moveCount > 1+b2i(pvNode) && (quiet || mp.stage == stageBadCaptures) {
			r := lmr(depth, moveCount)
			if pvNode {
				r--
			}
			if cutNode {
				r++
			}
			if improving {
				r--
			}
			if givesCheck {
				r--
			}
			if quiet {
				if m == mp.killers[0] || m == mp.killers[1] || m == counter {
					r--
				}
				if ttMove.IsTactical() { // the best move here is likely a capture
					r++
				}
				r -= t.quietScore(side, m, ply) / 6000
			}
			r = min(max(r, 0), newDepth-1)
			score = -w.search(-alpha-1, -alpha, newDepth-r, ply+1, true)
			if score > alpha && r > 0 {
				score = -w.search(-alpha-1, -alpha, newDepth, ply+1, !cutNode)
			}
		} else if !pvNode || moveCount > 1 {
			score = -w.search(-alpha-1, -alpha, newDepth, ply+1, !cutNode)
		}
		if pvNode && (moveCount == 1 || score > alpha) {
			score = -w.search(-beta, -alpha, newDepth, ply+1, false)
		}
		w.unmakeMove()
		if t.stopped() {
			return 0
		}
		if score > best {
			best = score
			if score > alpha {
				bestMove = m
				if pvNode {
					t.pv[ply].set(m, &t.pv[ply+1])
				}
				if score >= beta {
					if quiet {
						t.updateQuiets(side, ply, depth, m, mp.tried[:mp.nTried])
					}
					break
				}
				alpha = score
			}
		}
		if quiet {
			mp.addTried(m)
		}
	}
	if moveCount == 0 {
		if excluded != move.None {
			return alpha // the TT move was the only legal move
		}
		if inCheck {
			return -MateScore + ply
		}
		return t.stalemate
	}
	if excluded != move.None {
		return best
	}
	bound := BoundUpper
	if best >= beta {
		bound = BoundLower
	} else if pvNode && bestMove != move.None {
		bound = BoundExact
	}
	// A quiet best move (or none) and a score on the right side of the
	// static evaluation for its bound: the search learned how far off the
	// evaluation was here.
	if useCorrection && !inCheck && !IsMate(best) && (bestMove == move.None || !bestMove.IsTactical()) &&
		!(bound == BoundLower && best <= f.staticEval) && !(bound == BoundUpper && best >= f.staticEval) {
		t.updateCorrection(side, pos.PawnKey(), depth, best-rawEval)
	}
	t.e.tt.Store(key, bestMove, scoreToTT(best, ply), rawEval, depth, bound)
	return best
}

// qsearch resolves captures (and check evasions) until the position is
// quiet, so that static evaluations are taken only where nothing hangs.
func (w *chessWorker) qsearch(alpha, beta, ply int) int {
	t := &w.thread
	pos := w.pos
	pvNode := beta-alpha > 1
	if pvNode {
		t.pv[ply].n = 0
	}
	if !t.enterNode(ply) {
		return 0
	}
	inCheck := pos.InCheck()
	if pos.IsRepetition() || pos.IsDead() {
		return 0
	}
	if w.fiftyMoveDraw(ply) {
		return 0
	}
	if ply >= MaxPly-1 {
		if inCheck {
			return 0
		}
		return w.evaluate()
	}

	key := pos.Key()
	hit, ttHit := t.e.tt.Probe(key)
	ttMove := move.None
	if ttHit {
		ttMove = hit.Move
		ttScore := scoreFromTT(hit.Score, ply)
		if !pvNode && ttCuts(hit.Bound, ttScore, alpha, beta) {
			return ttScore
		}
	}

	best, standPat, staticEval := -Infinity, scoreNone, scoreNone
	if !inCheck {
		if ttHit && hit.Eval != scoreNone {
			staticEval = hit.Eval
		} else {
			staticEval = w.evaluate()
		}
		standPat = w.corrected(staticEval)
		if standPat >= beta {
			if !ttHit {
				t.e.tt.Store(key, move.None, standPat, staticEval, 0, BoundLower)
			}
			return standPat
		}
		alpha = max(alpha, standPat)
		best = standPat
	}

	mp := &t.pickers[ply]
	mp.initQuiescence(ttMove, inCheck)
	bestMove := move.None
	moveCount := 0
	for m := w.next(mp, ply); m != move.None; m = w.next(mp, ply) {
		moveCount++
		// Delta pruning: even winning this piece for free stays below alpha.
		if useDeltaPruning && !inCheck && !m.IsPromotion() && standPat+pieceOrder[m.Captured()]+200 <= alpha {
			continue
		}
		t.stack[ply].move = m
		t.pv[ply+1].n = 0
		w.makeMove(m)
		score := -w.qsearch(-beta, -alpha, ply+1)
		w.unmakeMove()
		if t.stopped() {
			return 0
		}
		if score > best {
			best = score
			if score > alpha {
				bestMove = m
				if pvNode {
					t.pv[ply].set(m, &t.pv[ply+1])
				}
				if score >= beta {
					break
				}
				alpha = score
			}
		}
	}
	if inCheck && moveCount == 0 {
		return -MateScore + ply
	}
	bound := BoundUpper
	if best >= beta {
		bound = BoundLower
	}
	t.e.tt.Store(key, bestMove, scoreToTT(best, ply), staticEval, 0, bound)
	return best
}

// fiftyMoveDraw says whether the fifty-move rule draws the node: not when
// the 100th ply mated or stalemated (a Glinski stalemate is not a draw, and
// it ends the game first).
func (w *chessWorker) fiftyMoveDraw(ply int) bool {
	return w.pos.HalfmoveClock() >= 100 && w.hasLegalMove(ply)
}

// hasLegalMove tells a 50-move draw from a mate or stalemate on the 100th ply.
func (w *chessWorker) hasLegalMove(ply int) bool {
	list := &w.pickers[ply].captures
	w.pos.LegalMoves(list)
	return list.N > 0
}

// next returns the node's next move in picking order, or move.None.
func (w *chessWorker) next(mp *picker, ply int) move.Move {
	pos := w.pos
	for {
		switch mp.stage {
		case stageTT:
			mp.stage = stageGenCaptures
			if mp.ttMove != move.None {
				if pos.IsLegal(mp.ttMove) {
					return mp.ttMove
				}
				mp.ttMove = move.None
			}
		case stageGenCaptures:
			pos.Captures(&mp.captures)
			mp.scoreCaptures()
			mp.stage = stageGoodCaptures
		case stageGoodCaptures:
			for mp.cur < mp.captures.N {
				m := mp.pickBest(&mp.captures)
				if m == mp.ttMove {
					continue
				}
				// Only a capture by a more valuable piece can lose material.
				if pieceOrder[m.Piece()] > pieceOrder[m.Captured()] && pos.SEE(m) < 0 {
					if !mp.quiescence {
						mp.deferBad()
						continue
					}
					if useQSEE {
						continue
					}
				}
				return m
			}
			if mp.quiescence {
				mp.stage = stageDone
				return move.None
			}
			mp.stage = stageGenQuiets
		case stageGenQuiets:
			mp.stage = stageBadCaptures
			mp.cur = 0
			if !mp.skipQuiets {
				pos.Quiets(&mp.quiets)
				mp.scoreQuiets(&w.thread, pos.Side(), ply)
				mp.stage = stageQuiets
			}
		case stageQuiets:
			for !mp.skipQuiets && mp.cur < mp.quiets.N {
				if m := mp.pickBest(&mp.quiets); m != mp.ttMove {
					return m
				}
			}
			mp.stage = stageBadCaptures
			mp.cur = 0
		case stageBadCaptures:
			if mp.cur < mp.bad {
				mp.cur++
				return mp.captures.Moves[mp.cur-1]
			}
			mp.stage = stageDone
		default:
			return move.None
		}
	}
}

// trimLines cuts the PVs of the first n root moves after the first position
// where a game would be drawn (repetition, fifty-move rule, dead position)
// and at a move that is not legal, so no reported line plays on past the
// end of the game.
func (w *chessWorker) trimLines(n int) {
	for i := range n {
		w.trimPV(&w.root[i].pv)
	}
}

func (w *chessWorker) trimPV(l *pvLine) {
	pos := w.pos
	made := 0
	for made < l.n && pos.IsLegal(l.moves[made]) {
		pos.Make(l.moves[made])
		made++
		if pos.IsRepetition() || pos.HalfmoveClock() >= 100 || pos.IsDead() {
			break
		}
	}
	for range made {
		pos.Unmake()
	}
	l.n = made
}

// finish makes the main thread's last report agree with its result: the
// best line gets a second move from the TT when its PV has none (so the
// ponder move is the PV's second move), and if the best line is not what
// was last reported (the search stopped inside an iteration, after a fail
// high or a new best move) it is reported once more.
func (w *chessWorker) finish(multiPV int) move.Move {
	t := &w.thread
	if t.nRoot == 0 {
		return move.None
	}
	multiPV = min(max(multiPV, 1), t.nRoot)
	t.e.pickWeaker(t, multiPV)
	w.trimLines(multiPV)
	rm := &t.root[0]
	if rm.pv.n == 1 {
		if reply := w.ttReply(rm.move); reply != move.None {
			rm.pv.moves[1] = reply
			rm.pv.n = 2
			w.trimPV(&rm.pv)
		}
	}
	if !t.reported.equal(&rm.pv) {
		depth := t.completedDepth
		if rm.score != -Infinity {
			depth = max(depth, t.rootDepth)
		}
		t.e.reportLines(t, max(depth, 1), multiPV)
	}
	if rm.pv.n >= 2 {
		return rm.pv.moves[1]
	}
	return move.None
}

// ttReply is the TT move of the position after m, if it is legal and the
// game goes on after m.
func (w *chessWorker) ttReply(m move.Move) move.Move {
	pos := w.pos
	if !pos.IsLegal(m) {
		return move.None
	}
	pos.Make(m)
	defer pos.Unmake()
	if pos.IsRepetition() || pos.HalfmoveClock() >= 100 || pos.IsDead() {
		return move.None
	}
	if hit, ok := w.e.tt.Probe(pos.Key()); ok && hit.Move != move.None && pos.IsLegal(hit.Move) {
		return hit.Move
	}
	return move.None
}
