package nnue

// useAVX2 selects the AVX2 kernels (vec_asm_amd64.go, or vec_simd_amd64.go
// when built with GOEXPERIMENT=simd); it is set when the CPU and the OS
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

// The assembly kernels of vec_amd64.s; n is a positive multiple of 16.

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
