package nnue

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// Kernel speed on the fast path (fastPath: "asm" by default, "archsimd"
// with GOEXPERIMENT=simd) and in plain Go, at two hidden widths. Each op is
// one call on h-wide columns; "move" is one quiet move's update of both
// perspectives plus both output halves, the work of one evaluation.
// Compare builds with benchstat: path=go is the same code in both, a
// control for the noise of the shared machine. cpu-ns/op is the process's
// CPU time per op, steadier than sec/op when other jobs share the cores.
func BenchmarkKernel(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	for _, h := range []int{128, 256} {
		src, dst := randomVec(rng, 2*h, -500, 500), make([]int16, 2*h)
		a, s1, s2 := randomVec(rng, h, -100, 100), randomVec(rng, h, -100, 100), randomVec(rng, h, -100, 100)
		w := randomVec(rng, 2*h, -MaxWeight, MaxWeight)
		var sink int32
		ops := []struct {
			name string
			run  func()
		}{
			{"add", func() { vecAdd(dst[:h], a) }},
			{"sub", func() { vecSub(dst[:h], s1) }},
			{"addSub", func() { vecAddSub(dst[:h], src[:h], a, s1) }},
			{"addSubSub", func() { vecAddSubSub(dst[:h], src[:h], a, s1, s2) }},
			{"screluDot", func() { sink += screluDot(src[:h], w[:h]) }},
			{"move", func() {
				vecAddSub(dst[:h], src[:h], a, s1)
				vecAddSub(dst[h:], src[h:], a, s1)
				sink += screluDot(dst[:h], w[:h]) + screluDot(dst[h:], w[h:])
			}},
		}
		for _, op := range ops {
			for _, fast := range []bool{true, false} {
				path := "go"
				if fast {
					path = "fast"
				}
				b.Run(fmt.Sprintf("op=%s/h=%d/path=%s", op.name, h, path), func(b *testing.B) {
					if fast && !hasAVX2Support {
						b.Skip("no AVX2")
					}
					was := SetAVX2(fast)
					defer SetAVX2(was)
					start := cpuTime()
					for b.Loop() {
						op.run()
					}
					if used := cpuTime() - start; used > 0 {
						b.ReportMetric(float64(used.Nanoseconds())/float64(b.N), "cpu-ns/op")
					}
				})
			}
		}
		_ = sink
	}
}
