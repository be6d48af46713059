package main

import (
	"bytes"
	"go/parser"
	"go/token"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sakk-chess/sakk/engine"
	"github.com/sakk-chess/sakk/game"
)

// The generated weights file parses and names every field.
func TestParamsSourceParses(t *testing.T) {
	for _, v := range game.Variants() {
		m, err := modelFor(v)
		require.NoError(t, err)
		src, err := paramsSource(m, "test header")
		require.NoError(t, err)
		_, err = parser.ParseFile(token.NewFileSet(), "eval_params.go", src, 0)
		require.NoError(t, err, string(src))
		for _, tr := range termRanges(m) {
			assert.Contains(t, string(src), tr.Name+":")
		}
		assert.Contains(t, string(src), "DO NOT EDIT")
	}
}

// Self-play writes labelled quiet positions that the fitter can read.
func TestGenerateAndLoad(t *testing.T) {
	for _, v := range game.Variants() {
		var out, log bytes.Buffer
		cfg := genConfig{variant: v, games: 2, nodes: 300, randomPlies: 4, workers: 1, seed: 3, maxPlies: 60}
		require.NoError(t, generate(cfg, &out, &log))
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		require.NotEmpty(t, lines)
		path := filepath.Join(t.TempDir(), "data.txt")
		require.NoError(t, os.WriteFile(path, out.Bytes(), 0o644))
		m, err := modelFor(v)
		require.NoError(t, err)
		data, err := loadSamples(m, []string{path})
		require.NoError(t, err)
		assert.Len(t, data, len(lines))
	}
}

// The sparse linear form reproduces the evaluation (in White's view, up to
// integer rounding).
func TestLinearFormMatchesEvaluate(t *testing.T) {
	m, err := modelFor(game.Chess)
	require.NoError(t, err)
	p := currentParams(m)
	fs, mgF, egF, err := m.features("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8")
	require.NoError(t, err)
	s := sample{features: fs, mgFactor: mgF, egFactor: egF}
	pos, err := engineChess("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8")
	require.NoError(t, err)
	assert.InDelta(t, float64(pos), p.eval(&s), 1.5)
}

func engineChess(fen string) (int, error) {
	pos, err := variantFromFEN(game.Chess, fen)
	if err != nil {
		return 0, err
	}
	return pos.(engine.SearchBoard).Evaluate(), nil
}

// Fitting lowers the loss on data whose results follow a known rule.
func TestFitLowersLoss(t *testing.T) {
	m, err := modelFor(game.Chess)
	require.NoError(t, err)
	saved := currentParams(m)
	defer apply(m, saved)

	rng := rand.New(rand.NewPCG(5, 6))
	var data []sample
	for i := 0; i < 2000; i++ {
		// One feature (weight 1, the pawn's material) decides the result.
		d := float32(rng.IntN(5) - 2)
		r := float32(0.5)
		if d > 0 {
			r = 1
		} else if d < 0 {
			r = 0
		}
		data = append(data, sample{features: []feature{{1, d}}, mgFactor: 0.5, egFactor: 0.5, result: r})
	}
	p0 := currentParams(m)
	before := loss(p0, 1, data)
	p, err := fit(m, data, fitConfig{epochs: 200, rate: 5, holdout: 0.1, seed: 1, tableLambda: -1}, &bytes.Buffer{})
	require.NoError(t, err)
	assert.Less(t, loss(p, 1, data), before)
	assert.Greater(t, p[2], p0[2], "the deciding weight grows")
}
