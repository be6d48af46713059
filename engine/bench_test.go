package engine

import (
	"runtime"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/sakk-chess/sakk/board"
	"github.com/sakk-chess/sakk/engine/game"
)

var benchChess = []string{
	board.StartFEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 8",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
}

var benchGlinski = []string{
	"b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - 0 1",
	"b/qbk/n3n/2r3r/pppppbp1p/11/5PpPp2/4P1P1P2/2NP2B4/2PQ7/1PR1BBKNRP1 b h4 0 6",
}

func benchPositions(b *testing.B, variant string) ([]game.Position, int) {
	var out []game.Position
	if variant == game.Chess {
		for _, f := range benchChess {
			out = append(out, chessPosition(b, f))
		}
		return out, 11
	}
	for _, f := range benchGlinski {
		out = append(out, glinskiPosition(b, f))
	}
	return out, 9
}

// searchIface is searchChess for one thread over the SearchBoard interface
// (search_iface_test.go): what the search would cost without generation.
func (e *Engine) searchIface(pos SearchBoard, lim Limits) Result {
	e.prepare(pos, lim)
	e.tt.Resize(e.opts.HashMB)
	e.tt.NewSearch()
	e.nodeLimit = lim.Nodes
	if e.ifaceForBench == nil {
		e.ifaceForBench = new(ifaceWorker)
	}
	w := e.ifaceForBench.(*ifaceWorker)
	w.clearTables() // as NewGame does for the generated searches
	w.thread.begin(e, 0, e.stalemateScore(pos.Variant()))
	w.pos = pos
	w.initRoot(nil)
	e.active = append(e.active[:0], &w.thread)
	w.iterate(&e.lim)
	return e.result(&w.thread, 0)
}

func benchSearch(b *testing.B, variant string, viaInterface bool) {
	runtime.LockOSThread() // thread CPU time must be this goroutine's
	defer runtime.UnlockOSThread()
	positions, depth := benchPositions(b, variant)
	e := New()
	var nodes uint64
	var spent, cpu time.Duration
	for b.Loop() {
		for _, pos := range positions {
			e.NewGame()
			start, startCPU := time.Now(), threadCPUTime()
			var r Result
			if viaInterface {
				r = e.searchIface(pos.(SearchBoard), Limits{Depth: depth})
			} else {
				r = e.Search(pos, Limits{Depth: depth}, nil)
			}
			spent += time.Since(start)
			cpu += threadCPUTime() - startCPU
			nodes += r.Nodes
		}
	}
	b.ReportMetric(float64(nodes)/spent.Seconds(), "nodes/s")
	if cpu > 0 {
		b.ReportMetric(float64(nodes)/cpu.Seconds(), "nodes/cpu-s")
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

// Generated (direct calls) against interface dispatch, on identical trees:
// go test ./engine -run '^$' -bench Search -benchtime 3x
func BenchmarkSearchChess(b *testing.B)        { benchSearch(b, game.Chess, false) }
func BenchmarkSearchChessIface(b *testing.B)   { benchSearch(b, game.Chess, true) }
func BenchmarkSearchGlinski(b *testing.B)      { benchSearch(b, game.Glinski, false) }
func BenchmarkSearchGlinskiIface(b *testing.B) { benchSearch(b, game.Glinski, true) }

// The interface copy searches exactly the same tree: the comparison above is
// like for like.
func TestInterfaceCopySearchesSameTree(t *testing.T) {
	for _, pos := range []game.Position{
		chessPosition(t, benchChess[1]),
		glinskiPosition(t, benchGlinski[0]),
	} {
		e := New()
		e.NewGame()
		direct := e.Search(pos, Limits{Depth: 6}, nil)
		e.NewGame()
		viaInterface := e.searchIface(pos.(SearchBoard), Limits{Depth: 6})
		assert.Equal(t, direct.Nodes, viaInterface.Nodes, pos.Variant())
		assert.Equal(t, direct.Best, viaInterface.Best, pos.Variant())
	}
}
