package engine

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sakk-chess/sakk/board"
	"github.com/sakk-chess/sakk/board/syzygy"
	"github.com/sakk-chess/sakk/game/move"
	"github.com/sakk-chess/sakk/hexboard"
)

// The three- and four-piece tables kept with the prober.
const tbTestDir = "../board/syzygy/testdata"

var (
	tbOnce  sync.Once
	tbTable *syzygy.Tablebase
)

// testTables is an independent prober on the test tables, the referee.
func testTables(t testing.TB) *syzygy.Tablebase {
	tbOnce.Do(func() {
		tb, errs := syzygy.Open(tbTestDir)
		if len(errs) > 0 {
			panic(errs[0])
		}
		tbTable = tb
	})
	return tbTable
}

func tbEngine(t testing.TB) *Engine {
	e := New()
	require.NoError(t, e.SetSyzygyPath(tbTestDir))
	return e
}

func TestTablebaseOptionsAndPath(t *testing.T) {
	e := New()
	assert.Equal(t, DefaultTablebaseOptions(), e.TablebaseOptions())
	assert.Error(t, e.SetSyzygyPath("/no/such/dir"))
	wdl, _, _ := e.Tablebases()
	assert.Zero(t, wdl)
	require.NoError(t, e.SetSyzygyPath(tbTestDir))
	wdl, dtz, pieces := e.Tablebases()
	assert.Equal(t, [3]int{35, 35, 4}, [3]int{wdl, dtz, pieces})
	e.SetTablebaseOptions(TablebaseOptions{ProbeDepth: 1000, ProbeLimit: 99})
	assert.Equal(t, TablebaseOptions{ProbeDepth: MaxProbeDepth, ProbeLimit: MaxProbeLimit}, e.TablebaseOptions())
	require.NoError(t, e.SetSyzygyPath(""))
	wdl, _, _ = e.Tablebases()
	assert.Zero(t, wdl)
}

// TestTablebaseRoot: in a table position the root keeps only winning
// moves, the score is a tablebase win and tbhits are reported.
func TestTablebaseRoot(t *testing.T) {
	e := tbEngine(t)
	ref := testTables(t)
	for _, fen := range []string{
		"8/8/8/8/8/3k4/8/1KQ5 w - - 0 1",
		"8/8/8/4k3/8/8/3K4/7R w - - 0 1",
		"4k3/8/4K3/4P3/8/8/8/8 w - - 0 1",
	} {
		pos := chessPosition(t, fen)
		var last Info
		r := e.Search(pos, Limits{Depth: 6}, lineReport(&last))
		assert.Equal(t, fen, pos.FEN(), "the position is restored")
		pos.Make(r.Best)
		w, ok := ref.ProbeWDL(pos)
		pos.Unmake()
		require.True(t, ok)
		assert.Equal(t, syzygy.Loss, w, "%s: %s must keep the win", fen, pos.MoveString(r.Best))
		assert.Positive(t, last.TBHits)
		if last.MateIn == 0 {
			assert.Equal(t, TBWinScore-1, last.Score)
		}
	}
}

// TestTablebaseProbesInSearch: with five pieces the root is not in the
// tables, but captures lead into them: the search probes and scores them
// as tablebase results; SyzygyProbeLimit 0 turns that off.
func TestTablebaseProbesInSearch(t *testing.T) {
	e := tbEngine(t)
	fen := "8/8/3k4/8/3r4/8/3Q4/3K2N1 w - - 0 1" // Qxd4+ wins into KNvK... and more
	var last Info
	e.Search(chessPosition(t, fen), Limits{Depth: 7}, lineReport(&last))
	assert.Positive(t, last.TBHits)
	assert.Positive(t, e.TBHits())

	e.SetTablebaseOptions(TablebaseOptions{ProbeDepth: 1, Rule50: true, ProbeLimit: 0})
	e.NewGame()
	last = Info{}
	e.Search(chessPosition(t, fen), Limits{Depth: 7}, lineReport(&last))
	assert.Zero(t, last.TBHits)
}

