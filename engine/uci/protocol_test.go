package uci

import (
	"io"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sakk-chess/sakk/bench"
	"github.com/sakk-chess/sakk/engine"
	"github.com/sakk-chess/sakk/engine/variant"
	"github.com/sakk-chess/sakk/game"
)

// newEngine is the engine the protocol tests drive.
func newEngine() Searcher { return engine.New() }

func newSessionWith(t *testing.T, eng Searcher) *testSession {
	return startSession(t, Config{Engine: eng, MaxHashMB: 256})
}

// legalIn checks that a bestmove line names a legal move of the position
// reached by the "position" arguments in variant v.
func legalIn(t *testing.T, v game.Variant, fen string, moves []string, best string) {
	t.Helper()
	var pos game.Position
	var err error
	if fen == "" {
		pos, err = variant.New(v)
	} else {
		pos, err = variant.FromFEN(v, fen)
	}
	require.NoError(t, err)
	for _, m := range moves {
		mv, err := pos.ParseMove(m)
		require.NoError(t, err, m)
		pos.Make(mv)
	}
	fields := strings.Fields(best)
	require.GreaterOrEqual(t, len(fields), 2, best)
	require.Equal(t, "bestmove", fields[0])
	mv, err := pos.ParseMove(fields[1])
	require.NoError(t, err, "bestmove %s is not legal", fields[1])
	if len(fields) == 4 {
		require.Equal(t, "ponder", fields[2], best)
		pos.Make(mv)
		_, err := pos.ParseMove(fields[3])
		require.NoError(t, err, "ponder move %s is not legal", fields[3])
	} else {
		require.Len(t, fields, 2, best)
	}
}

func TestHandshake(t *testing.T) {
	s := newSessionWith(t, newEngine())
	s.send("uci")
	got := s.untilLine("uciok")
	assert.Equal(t, "id name sakk "+engine.Version, got[0])
	assert.True(t, strings.HasPrefix(got[1], "id author "), got[1])
	for _, want := range []string{
		"option name Hash type spin default 16 min 1 max 256",
		"option name Threads type spin default 1 min 1 max 256",
		"option name MultiPV type spin default 1 min 1 max 256",
		"option name Ponder type check default false",
		"option name Move Overhead type spin default 10 min 0 max 5000",
		"option name Clear Hash type button",
		"option name UCI_Chess960 type check default false",
		"option name UCI_Variant type combo default chess var chess var glinski",
		"option name GlinskiStalemate type combo default three-quarters var three-quarters var draw",
	} {
		assert.Contains(t, got, want)
	}
	assert.Empty(t, s.sync())
}

// A whole game as a GUI plays it: handshake, options, new game, positions
// with growing move lists, clock-driven go.
func TestGUISession(t *testing.T) {
	s := newSessionWith(t, newEngine())
	s.send("uci")
	s.untilLine("uciok")
	s.send("setoption name Hash value 32", "setoption name Threads value 2", "ucinewgame")
	assert.Empty(t, s.sync())
	var moves []string
	for ply := 0; ply < 6; ply++ {
		cmd := "position startpos"
		if len(moves) > 0 {
			cmd += " moves " + strings.Join(moves, " ")
		}
		s.send(cmd, "go wtime 3000 btime 3000 winc 20 binc 20")
		best, before := s.bestmove()
		assert.Empty(t, errorsIn(before))
		assert.Positive(t, count(before, "info depth"), "no info line before %s", best)
		legalIn(t, game.Chess, "", moves, best)
		moves = append(moves, strings.Fields(best)[1])
	}
	assert.Empty(t, s.sync())
}

