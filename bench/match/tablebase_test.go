package match

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sakk-chess/sakk/board"
	"github.com/sakk-chess/sakk/board/syzygy"
	"github.com/sakk-chess/sakk/engine/game"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The three- and four-piece tables kept with the prober.
const tbDir = "../../board/syzygy/testdata"

func TestTablebaseVerdict(t *testing.T) {
	rules := &Rules{Variant: game.Chess, TBPath: tbDir}
	require.NoError(t, loadTablebases(rules))
	defer rules.tablebases.Close()
	for _, c := range []struct {
		fen     string
		decided bool
		winner  int
	}{
		{"8/8/8/8/8/3k4/8/1KQ5 w - - 0 1", true, 0},    // KQvK, White to move
		{"8/8/8/8/8/3k4/8/1KQ5 b - - 0 1", true, 0},    // KQvK, Black to move
		{"8/8/8/8/8/3K4/8/1kq5 w - - 0 1", true, 1},    // colours swapped
		{"8/8/8/8/8/4k3/8/1KN5 w - - 0 1", true, -1},   // KNvK
		{"8/8/8/8/8/3k4/8/1KQ5 w - - 95 80", true, -1}, // DTZ 9 > 100-95: drawn by the fifty-move rule
		{"8/8/8/8/8/3k4/8/RKQ5 w - - 0 1", true, 0},    // KQRvK
		{"8/8/8/8/8/3k4/8/RKQ4N w - - 0 1", false, 0},  // five pieces: no table
		{"r3k3/8/8/8/8/8/8/4K3 w q - 0 1", false, 0},   // castling rights
	} {
		pos, err := board.FromFEN(c.fen)
		require.NoError(t, err)
		s := &gameState{rules: rules, pos: pos}
		winner, reason, ok := s.tablebaseVerdict()
		assert.Equal(t, c.decided, ok, c.fen)
		if ok {
			assert.Equal(t, c.winner, winner, c.fen)
			assert.Contains(t, reason, "tablebase adjudication")
		}
	}
}

func TestTablebasePathErrors(t *testing.T) {
	_, err := ParseArgs([]string{"-engine", "cmd=x", "-engine", "cmd=y", "-each", "depth=1", "-tb", "a", "b"})
	assert.Error(t, err, "-tb takes one value")

	rules := &Rules{TBPath: filepath.Join(t.TempDir(), "missing")}
	assert.Error(t, loadTablebases(rules))
	rules = &Rules{TBPath: t.TempDir()}
	assert.ErrorContains(t, loadTablebases(rules), "no Syzygy tables")
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "KQvK.rtbw"), []byte("not a table"), 0o644))
	rules = &Rules{TBPath: dir}
	assert.ErrorContains(t, loadTablebases(rules), "magic")
}

// TestTablebaseAdjudicatedGames: random movers from five-piece openings
// reach four pieces by a capture and the game ends there, adjudicated as
// the tables say.
func TestTablebaseAdjudicatedGames(t *testing.T) {
	book := filepath.Join(t.TempDir(), "five.epd")
	require.NoError(t, os.WriteFile(book, []byte(strings.Join([]string{
		"3k4/8/8/3r4/8/8/3PR3/4K3 w - - 0 1",
		"4k3/3n4/8/8/3Q4/8/3P4/4K3 b - - 0 1",
		"4k3/8/2p5/1q6/8/3N4/8/4K2R b - - 0 1",
	}, "\n")+"\n"), 0o644))
	args := append(stubEngine(t, "random"), stubEngine(t, "random")...)
	_, _, games := runMatch(t, append(args, "-each", "tc=10+0.1", "-games", "6", "-maxmoves", "100",
		"-openings", "file="+book, "order=sequential", "-tb", tbDir)...)
	require.Len(t, games, 6)
	tb, errs := syzygy.Open(tbDir)
	require.Empty(t, errs)
	defer tb.Close()
	adjudicated := 0
	for _, g := range games {
		pos := replay(t, g, game.Chess).(*board.Position)
		if g.Tag("Termination") != "adjudication" || !strings.Contains(closingComment(g), "tablebase") {
			continue
		}
		adjudicated++
		assert.LessOrEqual(t, board.PopCount(pos.Occupied()), 4)
		dtz, ok := tb.ProbeDTZ(pos)
		require.True(t, ok)
		want := "1/2-1/2"
		if dtz > 0 && dtz+pos.HalfmoveClock() <= 100 {
			want = map[bool]string{true: "1-0", false: "0-1"}[pos.SideToMove() == 0]
		} else if dtz < 0 && -dtz+pos.HalfmoveClock() <= 100 {
			want = map[bool]string{true: "0-1", false: "1-0"}[pos.SideToMove() == 0]
		}
		assert.Equal(t, want, g.Result, pos.FEN())
	}
	assert.Positive(t, adjudicated, "random play from five pieces reaches the tables")
	t.Logf("%d of %d games adjudicated by the tables", adjudicated, len(games))
}
