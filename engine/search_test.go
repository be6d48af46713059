package engine

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sakk-chess/sakk/board"
	"github.com/sakk-chess/sakk/engine/tt"
	"github.com/sakk-chess/sakk/game"
	"github.com/sakk-chess/sakk/game/move"
	"github.com/sakk-chess/sakk/hexboard"
)

func chessPosition(t testing.TB, fen string) *board.Position {
	t.Helper()
	p, err := board.FromFEN(fen)
	require.NoError(t, err, fen)
	return p
}

func glinskiPosition(t testing.TB, fen string) *hexboard.Position {
	t.Helper()
	p, err := hexboard.FromFEN(fen)
	require.NoError(t, err, fen)
	return p
}

// hexFEN writes a Glinski position from cell -> piece letter (rank 11 first,
// each rank from file a to l, only the files long enough to have it).
func hexFEN(t testing.TB, pieces map[string]byte, side string) string {
	t.Helper()
	at := map[int]byte{}
	for name, piece := range pieces {
		c, ok := hexboard.ParseCell(name)
		require.True(t, ok, name)
		at[c] = piece
	}
	var groups []string
	for rank := 11; rank >= 1; rank-- {
		var b strings.Builder
		empty := 0
		for file := range hexboard.NumFiles {
			if hexboard.FileLength(file) < rank {
				continue
			}
			if piece, ok := at[hexboard.CellAt(file, rank)]; ok {
				if empty > 0 {
					fmt.Fprint(&b, empty)
					empty = 0
				}
				b.WriteByte(piece)
			} else {
				empty++
			}
		}
		if empty > 0 {
			fmt.Fprint(&b, empty)
		}
		groups = append(groups, b.String())
	}
	return strings.Join(groups, "/") + " " + side + " - 0 1"
}

func legal(pos game.Position, m move.Move) bool {
	var list move.List
	pos.LegalMoves(&list)
	for _, l := range list.Slice() {
		if l == m {
			return true
		}
	}
	return false
}

