//go:build amd64 && !goexperiment.simd

package nnue

// fastPath names the AVX2 kernels this build dispatches to: the
// hand-written assembly of vec_amd64.s (the default build).
const fastPath = "asm"

// The kernels check lengths before the assembly reads len(dst) elements of
// every operand.

func vecAdd(dst, a []int16) {
	if useAVX2 && len(dst)%HiddenStep == 0 && len(dst) > 0 && len(a) >= len(dst) {
		addAVX2(&dst[0], &a[0], len(dst))
		return
	}
	vecAddGeneric(dst, a)
}

func vecSub(dst, s []int16) {
	if useAVX2 && len(dst)%HiddenStep == 0 && len(dst) > 0 && len(s) >= len(dst) {
		subAVX2(&dst[0], &s[0], len(dst))
		return
	}
	vecSubGeneric(dst, s)
}

func vecAddSub(dst, src, a, s []int16) {
	n := len(dst)
	if useAVX2 && n%HiddenStep == 0 && n > 0 && len(src) >= n && len(a) >= n && len(s) >= n {
		addSubAVX2(&dst[0], &src[0], &a[0], &s[0], n)
		return
	}
	vecAddSubGeneric(dst, src, a, s)
}

func vecAddSubSub(dst, src, a, s1, s2 []int16) {
	n := len(dst)
	if useAVX2 && n%HiddenStep == 0 && n > 0 && len(src) >= n && len(a) >= n && len(s1) >= n && len(s2) >= n {
		addSubSubAVX2(&dst[0], &src[0], &a[0], &s1[0], &s2[0], n)
		return
	}
	vecAddSubSubGeneric(dst, src, a, s1, s2)
}

func screluDot(acc, w []int16) int32 {
	if useAVX2 && len(acc)%HiddenStep == 0 && len(acc) > 0 && len(w) >= len(acc) {
		return screluDotAVX2(&acc[0], &w[0], len(acc))
	}
	return screluDotGeneric(acc, w)
}
