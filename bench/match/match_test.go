package match

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sakk-chess/sakk/bench/pgn"
	"github.com/sakk-chess/sakk/bench/stats"
	"github.com/sakk-chess/sakk/game"
)

// stubEngine is an -engine group for the test binary acting as a stub.
func stubEngine(t *testing.T, behaviour string) []string {
	exe, err := os.Executable()
	require.NoError(t, err)
	return []string{"-engine", "cmd=" + exe, "name=" + behaviour, "args=stub " + behaviour}
}

// runMatch plays a match with the given arguments and returns its summary,
// the printed output and the PGN games.
func runMatch(t *testing.T, args ...string) (*Summary, string, []pgn.Game) {
	pgnPath := filepath.Join(t.TempDir(), "games.pgn")
	cfg, err := ParseArgs(append(args, "-pgnout", pgnPath))
	require.NoError(t, err)
	var out bytes.Buffer
	cfg.Out = &out
	summary, err := Run(context.Background(), cfg)
	require.NoError(t, err, out.String())
	file, err := os.Open(pgnPath)
	require.NoError(t, err)
	defer file.Close()
	games, err := pgn.Read(file)
	require.NoError(t, err)
	t.Log(out.String())
	return summary, out.String(), games
}

// replay checks every PGN move with the move generator and returns the
// final position.
func replay(t *testing.T, g pgn.Game, v game.Variant) game.Position {
	start, moves, err := Replay(&g, v)
	require.NoError(t, err, "game %s", g.Tag("Round"))
	pos := start.Clone()
	for _, m := range moves {
		pos.Make(m)
	}
	assert.Equal(t, g.Tag("PlyCount"), strconv.Itoa(len(g.Moves)))
	return pos
}

// closingComment is the comment before the result: read back, it belongs
// to the last move, or to the game when there is none.
func closingComment(g pgn.Game) string {
	if len(g.Moves) == 0 {
		return g.Comment
	}
	return g.Moves[len(g.Moves)-1].Comment
}

// chessBook is the orthodox opening book kept in bench/openings.
const chessBook = "../openings/chess-8moves.epd"

func TestRandomEnginesPlayCleanGames(t *testing.T) {
	args := append(stubEngine(t, "random"), stubEngine(t, "random2")...)
	args[len(args)-1] = "args=stub random"
	summary, out, games := runMatch(t, append(args, "-each", "tc=10+0.1", "-games", "2", "-rounds", "2",
		"-repeat", "-maxmoves", "40", "-openings", "file="+chessBook, "order=sequential")...)

	assert.Equal(t, 4, summary.Games)
	assert.Equal(t, 2, summary.Pentanomial.Pairs())
	assert.Empty(t, summary.Faults[0])
	assert.Empty(t, summary.Faults[1])
	assert.Contains(t, out, "Games: 4, Wins: ")
	assert.Contains(t, out, "Ptnml(0-2): [")
	require.Len(t, games, 4)
	assert.Equal(t, games[0].Tag("FEN"), games[1].Tag("FEN"), "-repeat plays each opening twice")
	assert.NotEqual(t, games[0].Tag("FEN"), games[2].Tag("FEN"))
	assert.Equal(t, "random", games[0].Tag("White"))
	assert.Equal(t, "random", games[1].Tag("Black"))
	for _, g := range games {
		assert.Equal(t, "1", g.Tag("SetUp"))
		assert.Equal(t, "10+0.1", g.Tag("TimeControl"))
		assert.Contains(t, []string{"1-0", "0-1", "1/2-1/2"}, g.Result)
		assert.Equal(t, g.Result, g.Tag("Result"))
		replay(t, g, game.Chess)
	}
}

