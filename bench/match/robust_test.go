package match

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sakk-chess/sakk/bench/pgn"
	"github.com/sakk-chess/sakk/game"
)

// Chess960 openings whose kings castle without moving (the king's step
// would be c1c1): the runner must send castling king-takes-rook, set
// UCI_Chess960 for the game, and tag the PGN. The castle stub crashes on a
// castling move in the wrong notation. Before, such games were lost to
// "illegal" moves or crashes and the PGN had no Variant tag.
func TestChess960CastlingIsKingTakesRook(t *testing.T) {
	for _, extra := range [][]string{
		nil, // a non-standard opening alone turns UCI_Chess960 on
		{"option.UCI_Chess960=true"},
	} {
		args := append(stubEngine(t, "castle"), stubEngine(t, "castle")...)
		args = append(args, "-games", "4", "-maxmoves", "12",
			"-openings", "file=testdata/chess960.epd", "format=epd", "-each", "depth=1")
		summary, out, games := runMatch(t, append(args, extra...)...)
		assert.Equal(t, 4, summary.Games)
		assert.Empty(t, summary.Faults[0], out)
		assert.Empty(t, summary.Faults[1], out)
		castles := 0
		for _, g := range games {
			assert.Equal(t, "Chess960", g.Tag("Variant"))
			replay(t, g, game.Chess)
			for _, m := range g.Moves {
				if strings.HasPrefix(m.Text, "O-O") {
					castles++
				}
			}
		}
		assert.GreaterOrEqual(t, castles, 8, "every game should castle on both sides")
	}
}

// A standard opening with UCI_Chess960 set sends castling king-takes-rook
// too, and the PGN says Chess960; without the option it says nothing.
func TestChess960OptionOnStandardOpening(t *testing.T) {
	args := append(stubEngine(t, "castle"), stubEngine(t, "castle")...)
	_, _, games := runMatch(t, append(args, "-games", "2", "-maxmoves", "10", "-each", "depth=1", "option.UCI_Chess960=true")...)
	for _, g := range games {
		assert.Equal(t, "Chess960", g.Tag("Variant"))
		assert.NotEqual(t, "abandoned", g.Tag("Termination"))
	}
	_, _, games = runMatch(t, append(args, "-games", "2", "-maxmoves", "10", "-each", "depth=1")...)
	for _, g := range games {
		assert.Empty(t, g.Tag("Variant"))
	}
}

// An engine that answers one go with two bestmoves breaks the protocol:
// the stale one must not be taken as the next answer (before, it was, and
// the game was recorded as lost to an illegal move).
func TestSecondBestmoveIsAProtocolFault(t *testing.T) {
	args := append(stubEngine(t, "twice"), stubEngine(t, "random")...)
	summary, out, games := runMatch(t, append(args, "-games", "2", "-each", "depth=1")...)
	assert.Equal(t, 2, summary.Faults[0][FaultProtocol], out)
	assert.Zero(t, summary.Faults[0][FaultIllegalMove], out)
	for _, g := range games {
		assert.Contains(t, closingComment(g), "breaks the protocol: a second bestmove")
		assert.Equal(t, "rules infraction", g.Tag("Termination"))
	}
}

// Output without a newline is buffered only up to a limit, then the engine
// has broken the protocol (before, it was buffered without end).
func TestEndlessOutputLineIsAProtocolFault(t *testing.T) {
	args := append(stubEngine(t, "flood"), stubEngine(t, "random")...)
	summary, out, games := runMatch(t, append(args, "-games", "1", "-each", "tc=30+0")...)
	assert.Equal(t, 1, summary.Faults[0][FaultProtocol], out)
	require.Len(t, games, 1)
	assert.Contains(t, closingComment(games[0]), "an output line longer than")
}

// An engine that dies while a child keeps its output open crashed: it does
// not lose on time after the whole clock has run (before: a time loss).
func TestDeadEngineWithLiveChildIsACrash(t *testing.T) {
	args := append(stubEngine(t, "orphan"), stubEngine(t, "random")...)
	start := time.Now()
	summary, out, _ := runMatch(t, append(args, "-games", "1", "-each", "tc=30+0")...)
	assert.Equal(t, 1, summary.Faults[0][FaultCrash], out)
	assert.Less(t, time.Since(start), 15*time.Second, "the crash is seen when the process exits")
}

// Abort (the second Ctrl-C) ends the match at once: engines are killed, the
// game in progress is dropped, finished games stay in the summary and PGN.
func TestAbortStopsTheMatch(t *testing.T) {
	pgnPath := filepath.Join(t.TempDir(), "games.pgn")
	args := append(stubEngine(t, "random"), stubEngine(t, "silent")...)
	cfg, err := ParseArgs(append(args, "-games", "4", "-each", "tc=60+0", "-pgnout", pgnPath))
	require.NoError(t, err)
	var out bytes.Buffer
	cfg.Out = &out
	abort := make(chan struct{})
	cfg.Abort = abort
	// Game 1: the silent engine plays Black and never answers; game 2
	// would take a minute. Abort after the first has had time to start.
	time.AfterFunc(time.Second, func() { close(abort) })
	start := time.Now()
	summary, err := Run(context.Background(), cfg)
	require.NoError(t, err)
	assert.Less(t, time.Since(start), 10*time.Second, "abort did not stop the match")
	assert.Zero(t, summary.Games, "a game cut short is not a result")
	file, err := os.Open(pgnPath)
	require.NoError(t, err)
	defer file.Close()
	games, err := pgn.Read(file)
	require.NoError(t, err)
	assert.Empty(t, games)
}