func TestInfoLineFormat(t *testing.T) {
	s := newSessionWith(t, newEngine())
	s.send("position startpos", "go depth 3")
	_, before := s.bestmove()
	var lines []string
	for _, l := range before {
		if strings.HasPrefix(l, "info depth") && strings.Contains(l, " pv ") {
			lines = append(lines, l)
		}
	}
	require.NotEmpty(t, lines)
	for _, l := range lines {
		f := strings.Fields(l)
		for _, key := range []string{"depth", "seldepth", "multipv", "score", "nodes", "nps", "hashfull", "time", "pv"} {
			assert.Contains(t, f, key, l)
		}
		for i, tok := range f {
			switch tok {
			case "depth", "seldepth", "multipv", "nodes", "nps", "hashfull", "time":
				assert.Regexp(t, `^-?\d+$`, f[i+1], "%s in %q", tok, l)
			case "cp", "mate":
				assert.Regexp(t, `^-?\d+$`, f[i+1], "%s in %q", tok, l)
			}
		}
	}
}

func TestIsReadyDuringInfiniteSearch(t *testing.T) {
	s := newSessionWith(t, newEngine())
	s.send("position startpos", "go infinite")
	s.until("first info", func(l string) bool { return strings.HasPrefix(l, "info depth") })
	start := time.Now()
	before := s.sync()
	assert.Less(t, time.Since(start), 100*time.Millisecond, "readyok was slow during a search")
	assert.Zero(t, count(before, "bestmove"), "bestmove before stop in infinite mode")
	s.send("stop")
	best, _ := s.bestmove()
	legalIn(t, game.Chess, "", nil, best)
	assert.Zero(t, count(s.sync(), "bestmove"), "a second bestmove")
}

func TestStopLatency(t *testing.T) {
	s := newSessionWith(t, newEngine())
	s.send("setoption name Threads value 2", "position startpos moves e2e4 e7e5", "go infinite")
	s.until("first info", func(l string) bool { return strings.HasPrefix(l, "info depth") })
	for range 3 {
		s.sync()
	}
	start := time.Now()
	s.send("stop")
	best, _ := s.bestmove()
	latency := time.Since(start)
	t.Logf("stop -> bestmove: %v", latency)
	assert.Less(t, latency, 50*time.Millisecond)
	legalIn(t, game.Chess, "", []string{"e2e4", "e7e5"}, best)
}

func TestPonderHit(t *testing.T) {
	s := newSessionWith(t, newEngine())
	s.send("setoption name Ponder value true", "position startpos moves e2e4 e7e5", "go ponder wtime 2000 btime 2000")
	s.until("first info", func(l string) bool { return strings.HasPrefix(l, "info depth") })
	assert.Zero(t, count(s.sync(), "bestmove"), "bestmove while pondering")
	s.send("ponderhit")
	best, _ := s.bestmove()
	legalIn(t, game.Chess, "", []string{"e2e4", "e7e5"}, best)

	// A ponder search ended by stop (the opponent played another move).
	s.send("position startpos moves e2e4 e7e5 g1f3", "go ponder wtime 2000 btime 2000")
	assert.Zero(t, count(s.sync(), "bestmove"))
	s.send("stop")
	best, _ = s.bestmove()
	legalIn(t, game.Chess, "", []string{"e2e4", "e7e5", "g1f3"}, best)
	assert.Zero(t, count(s.sync(), "bestmove"))
}

// A search that returns by itself in infinite or ponder mode must not print
// bestmove before stop/ponderhit.
func TestBestmoveHeldUntilStop(t *testing.T) {
	eng := newFakeEngine()
	eng.returnEarly = true
	s := newSessionWith(t, eng)
	s.send("position startpos", "go infinite")
	s.until("first info", func(l string) bool { return strings.HasPrefix(l, "info depth") })
	assert.Zero(t, count(s.sync(), "bestmove"))
	s.send("ponderhit") // not a ponder search: means nothing
	assert.Zero(t, count(s.sync(), "bestmove"))
	s.send("stop")
	s.bestmove()

	s.send("go ponder movetime 100")
	assert.Zero(t, count(s.sync(), "bestmove"))
	s.send("ponderhit")
	s.bestmove()
	assert.Zero(t, count(s.sync(), "bestmove"))
}