func TestIllegalMoveLosesAndIsNamed(t *testing.T) {
	args := append(stubEngine(t, "random"), stubEngine(t, "illegal")...)
	summary, out, games := runMatch(t, append(args, "-each", "depth=1", "-games", "2")...)

	assert.Equal(t, 2, summary.Games)
	assert.Equal(t, 2, summary.Wins)
	assert.Equal(t, 2, summary.Faults[1][FaultIllegalMove])
	assert.Contains(t, out, "Faults of illegal: illegal move 2")
	require.Len(t, games, 2)
	for _, g := range games {
		assert.Equal(t, "rules infraction", g.Tag("Termination"))
		assert.Contains(t, closingComment(g), "(illegal) makes an illegal move: a1a1")
		replay(t, g, game.Chess)
	}
	assert.Equal(t, "1-0", games[0].Result, "the illegal engine plays Black in game 1")
	assert.Equal(t, "0-1", games[1].Result)
}

func TestSilentEngineLosesOnTime(t *testing.T) {
	args := append(stubEngine(t, "silent"), stubEngine(t, "random")...)
	summary, out, games := runMatch(t, append(args, "-each", "tc=0.3+0", "timemargin=50", "-games", "2")...)

	assert.Equal(t, 2, summary.Games)
	assert.Equal(t, 2, summary.Losses)
	assert.Equal(t, 2, summary.Faults[0][FaultTime])
	assert.Contains(t, out, "Faults of silent: time forfeit 2")
	for _, g := range games {
		assert.Equal(t, "time forfeit", g.Tag("Termination"))
		assert.Contains(t, closingComment(g), "(silent) loses on time")
	}
}

func TestSilentEngineWithoutClockIsCaught(t *testing.T) {
	args := append(stubEngine(t, "random"), stubEngine(t, "silent")...)
	summary, _, games := runMatch(t, append(args, "-each", "depth=3", "-hang-timeout", "0.3")...)
	assert.Equal(t, 1, summary.Faults[1][FaultNoAnswer])
	assert.Equal(t, "abandoned", games[0].Tag("Termination"))
	assert.Equal(t, "1-0", games[0].Result)
}

func TestCrashingEngineLosesAndIsRestarted(t *testing.T) {
	args := append(stubEngine(t, "crash"), stubEngine(t, "random")...)
	summary, out, games := runMatch(t, append(args, "-each", "tc=5+0.1", "-games", "3")...)

	assert.Equal(t, 3, summary.Games, "the match goes on after a crash")
	assert.Equal(t, 3, summary.Losses)
	assert.Equal(t, 3, summary.Faults[0][FaultCrash])
	assert.Contains(t, out, "Faults of crash: crash 3")
	for _, g := range games {
		assert.Equal(t, "abandoned", g.Tag("Termination"))
		replay(t, g, game.Chess)
	}
}

func TestGlinskiGamesWithStubs(t *testing.T) {
	args := append(stubEngine(t, "random"), stubEngine(t, "illegal")...)
	summary, _, games := runMatch(t, append(args, "-variant", "glinski", "-each", "depth=1", "-games", "2")...)
	assert.Equal(t, 2, summary.Wins)
	for _, g := range games {
		assert.Equal(t, "Glinski", g.Tag("Variant"))
		assert.Empty(t, g.Tag("FEN"))
		replay(t, g, game.Glinski)
	}
}

func TestEngineThatCannotStart(t *testing.T) {
	cfg, err := ParseArgs([]string{"-engine", "cmd=/nonexistent/engine", "-engine", "cmd=/bin/true", "-each", "depth=1"})
	require.NoError(t, err)
	var out bytes.Buffer
	cfg.Out = &out
	_, err = Run(context.Background(), cfg)
	require.Error(t, err)
	assert.True(t, IsAbort(err))
	assert.Contains(t, err.Error(), "/nonexistent/engine")
}

