package nnue

import (
	"embed"
	"sync"

	"github.com/sakk-chess/sakk/game"
)

// The shipped nets (docs/nnue.md says how each was made). A variant whose
// file is absent from nets/ has no default net.
//
//go:embed nets
var shipped embed.FS

var (
	defaultsOnce sync.Once
	defaults     map[game.Variant]*Net
)

// DefaultFile is the embedded file name of a variant's net.
func DefaultFile(variant game.Variant) string { return "nets/" + variant.String() + ".nnue" }

// Default is the built-in net of a variant, or nil if it has none. Nets
// are read-only once loaded, so every engine shares them.
func Default(variant game.Variant) *Net {
	defaultsOnce.Do(func() {
		defaults = map[game.Variant]*Net{}
		for _, v := range game.Variants() {
			data, err := shipped.ReadFile(DefaultFile(v))
			if err != nil {
				continue
			}
			n, err := Parse(data)
			if err != nil || n.Variant != v {
				panic("nnue: the built-in " + v.String() + " net is broken")
			}
			n.Name = "built-in"
			defaults[v] = n
		}
	})
	return defaults[variant]
}
