package engine

import (
	"fmt"

	"github.com/sakk-chess/sakk/engine/nnue"
	"github.com/sakk-chess/sakk/game"
)

// variantIndex numbers the variants for per-variant tables.
func variantIndex(variant game.Variant) int {
	if variant == game.Glinski {
		return 1
	}
	return 0
}

// SetNet replaces the net of a variant; nil goes back to the built-in one.
// It must not be called during a search.
func (e *Engine) SetNet(variant game.Variant, n *nnue.Net) error {
	if n != nil && n.Variant != variant {
		return fmt.Errorf("a %s net cannot evaluate %s", n.Variant, variant)
	}
	e.nets[variantIndex(variant)] = n
	return nil
}

// Net is the net a variant evaluates with when its UseNNUE option is on
// (nil if there is none).
func (e *Engine) Net(variant game.Variant) *nnue.Net {
	if n := e.nets[variantIndex(variant)]; n != nil {
		return n
	}
	return nnue.Default(variant)
}

// searchNet is the net this search evaluates with, or nil for the hand-made
// evaluation.
func (e *Engine) searchNet(variant game.Variant) *nnue.Net {
	use := e.opts.UseNNUE
	if variant == game.Glinski {
		use = e.opts.UseNNUEGlinski
	}
	if !use {
		return nil
	}
	return e.Net(variant)
}

// nnueDepth is the accumulator stack's depth: every search ply.
const nnueDepth = MaxPly + 1

// Whether a new engine evaluates with the net, per variant: on only where
// self-play measured the shipped net at least as strong as the hand-made
// evaluation (docs/nnue.md).
const (
	DefaultUseNNUE        = true
	DefaultUseNNUEGlinski = true
)
