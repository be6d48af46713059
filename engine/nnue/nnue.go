// Package nnue is sakk's learned evaluation: an efficiently updatable
// neural network with two perspective accumulators, for either board.
//
// The net is (inputs -> hidden) x 2 -> 1, with the output layer chosen by
// the number of pieces on the board (output buckets; one bucket is the
// plain net). Each input is one piece kind on
// one square or cell, seen from one side: index
// (own/enemy * 6 + type-1) * squares + square, where Black's squares are
// mirrored (ranks for chess, a vertical flip of each file for Glinski), so
// that both perspectives share the first layer's weights. The accumulator of
// the side to move comes first before the output layer, then the other one.
// The activation is SCReLU (clamp to [0, 1], then square).
//
// Inference is integer arithmetic only: first-layer weights are scaled by QA
// and output weights by QB, so the pure-Go path and the AVX2 path give
// bit-identical results. The boards name the features of a position and of a
// move (board.Position.NNUEFeatures / NNUEDelta and the hexboard ones);
// Stack keeps one accumulator per search ply.
package nnue

import (
	"fmt"

	"github.com/sakk-chess/sakk/game"
	"github.com/sakk-chess/sakk/game/move"
	"github.com/sakk-chess/sakk/game/nnuefeat"
)

// Quantisation and output scale.
const (
	QA    = 255 // first layer: activations in [0, QA]
	QB    = 64  // output weights
	Scale = 400 // output unit: centipawns = net output * Scale
	// MaxWeight bounds |output weight| so that QA*w fits in an int16 (the
	// AVX2 path multiplies in 16 bits); the trainer clips to it.
	MaxWeight = 127
)

// The inputs are named in game/nnuefeat, where the boards can reach them
// (Index and MakeFeature live there); these aliases keep this package's
// API whole.
const (
	Kinds        = nnuefeat.Kinds
	ChessSquares = nnuefeat.ChessSquares
	GlinskiCells = nnuefeat.GlinskiCells
	MaxPieces    = nnuefeat.MaxPieces
)

type (
	Feature  = nnuefeat.Feature
	Features = nnuefeat.Features
	Delta    = nnuefeat.Delta
)

// HiddenStep divides every hidden width: one AVX2 register of int16.
const HiddenStep = 16

// Inputs is the input count of a variant's net.
func Inputs(variant game.Variant) int {
	if variant == game.Glinski {
		return Kinds * GlinskiCells
	}
	return Kinds * ChessSquares
}

// Net is a quantised network.
type Net struct {
	Variant game.Variant
	Inputs  int
	Hidden  int
	FT      []int16 // Inputs x Hidden, input-major: input i's column at i*Hidden
	FTBias  []int16 // Hidden
	// Buckets output layers (1..MaxBuckets), picked by the piece count
	// (Bucket); 0 counts as 1.
	Buckets int
	Out     []int16 // Buckets x 2*Hidden: per bucket the side to move's half, then the other side's
	OutBias []int32 // Buckets, scaled by QA*QB
	Name    string  // where it came from (file name or "default")
}

// MaxBuckets is the most output buckets a net may have.
const MaxBuckets = 16

// MaxPiecesOf is the most pieces a variant's board holds (kings included).
func MaxPiecesOf(variant game.Variant) int {
	if variant == game.Glinski {
		return 36
	}
	return 32
}

// Bucket is the output bucket of a position with pieces pieces (kings
// included) among buckets: the range 2..maxPieces cut into equal parts,
// fewest pieces first.
func Bucket(pieces, maxPieces, buckets int) int {
	if buckets <= 1 {
		return 0
	}
	b := (pieces - 2) * buckets / (maxPieces - 1)
	return min(max(b, 0), buckets-1)
}

// Shape describes the net's size: "768 x 128", with ", 8 output buckets"
// when it has more than one.
func (n *Net) Shape() string {
	if n.bucketCount() > 1 {
		return fmt.Sprintf("%d x %d, %d output buckets", n.Inputs, n.Hidden, n.bucketCount())
	}
	return fmt.Sprintf("%d x %d", n.Inputs, n.Hidden)
}

// bucketCount is the net's number of output buckets (at least 1).
func (n *Net) bucketCount() int { return max(n.Buckets, 1) }

// check validates the shape of a net.
func (n *Net) check() error {
	switch {
	case n.Variant != game.Chess && n.Variant != game.Glinski:
		return fmt.Errorf("unknown variant %d", uint8(n.Variant))
	case n.Inputs != Inputs(n.Variant):
		return fmt.Errorf("a %s net has %d inputs, not %d", n.Variant, Inputs(n.Variant), n.Inputs)
	case n.Hidden < HiddenStep || n.Hidden > 4096 || n.Hidden%HiddenStep != 0:
		return fmt.Errorf("hidden width %d is not a multiple of %d in 16..4096", n.Hidden, HiddenStep)
	case n.Buckets < 0 || n.Buckets > MaxBuckets:
		return fmt.Errorf("%d output buckets, not 1..%d", n.Buckets, MaxBuckets)
	case len(n.FT) != n.Inputs*n.Hidden || len(n.FTBias) != n.Hidden ||
		len(n.Out) != 2*n.Hidden*n.bucketCount() || len(n.OutBias) != n.bucketCount():
		return fmt.Errorf("weight arrays do not match %d x %d x %d buckets", n.Inputs, n.Hidden, n.bucketCount())
	}
	return nil
}

// column is the first-layer weight column of input i.
func (n *Net) column(i uint16) []int16 {
	h := n.Hidden
	return n.FT[int(i)*h : int(i)*h+h]
}

// output turns the two accumulators (side to move first) into centipawns,
// with the output layer of the bucket for pieces pieces on the board.
func (n *Net) output(us, them []int16, pieces int) int {
	h := n.Hidden
	b := Bucket(pieces, MaxPiecesOf(n.Variant), n.bucketCount())
	out := n.Out[2*h*b : 2*h*(b+1)]
	sum := screluDot(us, out[:h]) + screluDot(them, out[h:2*h])
	return int((int64(sum)/QA + int64(n.OutBias[b])) * Scale / (QA * QB))
}

// Evaluate computes a position from scratch (tests, the UCI "eval" command):
// side is the side to move. It allocates; the search uses Stack.
func (n *Net) Evaluate(f *Features, side move.Color) int {
	var acc [2][]int16
	for p := range acc {
		acc[p] = make([]int16, n.Hidden)
	}
	n.refresh(acc[0], acc[1], f)
	return n.output(acc[side&1], acc[(side^1)&1], f.N)
}

// refresh sets both accumulators from the bias and the active inputs.
func (n *Net) refresh(white, black []int16, f *Features) {
	copy(white, n.FTBias)
	copy(black, n.FTBias)
	for _, x := range f.F[:f.N] {
		vecAdd(white, n.column(x.White))
		vecAdd(black, n.column(x.Black))
	}
}