// TestTablebaseScoreBands: tablebase scores sit between evaluations and
// mates and are stored relative to the node (a score found at ply p is at
// most TBWinScore-p).
func TestTablebaseScoreBands(t *testing.T) {
	for _, s := range []int{TBWinScore - 8, -TBWinScore + 7} {
		assert.True(t, IsTBWin(s))
		assert.False(t, IsMate(s))
		assert.Equal(t, s, scoreFromTT(scoreToTT(s, 5), 5))
	}
	assert.False(t, IsTBWin(EvalLimit))
	assert.False(t, IsTBWin(MateScore-3))
	assert.Greater(t, TBWinBound, StalemateScore)
	assert.Less(t, TBWinScore, MateBound)
}

// longestDefence is the losing side's best try: the move with the largest
// distance to zero (the tables' own choice of resistance).
func longestDefence(t *testing.T, ref *syzygy.Tablebase, pos *board.Position) move.Move {
	var list move.List
	pos.LegalMoves(&list)
	best, bestScore := move.None, -1<<30
	for _, m := range list.Slice() {
		pos.Make(m)
		w, ok1 := ref.ProbeWDL(pos)
		d, ok2 := ref.ProbeDTZ(pos)
		pos.Unmake()
		require.True(t, ok1 && ok2)
		score := -int(w) * 1000
		if pos.HalfmoveClock() > 0 && !m.IsCapture() && m.Piece() != move.Pawn {
			score += d // longer is better for the loser
		}
		if score > bestScore {
			best, bestScore = m, score
		}
	}
	return best
}

// TestTablebaseWinsWonEndings: sakk with tables converts won four-piece
// endings against the longest defence, never letting the win slip and
// never reaching the fifty-move limit.
func TestTablebaseWinsWonEndings(t *testing.T) {
	ref := testTables(t)
	cases := []struct {
		fen    string
		rule50 bool
	}{
		{"8/8/8/8/8/3k4/8/1KQ5 b - - 0 1", true},
		{"8/8/8/4k3/8/8/3K4/7R w - - 0 1", true},
		{"4k3/8/4K3/4P3/8/8/8/8 w - - 0 1", false},
		{"8/8/8/4k3/8/8/8/1BB1K3 w - - 0 1", true},
		{"8/2k5/8/8/8/8/1r6/3QK3 w - - 0 1", true},
		{"8/8/8/4k3/8/8/8/1BN1K3 w - - 0 1", true},
	}
	if testing.Short() {
		cases = cases[:2]
	}
	for _, c := range cases {
		pos := chessPosition(t, c.fen)
		e := tbEngine(t)
		e.SetTablebaseOptions(TablebaseOptions{ProbeDepth: 1, Rule50: c.rule50, ProbeLimit: 7})
		w, _ := ref.ProbeWDL(pos)
		winner := pos.SideToMove()
		if w == syzygy.Loss {
			winner = winner.Other()
		} else {
			require.Equal(t, syzygy.Win, w, c.fen)
		}
		plies := 0
		for ; plies < 400 && pos.CountLegal() > 0; plies++ {
			require.Less(t, pos.HalfmoveClock(), 100, "%s: fifty-move draw after %d plies", c.fen, plies)
			if pos.SideToMove() != winner {
				pos.Make(longestDefence(t, ref, pos))
				continue
			}
			r := e.Search(pos, Limits{Nodes: 4000}, nil)
			pos.Make(r.Best)
			if board.PopCount(pos.Occupied()) <= 4 {
				w, ok := ref.ProbeWDL(pos)
				require.True(t, ok)
				require.Equal(t, syzygy.Loss, w, "%s: %s lost the win", c.fen, pos.FEN())
			}
		}
		assert.True(t, pos.InCheck() && pos.CountLegal() == 0 && pos.SideToMove() != winner,
			"%s: no mate after %d plies (%s)", c.fen, plies, pos.FEN())
		t.Logf("%s: mate after %d plies", c.fen, plies)
	}
}

