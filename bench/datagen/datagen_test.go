package datagen

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sakk-chess/sakk/engine/variant"
	"github.com/sakk-chess/sakk/game"
)

func generate(t *testing.T, cfg Config) []byte {
	t.Helper()
	_, err := Run(context.Background(), cfg, io.Discard)
	require.NoError(t, err)
	data, err := os.ReadFile(cfg.Out)
	require.NoError(t, err)
	return data
}

func TestLinesParseAndRoundTrip(t *testing.T) {
	for _, v := range game.Variants() {
		t.Run(v.String(), func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "data.txt")
			data := generate(t, Config{Variant: v, Games: 2, Nodes: 300, RandomPlies: 8, Seed: 3, Out: out})
			lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
			require.NotEmpty(t, lines)
			for _, s := range lines {
				l, err := ParseLine(s)
				require.NoError(t, err)
				assert.Equal(t, s, l.String())
				pos, err := variant.FromFEN(v, l.FEN)
				require.NoError(t, err, s)
				assert.False(t, pos.InCheck(), "a position in check was kept: %s", s)
				assert.Less(t, abs(l.Score), 20000, s)
				assert.Contains(t, []float64{0, 0.25, 0.5, 0.75, 1}, l.Result)
			}
		})
	}
}

func TestParseLineRejectsBadLines(t *testing.T) {
	for _, s := range []string{"", "8/8/8 w - - 0 1 | 12", "x | y | 1", "fen | 10 | 2", " | 10 | 1"} {
		_, err := ParseLine(s)
		assert.Error(t, err, "%q", s)
	}
}

// A run stopped early and resumed with more threads gives the same file as
// one uninterrupted run.
func TestSameSeedSameFileAcrossResumeAndThreads(t *testing.T) {
	dir := t.TempDir()
	cfg := Config{Variant: game.Chess, Games: 4, Nodes: 300, RandomPlies: 8, Seed: 9, Out: filepath.Join(dir, "a.txt")}
	whole := generate(t, cfg)

	cfg.Out = filepath.Join(dir, "b.txt")
	cfg.Games = 1
	generate(t, cfg)
	cfg.Games, cfg.Threads = 4, 2
	resumed := generate(t, cfg)
	assert.Equal(t, string(whole), string(resumed))

	cfg.Seed = 10 // other settings must not append to this file
	_, err := Run(context.Background(), cfg, io.Discard)
	assert.ErrorContains(t, err, "same settings")
}

func TestCancelledRunWritesWholeGames(t *testing.T) {
	out := filepath.Join(t.TempDir(), "c.txt")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	stats, err := Run(ctx, Config{Variant: game.Glinski, Games: 3, Nodes: 300, Out: out}, io.Discard)
	require.NoError(t, err)
	assert.Equal(t, 0, stats.Games)
	p, err := readProgress(progressFile(out))
	require.NoError(t, err)
	assert.Equal(t, 0, p.games)
}
