package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sakk-chess/sakk/bench/opengen"
	"github.com/sakk-chess/sakk/game"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRun(t *testing.T) {
	book := filepath.Join(t.TempDir(), "book.epd")
	require.NoError(t, os.WriteFile(book, []byte(
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\n"+
			"rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQkq -\n"+
			"r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq -\n"), 0o644))
	var out strings.Builder
	cfg := opengen.AuditConfig{Variant: game.Chess, Every: 1, Depth: 3, Margin: 30}
	require.NoError(t, run(cfg, book, "", true, &out))
	text := out.String()
	assert.Contains(t, text, "3 openings: material equal 1, bishop for knight 0, pending recapture 1, unequal 1")
	assert.Contains(t, text, "line 3: unequal: r1bqkbnr")
	assert.Contains(t, text, "searched 3 (every 1-th) at depth 3")

	cfg.Nodes = 1000 // and a depth: one limit only
	assert.Error(t, run(cfg, book, "", false, &out))
	cfg.Nodes, cfg.Depth = 0, 3
	assert.Error(t, run(cfg, filepath.Join(t.TempDir(), "missing.epd"), "", false, &out))
}
