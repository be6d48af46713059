package uci

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sakk-chess/sakk/engine"
	"github.com/sakk-chess/sakk/engine/nnue"
	"github.com/sakk-chess/sakk/game"
)

// writeNet writes a small all-zero-weight net of a variant to dir.
func writeNet(t *testing.T, dir string, variant game.Variant) string {
	t.Helper()
	h := 16
	in := nnue.Inputs(variant)
	n := &nnue.Net{Variant: variant, Inputs: in, Hidden: h, FT: make([]int16, in*h), FTBias: make([]int16, h),
		Out: make([]int16, 2*h), OutBias: []int32{25 * nnue.QA * nnue.QB / nnue.Scale}} // 25 cp
	path := filepath.Join(dir, variant.String()+".nnue")
	f, err := os.Create(path)
	require.NoError(t, err)
	require.NoError(t, nnue.Write(f, n))
	require.NoError(t, f.Close())
	return path
}

func TestEvalFileLoadsAndRejects(t *testing.T) {
	eng := engine.New()
	s := startSession(t, Config{Engine: eng})
	dir := t.TempDir()
	chessNet := writeNet(t, dir, game.Chess)
	glinskiNet := writeNet(t, dir, game.Glinski)
	truncated := filepath.Join(dir, "truncated.nnue")
	data, err := os.ReadFile(chessNet)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(truncated, data[:len(data)/2], 0o644))

	s.send("setoption name EvalFile value " + chessNet)
	got := s.sync()
	assert.Empty(t, errorsIn(got))
	require.NotNil(t, eng.Net(game.Chess))
	assert.Equal(t, chessNet, eng.Net(game.Chess).Name)

	for _, bad := range []string{glinskiNet, truncated, filepath.Join(dir, "missing.nnue")} {
		s.send("setoption name EvalFile value " + bad)
		errs := errorsIn(s.sync())
		assert.Len(t, errs, 1, bad)
		assert.Equal(t, chessNet, eng.Net(game.Chess).Name, "a bad file keeps the current net")
	}
	s.send("setoption name EvalFileGlinski value " + chessNet)
	assert.Len(t, errorsIn(s.sync()), 1, "a chess net is no Glinski net")
	s.send("setoption name EvalFileGlinski value " + glinskiNet)
	assert.Empty(t, errorsIn(s.sync()))
	assert.Equal(t, glinskiNet, eng.Net(game.Glinski).Name)

	// The net (constant output 25 cp) now evaluates; eval shows it.
	s.send("position startpos", "eval")
	assert.True(t, containsText(s.sync(), "nnue: 25 (side to move"))
	s.send("setoption name UseNNUE value true", "setoption name UseNNUEGlinski value true")
	assert.Empty(t, errorsIn(s.sync()))
	assert.True(t, eng.Options().UseNNUE)
	assert.True(t, eng.Options().UseNNUEGlinski)
	s.send("go depth 1")
	_, lines := s.bestmove()
	assert.True(t, containsText(lines, "score cp -25"), "every leaf scores 25 for its side to move: %v", lines)

	s.send("setoption name EvalFile value <empty>")
	assert.Empty(t, errorsIn(s.sync()))
	assert.Same(t, nnue.Default(game.Chess), eng.Net(game.Chess))
}
