package match

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sakk-chess/sakk/board"
	"github.com/sakk-chess/sakk/board/syzygy"
	"github.com/sakk-chess/sakk/game"
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

// stockfishPath finds Stockfish; under CI it must be installed.
func stockfishPath(t *testing.T) string {
	for _, p := range []string{"/usr/games/stockfish", "/usr/bin/stockfish"} {
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("stockfish is not installed (apt-get install stockfish)")
	}
	t.Skip("stockfish is not installed")
	return ""
}

// TestSakkHoldsTablebaseDrawsAgainstStockfish: sakk with tables plays
// drawn four-piece endings against Stockfish (without tables), both
// colours; none of sakk's moves may turn the draw into a loss.
func TestSakkHoldsTablebaseDrawsAgainstStockfish(t *testing.T) {
	bin := buildSakk(t)
	sf := stockfishPath(t)
	abs, err := filepath.Abs(tbDir)
	require.NoError(t, err)
	book := filepath.Join(t.TempDir(), "drawn.epd")
	drawn := []string{
		"8/8/8/3k4/8/8/6r1/2R1K3 w - - 0 1", // KRvKR
		"8/8/4k3/8/8/2K5/1P6/4n3 b - - 0 1", // KNvKP
		"2k5/8/8/8/3R4/8/8/3bK3 b - - 0 1",  // KRvKB
		"8/8/8/8/1k6/p7/8/1K6 w - - 0 1",    // KvKP, a-pawn
		"3qk3/8/8/8/8/8/8/3QK3 w - - 0 1",   // KQvKQ
		"8/8/8/4k3/4p3/8/4K3/8 w - - 0 1",   // KvKP, the king in front
	}
	require.NoError(t, os.WriteFile(book, []byte(strings.Join(drawn, "\n")+"\n"), 0o644))
	tb, errs := syzygy.Open(tbDir)
	require.Empty(t, errs)
	defer tb.Close()
	_, _, games := runMatch(t, "-engine", "cmd="+bin, "name=sakk", "option.SyzygyPath="+abs, "nodes=3000",
		"-engine", "cmd="+sf, "name=stockfish", "nodes=20000",
		"-games", "2", "-rounds", strconv.Itoa(len(drawn)), "-repeat", "-maxmoves", "30",
		"-openings", "file="+book, "order=sequential")
	require.Len(t, games, 2*len(drawn))
	sakkMoves := 0
	for _, g := range games {
		assert.NotEqual(t, map[string]string{"sakk": "0-1", "stockfish": "1-0"}[g.Tag("White")], g.Result,
			"sakk lost a drawn ending: %s", g.Tag("FEN"))
		pos, err := board.FromFEN(g.Tag("FEN"))
		require.NoError(t, err)
		sakkSide := 0
		if g.Tag("Black") == "sakk" {
			sakkSide = 1
		}
		for _, m := range g.Moves {
			mv, err := pos.ParseSAN(m.Text)
			require.NoError(t, err)
			mover := int(pos.SideToMove())
			pos.Make(mv)
			if mover != sakkSide {
				continue
			}
			sakkMoves++
			w, ok := tb.ProbeWDL(pos)
			if ok {
				require.NotEqual(t, syzygy.Win, w, "sakk's %s let the opponent win: %s", m.Text, pos.FEN())
			}
		}
	}
	t.Logf("%d games, %d sakk moves checked", len(games), sakkMoves)
}
