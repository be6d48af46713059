package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const twoOpenings = `[FEN "A w - 0 1"]
[Result "1-0"]

1-0

[FEN "A w - 0 1"]
[Result "1-0"]

1-0

[FEN "B w - 0 1"]
[Result "1-0"]

1-0

[FEN "B w - 0 1"]
[Result "1/2-1/2"]

1/2-1/2
`

func TestRun(t *testing.T) {
	dir := t.TempDir()
	games := filepath.Join(dir, "games.pgn")
	require.NoError(t, os.WriteFile(games, []byte(twoOpenings), 0o644))
	list := filepath.Join(dir, "list.epd")
	var out strings.Builder
	require.NoError(t, run([]string{games}, 2, list, &out))
	assert.Contains(t, out.String(), "4 games from 2 openings")
	assert.Contains(t, out.String(), "White's score 87.5 %")
	assert.Contains(t, out.String(), "White won all 2: A w - 0 1")
	written, err := os.ReadFile(list)
	require.NoError(t, err)
	assert.Equal(t, "A w - 0 1 ; c0 \"White won all 2 games\"\n", string(written))

	out.Reset()
	require.NoError(t, run([]string{games}, 3, list, &out))
	assert.NotContains(t, out.String(), "won all", "fewer games than -min-games")

	assert.Error(t, run([]string{filepath.Join(dir, "missing.pgn")}, 2, "", &out))
}
