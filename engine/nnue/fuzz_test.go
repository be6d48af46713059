package nnue_test

import (
	"bytes"
	"testing"

	"github.com/sakk-chess/sakk/engine/nnue"
	"github.com/sakk-chess/sakk/game"
)

// Parse never panics, and whatever it accepts writes back byte for byte.
func FuzzParseNet(f *testing.F) {
	var buf bytes.Buffer
	if err := nnue.Write(&buf, randomNet(game.Chess, 16, 1)); err != nil {
		f.Fatal(err)
	}
	f.Add(buf.Bytes())
	f.Add(buf.Bytes()[:60])
	f.Add([]byte(nnue.Magic))
	f.Fuzz(func(t *testing.T, data []byte) {
		n, err := nnue.Parse(data)
		if err != nil {
			return
		}
		var out bytes.Buffer
		if err := nnue.Write(&out, n); err != nil {
			t.Fatalf("an accepted net does not write: %v", err)
		}
		if !bytes.Equal(out.Bytes(), data) {
			t.Fatal("an accepted net writes back differently")
		}
	})
}
