package nnue

// The vector kernels in plain Go. vec_amd64.s has the same in AVX2; both
// wrap int16 and int32 arithmetic the same way, so results are bit-identical.

func vecAddGeneric(dst, a []int16) {
	a = a[:len(dst)]
	for i := range dst {
		dst[i] += a[i]
	}
}

func vecSubGeneric(dst, s []int16) {
	s = s[:len(dst)]
	for i := range dst {
		dst[i] -= s[i]
	}
}

func vecAddSubGeneric(dst, src, a, s []int16) {
	src, a, s = src[:len(dst)], a[:len(dst)], s[:len(dst)]
	for i := range dst {
		dst[i] = src[i] + a[i] - s[i]
	}
}

func vecAddSubSubGeneric(dst, src, a, s1, s2 []int16) {
	src, a, s1, s2 = src[:len(dst)], a[:len(dst)], s1[:len(dst)], s2[:len(dst)]
	for i := range dst {
		dst[i] = src[i] + a[i] - s1[i] - s2[i]
	}
}

// screluDotGeneric is the sum over i of clamp(acc[i], 0, QA)^2 * w[i], with
// the product v*w taken in 16 bits (as VPMULLW does; |w| <= MaxWeight keeps
// it exact) and the sum in wrapping 32 bits (as VPADDD does).
func screluDotGeneric(acc, w []int16) int32 {
	w = w[:len(acc)]
	var sum int32
	for i, x := range acc {
		v := int32(min(max(x, 0), QA))
		sum += int32(int16(v*int32(w[i]))) * v
	}
	return sum
}
