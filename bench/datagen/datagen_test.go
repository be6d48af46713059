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

	"github.com/sakk-chess/sakk/board"
	"github.com/sakk-chess/sakk/board/syzygy"
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

// The three- and four-piece tables kept with the prober.
const tbDir = "../../board/syzygy/testdata"

// tbOpenings: five-piece positions that reach the tables by a capture, one
// already in them, and one kept out of them by a castling right.
var tbOpenings = []string{
	"3k4/8/8/3r4/8/8/3PR3/4K3 w - - 0 1",
	"4k3/3n4/8/8/3Q4/8/3P4/4K3 b - - 0 1",
	"4k3/8/2p5/1q6/8/3N4/8/4K2R b - - 0 1",
	"8/8/8/8/8/3k4/8/1KQ5 w - - 0 1",
	"4k3/8/8/8/8/8/8/R3K3 w Q - 0 1",
}

// A game with tablebases ends at the first position they cover, with their
// result; it follows the game without them up to there. A game that an
// earlier adjudication ends before the tables is the same game with and
// without them (whether that happens depends on the search: most games
// must reach the tables).
func TestTablebaseAdjudication(t *testing.T) {
	tb, err := syzygy.OpenForAdjudication(tbDir)
	require.NoError(t, err)
	defer tb.Close()
	cfg := Config{Variant: game.Chess, Nodes: 300, Seed: 5, RandomPlies: 1, Openings: tbOpenings, HashMB: 1}
	e, err := newEngine(cfg) // as Run sets it up: the hand-made evaluation
	require.NoError(t, err)
	inTables := 0
	for g := range 2 * len(tbOpenings) {
		plain, plainEnd, err := playGame(context.Background(), e, cfg, g)
		require.NoError(t, err)
		cfg.Tablebases = tb
		lines, end, err := playGame(context.Background(), e, cfg, g)
		cfg.Tablebases = nil
		require.NoError(t, err)

		endPos, err := board.FromFEN(end)
		require.NoError(t, err)
		verdict, ok := tablebaseResult(tb, endPos)
		if !ok {
			assert.Equal(t, plain, lines, "game %d ended before the tables: the same game without them", g)
			assert.Equal(t, plainEnd, end, "game %d", g)
			t.Logf("game %d ended before the tables: %s", g, end)
			continue
		}
		inTables++
		require.LessOrEqual(t, len(lines), len(plain), "game %d", g)
		for i, l := range lines {
			assert.Equal(t, plain[i].FEN, l.FEN, "game %d follows the game without tables", g)
			assert.Equal(t, plain[i].Score, l.Score, "game %d", g)
			assert.Equal(t, verdict, l.Result, "game %d has the tables' result", g)
			pos, err := board.FromFEN(l.FEN)
			require.NoError(t, err)
			_, covered := tb.ProbeWDL(pos)
			assert.False(t, covered, "game %d wrote a position the tables cover: %s", g, l.FEN)
		}
		for _, l := range plain[len(lines):] { // once in the tables, a game stays in them
			pos, err := board.FromFEN(l.FEN)
			require.NoError(t, err)
			_, covered := tb.ProbeWDL(pos)
			assert.True(t, covered, "game %d left out a position before the tables: %s", g, l.FEN)
		}
		if g%len(tbOpenings) == 3 { // KQvK: over before it starts
			assert.Empty(t, lines)
			assert.NotEqual(t, plainEnd, end)
		}
		t.Logf("game %d: %d lines (%d without tables), result %v, ends %s", g, len(lines), len(plain), verdict, end)
	}
	assert.GreaterOrEqual(t, inTables, 2*len(tbOpenings)*3/4, "games that reached the tables")
}

func TestTablebaseRunsAreDeterministic(t *testing.T) {
	tb, err := syzygy.OpenForAdjudication(tbDir)
	require.NoError(t, err)
	defer tb.Close()
	dir := t.TempDir()
	cfg := Config{Variant: game.Chess, Games: 6, Nodes: 300, Seed: 7, RandomPlies: 2, Openings: tbOpenings, Tablebases: tb,
		Out: filepath.Join(dir, "a.txt")}
	one := generate(t, cfg)
	cfg.Threads, cfg.Out = 3, filepath.Join(dir, "b.txt")
	three := generate(t, cfg)
	assert.Equal(t, string(one), string(three))
	assert.NotEmpty(t, one)

	cfg.Variant, cfg.Openings, cfg.Out = game.Glinski, nil, filepath.Join(dir, "c.txt")
	_, err = Run(context.Background(), cfg, io.Discard)
	assert.ErrorContains(t, err, "tablebases are for chess")
	cfg.Variant, cfg.Openings = game.Chess, []string{"7k/5QQ1/8/8/8/8/8/K7 b - - 0 1"}
	_, err = Run(context.Background(), cfg, io.Discard)
	assert.ErrorContains(t, err, "already over")
}
