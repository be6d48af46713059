package nnue

import (
	"embed"
	"sync"

	"github.com/sakk-chess/sakk/engine/game"
)

// The shipped nets (docs/nnue.md says how each was made). A variant whose
// file is absent from nets/ has no default net.
//
//go:embed nets
var shipped embed.FS

var (
	defaultsOnce sync.Once
	defaults     map[string]*Net
)

// DefaultFile is the embedded file name of a variant's net.
func DefaultFile(variant string) string { return "nets/" + variant + ".nnue" }

// Default is the built-in net of a variant, or nil if it has none. Nets
// are read-only once loaded, so every engine shares them.
func Default(variant string) *Net {
	defaultsOnce.Do(func() {
		defaults = map[string]*Net{}
		for _, v := range []string{game.Chess, game.Glinski} {
			data, err := shipped.ReadFile(DefaultFile(v))
			if err != nil {
				continue
			}
			n, err := Parse(data)
			if err != nil || n.Variant != v {
				panic("nnue: the built-in " + v + " net is broken")
			}
			n.Name = "built-in"
			defaults[v] = n
		}
	})
	return defaults[variant]
}
