//go:build !amd64

package nnue

// useAVX2 is false off amd64: the plain Go kernels run.
var useAVX2 = false

// fastPath is empty: there is no fast path here.
const fastPath = ""

func vecAdd(dst, a []int16)                    { vecAddGeneric(dst, a) }
func vecSub(dst, s []int16)                    { vecSubGeneric(dst, s) }
func vecAddSub(dst, src, a, s []int16)         { vecAddSubGeneric(dst, src, a, s) }
func vecAddSubSub(dst, src, a, s1, s2 []int16) { vecAddSubSubGeneric(dst, src, a, s1, s2) }
func screluDot(acc, w []int16) int32           { return screluDotGeneric(acc, w) }
