package hexboard

import (
	"testing"
	"time"
)

func benchmarkPerft(b *testing.B, depth int) {
	p := New()
	var nodes uint64
	start := time.Now()
	for b.Loop() {
		nodes += p.Perft(depth)
	}
	b.ReportMetric(float64(nodes)/time.Since(start).Seconds(), "nodes/s")
}

func BenchmarkPerftStart4(b *testing.B) { benchmarkPerft(b, 4) }
func BenchmarkPerftStart5(b *testing.B) { benchmarkPerft(b, 5) }
