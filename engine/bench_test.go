package engine

import (
	"runtime"
	"testing"
	"time"

	"github.com/sakk-chess/sakk/board"
	"github.com/sakk-chess/sakk/game"
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

func benchPositions(b testing.TB, variant game.Variant) ([]SearchBoard, int) {
	var out []SearchBoard
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

// searchFunc runs one search. The benchmarks here time the generated
// search; dispatch_test.go (-tags dispatchcost) adds the same search over an
// interface and as a generic, to measure what generation saves.
type searchFunc func(e *Engine, pos SearchBoard, lim Limits) Result

func generatedSearch(e *Engine, pos SearchBoard, lim Limits) Result {
	return e.Search(pos, lim, nil)
}

func benchSearch(b *testing.B, variant game.Variant, search searchFunc) {
	runtime.LockOSThread() // thread CPU time must be this goroutine's
	defer runtime.UnlockOSThread()
	positions, depth := benchPositions(b, variant)
	e := New()
	for _, pos := range positions { // allocate hash and threads before timing
		search(e, pos, Limits{Depth: 1})
	}
	var nodes uint64
	var spent, cpu time.Duration
	for b.Loop() {
		for _, pos := range positions {
			e.NewGame()
			start, startCPU := time.Now(), threadCPUTime()
			r := search(e, pos, Limits{Depth: depth})
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

// Nodes per second of the generated search on the bench positions:
// go test ./engine -run '^$' -bench Search -benchtime 3x
func BenchmarkSearchChess(b *testing.B)   { benchSearch(b, game.Chess, generatedSearch) }
func BenchmarkSearchGlinski(b *testing.B) { benchSearch(b, game.Glinski, generatedSearch) }
