package bisect

import (
	"errors"
	"testing"
	"time"

	"github.com/sakk-chess/sakk/engine/variant"
	"github.com/sakk-chess/sakk/game"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseLineIsTolerant(t *testing.T) {
	for _, c := range []struct {
		line  string
		kind  lineKind
		move  string
		nodes uint64
	}{
		{"e2e4: 600", moveLine, "e2e4", 600},
		{"  e2e4 600  ", moveLine, "e2e4", 600},
		{"e7e8Q: 5", moveLine, "e7e8Q", 5},
		{"f10f11q 3", moveLine, "f10f11q", 3},
		{"e1h1: 1", moveLine, "e1h1", 1},
		{"Nodes searched: 8902", sumLine, "", 8902},
		{"nodes searched : 8902", sumLine, "", 8902},
		{"8902", sumLine, "", 8902},
		{"info depth 1 nodes 20", otherLine, "", 0},
		{"info string e2e4: 600", otherLine, "", 0},
		{"Stockfish 16 by the Stockfish developers", otherLine, "", 0},
		{"Time: 3ms", otherLine, "", 0},
		{"", otherLine, "", 0},
	} {
		kind, mc, err := parseLine(c.line)
		require.NoError(t, err, c.line)
		assert.Equal(t, c.kind, kind, c.line)
		assert.Equal(t, c.move, mc.Move, c.line)
		assert.Equal(t, c.nodes, mc.Nodes, c.line)
	}
	_, _, err := parseLine("e2e4: 99999999999999999999999")
	assert.ErrorContains(t, err, "out of range")
}

func TestParseDivide(t *testing.T) {
	d, err := ParseDivide("a2a3 380\nb1c3 440\n\n820\n")
	require.NoError(t, err)
	assert.Equal(t, []MoveCount{{"a2a3", 380}, {"b1c3", 440}}, d.Moves)
	assert.Equal(t, uint64(820), d.Total)
	assert.Equal(t, uint64(820), d.Sum())

	_, err = ParseDivide("a2a3 380\nb1c3 440\n")
	assert.ErrorContains(t, err, "no total")
}

func TestNormalize(t *testing.T) {
	for text, want := range map[string]string{
		"e2e4":    "e2e4",
		"E7E8Q":   "e7e8q",
		"e7-e8=N": "e7e8n",
		"f05f06":  "f5f6",
		"f10f11Q": "f10f11q",
		"e4xd5":   "e4d5",
		"O-O":     "o-o",
	} {
		assert.Equal(t, want, normalize(text), text)
	}
}

func TestLegalMovesKnowBothCastlingSpellings(t *testing.T) {
	pos := newPosition(t, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", false)
	lm := newLegalMoves(pos)
	step, ok := lm.find("e1g1")
	require.True(t, ok)
	takesRook, ok := lm.find("e1h1")
	require.True(t, ok)
	assert.Equal(t, step, takesRook)
	assert.True(t, step.IsCastle())
	assert.Equal(t, "e1g1", lm.nameOf(step), "sakk's own spelling stays the king's step")

	// King on f1, rook on h1 (Chess960): "f1g1" is a plain king move, so
	// only "f1h1" is castling.
	pos = newPosition(t, "4k3/8/8/8/8/8/8/5K1R w H - 0 1", false)
	lm = newLegalMoves(pos)
	plain, ok := lm.find("f1g1")
	require.True(t, ok)
	assert.False(t, plain.IsCastle())
	castle, ok := lm.find("f1h1")
	require.True(t, ok)
	assert.True(t, castle.IsCastle())
}

func TestPlayMoves(t *testing.T) {
	pos := newPosition(t, chessStart, false)
	played, err := PlayMoves(pos, []string{"E2E4", "e7-e5", "g1f3"})
	require.NoError(t, err)
	assert.Equal(t, []string{"e2e4", "e7e5", "g1f3"}, played)

	pos = newPosition(t, chessStart, false)
	_, err = PlayMoves(pos, []string{"e2e4", "e2e4"})
	var illegal *IllegalMoveError
	require.ErrorAs(t, err, &illegal)
	assert.Equal(t, "e2e4", illegal.Move)
	assert.Equal(t, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", illegal.FEN)
}

func TestSplitCommand(t *testing.T) {
	for command, want := range map[string][]string{
		"stockfish":                  {"stockfish"},
		"  sakk perft   --perftree ": {"sakk", "perft", "--perftree"},
		`"/opt/my engine/run" -x`:    {"/opt/my engine/run", "-x"},
		`env A='b c' ./e`:            {"env", "A=b c", "./e"},
		`a\ b c`:                     {"a b", "c"},
		`x ""`:                       {"x", ""},
	} {
		got, err := SplitCommand(command)
		require.NoError(t, err, command)
		assert.Equal(t, want, got, command)
	}
	for _, bad := range []string{"", "   ", `"open`, `trailing\`} {
		_, err := SplitCommand(bad)
		assert.Error(t, err, bad)
	}
}

func TestEngineFailuresAreEngineErrors(t *testing.T) {
	// Timeouts leave room for a loaded machine to start the stubs.
	opts := func(timeout time.Duration) Options { return Options{Variant: game.Chess, Timeout: timeout} }
	query := Query{FEN: chessStart, Depth: 2}

	_, err := StartUCI("/nonexistent/engine", opts(time.Minute))
	assert.ErrorIs(t, err, ErrEngine)
	assert.ErrorContains(t, err, "cannot start /nonexistent/engine")
	_, err = NewPerftree("/nonexistent/engine", opts(time.Minute))
	assert.ErrorIs(t, err, ErrEngine)

	// A program that is no UCI engine never says uciok.
	_, err = StartUCI("cat", opts(time.Second))
	assert.ErrorIs(t, err, ErrEngine)
	assert.ErrorContains(t, err, `did not answer "uci" within 1s`)

	for _, c := range []struct {
		fault   string
		timeout time.Duration
		want    string
	}{
		{faultSilent, 3 * time.Second, `did not answer "go perft 2" within 3s`},
		{faultExit, time.Minute, `exited while answering "go perft 2"`},
		{faultSearch, time.Minute, `answered "go perft 2" with a search ("bestmove e2e4"): it has no UCI perft`},
	} {
		eng, err := StartUCI(stubCommand("uci", c.fault), opts(c.timeout))
		require.NoError(t, err, c.fault)
		_, err = eng.Divide(query)
		assert.ErrorIs(t, err, ErrEngine, c.fault)
		assert.ErrorContains(t, err, c.want, c.fault)
		assert.NoError(t, eng.Close())
	}

	for _, c := range []struct {
		command string
		timeout time.Duration
		want    string
	}{
		{"false", time.Minute, "failed: exit status 1"},
		{"echo", time.Minute, "no total in the output"},
		{"sh -c 'sleep 30'", time.Second, "did not finish within 1s"},
	} {
		eng, err := NewPerftree(c.command, opts(c.timeout))
		require.NoError(t, err, c.command)
		start := time.Now()
		_, err = eng.Divide(query)
		assert.True(t, errors.Is(err, ErrEngine), "%s: %v", c.command, err)
		assert.ErrorContains(t, err, c.want, c.command)
		assert.Less(t, time.Since(start), 20*time.Second, c.command)
	}
}

func TestWrongTotalIsReported(t *testing.T) {
	for _, protocol := range protocols {
		eng := startEngine(t, protocol, stubCommand(protocol, faultWrongTotal), game.Chess)
		r, out := compareWith(t, eng, chessStart, nil, 2, false)
		assert.False(t, r.Agree, out)
		assert.Nil(t, r.Path, out)
		assert.Equal(t, "every move's count agrees, but the engine's total is 401, not their sum 400", r.Note)
		assert.Contains(t, out, r.Note)
	}
}

func TestExactStubAgrees(t *testing.T) {
	for _, protocol := range protocols {
		for _, fen := range []string{chessStart, position3, glinskiStart} {
			eng := startEngine(t, protocol, stubCommand(protocol, faultNone), variantOf(fen))
			r, out := compareWith(t, eng, fen, nil, 3, false)
			assert.True(t, r.Agree, out)
			assert.Contains(t, out, "No difference: both count ")
		}
	}
}

// FuzzDivideOutput feeds arbitrary engine output and moves through the
// parser and the move matcher: no panics, and every move line read back is
// one the parser accepts.
func FuzzDivideOutput(f *testing.F) {
	f.Add("e2e4: 600\ninfo string x\n\nNodes searched: 600\n", "E7E8q")
	f.Add("f10f11q 3\n\n3\n", "f05f06")
	f.Add("e1h1 1\n\n1", "e1-g1")
	pos := newPositionNoTest(chessStart)
	f.Fuzz(func(t *testing.T, output, text string) {
		d, err := ParseDivide(output)
		if err == nil {
			for _, mc := range d.Moves {
				if !looksLikeMove(mc.Move) {
					t.Fatalf("read %q as a move from %q", mc.Move, output)
				}
			}
		}
		normalize(text)
		newLegalMoves(pos).find(text)
	})
}

func newPositionNoTest(fen string) game.Position {
	pos, err := variant.FromFEN(game.Chess, fen)
	if err != nil {
		panic(err)
	}
	return pos
}
