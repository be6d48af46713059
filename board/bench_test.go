package board

import (
	"os"
	"strconv"
	"testing"
	"time"
)

const kiwipeteFEN = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

func benchmarkPerft(b *testing.B, fen string, depth int) {
	p, err := FromFEN(fen)
	if err != nil {
		b.Fatal(err)
	}
	var nodes uint64
	b.ResetTimer()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		nodes += p.Perft(depth)
	}
	b.ReportMetric(float64(nodes)/time.Since(start).Seconds(), "nodes/s")
}

func BenchmarkPerftStartpos5(b *testing.B) { benchmarkPerft(b, StartFEN, 5) }

func BenchmarkPerftKiwipete4(b *testing.B) { benchmarkPerft(b, kiwipeteFEN, 4) }

// TestPerftSpeed prints nodes/s for a deep perft chosen by env SAKK_PERFT
// ("fen|depth"); it is a measuring aid, skipped by default.
func TestPerftSpeed(t *testing.T) {
	spec := os.Getenv("SAKK_PERFT")
	if spec == "" {
		t.Skip("set SAKK_PERFT=startpos|6 or <fen>|<depth>")
	}
	fen, depthText := StartFEN, "6"
	for i := len(spec) - 1; i >= 0; i-- {
		if spec[i] == '|' {
			fen, depthText = spec[:i], spec[i+1:]
			break
		}
	}
	if fen == "startpos" {
		fen = StartFEN
	}
	depth, err := strconv.Atoi(depthText)
	if err != nil {
		t.Fatal(err)
	}
	p, err := FromFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	nodes := p.Perft(depth)
	elapsed := time.Since(start)
	t.Logf("perft %d: %d nodes in %v: %.1f Mnps", depth, nodes, elapsed, float64(nodes)/elapsed.Seconds()/1e6)
}
