//go:build amd64 && goexperiment.simd

package nnue

import "simd/archsimd"

// fastPath names the AVX2 kernels this build dispatches to: Go's
// experimental simd/archsimd package (GOEXPERIMENT=simd). They are the
// assembly kernels written as intrinsics: VPADDW, VPSUBW, VPMAXSW/VPMINSW,
// VPMULLW, VPMADDWD and VPADDD, with the same wrap-around.
const fastPath = "archsimd"

// The kernels check lengths once; the loops then take 16 lanes at a time.

func vecAdd(dst, a []int16) {
	n := len(dst)
	if !useAVX2 || n%HiddenStep != 0 || len(a) < n {
		vecAddGeneric(dst, a)
		return
	}
	a = a[:n]
	for i := 0; i < n; i += 16 {
		d := (*[16]int16)(dst[i:])
		archsimd.LoadInt16x16(d).Add(archsimd.LoadInt16x16((*[16]int16)(a[i:]))).Store(d)
	}
}

func vecSub(dst, s []int16) {
	n := len(dst)
	if !useAVX2 || n%HiddenStep != 0 || len(s) < n {
		vecSubGeneric(dst, s)
		return
	}
	s = s[:n]
	for i := 0; i < n; i += 16 {
		d := (*[16]int16)(dst[i:])
		archsimd.LoadInt16x16(d).Sub(archsimd.LoadInt16x16((*[16]int16)(s[i:]))).Store(d)
	}
}

func vecAddSub(dst, src, a, s []int16) {
	n := len(dst)
	if !useAVX2 || n%HiddenStep != 0 || len(src) < n || len(a) < n || len(s) < n {
		vecAddSubGeneric(dst, src, a, s)
		return
	}
	src, a, s = src[:n], a[:n], s[:n]
	for i := 0; i < n; i += 16 {
		x := archsimd.LoadInt16x16((*[16]int16)(src[i:]))
		x = x.Add(archsimd.LoadInt16x16((*[16]int16)(a[i:])))
		x = x.Sub(archsimd.LoadInt16x16((*[16]int16)(s[i:])))
		x.Store((*[16]int16)(dst[i:]))
	}
}

func vecAddSubSub(dst, src, a, s1, s2 []int16) {
	n := len(dst)
	if !useAVX2 || n%HiddenStep != 0 || len(src) < n || len(a) < n || len(s1) < n || len(s2) < n {
		vecAddSubSubGeneric(dst, src, a, s1, s2)
		return
	}
	src, a, s1, s2 = src[:n], a[:n], s1[:n], s2[:n]
	for i := 0; i < n; i += 16 {
		x := archsimd.LoadInt16x16((*[16]int16)(src[i:]))
		x = x.Add(archsimd.LoadInt16x16((*[16]int16)(a[i:])))
		x = x.Sub(archsimd.LoadInt16x16((*[16]int16)(s1[i:])))
		x = x.Sub(archsimd.LoadInt16x16((*[16]int16)(s2[i:])))
		x.Store((*[16]int16)(dst[i:]))
	}
}

// screluDot clamps 16 lanes to [0, QA], multiplies by w in 16 bits
// (VPMULLW), multiplies by the clamped value again while adding lane pairs
// into 32 bits (VPMADDWD: |v*w*v| < 2^23, so a pair cannot overflow), and
// sums with wrapping 32-bit adds, which do not depend on the order.
func screluDot(acc, w []int16) int32 {
	n := len(acc)
	if !useAVX2 || n%HiddenStep != 0 || len(w) < n {
		return screluDotGeneric(acc, w)
	}
	w = w[:n]
	zero, top := archsimd.BroadcastInt16x16(0), archsimd.BroadcastInt16x16(QA)
	var sum archsimd.Int32x8
	for i := 0; i < n; i += 16 {
		v := archsimd.LoadInt16x16((*[16]int16)(acc[i:])).Max(zero).Min(top)
		p := v.Mul(archsimd.LoadInt16x16((*[16]int16)(w[i:])))
		sum = sum.Add(p.DotProductPairs(v))
	}
	quad := sum.GetLo().Add(sum.GetHi())
	pair := quad.AddPairs(quad)
	return pair.GetElem(0) + pair.GetElem(1)
}
