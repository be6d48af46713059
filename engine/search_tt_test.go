package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sakk-chess/sakk/board"
	"github.com/sakk-chess/sakk/engine/tt"
	"github.com/sakk-chess/sakk/game/move"
)

// The TT's bound semantics, spelled out: an upper bound (all moves failed
// low, true <= stored) settles a node whose alpha it does not exceed; a lower
// bound (true >= stored) one whose beta it reaches; an exact score both.
// Window (-10, 10); scores below, at alpha, inside, at beta, above. Each
// string is the expected decision per score, '1' = cut.
func TestTTCutTruthTable(t *testing.T) {
	const alpha, beta = -10, 10
	scores := []int{-20, alpha, 0, beta, 20}
	want := map[Bound]string{
		BoundNone:  "00000",
		BoundUpper: "11000",
		BoundLower: "00011",
		BoundExact: "11011",
	}
	for bound, row := range want {
		for i, s := range scores {
			assert.Equal(t, row[i] == '1', ttCuts(bound, s, alpha, beta),
				"bound %d, score %d, window (%d, %d)", bound, s, alpha, beta)
		}
	}
	// A null window (the usual case away from the PV): beta = alpha + 1.
	nullWant := map[Bound]string{ // scores alpha-1, alpha, beta, beta+1
		BoundNone:  "0000",
		BoundUpper: "1100",
		BoundLower: "0011",
		BoundExact: "1111",
	}
	for bound, row := range nullWant {
		for i, s := range []int{4, 5, 6, 7} {
			assert.Equal(t, row[i] == '1', ttCuts(bound, s, 5, 6), "bound %d, score %d, window (5, 6)", bound, s)
		}
	}
}

// A stored bound refines the static evaluation only in its own direction:
// an upper bound below eval lowers the guess, a lower bound above it raises
// it. Scores below, equal to and above eval 30.
func TestTTRefineTruthTable(t *testing.T) {
	const eval = 30
	want := map[Bound]string{
		BoundNone:  "000",
		BoundUpper: "100",
		BoundLower: "001",
		BoundExact: "101",
	}
	for bound, row := range want {
		for i, s := range []int{eval - 1, eval, eval + 1} {
			assert.Equal(t, row[i] == '1', ttRefines(bound, s, eval), "bound %d, score %d, eval %d", bound, s, eval)
		}
	}
}

// chessWorkerFor sets up one search thread on pos, as searchChess does, so
// that a test can call search and qsearch at any ply directly.
func chessWorkerFor(t *testing.T, e *Engine, pos *board.Position) *chessWorker {
	t.Helper()
	e.prepare(pos, Limits{})
	e.tt.Resize(1)
	e.tt.Clear()
	e.tt.NewSearch()
	e.nodeLimit = 0
	w := new(chessWorker)
	w.thread.begin(e, 0, e.stalemateScore(pos.Variant()))
	w.rootDepth = 8 // as if deep in an iteration: checks are extended
	w.pos = pos
	e.active = append(e.active[:0], &w.thread)
	return w
}

// hint stores a move for pos in the TT with no score, so that a search
// called away from the root (where late quiet moves are pruned) tries it
// first.
func hint(t *testing.T, e *Engine, pos *board.Position, uci string) {
	t.Helper()
	m, err := pos.ParseMove(uci)
	require.NoError(t, err)
	e.tt.Store(pos.Key(), m, 0, scoreNone, 0, BoundNone)
}

// probeAt returns the TT entry of pos.
func probeAt(t *testing.T, e *Engine, pos *board.Position) tt.Hit {
	t.Helper()
	hit, ok := e.tt.Probe(pos.Key())
	require.True(t, ok, "no TT entry for %s", pos.FEN())
	return hit
}