// An engine whose UCI_Variant does not list glinski stops a Glinski match
// before any game, naming the engine (Debian's fairy-stockfish is such an
// engine; CI installs it).
func TestEngineWithoutTheVariantStopsTheMatch(t *testing.T) {
	engines := map[string][]string{"stub": stubEngine(t, "chessonly")}
	if path, err := exec.LookPath("fairy-stockfish"); err == nil {
		engines["fairy-stockfish"] = []string{"-engine", "cmd=" + path, "name=fairy"}
	} else if path := "/usr/games/fairy-stockfish"; fileExists(path) {
		engines["fairy-stockfish"] = []string{"-engine", "cmd=" + path, "name=fairy"}
	} else if os.Getenv("CI") == "true" {
		t.Fatal("fairy-stockfish is not installed (CI installs it)")
	}
	for name, engine := range engines {
		t.Run(name, func(t *testing.T) {
			args := append(stubEngine(t, "random"), engine...)
			cfg, err := ParseArgs(append(args, "-variant", "glinski", "-each", "depth=1", "-games", "2"))
			require.NoError(t, err)
			var out bytes.Buffer
			cfg.Out = &out
			summary, err := Run(context.Background(), cfg)
			require.Error(t, err)
			assert.True(t, IsAbort(err))
			assert.Contains(t, err.Error(), "does not play glinski")
			if summary != nil {
				assert.Zero(t, summary.Games, "games were played")
			}
		})
	}
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// A bestmove that does not start the engine's last PV is counted and
// reported, as fastchess warns about it; a consistent engine gets none.
func TestPVWarnings(t *testing.T) {
	args := append(stubEngine(t, "random"), stubEngine(t, "badpv")...)
	summary, out, _ := runMatch(t, append(args, "-each", "depth=1", "-games", "2", "-maxmoves", "10")...)
	assert.Zero(t, summary.WarningCount(0))
	assert.Greater(t, summary.Warnings[1][WarnBestMove], 5)
	assert.Contains(t, out, "Warnings of badpv: ")
	assert.Contains(t, out, "Warnings of random: 0\n")
}

func TestBadOpeningsStopTheMatch(t *testing.T) {
	book := filepath.Join(t.TempDir(), "bad.epd")
	require.NoError(t, os.WriteFile(book, []byte("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\nnot a position\n"), 0o644))
	args := append(stubEngine(t, "random"), stubEngine(t, "random")...)
	cfg, err := ParseArgs(append(args, "-each", "depth=1", "-openings", "file="+book))
	require.NoError(t, err)
	cfg.Out = &bytes.Buffer{}
	_, err = Run(context.Background(), cfg)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "line 2")
}

func TestNoGameStartsAfterTheSPRTDecides(t *testing.T) {
	// One game at a time: the SPRT can only decide when a pair completes,
	// and the next game must not start then (it used to: the worker took the
	// next job while the result was still being counted).
	args := append(stubEngine(t, "random"), stubEngine(t, "illegal")...)
	for range 3 {
		summary, _, games := runMatch(t, append(args, "-each", "depth=1", "-games", "2", "-rounds", "40",
			"-repeat", "-concurrency", "1", "-sprt", "elo0=0", "elo1=200")...)
		require.Equal(t, stats.AcceptH1, summary.Decision)
		assert.Zero(t, summary.Games%2, "%d games", summary.Games)
		assert.Len(t, games, summary.Games)
	}
}

func TestSPRTStopsTheMatchEarly(t *testing.T) {
	args := append(stubEngine(t, "random"), stubEngine(t, "illegal")...)
	summary, out, games := runMatch(t, append(args, "-each", "depth=1", "-games", "2", "-rounds", "40",
		"-repeat", "-concurrency", "2", "-sprt", "elo0=0", "elo1=200")...)
	assert.Less(t, summary.Games, 80)
	assert.Len(t, games, summary.Games)
	assert.Equal(t, stats.AcceptH1, summary.Decision)
	assert.Contains(t, out, "H1 accepted")
	assert.Regexp(t, `LLR: \d+\.\d\d \(-2\.94, 2\.94\) \[0\.00, 200\.00\] H1 accepted`, out)
}
