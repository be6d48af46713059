package engine

import (
	"math"
	"slices"
	"sync/atomic"
	"time"

	"github.com/sakk-chess/sakk/game/move"
)

// frame is what the search remembers about one ply.
type frame struct {
	move       move.Move // the move played from this ply (None for a null move)
	staticEval int       // scoreNone when in check
	killers    [2]move.Move
	excluded   move.Move // the move a singular-extension search leaves out
	doubleExts int       // double singular extensions on the line to this ply
}

// pvLine is a principal variation collected bottom-up (triangular PV).
type pvLine struct {
	n     int
	moves [MaxPly]move.Move
}

// set makes the line m followed by child.
func (l *pvLine) set(m move.Move, child *pvLine) {
	l.moves[0] = m
	n := min(child.n, MaxPly-1)
	copy(l.moves[1:n+1], child.moves[:n])
	l.n = n + 1
}

// equal reports whether two lines hold the same moves.
func (l *pvLine) equal(o *pvLine) bool {
	return slices.Equal(l.moves[:l.n], o.moves[:o.n])
}

// rootMove is one legal move at the root with what the search learned of it.
type rootMove struct {
	move      move.Move
	score     int // this iteration's score; -Infinity until it beat alpha
	prevScore int // score of the last completed iteration
	bound     Bound
	selDepth  int
	pv        pvLine
}

// thread is one search thread's board-independent state: per-ply arrays, move
// ordering tables, node count. Each board-specific worker (chessWorker in
// search_chess.go and its generated copies) embeds one.
type thread struct {
	id          int
	e           *Engine
	stop        *atomic.Bool
	nodes       uint64        // nodes searched, owned by this goroutine
	nextCheckup uint64        // node count at which checkup runs next
	published   atomic.Uint64 // nodes, refreshed for other goroutines at each checkup
	selDepth    int
	rootDepth   int
	stalemate   int // score of the side to move when stalemated (ply-independent)

	// Tablebase probing in this search (tablebase.go): most pieces, least
	// depth at that count, fifty-move rule. tbLimit 0: no probes.
	tbLimit, tbDepth int
	tbRule50         bool
	tbRootKnown      bool // the root is in the tables: report tbRootScore
	tbRootScore      int

	stack   [MaxPly + 3]frame
	pv      [MaxPly + 1]pvLine
	pickers [MaxPly + 1]picker

	history  [2][1 << 14]int32       // butterfly: side, from-to
	counters [8][128]move.Move       // refutation of the previous move: piece, to
	cont     [8][128][8][128]int16   // continuation history: previous piece-to, this piece-to
	cont2    [8][128][8][128]int16   // follow-up history: own previous piece-to, this piece-to
	corr     [2][corrSize]int16      // static evaluation corrections: side, pawn key
	root     [move.MaxMoves]rootMove // root moves, best first after each iteration
	nRoot    int

	turnEnds time.Time // when this thread hands its processor on (Engine.turns)

	// Main thread only: what time management looks at.
	bestMoveChanges float64
	completedDepth  int
	lastReport      time.Time
	reported        pvLine // the best line as last reported
}

// Move ordering scale: history values stay within ±historyMax.
const historyMax = 16384

// lmrTable[depth][moveCount] is the late-move reduction in plies.
var lmrTable [64][64]int8

func init() {
	for d := 1; d < 64; d++ {
		for n := 1; n < 64; n++ {
			lmrTable[d][n] = int8(0.8 + math.Log(float64(d))*math.Log(float64(n))/2.3)
		}
	}
}

func lmr(depth, moveCount int) int { return int(lmrTable[min(depth, 63)][min(moveCount, 63)]) }

// clearTables forgets what earlier games taught the move ordering.
func (t *thread) clearTables() {
	clear(t.history[:])
	clear(t.counters[:])
	clear(t.cont[:])
	clear(t.cont2[:])
	clear(t.corr[:])
	for i := range t.stack {
		t.stack[i].killers = [2]move.Move{}
	}
}

// stopped reports whether the search must unwind now. The main thread
// always finishes depth 1 first (microseconds), so even a search stopped at
// once answers with a searched move rather than an arbitrary legal one.
func (t *thread) stopped() bool {
	return t.stop.Load() && (t.completedDepth > 0 || t.id != 0)
}

// enterNode does the bookkeeping every search and quiescence node starts
// with (node count, periodic clock check, selective depth); it reports
// false when the search must unwind.
func (t *thread) enterNode(ply int) bool {
	t.nodes++
	if t.nodes >= t.nextCheckup {
		t.checkup()
	}
	if t.stopped() {
		return false
	}
	t.selDepth = max(t.selDepth, ply)
	return true
}

// checkupInterval is how many nodes pass between looks at the clock.
const checkupInterval = 1024