// The TT holds a mate score as the distance from the stored node, whatever
// the ply the node was searched at: the values below are written out, not
// computed by scoreToTT.
func TestTTStoresMateDistanceFromNode(t *testing.T) {
	for _, ply := range []int{1, 2, 5, 17} {
		e := New()

		// White mates in one (Ra8#): +mate in 1 ply from here.
		pos := chessPosition(t, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
		w := chessWorkerFor(t, e, pos)
		hint(t, e, pos, "a1a8")
		score := w.search(-Infinity, Infinity, 4, ply, false)
		assert.Equal(t, MateScore-ply-1, score, "search returns root-relative scores (ply %d)", ply)
		hit := probeAt(t, e, pos)
		assert.Equal(t, MateScore-1, hit.Score, "search at ply %d stores mate in 1 ply", ply)

		// Black to move is mated in one (Kb8 forced, Qg8#): -mate in 2 plies.
		pos = chessPosition(t, "k7/8/1K6/8/8/8/8/6Q1 b - - 0 1")
		w = chessWorkerFor(t, e, pos)
		after := pos.Clone().(*board.Position)
		m, err := after.ParseMove("a8b8")
		require.NoError(t, err)
		after.Make(m)
		hint(t, e, after, "g1g8")
		score = w.search(-Infinity, Infinity, 5, ply, false)
		assert.Equal(t, -MateScore+ply+2, score, "ply %d", ply)
		hit = probeAt(t, e, pos)
		assert.Equal(t, -MateScore+2, hit.Score, "search at ply %d stores mated in 2 plies", ply)

		// Quiescence: the capture Rxa8 mates.
		pos = chessPosition(t, "r5k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
		w = chessWorkerFor(t, e, pos)
		score = w.qsearch(-Infinity, Infinity, ply)
		assert.Equal(t, MateScore-ply-1, score, "qsearch at ply %d", ply)
		hit = probeAt(t, e, pos)
		assert.Equal(t, MateScore-1, hit.Score, "qsearch at ply %d stores mate in 1 ply", ply)
	}
}

// After a forced mate is found, every position of the principal variation
// that the TT holds an exact or matching bound for stores the mate counted
// from that position: mate in n plies for the side to move at an even ply,
// mated in n plies at an odd one.
func TestTTMateScoresAlongPV(t *testing.T) {
	for _, tc := range []struct {
		fen   string
		mate  int // moves, from Stockfish
		depth int
	}{
		{"8/4Q3/8/3K4/8/8/8/7k w - - 0 1", 4, 18},
		{"k7/8/8/2QK4/8/8/8/8 w - - 0 1", 3, 14},
		{"r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1", 3, 12},
	} {
		pos := chessPosition(t, tc.fen)
		e := handMadeEngine() // the depths were set with it (as in the mate oracle test)
		var pv []move.Move
		r := e.Search(pos, Limits{Depth: tc.depth}, func(i Info) {
			if i.CurrMove == move.None {
				pv = append(pv[:0], i.PV...)
			}
		})
		require.Equal(t, tc.mate, r.MateIn, tc.fen)
		plies := 2*tc.mate - 1
		require.Len(t, pv, plies, "the PV ends in the mate: %s", tc.fen)
		checked := 0
		for ply, m := range pv {
			left := plies - ply // plies from this position to the mate
			want := MateScore - left
			if ply%2 == 1 {
				want = -want
			}
			if hit, ok := e.tt.Probe(pos.Key()); ok && IsMate(hit.Score) {
				switch hit.Bound {
				case BoundExact:
					assert.Equal(t, want, hit.Score, "%s ply %d exact", tc.fen, ply)
				case BoundLower: // true >= stored
					assert.LessOrEqual(t, hit.Score, want, "%s ply %d lower bound", tc.fen, ply)
				case BoundUpper: // true <= stored
					assert.GreaterOrEqual(t, hit.Score, want, "%s ply %d upper bound", tc.fen, ply)
				}
				if hit.Score == want {
					checked++
				}
			}
			pos.Make(m)
		}
		var list move.List
		pos.LegalMoves(&list)
		assert.True(t, pos.InCheck() && list.N == 0, "the PV ends in checkmate: %s", tc.fen)
		assert.GreaterOrEqual(t, checked, plies/2, "most PV positions hold their exact mate distance: %s", tc.fen)
	}
}

// The singular extension's search leaves out one move and neither reads nor
// writes the TT entry of its position: its result is not that position's
// value. Here the left-out move is the only one that wins the queen.
func TestExcludedMoveSearch(t *testing.T) {
	const ply, depth = 2, 4
	pos := chessPosition(t, "k7/8/8/3q4/8/8/3R4/K7 w - - 0 1")
	e := New()
	w := chessWorkerFor(t, e, pos)
	win, err := pos.ParseMove("d2d5")
	require.NoError(t, err)
	// A deep lower bound that would cut any search of this node.
	e.tt.Store(pos.Key(), win, 5000, scoreNone, 20, BoundLower)
	before := probeAt(t, e, pos)

	w.thread.stack[ply].excluded = win
	score := w.search(-Infinity, Infinity, depth, ply, false)
	w.thread.stack[ply].excluded = move.None
	assert.Less(t, score, -300, "without Rxd5 White stays a queen for a rook down")
	assert.Equal(t, before, probeAt(t, e, pos), "the excluded-move search left the entry alone")

	e.tt.Clear()
	score = w.search(-Infinity, Infinity, depth, ply, false)
	assert.Greater(t, score, 300, "with Rxd5 White wins the queen")
	after := probeAt(t, e, pos)
	assert.Equal(t, win, after.Move)
}

// The evaluation correction is a running average per side and pawn
// structure, bounded, and a search feeds it.
func TestEvaluationCorrection(t *testing.T) {
	var th thread
	const key, other = 0x1234, 0x1235
	for range 120 {
		th.updateCorrection(move.White, key, 10, 40)
	}
	assert.InDelta(t, 40, th.correction(move.White, key), 2, "converges to the average difference")
	assert.Zero(t, th.correction(move.Black, key), "the other side's entry is apart")
	assert.Zero(t, th.correction(move.White, other), "another pawn structure's entry is apart")
	for range 200 {
		th.updateCorrection(move.White, key, 10, -5000)
	}
	assert.Equal(t, -corrMax/corrGrain, th.correction(move.White, key), "bounded")
	th.updateCorrection(move.White, key, 0, 0)
	assert.Greater(t, th.correction(move.White, key), -corrMax/corrGrain, "a shallow update moves it a little")

	// A search feeds the entries of the pawn structure it searched (the
	// capture Rxd5 changes no pawn), and the static evaluation is moved by
	// the side to move's entry.
	pos := chessPosition(t, "k7/p7/8/3q4/8/8/3R3P/K7 w - - 0 1")
	e := New()
	w := chessWorkerFor(t, e, pos)
	slot := pos.PawnKey() & (corrSize - 1)
	require.Zero(t, w.thread.corr[0][slot])
	require.Zero(t, w.thread.corr[1][slot])
	w.search(-Infinity, Infinity, 6, 2, false)
	assert.True(t, w.thread.corr[0][slot] != 0 || w.thread.corr[1][slot] != 0, "the search updated an entry")
	w.thread.corr[0][slot] = 30 * corrGrain
	raw := w.evaluate()
	assert.Equal(t, raw+30, w.corrected(raw))
}

// A quiet beta cutoff rewards the move in the butterfly history, after the
// opponent's last move (continuation history) and after this side's
// previous move (follow-up history), and punishes the quiet moves tried
// before it in all three; the ordering score adds the three up.
func TestQuietHistoryUpdates(t *testing.T) {
	var th thread
	const ply = 3
	own := move.New(12, 28, move.Pawn, move.NoPiece, move.NoPiece, 0)  // e2e4, two plies back
	prev := move.New(52, 36, move.Pawn, move.NoPiece, move.NoPiece, 0) // e7e5, the last move
	best := move.New(6, 21, move.Knight, move.NoPiece, move.NoPiece, 0)
	tried := move.New(5, 26, move.Bishop, move.NoPiece, move.NoPiece, 0)
	th.stack[ply-2].move, th.stack[ply-1].move = own, prev
	th.updateQuiets(move.White, ply, 6, best, []move.Move{tried, best})

	assert.Positive(t, th.history[0][best.FromTo()])
	assert.Positive(t, th.cont[prev.Piece()][prev.To()][best.Piece()][best.To()])
	assert.Positive(t, th.cont2[own.Piece()][own.To()][best.Piece()][best.To()])
	assert.Negative(t, th.history[0][tried.FromTo()])
	assert.Negative(t, th.cont[prev.Piece()][prev.To()][tried.Piece()][tried.To()])
	assert.Negative(t, th.cont2[own.Piece()][own.To()][tried.Piece()][tried.To()])
	assert.Equal(t, best, th.stack[ply].killers[0])
	assert.Equal(t, best, th.counters[prev.Piece()][prev.To()])

	sum := int(th.history[0][best.FromTo()]) + int(th.cont[prev.Piece()][prev.To()][best.Piece()][best.To()]) +
		int(th.cont2[own.Piece()][own.To()][best.Piece()][best.To()])
	assert.Equal(t, sum, th.quietScore(move.White, best, ply))
	// After a null move two plies back there is no follow-up entry to read.
	th.stack[ply-2].move = move.None
	assert.Equal(t, sum-int(th.cont2[own.Piece()][own.To()][best.Piece()][best.To()]), th.quietScore(move.White, best, ply))
}