// A stop or ponderhit right behind go must not be lost.
func TestStopRightAfterGo(t *testing.T) {
	for _, eng := range []Searcher{newFakeEngine(), newEngine()} {
		s := newSessionWith(t, eng)
		for range 20 {
			s.send("position startpos", "go infinite", "stop")
			best, _ := s.bestmove()
			legalIn(t, game.Chess, "", nil, best)
		}
		for range 10 {
			s.send("go ponder wtime 100000 btime 100000", "ponderhit", "stop")
			s.bestmove()
		}
		assert.Zero(t, count(s.sync(), "bestmove"))
	}
}

func TestOneBestmovePerGo(t *testing.T) {
	s := newSessionWith(t, newEngine())
	gos := []string{
		"go depth 1", "go depth 3", "go nodes 2000", "go movetime 30",
		"go wtime 500 btime 500", "go wtime 500 btime 500 movestogo 5",
		"go mate 2 depth 4", "go infinite", "go searchmoves a2a3 h2h4 depth 2",
	}
	s.send("position startpos")
	for _, g := range gos {
		s.send(g)
		if strings.Contains(g, "infinite") {
			s.sync()
			s.send("stop")
		}
		best, before := s.bestmove()
		assert.Zero(t, count(before, "bestmove"), g)
		assert.Empty(t, errorsIn(before), g)
		legalIn(t, game.Chess, "", nil, best)
		if strings.Contains(g, "searchmoves") {
			assert.Contains(t, []string{"a2a3", "h2h4"}, strings.Fields(best)[1])
		}
	}
	// Commands sent while a finite search runs wait for it; stop right
	// after go; a go queued behind another go.
	s.send("go depth 2", "go depth 1", "go movetime 20", "stop", "go depth 1")
	for range 4 {
		best, _ := s.bestmove()
		legalIn(t, game.Chess, "", nil, best)
	}
	assert.Zero(t, count(s.sync(), "bestmove"))
}

func TestCheckmateAndStalemate(t *testing.T) {
	s := newSessionWith(t, newEngine())
	const mated = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
	s.send("position fen "+mated, "go depth 5")
	best, before := s.bestmove()
	assert.Equal(t, "bestmove 0000", best)
	assert.Contains(t, before, "info depth 0 score mate 0")

	s.send("go infinite")
	assert.Zero(t, count(s.sync(), "bestmove"), "bestmove 0000 before stop in infinite mode")
	s.send("stop")
	best, _ = s.bestmove()
	assert.Equal(t, "bestmove 0000", best)

	s.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "go mate 1")
	best, before = s.bestmove()
	assert.Equal(t, "bestmove a1a8", strings.Fields(best)[0]+" "+strings.Fields(best)[1])
	assert.True(t, containsText(before, " score mate 1 "), strings.Join(before, "\n"))

	s.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "go movetime 50")
	best, before = s.bestmove()
	assert.Equal(t, "bestmove 0000", best)
	assert.Contains(t, before, "info depth 0 score cp 0")
}

func TestPerft(t *testing.T) {
	s := newSessionWith(t, newEngine())
	s.send("position startpos", "go perft 2")
	got := s.untilLine("Nodes searched: 400")
	require.Len(t, got, 22)
	assert.Equal(t, "", got[20])
	assert.Contains(t, got, "e2e4: 20")
	assert.Contains(t, got, "g1f3: 20")

	s.send("setoption name UCI_Variant value glinski", "go perft 2")
	got = s.untilLine("Nodes searched: 2586")
	assert.Len(t, got, 51+2)
	assert.Contains(t, got, "f5f6: 50")
	assert.Empty(t, errorsIn(got))

	s.send("go perft 1 depth 2", "go perft 0", "go perft 99")
	assert.Len(t, errorsIn(s.sync()), 3)

	// A deep count answers isready and ends soon after stop.
	s.send("setoption name UCI_Variant value chess", "go perft 12")
	assert.Zero(t, count(s.sync(), "Nodes searched"))
	start := time.Now()
	s.send("stop")
	got = s.until("the partial total", func(l string) bool { return strings.HasPrefix(l, "Nodes searched: ") })
	assert.Contains(t, got, "info string perft stopped")
	assert.Less(t, time.Since(start), time.Second)
}