// checkup runs every checkupInterval nodes: it publishes the node count,
// enforces the hard time limit (on every thread, so that a main thread
// starved of processor time cannot hold the clock up), hands the processor
// on when threads take turns, and on the main thread enforces the node
// limit (a near node limit brings the next checkup closer, so it is met
// exactly with one thread).
func (t *thread) checkup() {
	t.published.Store(t.nodes)
	t.nextCheckup = t.nodes + checkupInterval
	e := t.e
	if e.tm.pastDeadline() {
		t.stop.Store(true)
	}
	if e.turns != nil && time.Now().After(t.turnEnds) {
		t.endTurn()
		t.takeTurn()
	}
	if t.id != 0 {
		return
	}
	if e.nodeLimit > 0 {
		total := e.totalNodes()
		if total >= e.nodeLimit {
			t.stop.Store(true)
		} else if left := e.nodeLimit - total; left < checkupInterval {
			t.nextCheckup = t.nodes + left
		}
	}
}

// turnLength is how long a thread searches before it hands its processor
// to a waiting one, when there are more threads than processors.
const turnLength = time.Millisecond

// takeTurn waits for a processor when there are more search threads than
// processors (Engine.turns is nil otherwise). Threads take turns in order;
// one blocked here is not runnable, so Go's run queues stay as short as the
// processor count and the goroutines that read "stop" and "isready" are
// scheduled within milliseconds instead of after every search thread's
// time slice.
func (t *thread) takeTurn() {
	if turns := t.e.turns; turns != nil {
		turns <- struct{}{}
		t.turnEnds = time.Now().Add(turnLength)
	}
}

// endTurn gives the processor to the next waiting thread.
func (t *thread) endTurn() {
	if turns := t.e.turns; turns != nil {
		<-turns
	}
}

// gravity moves a history value toward ±historyMax by bonus, slower the
// closer it already is.
func gravity(v *int32, bonus int) {
	*v += int32(bonus - int(*v)*abs(bonus)/historyMax)
}

func gravity16(v *int16, bonus int) {
	*v += int16(bonus - int(*v)*abs(bonus)/historyMax)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func historyBonus(depth int) int { return min(280*depth-200, 2000) }

// quietScore is the ordering score of a quiet move: butterfly history plus
// continuation history after the previous move.
func (t *thread) quietScore(side move.Color, m move.Move, ply int) int {
	s := int(t.history[side&1][m.FromTo()])
	if useContHist && ply > 0 {
		if prev := t.stack[ply-1].move; prev != move.None {
			s += int(t.cont[prev.Piece()][prev.To()][m.Piece()][m.To()])
		}
	}
	if useFollowUp && ply > 1 {
		if own := t.stack[ply-2].move; own != move.None {
			s += int(t.cont2[own.Piece()][own.To()][m.Piece()][m.To()])
		}
	}
	return s
}

// updateQuiets rewards the quiet move that caused a beta cutoff and punishes
// the quiet moves tried before it.
func (t *thread) updateQuiets(side move.Color, ply, depth int, best move.Move, tried []move.Move) {
	bonus := historyBonus(depth)
	f := &t.stack[ply]
	if f.killers[0] != best {
		f.killers[1], f.killers[0] = f.killers[0], best
	}
	var prev move.Move
	if ply > 0 {
		prev = t.stack[ply-1].move
	}
	if prev != move.None {
		t.counters[prev.Piece()][prev.To()] = best
	}
	var own move.Move // this side's move before (None at ply < 2 or after a null move)
	if ply > 1 {
		own = t.stack[ply-2].move
	}
	t.updateQuiet(side, prev, own, best, bonus)
	for _, m := range tried {
		if m != best {
			t.updateQuiet(side, prev, own, m, -bonus)
		}
	}
}

func (t *thread) updateQuiet(side move.Color, prev, own, m move.Move, bonus int) {
	gravity(&t.history[side&1][m.FromTo()], bonus)
	if prev != move.None {
		gravity16(&t.cont[prev.Piece()][prev.To()][m.Piece()][m.To()], bonus)
	}
	if own != move.None {
		gravity16(&t.cont2[own.Piece()][own.To()][m.Piece()][m.To()], bonus)
	}
}

// Evaluation correction: each entry is a running average of how far the
// search's score landed from the static evaluation in positions of one pawn
// structure, in 1/corrGrain centipawns, at most corrMax either way. The
// static evaluation of a new position with that structure is moved by it.
const (
	corrSize  = 1 << 14
	corrGrain = 256
	corrMax   = 64 * corrGrain
)

// correction is the correction in centipawns for the side to move.
func (t *thread) correction(side move.Color, pawnKey uint64) int {
	return int(t.corr[side&1][pawnKey&(corrSize-1)]) / corrGrain
}

// updateCorrection moves the side's entry toward diff (search score minus
// raw static evaluation), more for a deeper search.
func (t *thread) updateCorrection(side move.Color, pawnKey uint64, depth, diff int) {
	e := &t.corr[side&1][pawnKey&(corrSize-1)]
	w := min(depth+1, 16)
	v := (int(*e)*(256-w) + diff*corrGrain*w) / 256
	*e = int16(min(max(v, -corrMax), corrMax))
}

// mvvLva orders captures: most valuable victim first, then least valuable
// attacker; promotions count as winning the promoted piece.
func mvvLva(m move.Move) int32 {
	return int32(pieceOrder[m.Captured()]*8+pieceOrder[m.Promotion()]*8) - int32(m.Piece())
}

// pieceOrder values pieces for ordering and delta pruning in both games.
var pieceOrder = [8]int{move.Pawn: 100, move.Knight: 300, move.Bishop: 320, move.Rook: 500, move.Queen: 950}
