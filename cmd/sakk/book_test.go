package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sakk-chess/sakk/engine/book"
	"github.com/sakk-chess/sakk/engine/variant"
	"github.com/sakk-chess/sakk/game"
)

func TestBookBuildsFromPGN(t *testing.T) {
	out := filepath.Join(t.TempDir(), "test.book")
	var stdout, stderr bytes.Buffer
	code := run([]string{"book", "--variant", "chess", "--plies", "4", "--out", out, "../../engine/book/testdata/openings.pgn"}, &stdout, &stderr)
	require.Equal(t, exitOK, code, stderr.String())
	assert.Contains(t, stdout.String(), "from 8 games")
	text, err := os.ReadFile(out)
	require.NoError(t, err)
	// White scored 1-0, 1-0, 1/2, 0-1, 1-0 after 1.e4 and 1-0, 1/2, 0-1
	// after 1.d4: 4+4+2+0+4 and 4+2+0.
	assert.Contains(t, string(text), "RNBQKBNR w KQkq - ; e2e4 14 d2d4 6\n")
	b, err := book.ReadText(bytes.NewReader(text))
	require.NoError(t, err)
	start, _ := variant.New(game.Chess)
	assert.Len(t, b.Choices(start), 2)
	// Only the first 4 plies: the position after 1.e4 e5 2.Nf3 Nc6 (three
	// games reached it) is not in the book, the one before it is.
	pos, _ := variant.New(game.Chess)
	for _, s := range []string{"e2e4", "e7e5", "g1f3"} {
		m, err := pos.ParseMove(s)
		require.NoError(t, err)
		pos.Make(m)
	}
	assert.Len(t, b.Choices(pos), 1, "Nc6 after 1.e4 e5 2.Nf3")
	m, _ := pos.ParseMove("b8c6")
	pos.Make(m)
	assert.Empty(t, b.Choices(pos))
}

func TestBookRefusesBadInput(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.pgn")
	require.NoError(t, os.WriteFile(bad, []byte("[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 Ke7?? 2. Zz4 1-0\n"), 0o644))
	for _, args := range [][]string{
		{"book", "--out", filepath.Join(dir, "b"), "../../engine/book/testdata/openings.pgn"}, // chess games, glinski book
		{"book", "--variant", "chess", "--out", filepath.Join(dir, "b"), bad},
		{"book", "--variant", "chess", "--out", filepath.Join(dir, "b"), filepath.Join(dir, "missing.pgn")},
		{"book", "--variant", "chess", "../../engine/book/testdata/openings.pgn"},
		{"book", "--variant", "xiangqi", "--out", filepath.Join(dir, "b"), bad},
		{"book", "--variant", "chess", "--out", filepath.Join(dir, "b")},
	} {
		var stdout, stderr bytes.Buffer
		assert.Equal(t, exitUsage, run(args, &stdout, &stderr), "%v", args)
		assert.NotEmpty(t, stderr.String(), "%v", args)
	}
}

// The built-in Glinski book is what sakk book makes of its games.
func TestBuiltinGlinskiBookIsRebuilt(t *testing.T) {
	out := filepath.Join(t.TempDir(), "glinski.book")
	var stdout, stderr bytes.Buffer
	code := run([]string{"book", "--variant", "glinski", "--plies", "16", "--min-games", "3", "--out", out,
		"../../engine/book/testdata/glinski-book-games.pgn"}, &stdout, &stderr)
	require.Equal(t, exitOK, code, stderr.String())
	got, err := os.ReadFile(out)
	require.NoError(t, err)
	want, err := os.ReadFile("../../engine/book/glinski.book")
	require.NoError(t, err)
	assert.Equal(t, string(want), string(got))
}
