package uci

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every malformed line gets exactly one "info string error:" and changes
// nothing: the position (seen through "d"), the options (seen through the
// engine) and the search state stay as they were.
func TestBadInput(t *testing.T) {
	long := "position startpos moves " + strings.Repeat("e2e4 e7e5 ", 10_000) // 100 KB
	bad := []string{
		// unknown commands and stray tokens
		"joho", "joho debug on", "Uci now", "isready now", "d extra", "ucinewgame please", "debug", "debug maybe",
		"\x00", "position startpos\x1b[31m", "go depth\x07 3",
		// position
		"position", "position startpos fen", "position startpos e2e4", "position fen",
		"position fen moves e2e4", "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP",
		"position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
		"position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 garbage",
		"position fen 8/8/8/8/8/8/8/8 w - - 0 1",                              // no kings
		"position fen rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", // no black king
		"position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1", // two white kings
		"position fen 4k3/8/8/8/8/8/4Q3/4K3 w - - 0 1",                        // black, not to move, in check
		"position fen rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"position startpos moves e2e5", "position startpos moves e2e4 e2e4", "position startpos moves e2e4 xyz",
		"position startpos moves e2e4 e7e5 moves g1f3", "position startpos moves e7e8q", "position startpos moves 0000",
		"position garbage", long,
		// go
		"go depth -1", "go depth 0", "go depth x", "go depth", "go depth 99999999999999999999",
		"go wtime 1e6", "go nodes -5", "go nodes 18446744073709551617",
		"go mate 0", "go movestogo -1", "go winc abc", "go depth 3 depth 4", "go infinite infinite",
		"go ponder ponder", "go searchmoves", "go searchmoves e2e5", "go searchmoves e2e4 zz depth 1",
		"go frobnicate", "go depth 1 frobnicate", "go perft", "go perft -1", "go perft x", "go perft 2 depth 3",
		// setoption
		"setoption", "setoption Hash value 3", "setoption name", "setoption name value 3",
		"setoption name Hash", "setoption name Hash value", "setoption name Hash value 0", "setoption name Hash value 65537",
		"setoption name Hash value big", "setoption name Hash value 99999999999999999999",
		"setoption name Threads value 257", "setoption name Threads value -1", "setoption name MultiPV value 0",
		"setoption name Move Overhead value 5001", "setoption name Ponder value yes", "setoption name Ponder",
		"setoption name UCI_Variant value shogi", "setoption name UCI_Variant", "setoption name Clear Hash value now",
		"setoption name GlinskiStalemate value half", "setoption name NoSuchOption value 1",
		"setoption name Hash Size value 16", "setoption name UCI_Chess960 value 1",
	}
	eng := newFakeEngine()
	s := newSessionWith(t, eng)
	s.send("position startpos moves e2e4", "d")
	before := s.sync()
	opts := eng.Options()
	for _, line := range bad {
		s.send(line, "d")
		got := s.sync()
		errs := errorsIn(got)
		show := line
		if len(show) > 60 {
			show = show[:60] + "..."
		}
		assert.Len(t, errs, 1, "%q gave:\n%s", show, strings.Join(got, "\n"))
		if testing.Verbose() {
			t.Logf("%-50q %s", show, strings.Join(errs, " | "))
		}
		for _, e := range errs {
			assert.Less(t, len(e), 400, "error message too long for %q", show)
		}
		// A refused go still gets its bestmove (0000), so that a GUI
		// never waits for one; a refused go perft does not, nor a line
		// refused as a whole for a control character.
		wantBest := 0
		if strings.HasPrefix(line, "go ") && !strings.Contains(line, "perft") && checkText(line) == nil {
			wantBest = 1
			assert.Contains(t, got, "bestmove 0000", "%q", show)
		}
		assert.Equal(t, wantBest, count(got, "bestmove"), "%q", show)
		rest := got[:0:0]
		for _, l := range got {
			if !strings.HasPrefix(l, "info string error: ") && l != "bestmove 0000" {
				rest = append(rest, l)
			}
		}
		assert.Equal(t, before, rest, "%q changed the position", show)
		assert.Equal(t, opts, eng.Options(), "%q changed the options", show)
	}
	assert.Zero(t, eng.searches.Load(), "a bad go started a search")
}

