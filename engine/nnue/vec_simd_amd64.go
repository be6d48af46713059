//go:build amd64 && goexperiment.simd

package nnue

import (
	"simd/archsimd"
	"unsafe"
)

// fastPath names the AVX2 kernels this build dispatches to: Go's
// experimental simd/archsimd package (GOEXPERIMENT=simd), the assembly
// kernels written as intrinsics: VPADDW, VPSUBW, VPMAXSW/VPMINSW, VPMULLW,
// VPMADDWD and VPADDD, with the same wrap-around.
const fastPath = "archsimd"

// How these are written, each choice measured (docs/nnue.md):
//   - Lengths are checked once on entry, as vec_asm_amd64.go does for the
//     assembly; the loops then step a byte offset through the slices' data
//     with no bounds checks. Loading 16-element slices of the slices kept
//     a check and a pointer mask per load (+80 % against the assembly), and
//     loops shaped so the compiler drops most checks were still +18 %.
//   - Each kernel ends with VZEROUPPER (ClearAVXUpperBits), as the
//     assembly does: the compiler does not emit it, and without it the SSE
//     code that runs next pays for dirty upper YMM halves (+30 %).

// lanes loads the 16 int16 at byte offset off from p.
func lanes(p unsafe.Pointer, off uintptr) archsimd.Int16x16 {
	return archsimd.LoadInt16x16((*[16]int16)(unsafe.Add(p, off)))
}

// storeLanes stores x as the 16 int16 at byte offset off from p.
func storeLanes(x archsimd.Int16x16, p unsafe.Pointer, off uintptr) {
	x.Store((*[16]int16)(unsafe.Add(p, off)))
}

func data(s []int16) unsafe.Pointer { return unsafe.Pointer(unsafe.SliceData(s)) }

// end is the byte length of n int16: offsets run over [0, end) in steps
// of 32 bytes, one register, never past the last element.
func end(n int) uintptr { return uintptr(n) * 2 }

func vecAdd(dst, a []int16) {
	n := len(dst)
	if !useAVX2 || n%HiddenStep != 0 || len(a) < n {
		vecAddGeneric(dst, a)
		return
	}
	pd, pa := data(dst), data(a)
	for off := uintptr(0); off < end(n); off += 32 {
		storeLanes(lanes(pd, off).Add(lanes(pa, off)), pd, off)
	}
	archsimd.ClearAVXUpperBits()
}

func vecSub(dst, s []int16) {
	n := len(dst)
	if !useAVX2 || n%HiddenStep != 0 || len(s) < n {
		vecSubGeneric(dst, s)
		return
	}
	pd, ps := data(dst), data(s)
	for off := uintptr(0); off < end(n); off += 32 {
		storeLanes(lanes(pd, off).Sub(lanes(ps, off)), pd, off)
	}
	archsimd.ClearAVXUpperBits()
}

func vecAddSub(dst, src, a, s []int16) {
	n := len(dst)
	if !useAVX2 || n%HiddenStep != 0 || len(src) < n || len(a) < n || len(s) < n {
		vecAddSubGeneric(dst, src, a, s)
		return
	}
	pd, psrc, pa, ps := data(dst), data(src), data(a), data(s)
	for off := uintptr(0); off < end(n); off += 32 {
		storeLanes(lanes(psrc, off).Add(lanes(pa, off)).Sub(lanes(ps, off)), pd, off)
	}
	archsimd.ClearAVXUpperBits()
}

func vecAddSubSub(dst, src, a, s1, s2 []int16) {
	n := len(dst)
	if !useAVX2 || n%HiddenStep != 0 || len(src) < n || len(a) < n || len(s1) < n || len(s2) < n {
		vecAddSubSubGeneric(dst, src, a, s1, s2)
		return
	}
	pd, psrc, pa, ps1, ps2 := data(dst), data(src), data(a), data(s1), data(s2)
	for off := uintptr(0); off < end(n); off += 32 {
		x := lanes(psrc, off).Add(lanes(pa, off)).Sub(lanes(ps1, off)).Sub(lanes(ps2, off))
		storeLanes(x, pd, off)
	}
	archsimd.ClearAVXUpperBits()
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
	pacc, pw := data(acc), data(w)
	zero, top := archsimd.BroadcastInt16x16(0), archsimd.BroadcastInt16x16(QA)
	var sum archsimd.Int32x8
	for off := uintptr(0); off < end(n); off += 32 {
		v := lanes(pacc, off).Max(zero).Min(top)
		sum = sum.Add(v.Mul(lanes(pw, off)).DotProductPairs(v))
	}
	quad := sum.GetLo().Add(sum.GetHi())
	var pair [4]int32
	quad.AddPairs(quad).Store(&pair)
	// VZEROUPPER after the store: the compiler keeps it after memory
	// operations but would hoist it above pure vector arithmetic, spilling
	// the live sum around it.
	archsimd.ClearAVXUpperBits()
	return pair[0] + pair[1]
}
