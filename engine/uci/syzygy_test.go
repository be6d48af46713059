package uci

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sakk-chess/sakk/game"
)

const tbDir = "../../board/syzygy/testdata"

func TestSyzygyOptions(t *testing.T) {
	s := newSessionWith(t, newEngine())
	s.send("uci")
	got := s.untilLine("uciok")
	for _, want := range []string{
		"option name SyzygyPath type string default <empty>",
		"option name SyzygyProbeDepth type spin default 1 min 1 max 100",
		"option name Syzygy50MoveRule type check default true",
		"option name SyzygyProbeLimit type spin default 7 min 0 max 7",
	} {
		assert.Contains(t, got, want)
	}

	// A bad directory is reported; the engine keeps running and uses the
	// directories that do work.
	s.send("setoption name SyzygyPath value /no/such/dir:"+tbDir, "isready")
	lines := s.untilLine("readyok")
	joined := strings.Join(lines, "\n")
	assert.Contains(t, joined, "info string found 35 tablebases (35 with DTZ), up to 4 pieces")
	assert.Contains(t, joined, "info string error: SyzygyPath: ")
	assert.Contains(t, joined, "/no/such/dir")

	s.send("position fen 8/8/8/8/8/3k4/8/1KQ5 w - - 0 1", "go depth 5")
	best, info := s.bestmove()
	legalIn(t, game.Chess, "8/8/8/8/8/3k4/8/1KQ5 w - - 0 1", nil, best)
	last := info[len(info)-1]
	require.Contains(t, last, " tbhits ")
	assert.Contains(t, last, "score cp 24999")

	s.send("setoption name SyzygyProbeLimit value 9", "setoption name SyzygyPath value", "isready")
	lines = s.untilLine("readyok")
	assert.Contains(t, strings.Join(lines, "\n"), "info string error: SyzygyProbeLimit must be between 0 and 7")
	s.send("go depth 5")
	_, info = s.bestmove()
	assert.NotContains(t, info[len(info)-1], "tbhits", "SyzygyPath empty: no tables")
}