func TestLongLines(t *testing.T) {
	s := newSessionWith(t, newFakeEngine())
	// Over the line limit: one error, then the engine reads on normally.
	s.send(strings.Repeat("x", MaxLineBytes+10), "position startpos moves e2e4", "d")
	got := s.sync()
	assert.Len(t, errorsIn(got), 1)
	assert.True(t, containsText(got, "4P3/8/PPPP1PPP/RNBQKBNR b KQkq"), strings.Join(got, "\n"))

	// A long but legal game fits: 400 plies of knights shuffling.
	shuffle := strings.Repeat("g1f3 g8f6 f3g1 f6g8 ", 100)
	s.send("position startpos moves "+shuffle, "d")
	got = s.sync()
	require.Empty(t, errorsIn(got))
	assert.True(t, containsText(got, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 400 201"), strings.Join(got, "\n"))
}

func TestOptions(t *testing.T) {
	eng := newFakeEngine()
	s := newSessionWith(t, eng)
	s.send("setoption name hash value 64", "setoption  name  THREADS  value 2",
		"setoption name move   overhead value 0", "setoption name multipv value 3",
		"setoption name glinskistalemate value DRAW", "setoption name ponder value TRUE",
		"setoption name clear hash", "setoption name uci_chess960 value true")
	assert.Empty(t, s.sync())
	o := eng.Options()
	assert.Equal(t, 64, o.HashMB)
	assert.Equal(t, 2, o.Threads)
	assert.Equal(t, 3, o.MultiPV)
	assert.Zero(t, o.MoveOverhead)
	assert.True(t, o.GlinskiStalemateDraw)
	assert.Equal(t, 1, eng.newGames)
	s.send("ucinewgame")
	s.sync()
	assert.Equal(t, 2, eng.newGames)
}

// isready lets an idle engine prepare (allocate a resized hash); during a
// search it is answered without touching the engine.
func TestIsReadyCallsReadyOnlyWhenIdle(t *testing.T) {
	eng := newFakeEngine()
	s := newSessionWith(t, eng)
	s.sync()
	s.sync()
	eng.mu.Lock()
	idle := eng.readies
	eng.mu.Unlock()
	assert.Equal(t, 2, idle)
	s.send("position startpos", "go infinite")
	s.sync()
	eng.mu.Lock()
	assert.Equal(t, idle, eng.readies, "isready during go infinite")
	eng.mu.Unlock()
	s.send("stop")
	s.bestmove()
}

func TestChess960Castling(t *testing.T) {
	s := newSessionWith(t, newFakeEngine())
	const fen = "rnbqk2r/pppp1ppp/5n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"
	s.send("position fen "+fen+" moves e1g1", "d")
	assert.Empty(t, errorsIn(s.sync()))
	s.send("setoption name UCI_Chess960 value true", "position fen "+fen+" moves e1h1", "d")
	got := s.sync()
	assert.Empty(t, errorsIn(got))
	assert.True(t, containsText(got, "RNBQ1RK1 b "), strings.Join(got, "\n"))
	s.send("position fen "+fen, "go searchmoves e1h1 depth 1")
	best, _ := s.bestmove()
	assert.Equal(t, "bestmove e1h1", strings.Fields(best)[0]+" "+strings.Fields(best)[1])
}

func TestOptionKinds(t *testing.T) {
	var got string
	tbl := Options{
		{Name: "Book File", Kind: String, Default: "", Apply: func(v string) error { got = v; return nil }},
		{Name: "Style", Kind: Combo, Default: "Solid", Vars: []string{"Solid", "Risky"}, Apply: func(v string) error { got = v; return nil }},
	}
	assert.Equal(t, "option name Book File type string default <empty>", tbl[0].Declaration())
	require.NoError(t, tbl.Set(strings.Fields("name book file value /tmp/my book.bin")))
	assert.Equal(t, "/tmp/my book.bin", got)
	require.NoError(t, tbl.Set(strings.Fields("name Book File value <empty>")))
	assert.Equal(t, "", got)
	require.NoError(t, tbl.Set(strings.Fields("name style value risky")))
	assert.Equal(t, "Risky", got)
	assert.Error(t, tbl.Set(strings.Fields("name style value")))
}
