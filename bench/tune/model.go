package main

import (
	"fmt"
	"reflect"

	"github.com/sakk-chess/sakk/board"
	"github.com/sakk-chess/sakk/engine/variant"
	"github.com/sakk-chess/sakk/game"
	"github.com/sakk-chess/sakk/hexboard"
)

// feature is one weight's coefficient in a position: White's count minus
// Black's.
type feature struct {
	index int32
	coef  float32
}

// sample is a labelled position in the linear form the tuner fits.
type sample struct {
	features []feature
	mgFactor float32 // phase/PhaseMax · scale/64
	egFactor float32 // (PhaseMax-phase)/PhaseMax · scale/64
	result   float32 // White's score: 1, 0.5, 0 (0.75/0.25 for a Glinski stalemate)
}

// model adapts one board's evaluation to the tuner.
type model struct {
	variant    game.Variant
	numWeights int
	get        func(i int) (mg, eg int)
	set        func(i int, mg, eg int)
	// features reads a position's linear form.
	features func(fen string) (fs []feature, mgFactor, egFactor float32, err error)
	// weights is the EvalWeights variable, for printing it as Go code.
	weights    reflect.Value
	pkg        string // Go package name
	paramsFile string // path from the module root
}

func modelFor(which game.Variant) (*model, error) {
	switch which {
	case game.Chess:
		v := board.WeightVector()
		return &model{
			variant: which, numWeights: board.NumWeights,
			get: func(i int) (int, int) { return v[i].MG(), v[i].EG() },
			set: func(i int, mg, eg int) { v[i] = board.S(mg, eg) },
			features: func(fen string) ([]feature, float32, float32, error) {
				p, err := board.FromFEN(fen)
				if err != nil {
					return nil, 0, 0, err
				}
				var f board.EvalFeatures
				p.EvalFeaturesOf(&f)
				mgF, egF := factors(f.Phase, board.PhaseMax, f.Scale)
				return sparse(f.White[:], f.Black[:]), mgF, egF, nil
			},
			weights: reflect.ValueOf(&board.Weights).Elem(),
			pkg:     "board", paramsFile: "board/eval_params.go",
		}, nil
	case game.Glinski:
		v := hexboard.WeightVector()
		return &model{
			variant: which, numWeights: hexboard.NumWeights,
			get: func(i int) (int, int) { return v[i].MG(), v[i].EG() },
			set: func(i int, mg, eg int) { v[i] = hexboard.S(mg, eg) },
			features: func(fen string) ([]feature, float32, float32, error) {
				p, err := hexboard.FromFEN(fen)
				if err != nil {
					return nil, 0, 0, err
				}
				var f hexboard.EvalFeatures
				p.EvalFeaturesOf(&f)
				mgF, egF := factors(f.Phase, hexboard.PhaseMax, f.Scale)
				return sparse(f.White[:], f.Black[:]), mgF, egF, nil
			},
			weights: reflect.ValueOf(&hexboard.Weights).Elem(),
			pkg:     "hexboard", paramsFile: "hexboard/eval_params.go",
		}, nil
	}
	return nil, fmt.Errorf("no evaluation model for %v", which)
}

func sparse(white, black []int16) []feature {
	var out []feature
	for i := range white {
		if d := int(white[i]) - int(black[i]); d != 0 {
			out = append(out, feature{int32(i), float32(d)})
		}
	}
	return out
}

// factors are the midgame and endgame shares of a position's score.
func factors(phase, phaseMax, scale int) (mg, eg float32) {
	s := float32(scale) / 64
	return float32(phase) / float32(phaseMax) * s, float32(phaseMax-phase) / float32(phaseMax) * s
}

// variantFromFEN reads a position of either board.
func variantFromFEN(v game.Variant, fen string) (game.Position, error) {
	return variant.FromFEN(v, fen)
}