func TestVariantSwitch(t *testing.T) {
	s := newSessionWith(t, newEngine())
	s.send("position startpos moves e2e4", "setoption name UCI_Variant value Glinski", "d")
	got := s.sync()
	assert.True(t, containsText(got, "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - 0 1"), "switching resets to the Glinski start:\n%s", strings.Join(got, "\n"))

	s.send("position startpos moves f5f6 e7e6", "d")
	got = s.sync()
	assert.Empty(t, errorsIn(got))
	assert.True(t, containsText(got, " w - 0 2"), strings.Join(got, "\n"))
	s.send("position startpos moves e4e6", "go depth 2")
	best, _ := s.bestmove()
	legalIn(t, game.Glinski, "", []string{"e4e6"}, best)

	// Chess moves mean nothing on the hex board, and vice versa.
	s.send("position startpos moves e2e4")
	assert.Len(t, errorsIn(s.sync()), 1)

	s.send("setoption name UCI_Variant value chess", "d")
	got = s.sync()
	assert.True(t, containsText(got, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), strings.Join(got, "\n"))
	s.send("position startpos moves f5f6")
	assert.Len(t, errorsIn(s.sync()), 1)

	// Two-digit ranks and promotion on the hex board.
	s.send("setoption name UCI_Variant value glinski",
		"position fen 1/3/5/7/9/11/11/11/11/11/11 w - 0 1")
	assert.Len(t, errorsIn(s.sync()), 1, "a kingless hex FEN is refused")
}

func TestGlinskiSearch(t *testing.T) {
	s := newSessionWith(t, newEngine())
	s.send("setoption name UCI_Variant value glinski", "position startpos moves f5f6", "go movetime 200")
	best, before := s.bestmove()
	assert.Empty(t, errorsIn(before))
	legalIn(t, game.Glinski, "", []string{"f5f6"}, best)
}

func TestEOFStopsSearch(t *testing.T) {
	s := newSessionWith(t, newEngine())
	s.send("position startpos", "go infinite")
	s.until("first info", func(l string) bool { return strings.HasPrefix(l, "info depth") })
	rest := s.closeAndDrain()
	require.Equal(t, 1, count(rest, "bestmove"), strings.Join(rest, "\n"))
}

func TestQuitStopsSearch(t *testing.T) {
	s := newSessionWith(t, newEngine())
	s.send("position startpos", "go ponder wtime 1000 btime 1000", "quit")
	best, _ := s.bestmove()
	legalIn(t, game.Chess, "", nil, best)
	select {
	case <-s.ended:
	case <-time.After(waitLimit):
		t.Fatal("quit did not end Run")
	}
}

