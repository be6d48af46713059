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

// The AVX2 kernels give exactly what the Go kernels give, also where int16
// sums wrap and where products leave the SCReLU range.
func TestFastPathEqualsFallback(t *testing.T) {
	if !hasAVX2Support {
		t.Skip("no AVX2 on this machine: only the Go kernels exist here")
	}
	defer SetAVX2(true)
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{16, 32, 128, 256, 1024} {
		for range 50 {
			src := randomVec(rng, n, -32768, 32767)
			a, s1, s2 := randomVec(rng, n, -32768, 32767), randomVec(rng, n, -32768, 32767), randomVec(rng, n, -32768, 32767)
			w := randomVec(rng, n, -MaxWeight, MaxWeight)
			acc := randomVec(rng, n, -400, 700)
			results := [2][][]int16{}
			dots := [2]int32{}
			for k, on := range []bool{false, true} {
				SetAVX2(on)
				d1 := make([]int16, n)
				vecAddSub(d1, src, a, s1)
				d2 := make([]int16, n)
				vecAddSubSub(d2, src, a, s1, s2)
				d3 := append([]int16(nil), src...)
				vecAdd(d3, a)
				vecSub(d3, s2)
				results[k] = [][]int16{d1, d2, d3}
				dots[k] = screluDot(acc, w)
			}
			require.Equal(t, results[0], results[1], "n=%d", n)
			require.Equal(t, dots[0], dots[1], "n=%d", n)
		}
	}
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
		n := &Net{Hidden: h, Out: randomVec(rng, 2*h, -MaxWeight, MaxWeight), OutBias: int32(rng.IntN(100000) - 50000)}
		us, them := randomVec(rng, h, -300, 600), randomVec(rng, h, -300, 600)
		SetAVX2(false)
		slow := n.output(us, them)
		SetAVX2(true)
		assert.Equal(t, slow, n.output(us, them))
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
