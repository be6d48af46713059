package nnue

import (
	"math/rand/v2"
	"testing"
)

// Kernel speed with and without AVX2 at a 128-wide accumulator: one quiet
// move's update (both perspectives) and one evaluation's output layer.
func benchKernels(b *testing.B, avx2 bool) {
	was := SetAVX2(avx2)
	defer SetAVX2(was)
	if avx2 && !useAVX2 {
		b.Skip("no AVX2")
	}
	rng := rand.New(rand.NewPCG(1, 1))
	const h = 128
	src, dst := randomVec(rng, 2*h, -500, 500), make([]int16, 2*h)
	a, s := randomVec(rng, h, -100, 100), randomVec(rng, h, -100, 100)
	w := randomVec(rng, 2*h, -MaxWeight, MaxWeight)
	var sink int32
	for b.Loop() {
		vecAddSub(dst[:h], src[:h], a, s)
		vecAddSub(dst[h:], src[h:], a, s)
		sink += screluDot(dst[:h], w[:h]) + screluDot(dst[h:], w[h:])
	}
	_ = sink
}

func BenchmarkKernelsAVX2(b *testing.B) { benchKernels(b, true) }
func BenchmarkKernelsGo(b *testing.B)   { benchKernels(b, false) }
