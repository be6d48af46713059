package nnue

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func randomVec(rng *rand.Rand, n int, lo, hi int) []int16 {
	v := make([]int16, n)
	for i := range v {
		v[i] = int16(lo + rng.IntN(hi-lo+1))
	}
	return v
}

// kernelResults runs every kernel on one set of operands and returns the
// destination vectors and the two dot products (SCReLU range and full range).
func kernelResults(src, a, s1, s2, acc, w []int16) ([][]int16, [2]int32) {
	n := len(src)
	d1 := make([]int16, n)
	vecAddSub(d1, src, a, s1)
	d2 := make([]int16, n)
	vecAddSubSub(d2, src, a, s1, s2)
	d3 := append([]int16(nil), src...)
	vecAdd(d3, a)
	vecSub(d3, s2)
	return [][]int16{d1, d2, d3}, [2]int32{screluDot(acc, w), screluDot(src, a)}
}

// The AVX2 kernels of this build (fastPath: the assembly, or archsimd with
// GOEXPERIMENT=simd) give exactly what the Go kernels give, also where int16
// sums wrap, where accumulators leave the SCReLU range and where w is
// beyond MaxWeight (v*w then wraps in 16 bits on both paths).
func TestFastPathEqualsFallback(t *testing.T) {
	if !hasAVX2Support {
		t.Skip("no AVX2 on this machine: only the Go kernels exist here")
	}
	t.Logf("fast path: %s", fastPath)
	defer SetAVX2(true)
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{16, 32, 128, 256, 1024} {
		for k := range 50 {
			src := randomVec(rng, n, -32768, 32767)
			a, s1, s2 := randomVec(rng, n, -32768, 32767), randomVec(rng, n, -32768, 32767), randomVec(rng, n, -32768, 32767)
			w := randomVec(rng, n, -MaxWeight, MaxWeight)
			acc := randomVec(rng, n, -400, 700)
			if k == 0 { // the extremes: every lane at the clamp and wrap edges
				for i := range n {
					src[i], a[i], s1[i] = []int16{-32768, 32767}[i%2], 32767, -32768
					acc[i], w[i] = []int16{255, 256, 32767, -32768}[i%4], []int16{MaxWeight, -MaxWeight}[i/4%2]
				}
			}
			SetAVX2(false)
			slow, slowDots := kernelResults(src, a, s1, s2, acc, w)
			SetAVX2(true)
			fast, fastDots := kernelResults(src, a, s1, s2, acc, w)
			require.Equal(t, slow, fast, "n=%d", n)
			require.Equal(t, slowDots, fastDots, "n=%d", n)
		}
	}
}

// Widths that are not a multiple of 16, and operands shorter than dst,
// take the Go kernels on the fast path too: the same results, the same
// panic on a short operand, never a read past the end.
func TestFastPathOddLengths(t *testing.T) {
	defer SetAVX2(true)
	rng := rand.New(rand.NewPCG(5, 6))
	for _, n := range []int{0, 1, 15, 17, 100} {
		src, a, s1, s2 := randomVec(rng, n, -32768, 32767), randomVec(rng, n, -32768, 32767), randomVec(rng, n, -32768, 32767), randomVec(rng, n, -32768, 32767)
		acc, w := randomVec(rng, n, -400, 700), randomVec(rng, n, -MaxWeight, MaxWeight)
		SetAVX2(false)
		slow, slowDots := kernelResults(src, a, s1, s2, acc, w)
		SetAVX2(true)
		fast, fastDots := kernelResults(src, a, s1, s2, acc, w)
		require.Equal(t, slow, fast, "n=%d", n)
		require.Equal(t, slowDots, fastDots, "n=%d", n)
	}
	SetAVX2(true)
	dst, short := make([]int16, 32), make([]int16, 16)
	assert.Panics(t, func() { vecAdd(dst, short) })
	assert.Panics(t, func() { vecSub(dst, short) })
	assert.Panics(t, func() { vecAddSub(dst, dst, dst, short) })
	assert.Panics(t, func() { vecAddSubSub(dst, dst, dst, dst, short) })
	assert.Panics(t, func() { screluDot(dst, short) })
}

// Whole evaluations agree on both paths, on random nets and accumulators.
func TestFastPathEvaluationsEqualFallback(t *testing.T) {
	if !hasAVX2Support {
		t.Skip("no AVX2 on this machine")
	}
	defer SetAVX2(true)
	rng := rand.New(rand.NewPCG(3, 4))
	for range 200 {
		h := 16 * (1 + rng.IntN(16))
		n := &Net{Hidden: h, Out: randomVec(rng, 2*h, -MaxWeight, MaxWeight), OutBias: []int32{int32(rng.IntN(100000) - 50000)}}
		us, them := randomVec(rng, h, -300, 600), randomVec(rng, h, -300, 600)
		SetAVX2(false)
		slow := n.output(us, them, 32)
		SetAVX2(true)
		assert.Equal(t, slow, n.output(us, them, 32))
	}
}

func TestScreluDotByHand(t *testing.T) {
	acc := make([]int16, 16)
	w := make([]int16, 16)
	acc[0], w[0] = 10, 3     // 10*10*3 = 300
	acc[1], w[1] = 300, 2    // clamped to 255: 255*255*2
	acc[2], w[2] = -5, 100   // clamped to 0
	acc[15], w[15] = 255, -1 // -65025
	want := int32(300 + 255*255*2 - 65025)
	for _, on := range []bool{false, true} {
		was := SetAVX2(on)
		assert.Equal(t, want, screluDot(acc, w), "avx2=%v", on)
		SetAVX2(was)
	}
}