// "position" during a search is taken (as Stockfish does): the search goes
// on with its own copy and its bestmove is legal in the old position.
func TestPositionDuringSearch(t *testing.T) {
	s := newSessionWith(t, newEngine())
	s.send("position startpos", "go infinite", "position startpos moves e2e4", "d")
	got := s.sync()
	assert.True(t, containsText(got, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq"), strings.Join(got, "\n"))
	s.send("stop")
	best, _ := s.bestmove()
	legalIn(t, game.Chess, "", nil, best)
	s.send("go depth 1")
	best, _ = s.bestmove()
	legalIn(t, game.Chess, "", []string{"e2e4"}, best)
}

// Commands that need the engine idle are refused during go infinite and
// wait for a search that ends by itself.
func TestCommandsDuringSearch(t *testing.T) {
	eng := newFakeEngine()
	s := newSessionWith(t, eng)
	s.send("position startpos", "go infinite",
		"setoption name Hash value 64", "ucinewgame", "go depth 1", "bench", "eval")
	errs := errorsIn(s.sync())
	assert.Len(t, errs, 5, strings.Join(errs, "\n"))
	assert.Equal(t, 16, eng.Options().HashMB)
	s.send("stop")
	s.bestmove()

	s.send("go movetime 100", "setoption name Hash value 64")
	s.bestmove()
	assert.Empty(t, s.sync())
	assert.Equal(t, 64, eng.Options().HashMB, "setoption waited for the search and then applied")
}

func TestCRLFAndWhitespace(t *testing.T) {
	s := newSessionWith(t, newEngine())
	_, err := s.in.Write([]byte("\t  position \t startpos   moves e2e4\r\n\r\n   \n\v\f\n d \r\nisready\r\n"))
	require.NoError(t, err)
	got := s.untilLine("readyok")
	assert.Empty(t, errorsIn(got))
	assert.True(t, containsText(got, "4P3/8/PPPP1PPP/RNBQKBNR b KQkq"), strings.Join(got, "\n"))
	// A lone CR also ends a line.
	_, err = s.in.Write([]byte("position startpos\rd\risready\r"))
	require.NoError(t, err)
	got = s.untilLine("readyok")
	assert.True(t, containsText(got, "PPPPPPPP/RNBQKBNR w KQkq"), strings.Join(got, "\n"))
}

func TestDebugAndRegister(t *testing.T) {
	s := newSessionWith(t, newEngine())
	s.send("register later", "register name Someone code 1234", "debug on", "d")
	got := s.sync()
	assert.Empty(t, errorsIn(got))
	assert.Contains(t, got, `info string debug: received "d"`)
	s.send("debug off")
	assert.Empty(t, s.sync()[1:]) // only the echo of "debug off"
}

func TestEval(t *testing.T) {
	s := newSessionWith(t, newEngine())
	for _, v := range []string{"chess", "glinski"} {
		s.send("setoption name UCI_Variant value "+v, "position startpos", "eval")
		got := s.sync()
		assert.Empty(t, errorsIn(got))
		assert.Equal(t, 1, count(got, "info string eval: "), strings.Join(got, "\n"))
	}
}

func containsText(lines []string, sub string) bool {
	for _, l := range lines {
		if strings.Contains(l, sub) {
			return true
		}
	}
	return false
}

func TestBench(t *testing.T) {
	s := startSession(t, Config{Engine: newEngine(), Bench: func(w io.Writer) error {
		_, err := bench.Run(w, bench.Config{Depth: 2})
		return err
	}})
	s.send("bench")
	got := s.until("the bench total", func(l string) bool { return strings.HasPrefix(l, "info string Bench: ") })
	assert.Empty(t, errorsIn(got))
	assert.Equal(t, len(got), count(got, "info string "), strings.Join(got, "\n"))
	assert.Empty(t, errorsIn(s.sync()))

	// Without a bench function the command says so.
	s2 := newSessionWith(t, newEngine())
	s2.send("bench")
	assert.Equal(t, []string{"info string error: bench not available"}, s2.sync())
}

// The bench cannot be stopped; quit must not wait for it, and nothing may
// be written once Run has returned.
func TestQuitDuringBench(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	s := startSession(t, Config{Engine: newEngine(), Bench: func(w io.Writer) error {
		io.WriteString(w, "first line\n")
		<-release
		io.WriteString(w, "after quit\n")
		return nil
	}})
	s.send("bench")
	s.untilLine("info string first line")
	s.send("isready")
	s.untilLine("readyok")
	s.send("quit")
	select {
	case <-s.ended:
	case <-time.After(waitLimit):
		t.Fatal("quit waited for the bench")
	}
}
