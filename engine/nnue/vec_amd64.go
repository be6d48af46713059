package nnue

// useAVX2 selects the assembly kernels; it is set when the CPU and the OS
// support AVX2 (tests switch it off to compare with the Go kernels).
var useAVX2 = hasAVX2()

// hasAVX2 asks CPUID for AVX2 and XGETBV whether the OS saves YMM state.
func hasAVX2() bool {
	maxID, _, _, _ := cpuid(0, 0)
	if maxID < 7 {
		return false
	}
	_, _, ecx1, _ := cpuid(1, 0)
	const osxsave, avx = 1 << 27, 1 << 28
	if ecx1&osxsave == 0 || ecx1&avx == 0 {
		return false
	}
	if xcr0, _ := xgetbv(); xcr0&6 != 6 { // XMM and YMM state
		return false
	}
	_, ebx7, _, _ := cpuid(7, 0)
	return ebx7&(1<<5) != 0
}

//go:noescape
func cpuid(eaxArg, ecxArg uint32) (eax, ebx, ecx, edx uint32)

//go:noescape
func xgetbv() (eax, edx uint32)

// The AVX2 kernels; n is a positive multiple of 16.

//go:noescape
func addAVX2(dst, a *int16, n int)

//go:noescape
func subAVX2(dst, s *int16, n int)

//go:noescape
func addSubAVX2(dst, src, a, s *int16, n int)

//go:noescape
func addSubSubAVX2(dst, src, a, s1, s2 *int16, n int)

//go:noescape
func screluDotAVX2(acc, w *int16, n int) int32

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
