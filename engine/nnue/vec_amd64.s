#include "textflag.h"

// func cpuid(eaxArg, ecxArg uint32) (eax, ebx, ecx, edx uint32)
TEXT ·cpuid(SB), NOSPLIT, $0-24
	MOVL eaxArg+0(FP), AX
	MOVL ecxArg+4(FP), CX
	CPUID
	MOVL AX, eax+8(FP)
	MOVL BX, ebx+12(FP)
	MOVL CX, ecx+16(FP)
	MOVL DX, edx+20(FP)
	RET

// func xgetbv() (eax, edx uint32)
TEXT ·xgetbv(SB), NOSPLIT, $0-8
	MOVL $0, CX
	XGETBV
	MOVL AX, eax+0(FP)
	MOVL DX, edx+4(FP)
	RET

// func addAVX2(dst, a *int16, n int)
TEXT ·addAVX2(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ a+8(FP), AX
	MOVQ n+16(FP), CX
addloop:
	VMOVDQU (DI), Y0
	VPADDW  (AX), Y0, Y0
	VMOVDQU Y0, (DI)
	ADDQ    $32, DI
	ADDQ    $32, AX
	SUBQ    $16, CX
	JNZ     addloop
	VZEROUPPER
	RET

// func subAVX2(dst, s *int16, n int)
TEXT ·subAVX2(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ s+8(FP), BX
	MOVQ n+16(FP), CX
subloop:
	VMOVDQU (DI), Y0
	VPSUBW  (BX), Y0, Y0
	VMOVDQU Y0, (DI)
	ADDQ    $32, DI
	ADDQ    $32, BX
	SUBQ    $16, CX
	JNZ     subloop
	VZEROUPPER
	RET

// func addSubAVX2(dst, src, a, s *int16, n int)
TEXT ·addSubAVX2(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ a+16(FP), AX
	MOVQ s+24(FP), BX
	MOVQ n+32(FP), CX
addsubloop:
	VMOVDQU (SI), Y0
	VPADDW  (AX), Y0, Y0
	VPSUBW  (BX), Y0, Y0
	VMOVDQU Y0, (DI)
	ADDQ    $32, DI
	ADDQ    $32, SI
	ADDQ    $32, AX
	ADDQ    $32, BX
	SUBQ    $16, CX
	JNZ     addsubloop
	VZEROUPPER
	RET

// func addSubSubAVX2(dst, src, a, s1, s2 *int16, n int)
TEXT ·addSubSubAVX2(SB), NOSPLIT, $0-48
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ a+16(FP), AX
	MOVQ s1+24(FP), BX
	MOVQ s2+32(FP), DX
	MOVQ n+40(FP), CX
addsubsubloop:
	VMOVDQU (SI), Y0
	VPADDW  (AX), Y0, Y0
	VPSUBW  (BX), Y0, Y0
	VPSUBW  (DX), Y0, Y0
	VMOVDQU Y0, (DI)
	ADDQ    $32, DI
	ADDQ    $32, SI
	ADDQ    $32, AX
	ADDQ    $32, BX
	ADDQ    $32, DX
	SUBQ    $16, CX
	JNZ     addsubsubloop
	VZEROUPPER
	RET

// func screluDotAVX2(acc, w *int16, n int) int32
// Sum of clamp(acc[i], 0, 255)^2 * w[i]: (v*w) in 16 bits (VPMULLW), times v
// and pairwise added into 32 bits (VPMADDWD), summed with wrapping VPADDD.
TEXT ·screluDotAVX2(SB), NOSPLIT, $0-28
	MOVQ acc+0(FP), SI
	MOVQ w+8(FP), DI
	MOVQ n+16(FP), CX
	VPXOR Y15, Y15, Y15
	MOVL $255, AX
	VMOVD AX, X14
	VPBROADCASTW X14, Y14
	VPXOR Y0, Y0, Y0
dotloop:
	VMOVDQU  (SI), Y1
	VPMAXSW  Y15, Y1, Y1
	VPMINSW  Y14, Y1, Y1
	VPMULLW  (DI), Y1, Y2
	VPMADDWD Y1, Y2, Y2
	VPADDD   Y2, Y0, Y0
	ADDQ     $32, SI
	ADDQ     $32, DI
	SUBQ     $16, CX
	JNZ      dotloop
	VEXTRACTI128 $1, Y0, X1
	VPADDD   X1, X0, X0
	VPSHUFD  $0x4E, X0, X1
	VPADDD   X1, X0, X0
	VPSHUFD  $0xB1, X0, X1
	VPADDD   X1, X0, X0
	VMOVD    X0, AX
	MOVL     AX, ret+24(FP)
	VZEROUPPER
	RET