// TestTablebaseHoldsDraws: sakk with tables, defending drawn endings
// against sakk without them, never plays into a lost position.
func TestTablebaseHoldsDraws(t *testing.T) {
	ref := testTables(t)
	cases := []string{
		"8/8/8/3k4/8/8/6r1/2R1K3 w - - 0 1", // KRvKR
		"4k3/8/8/8/8/8/4P3/4K3 b - - 0 1",   // KPvK, black to move holds
		"8/8/4k3/8/8/2K5/1P6/4n3 b - - 0 1", // KNvKP
		"2k5/8/8/8/3R4/8/8/3bK3 b - - 0 1",  // KRvKB
		"8/8/8/8/1k6/p7/8/1K6 w - - 0 1",    // KvKP, a-pawn: White holds
		"3qk3/8/8/8/8/8/8/3QK3 b - - 0 1",   // KQvKQ
	}
	if testing.Short() {
		cases = cases[:2]
	}
	for _, fen := range cases {
		pos := chessPosition(t, fen)
		w, ok := ref.ProbeWDL(pos)
		require.True(t, ok)
		require.Equal(t, syzygy.Draw, w, fen)
		defender := pos.SideToMove()
		holder, attacker := tbEngine(t), New()
		for plies := 0; plies < 120 && pos.Outcome().Result == 0 && pos.CountLegal() > 0; plies++ {
			if pos.SideToMove() == defender {
				r := holder.Search(pos, Limits{Nodes: 3000}, nil)
				pos.Make(r.Best)
				if w, ok := ref.ProbeWDL(pos); ok {
					require.LessOrEqual(t, w, syzygy.Draw, "%s: the defender lost the draw at %s", fen, pos.FEN())
				}
			} else {
				r := attacker.Search(pos, Limits{Nodes: 3000}, nil)
				pos.Make(r.Best)
			}
		}
	}
}

// TestTablebaseThreads: several search threads probe at once (run with
// -race in CI).
func TestTablebaseThreads(t *testing.T) {
	e := tbEngine(t)
	o := e.Options()
	o.Threads = 3
	e.SetOptions(o)
	for _, fen := range []string{
		"8/8/3k4/8/3r4/8/3Q4/3K2N1 w - - 0 1",
		"8/8/8/3k4/3p4/8/2PK4/4R3 w - - 0 1",
	} {
		r := e.Search(chessPosition(t, fen), Limits{Nodes: 60000}, nil)
		assert.NotEqual(t, move.None, r.Best)
		assert.Positive(t, e.TBHits())
	}
}

// TestTablebasesLeaveGlinskiAlone: tables loaded, a Glinski search works
// as before and probes nothing.
func TestTablebasesLeaveGlinskiAlone(t *testing.T) {
	plain := New()
	a := plain.Search(glinskiPosition(t, hexboard.StartFEN), Limits{Depth: 4}, nil)
	e := tbEngine(t)
	var last Info
	b := e.Search(glinskiPosition(t, hexboard.StartFEN), Limits{Depth: 4}, lineReport(&last))
	assert.Equal(t, a.Nodes, b.Nodes)
	assert.Equal(t, a.Best, b.Best)
	assert.Zero(t, last.TBHits)
}

// BenchmarkSearchTablebases measures what probing costs the search: the
// same five-piece endgames at a fixed node budget, without and with the
// tables (nodes/s is the figure to compare; the trees differ).
func BenchmarkSearchTablebases(b *testing.B) {
	fens := []string{
		"8/8/3k4/8/3r4/8/3Q4/3K2N1 w - - 0 1",
		"8/8/8/3k4/3p4/8/2PK4/4R3 w - - 0 1",
		"8/6k1/8/8/2B5/8/1P3r2/5K2 w - - 0 1",
		"8/8/1p6/8/3k4/8/2K2P2/6R1 w - - 0 1",
	}
	for _, path := range []string{"", tbTestDir} {
		name := "none"
		if path != "" {
			name = "tables"
		}
		b.Run(name, func(b *testing.B) {
			e := New()
			if path != "" {
				require.NoError(b, e.SetSyzygyPath(path))
			}
			var nodes, hits uint64
			for b.Loop() {
				for _, fen := range fens {
					e.NewGame()
					r := e.Search(chessPosition(b, fen), Limits{Nodes: 200000}, nil)
					nodes += r.Nodes
					hits += e.TBHits()
				}
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
			b.ReportMetric(float64(hits)/float64(nodes)*1000, "probes/knode")
		})
	}
}

// lineReport keeps the last report of a completed depth in last (not the
// currmove reports of a long search).
func lineReport(last *Info) func(Info) {
	return func(in Info) {
		if len(in.PV) > 0 {
			*last = in
		}
	}
}
