package nnue

// SetAVX2 switches the AVX2 kernels (tests compare both paths).
func SetAVX2(on bool) (was bool) {
	was = useAVX2
	useAVX2 = on && hasAVX2Support
	return was
}

var hasAVX2Support = useAVX2