// Mates verified with Stockfish ("go depth 22" reports "score mate N").
var chessMates = []struct {
	fen  string
	mate int
}{
	{"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 1},
	{"1k6/8/1K6/8/8/8/8/6Q1 w - - 0 1", 1},
	{"6k1/5ppp/4p3/8/8/8/1Q3PPP/3R2K1 w - - 0 1", 1},
	{"r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1", 2},
	{"r1bq2r1/b4pk1/p1pp1p2/1p2pP2/1P2P1PB/3P4/1PPQ2P1/R3K2R w - - 0 1", 2},
	{"5rk1/1p1q2bp/p2pN1p1/2pP2Bn/2P3P1/1P6/P4QKP/5R2 w - - 0 1", 2},
	{"r1b2k1r/ppp1bppp/8/1B1Q4/5q2/2P5/PPP2PPP/R3R1K1 w - - 1 1", 2},
	{"r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1", 3},
	{"2r3k1/p4p2/3Rp2p/1p2P1pK/8/1P4P1/P3Q2P/1q6 b - - 0 1", 3},
	{"r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1", 3},
	{"k7/8/8/2QK4/8/8/8/8 w - - 0 1", 3},
	{"8/4Q3/8/3K4/8/8/8/7k w - - 0 1", 4},
	{"6k1/3b3r/1p1p4/p1n2p2/1PPNpP1q/P3Q1p1/1R1RB1P1/5K2 b - - 0 1", 5},
}

func TestFindsChessMates(t *testing.T) {
	e := New()
	for _, tc := range chessMates {
		pos := chessPosition(t, tc.fen)
		e.NewGame()
		r := e.Search(pos, Limits{Mate: tc.mate}, nil)
		assert.Equal(t, tc.mate, r.MateIn, tc.fen)
		assert.True(t, legal(pos, r.Best), tc.fen)
		assert.Equal(t, tc.fen, pos.FEN(), "the position is left unchanged")
	}
}

// mateIn says by brute force whether the side to move mates in n moves.
func mateIn(pos game.Position, n int) bool {
	var list move.List
	pos.LegalMoves(&list)
	for _, m := range list.Slice() {
		pos.Make(m)
		ok := isMatedWithin(pos, n-1)
		pos.Unmake()
		if ok {
			return true
		}
	}
	return false
}

func isMatedWithin(pos game.Position, n int) bool {
	var list move.List
	pos.LegalMoves(&list)
	if list.N == 0 {
		return pos.InCheck()
	}
	if n == 0 {
		return false
	}
	for _, m := range list.Slice() {
		pos.Make(m)
		ok := mateIn(pos, n)
		pos.Unmake()
		if !ok {
			return false
		}
	}
	return true
}

// The rules file's corner mate: Black K a1, White K c3; a White knight
// that can reach b4, c4 or d3 mates.
func TestFindsGlinskiCornerMates(t *testing.T) {
	e := New()
	found := 0
	for cell := range hexboard.NumCells {
		name := hexboard.CellName(cell)
		if name == "a1" || name == "c3" {
			continue
		}
		fen := hexFEN(t, map[string]byte{"a1": 'k', "c3": 'K', name: 'N'}, "w")
		pos, err := hexboard.FromFEN(fen)
		if err != nil || pos.Outcome().Result != game.Ongoing {
			continue // e.g. Black already in check with White to move
		}
		e.NewGame()
		r := e.Search(pos, Limits{Depth: 4}, nil)
		want := mateIn(pos, 1)
		if want {
			found++
			assert.Equal(t, 1, r.MateIn, fen)
			pos.Make(r.Best)
			assert.Equal(t, game.Checkmate, pos.Outcome().Result, fen)
			pos.Unmake()
		} else {
			assert.NotEqual(t, 1, r.MateIn, fen)
		}
	}
	assert.GreaterOrEqual(t, found, 3, "knight cells from which b4, c4 or d3 is reached")
}

// Glinski mates in 2 and 3 (found by a random search over few-piece
// positions), checked by brute force to be exactly that long.
func TestFindsGlinskiMatesInTwoAndThree(t *testing.T) {
	cases := []struct {
		pieces map[string]byte
		mate   int
	}{
		{map[string]byte{"a1": 'k', "b4": 'K', "a5": 'N', "f3": 'R'}, 2},
		{map[string]byte{"f1": 'k', "a4": 'K', "b4": 'R', "h7": 'Q'}, 2},
		{map[string]byte{"a1": 'k', "e10": 'K', "d6": 'B', "e6": 'Q'}, 2},
		{map[string]byte{"f1": 'k', "f5": 'K', "b6": 'Q'}, 3},
		{map[string]byte{"a1": 'k', "d8": 'K', "k2": 'Q'}, 3},
		{map[string]byte{"a1": 'k', "d4": 'K', "c1": 'B', "h3": 'R'}, 3},
	}
	e := New()
	for _, tc := range cases {
		fen := hexFEN(t, tc.pieces, "w")
		pos := glinskiPosition(t, fen)
		if !testing.Short() {
			require.True(t, mateIn(pos, tc.mate) && !mateIn(pos, tc.mate-1),
				"brute force: %s mates in exactly %d", fen, tc.mate)
		}
		e.NewGame()
		r := e.Search(pos, Limits{Mate: tc.mate}, nil)
		assert.Equal(t, tc.mate, r.MateIn, fen)
		assert.Equal(t, fen, pos.FEN())
	}
}

// timeBound is a timing limit, stretched under the race detector.
func timeBound(d time.Duration) time.Duration {
	if raceEnabled {
		return 20 * d
	}
	return d
}

// Random playouts: at every position the search, stopped early by a node
// limit or at a small depth, returns a legal move.
func TestNeverReturnsIllegalMove(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	e := New()
	e.SetOptions(Options{HashMB: 1, Threads: 1, MultiPV: 1})
	starts := []func() SearchBoard{
		func() SearchBoard { return board.New() },
		func() SearchBoard { return hexboard.New() },
	}
	games, plies := 12, 120
	if testing.Short() {
		games, plies = 2, 40
	}
	for g := range games {
		pos := starts[g%2]()
		for ply := 0; ply < plies; ply++ {
			var list move.List
			pos.LegalMoves(&list)
			lim := Limits{Nodes: uint64(1 + rng.IntN(3000))}
			if ply%3 == 0 {
				lim = Limits{Depth: 1 + rng.IntN(4)}
			}
			before := pos.FEN()
			r := e.Search(pos, lim, nil)
			require.Equal(t, before, pos.FEN())
			if list.N == 0 {
				require.Equal(t, move.None, r.Best, before)
				break
			}
			require.True(t, legal(pos, r.Best), "%s: %s", before, pos.MoveString(r.Best))
			if r.Ponder != move.None {
				pos.Make(r.Best)
				require.True(t, legal(pos, r.Ponder), "ponder move after %s", before)
				pos.Unmake()
			}
			pos.Make(list.Moves[rng.IntN(list.N)])
		}
	}
}

func TestNodeLimit(t *testing.T) {
	e := New()
	for _, pos := range []SearchBoard{board.New(), hexboard.New()} {
		for _, limit := range []uint64{1, 300, 5000, 77777} {
			r := e.Search(pos, Limits{Nodes: limit}, nil)
			assert.GreaterOrEqual(t, r.Nodes, limit)
			if limit >= 300 {
				assert.LessOrEqual(t, r.Nodes, limit+2, "one thread stops at the limit")
			} else {
				// A limit inside depth 1 still lets depth 1 finish.
				assert.Equal(t, 1, r.Depth)
				assert.Less(t, r.Nodes, uint64(300))
			}
			assert.True(t, legal(pos, r.Best))
		}
	}
}

func TestNoLegalMove(t *testing.T) {
	e := New()
	mated := chessPosition(t, "R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1")
	r := e.Search(mated, Limits{Depth: 5}, nil)
	assert.Equal(t, move.None, r.Best)
}

func TestReturnsMoveWhenStoppedAtOnce(t *testing.T) {
	e := New()
	pos := board.New()
	r := e.Search(pos, Limits{Nodes: 1}, nil)
	assert.True(t, legal(pos, r.Best))

	// Stopped before the search even started: Go sets up first, then the
	// Stop is seen at the first check.
	done := make(chan Result, 1)
	e.Go(pos, Limits{Infinite: true}, nil, func(r Result) { done <- r })
	e.Stop()
	select {
	case r := <-done:
		assert.True(t, legal(pos, r.Best))
	case <-time.After(timeBound(2 * time.Second)):
		t.Fatal("search did not stop")
	}
}

func TestMoveTime(t *testing.T) {
	e := New()
	e.Ready()
	pos := board.New()
	// On a loaded machine a thread can lose the CPU for a while: one try
	// in three within the bound shows the engine keeps time.
	var took time.Duration
	for range 3 {
		start := time.Now()
		r := e.Search(pos, Limits{MoveTime: 100 * time.Millisecond}, nil)
		took = time.Since(start)
		assert.True(t, legal(pos, r.Best))
		assert.Greater(t, took, 50*time.Millisecond)
		if took < timeBound(150*time.Millisecond) {
			break
		}
	}
	assert.Less(t, took, timeBound(150*time.Millisecond))
}

func TestStopLatency(t *testing.T) {
	for _, pos := range []SearchBoard{board.New(), hexboard.New()} {
		e := New()
		e.Ready()
		best := time.Hour
		for range 3 { // best of three: a loaded machine may deschedule us
			var stoppedAt atomic.Int64
			done := make(chan time.Duration, 1)
			e.Go(pos, Limits{Infinite: true}, nil, func(r Result) {
				done <- time.Duration(time.Now().UnixNano() - stoppedAt.Load())
			})
			time.Sleep(100 * time.Millisecond)
			stoppedAt.Store(time.Now().UnixNano())
			e.Stop()
			select {
			case latency := <-done:
				best = min(best, latency)
			case <-time.After(timeBound(2 * time.Second)):
				t.Fatal("search did not stop")
			}
		}
		assert.Less(t, best, timeBound(50*time.Millisecond), pos.Variant())
	}
}

func TestClockNeverOverruns(t *testing.T) {
	e := New()
	e.Ready()
	pos := board.New()
	start := time.Now()
	r := e.Search(pos, Limits{WTime: 300 * time.Millisecond, BTime: 300 * time.Millisecond}, nil)
	assert.Less(t, time.Since(start), timeBound(200*time.Millisecond))
	assert.True(t, legal(pos, r.Best))

	// Very little time left: still a legal move, and quickly.
	start = time.Now()
	r = e.Search(pos, Limits{WTime: 15 * time.Millisecond, BTime: time.Second}, nil)
	assert.Less(t, time.Since(start), timeBound(15*time.Millisecond))
	assert.True(t, legal(pos, r.Best))
}

func TestSingleLegalMoveReturnsAtOnce(t *testing.T) {
	e := New()
	e.Ready()
	// Black in check from the rook on a8 with one escape.
	pos := chessPosition(t, "R6k/6p1/8/8/8/8/8/6K1 b - - 0 1")
	start := time.Now()
	r := e.Search(pos, Limits{WTime: time.Minute, BTime: time.Minute}, nil)
	// A minute on the clock buys an ordinary move about 900 ms (after 1.e4,
	// measured); 500 ms leaves room for a loaded machine's scheduling.
	assert.Less(t, time.Since(start), timeBound(500*time.Millisecond))
	assert.Equal(t, "h8h7", pos.MoveString(r.Best))
}

func TestPonderHit(t *testing.T) {
	e := New()
	e.Ready()
	pos := board.New()
	done := make(chan Result, 1)
	e.Go(pos, Limits{Ponder: true, WTime: 400 * time.Millisecond, BTime: 400 * time.Millisecond}, nil,
		func(r Result) { done <- r })
	select {
	case <-done:
		t.Fatal("a ponder search returned before ponderhit")
	case <-time.After(300 * time.Millisecond):
	}
	hit := time.Now()
	e.PonderHit()
	select {
	case r := <-done:
		assert.Less(t, time.Since(hit), timeBound(300*time.Millisecond))
		assert.True(t, legal(pos, r.Best))
	case <-time.After(timeBound(2 * time.Second)):
		t.Fatal("search did not end after ponderhit")
	}
}

func TestInfiniteWaitsForStop(t *testing.T) {
	e := New()
	pos := chessPosition(t, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
	done := make(chan Result, 1)
	finished := make(chan struct{})
	e.Go(pos, Limits{Infinite: true, Depth: 2}, func(i Info) {
		if i.Depth == 2 {
			close(finished)
		}
	}, func(r Result) { done <- r })
	<-finished // the depth limit is reached ...
	select {
	case <-done:
		t.Fatal("go infinite returned before stop")
	case <-time.After(100 * time.Millisecond): // ... but the search waits
	}
	e.Stop()
	r := <-done
	assert.Equal(t, "a1a8", pos.MoveString(r.Best))
}

func TestMateScoreRoundTripThroughTT(t *testing.T) {
	for _, tc := range []struct{ score, ply int }{
		{MateScore - 5, 3}, {-MateScore + 8, 7}, {MateScore - 1, 0}, {123, 9},
		{-StalemateScore, 4}, {StalemateScore, 12},
	} {
		stored := scoreToTT(tc.score, tc.ply)
		assert.Equal(t, tc.score, scoreFromTT(stored, tc.ply))
		// The same position found at another ply: the mate is as many
		// moves from it, so as many plies more or less from the root.
		other := scoreFromTT(stored, tc.ply+2)
		switch {
		case tc.score >= MateBound:
			assert.Equal(t, tc.score-2, other)
		case tc.score <= -MateBound:
			assert.Equal(t, tc.score+2, other)
		default:
			assert.Equal(t, tc.score, other, "non-mate scores, stalemate included, are not shifted")
		}
	}
	var tab tt.Table
	tab.Resize(1)
	score := MateScore - 9 // mate found 9 plies from the root, at ply 4
	tab.Store(77, move.None, scoreToTT(score, 4), 0, 5, BoundExact)
	hit, ok := tab.Probe(77)
	require.True(t, ok)
	assert.Equal(t, score, scoreFromTT(hit.Score, 4))
	assert.Equal(t, 3, MateIn(scoreFromTT(hit.Score, 0))) // 5 plies from the node: mate in 3
}

func TestMateIn(t *testing.T) {
	assert.Equal(t, 1, MateIn(MateScore-1))
	assert.Equal(t, 2, MateIn(MateScore-3))
	assert.Equal(t, -1, MateIn(-MateScore+2))
	assert.Equal(t, 0, MateIn(StalemateScore))
	assert.False(t, IsMate(StalemateScore))
	assert.Less(t, EvalLimit, StalemateScore)
}

func TestDeterministicNodeCount(t *testing.T) {
	for _, pos := range []SearchBoard{
		board.New(),
		chessPosition(t, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
		hexboard.New(),
	} {
		e := New()
		counts := make([]uint64, 2)
		for i := range counts {
			e.NewGame()
			counts[i] = e.Search(pos, Limits{Depth: 7}, nil).Nodes
		}
		assert.Equal(t, counts[0], counts[1], pos.FEN())
		assert.Greater(t, counts[0], uint64(500))
	}
}

// White to move can stalemate the bare black king in the corner (any pawn
// move keeps c3's cover) or keep playing a pawn up.
func TestGlinskiStalemateScore(t *testing.T) {
	fen := hexFEN(t, map[string]byte{"a1": 'k', "c3": 'K', "i3": 'P'}, "w")
	pos := glinskiPosition(t, fen)

	e := New()
	r := e.Search(pos, Limits{Depth: 5}, nil)
	assert.Equal(t, StalemateScore, r.Score, "stalemate is worth more than a pawn")
	pos.Make(r.Best)
	assert.Equal(t, game.Stalemate, pos.Outcome().Result)
	pos.Unmake()

	e.SetOptions(Options{HashMB: 16, Threads: 1, MultiPV: 1, GlinskiStalemateDraw: true})
	e.NewGame()
	r = e.Search(pos, Limits{Depth: 5}, nil)
	assert.Less(t, r.Score, StalemateScore)
	assert.Positive(t, r.Score, "a pawn up beats a stalemate scored as a draw")
	pos.Make(r.Best)
	assert.NotEqual(t, game.Stalemate, pos.Outcome().Result)
	pos.Unmake()

	// A mate is worth more than a stalemate.
	fen = hexFEN(t, map[string]byte{"a1": 'k', "c3": 'K', "i3": 'P', "e5": 'N'}, "w")
	pos = glinskiPosition(t, fen)
	e = New()
	r = e.Search(pos, Limits{Depth: 5}, nil)
	require.True(t, mateIn(pos, 1), "brute force: mate in 1")
	assert.Equal(t, 1, r.MateIn)

	// Being stalemated is worse than a draw but better than being mated.
	assert.Greater(t, -StalemateScore, -MateBound)
}

func TestOrthodoxStalemateIsDraw(t *testing.T) {
	// Black: Kh8 and a pawn; White's only non-losing idea is irrelevant:
	// after Qf7 Black is stalemated, which is 0, so White prefers to keep
	// the queen and win.
	pos := chessPosition(t, "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1")
	e := New()
	r := e.Search(pos, Limits{Depth: 6}, nil)
	pos.Make(r.Best)
	assert.NotEqual(t, game.Stalemate, pos.Outcome().Result)
	pos.Unmake()
	assert.Positive(t, r.Score)

	stalemated := chessPosition(t, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
	r = e.Search(stalemated, Limits{Depth: 3}, nil)
	assert.Equal(t, move.None, r.Best)
}

// Black, a queen down, can return to a position seen before in the game:
// a draw by repetition, which the search takes.
func TestRepetitionInGameHistory(t *testing.T) {
	fen := "k7/7p/8/8/8/8/1Q6/K7 b - - 0 1"
	e := New()

	fresh := chessPosition(t, fen)
	r := e.Search(fresh, Limits{Depth: 6}, nil)
	assert.Less(t, r.Score, -500, "without history Black is simply lost")

	pos := chessPosition(t, fen)
	for _, s := range []string{"a8a7", "b2b3", "a7a8", "b3b2"} {
		m, err := pos.ParseMove(s)
		require.NoError(t, err)
		pos.Make(m)
	}
	e.NewGame()
	r = e.Search(pos, Limits{Depth: 6}, nil)
	assert.Equal(t, "a8a7", pos.MoveString(r.Best))
	assert.Equal(t, 0, r.Score)
}

// White, a queen and rook down, draws by perpetual check (Qe8+ Kh7 Qh5+
// Kg8 Qe8+; Stockfish scores it 0): the search must see the repetition
// inside its own tree.
func TestRepetitionInSearch(t *testing.T) {
	pos := chessPosition(t, "6k1/3Q2p1/8/8/8/7K/r7/q7 w - - 0 1")
	e := New()
	r := e.Search(pos, Limits{Depth: 10}, nil)
	assert.Equal(t, 0, r.Score)
	pos.Make(r.Best)
	assert.True(t, pos.InCheck(), "the perpetual starts with a check")
	pos.Unmake()
}

func TestThreadsShareWork(t *testing.T) {
	for _, pos := range []SearchBoard{board.New(), hexboard.New()} {
		e := New()
		e.SetOptions(Options{HashMB: 8, Threads: 2, MultiPV: 1, MoveOverhead: 10 * time.Millisecond})
		fen := pos.FEN()
		r := e.Search(pos, Limits{Depth: 7}, nil)
		assert.True(t, legal(pos, r.Best))
		assert.Equal(t, fen, pos.FEN())
		assert.Equal(t, 7, r.Depth)
		r = e.Search(pos, Limits{Nodes: 50000}, nil)
		assert.True(t, legal(pos, r.Best))
	}
}

func TestMultiPV(t *testing.T) {
	e := New()
	e.SetOptions(Options{HashMB: 8, Threads: 1, MultiPV: 3})
	pos := board.New()
	var last [4]Info
	e.Search(pos, Limits{Depth: 6}, func(i Info) {
		if i.CurrMove == move.None && i.Depth == 6 {
			last[i.MultiPV] = i
			last[i.MultiPV].PV = append([]move.Move(nil), i.PV...)
		}
	})
	seen := map[move.Move]bool{}
	for n := 1; n <= 3; n++ {
		require.NotEmpty(t, last[n].PV, "line %d", n)
		seen[last[n].PV[0]] = true
		if n > 1 {
			assert.LessOrEqual(t, last[n].Score, last[n-1].Score)
		}
	}
	assert.Len(t, seen, 3, "three different first moves")
}

func TestReportsProgress(t *testing.T) {
	e := New()
	pos := board.New()
	var infos []Info
	r := e.Search(pos, Limits{Depth: 5}, func(i Info) { infos = append(infos, i) })
	require.Len(t, infos, 5)
	for d, i := range infos {
		assert.Equal(t, d+1, i.Depth)
		assert.Equal(t, 1, i.MultiPV)
		assert.GreaterOrEqual(t, i.SelDepth, i.Depth)
		assert.NotEmpty(t, i.PV)
	}
	assert.Equal(t, r.Best, infos[4].PV[0])
	assert.Equal(t, r.Nodes, infos[4].Nodes)
}

func TestSearchMoves(t *testing.T) {
	e := New()
	pos := board.New()
	m, err := pos.ParseMove("a2a3")
	require.NoError(t, err)
	r := e.Search(pos, Limits{Depth: 4, SearchMoves: []move.Move{m}}, nil)
	assert.Equal(t, m, r.Best)
}

func TestSearchDoesNotAllocate(t *testing.T) {
	for _, pos := range []SearchBoard{board.New(), hexboard.New()} {
		e := New()
		e.Search(pos, Limits{Depth: 5}, nil) // allocates the hash and threads
		allocs := testing.AllocsPerRun(3, func() {
			e.Search(pos, Limits{Depth: 5}, nil)
		})
		assert.Zero(t, allocs, pos.Variant())
	}
}

// More threads than processors: they take turns (Engine.turns), every one
// watches the clock, and limits and stop work as with one thread.
func TestMoreThreadsThanProcessors(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	for _, pos := range []SearchBoard{board.New(), hexboard.New()} {
		e := New()
		e.SetOptions(Options{HashMB: 8, Threads: 12, MultiPV: 1})
		start := time.Now()
		r := e.Search(pos, Limits{MoveTime: 100 * time.Millisecond}, nil)
		took := time.Since(start)
		assert.True(t, legal(pos, r.Best))
		assert.Less(t, took, timeBound(time.Second), "movetime 100")
		assert.NotNil(t, e.turns, "12 threads on 2 processors take turns")

		r = e.Search(pos, Limits{Nodes: 30000}, nil)
		assert.True(t, legal(pos, r.Best))

		done := make(chan Result)
		e.Go(pos, Limits{Infinite: true}, nil, func(r Result) { done <- r })
		time.Sleep(50 * time.Millisecond)
		start = time.Now()
		e.Stop()
		r = <-done
		assert.True(t, legal(pos, r.Best))
		assert.Less(t, time.Since(start), timeBound(250*time.Millisecond), "stop")
		e.Search(pos, Limits{Depth: 1}, nil) // waits for the helpers
	}
}

// Clone gives the search an independent board of the same kind.
func TestCloneIsAnIndependentBoard(t *testing.T) {
	for _, pos := range []SearchBoard{board.New(), hexboard.New()} {
		c := Clone(pos)
		assert.IsType(t, pos, c)
		var list move.List
		c.LegalMoves(&list)
		c.Make(list.Moves[0])
		assert.NotEqual(t, pos.FEN(), c.FEN(), "a move on the clone leaves the original alone")
		assert.Equal(t, pos.Variant(), c.Variant())
	}
}
