package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sakk-chess/sakk/bench/datagen"
	"github.com/sakk-chess/sakk/board"
	"github.com/sakk-chess/sakk/board/syzygy"
)

const tbDir = "../../board/syzygy/testdata"

func TestDatagenTablebaseArgs(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "d.txt")
	badBook := filepath.Join(dir, "bad.fen")
	require.NoError(t, os.WriteFile(badBook, []byte("not a fen\n"), 0o644))
	chessBook := filepath.Join(dir, "chess.fen")
	require.NoError(t, os.WriteFile(chessBook, []byte("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1\n"), 0o644))
	overBook := filepath.Join(dir, "over.fen")
	require.NoError(t, os.WriteFile(overBook, []byte("7k/5QQ1/8/8/8/8/8/K7 b - - 0 1\n"), 0o644))
	for name, args := range map[string][]string{
		"missing dir":   {"--tb", filepath.Join(dir, "missing")},
		"no tables":     {"--tb", dir},
		"empty path":    {"--tb", ""},
		"glinski":       {"--variant", "glinski", "--tb", tbDir},
		"missing book":  {"--openings", filepath.Join(dir, "missing.fen")},
		"bad book":      {"--openings", badBook},
		"chess book":    {"--variant", "glinski", "--openings", chessBook},
		"game over":     {"--openings", overBook},
		"book is a dir": {"--openings", dir},
	} {
		code, _, stderr := runSakk(append([]string{"datagen", "--games", "1", "--nodes", "100", "--out", out}, args...)...)
		assert.Equal(t, exitUsage, code, "%s: %s", name, stderr)
		assert.Contains(t, stderr, "sakk datagen", name)
	}
	_, err := os.Stat(out)
	assert.True(t, os.IsNotExist(err), "no data written by a bad command")
}

// sakk datagen --tb --openings: five-piece games, every line outside the
// tables, the result the tables' result where the game entered them.
func TestDatagenTablebaseRun(t *testing.T) {
	dir := t.TempDir()
	book := filepath.Join(dir, "five.fen")
	require.NoError(t, os.WriteFile(book, []byte("# KRPvKR and KQPvKN\n3k4/8/8/3r4/8/8/3PR3/4K3 w - - 0 1\n\n4k3/3n4/8/8/3Q4/8/3P4/4K3 b - - 0 1\n"), 0o644))
	out := filepath.Join(dir, "d.txt")
	code, _, stderr := runSakk("datagen", "--games", "4", "--nodes", "200", "--random-plies", "2", "--seed", "3",
		"--openings", book, "--tb", tbDir, "--out", out)
	require.Equal(t, exitOK, code, stderr)
	data, err := os.ReadFile(out)
	require.NoError(t, err)
	tb, err := syzygy.OpenForAdjudication(tbDir)
	require.NoError(t, err)
	defer tb.Close()
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	require.NotEmpty(t, lines)
	for _, s := range lines {
		l, err := datagen.ParseLine(s)
		require.NoError(t, err)
		pos, err := board.FromFEN(l.FEN)
		require.NoError(t, err)
		assert.Equal(t, 5, board.PopCount(pos.Occupied()), s)
		_, covered := tb.ProbeWDL(pos)
		assert.False(t, covered, s)
	}
}
