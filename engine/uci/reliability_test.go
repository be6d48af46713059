package uci

import (
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sakk-chess/sakk/engine"
	"github.com/sakk-chess/sakk/game"
)

// moveNowLimit is how soon a search with no time left must answer: a
// minimal search takes milliseconds; the margin is for a loaded machine.
const moveNowLimit = 5 * time.Second

// A clock given at 0 or below means "move now", never "no limit": the
// GUI's flag is about to fall. Before the fix these searched until stop.
func TestNoTimeLeftMovesNow(t *testing.T) {
	after := []string{"e2e4"} // Black to move
	for _, g := range []string{
		"go wtime 165661 btime -170671 winc 2000 binc 2000", // cutechess, margin spent
		"go wtime 165661 btime -170671",
		"go wtime 0 btime 0",
		"go btime 0",
		"go wtime 1000",                    // only the opponent's clock
		"go wtime 1000 winc 100",           // only the opponent's clock and increment
		"go wtime -5 btime -5 movestogo 3", // both flags down
		"go movetime 0",
		"go movetime -20",
	} {
		s := newSessionWith(t, newEngine())
		s.send("position startpos moves e2e4")
		s.sync()
		start := time.Now()
		s.send(g)
		got := s.untilWithin(moveNowLimit, "bestmove for "+g, func(l string) bool { return strings.HasPrefix(l, "bestmove ") })
		t.Logf("%-50s answered in %v", g, time.Since(start))
		assert.Empty(t, errorsIn(got), g)
		legalIn(t, game.Chess, "", after, got[len(got)-1])
		assert.Zero(t, count(s.sync(), "bestmove"), "a second bestmove for %s", g)
	}
}

// A ponder search whose clock reads 0 moves at once after ponderhit.
func TestPonderHitWithNoTimeLeft(t *testing.T) {
	for _, g := range []string{"go ponder wtime 1000 btime 0", "go ponder wtime 1000", "go ponder btime -30 wtime 1000"} {
		s := newSessionWith(t, newEngine())
		s.send("position startpos moves e2e4", g)
		s.until("first info", func(l string) bool { return strings.HasPrefix(l, "info depth") })
		assert.Zero(t, count(s.sync(), "bestmove"), "bestmove while pondering")
		s.send("ponderhit")
		got := s.untilWithin(moveNowLimit, "bestmove after ponderhit", func(l string) bool { return strings.HasPrefix(l, "bestmove ") })
		legalIn(t, game.Chess, "", []string{"e2e4"}, got[len(got)-1])
		assert.Zero(t, count(s.sync(), "bestmove"), "a second bestmove for %s", g)
	}
}

// After a refused "position" the engine has no valid position: "go"
// answers an error and bestmove 0000, never a move for the old position
// (which may be the other side's). A good "position" makes it valid again.
func TestGoAfterRefusedPosition(t *testing.T) {
	s := newSessionWith(t, newEngine())
	s.send("position startpos moves e2e4")
	s.sync()
	for _, bad := range []string{
		"position startpos moves e2e4 e7e5 c1c1", // Chess960 castling sent as a king step
		"position fen not-a-fen",
		"position startpos moves e2e4 e7e5 e7e5",
	} {
		s.send(bad)
		require.Len(t, errorsIn(s.sync()), 1, bad)
		s.send("go depth 3")
		best, before := s.bestmove()
		assert.Equal(t, "bestmove 0000", best, bad)
		require.Len(t, errorsIn(before), 1, bad)
		assert.Contains(t, errorsIn(before)[0], "no valid position", bad)
		// Still refused for every go until a good position comes.
		s.send("go wtime 1000 btime 1000")
		best, _ = s.bestmove()
		assert.Equal(t, "bestmove 0000", best, bad)
	}
	s.send("position startpos moves e2e4 e7e5", "go depth 3")
	best, before := s.bestmove()
	assert.Empty(t, errorsIn(before))
	legalIn(t, game.Chess, "", []string{"e2e4", "e7e5"}, best)

	// A position dropped for being too long is a refused position too.
	s.send("position startpos moves "+strings.Repeat("g1f3 g8f6 f3g1 f6g8 ", MaxLineBytes/20+1), "go depth 1")
	best, before = s.bestmove()
	assert.Equal(t, "bestmove 0000", best)
	assert.Len(t, errorsIn(before), 2, strings.Join(before, "\n"))

	// A variant switch sets a valid start position.
	s.send("position fen x", "setoption name UCI_Variant value glinski", "go depth 1")
	best, _ = s.bestmove()
	legalIn(t, game.Glinski, "", nil, best)
}

// A line of exactly MaxLineBytes is read (here: an unknown command); one
// byte more is dropped, and the error names its length and the limit.
func TestLineLengthLimit(t *testing.T) {
	s := newSessionWith(t, newFakeEngine())
	s.send(strings.Repeat("x", MaxLineBytes))
	errs := errorsIn(s.sync())
	require.Len(t, errs, 1)
	assert.Contains(t, errs[0], "unknown command")
	s.send(strings.Repeat("x", MaxLineBytes+1))
	errs = errorsIn(s.sync())
	require.Len(t, errs, 1)
	assert.Contains(t, errs[0], "a line of 1048577 bytes is over the limit of 1048576 bytes")
}

// A stalemated root gets a score line in every mode; in Glinski's 3/4 mode
// it is the search's stalemate score from the stalemated side's view.
func TestGlinskiStalematedRootScore(t *testing.T) {
	const stalemated = "1/3/5/7/9/11/11/8P2/2K8/11/k10 b - 0 1" // bare king on a1, White Kc3 Pi4
	s := newSessionWith(t, newEngine())
	s.send("setoption name UCI_Variant value glinski", "position fen "+stalemated, "go depth 3")
	best, before := s.bestmove()
	assert.Equal(t, "bestmove 0000", best)
	assert.Contains(t, before, "info depth 0 score cp -20000", strings.Join(before, "\n"))

	s.send("setoption name GlinskiStalemate value draw", "go depth 3")
	best, before = s.bestmove()
	assert.Equal(t, "bestmove 0000", best)
	assert.Contains(t, before, "info depth 0 score cp 0")
}

// With far more search threads than processors the clock, stop and
// isready still work: threads take turns on the processors and every one
// watches the deadline. Before, at 64 threads on 2 processors, movetime 200
// took about a second and stop or isready up to 1.5 s. The bounds here are
// generous for a loaded machine; on an idle one each answer takes a few ms.
func TestManyThreadsKeepTime(t *testing.T) {
	if testing.Short() {
		t.Skip("64 search threads: not in -short")
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2)) // as on a 2-core machine
	const threads = "64"
	s := newSessionWith(t, newEngine())
	s.send("setoption name Threads value "+threads, "position startpos")
	s.sync()
	for _, g := range []string{"go movetime 200", "go wtime 3000 btime 3000 movestogo 1"} {
		start := time.Now()
		s.send(g)
		best, _ := s.bestmove()
		took := time.Since(start)
		t.Logf("%s: %v", g, took)
		legalIn(t, game.Chess, "", nil, best)
		limit := 200 * time.Millisecond
		if strings.Contains(g, "wtime") {
			limit = 2400 * time.Millisecond // 8/10 of the clock at most
		}
		assert.Less(t, took, limit+300*time.Millisecond, g)
	}
	// Median of five each: under a heavy machine load one answer can take
	// long whatever the thread count.
	var ready, stop []time.Duration
	for i := range 10 {
		s.send("go infinite")
		s.until("first info", func(l string) bool { return strings.HasPrefix(l, "info depth") })
		time.Sleep(100 * time.Millisecond)
		if i%2 == 0 { // isready, then stop; or stop alone
			start := time.Now()
			s.sync()
			ready = append(ready, time.Since(start))
			time.Sleep(100 * time.Millisecond)
		}
		start := time.Now()
		s.send("stop")
		s.bestmove()
		if i%2 == 1 {
			stop = append(stop, time.Since(start))
		}
	}
	slices.Sort(ready)
	slices.Sort(stop)
	t.Logf("isready %v, stop %v", ready, stop)
	assert.Less(t, ready[len(ready)/2], 250*time.Millisecond, "median isready")
	assert.Less(t, stop[len(stop)/2], 250*time.Millisecond, "median stop")
}

// A Hash size beyond the machine's memory is refused with an error; the old
// table and option stay and the engine plays on. Before, isready after
// "Hash 65536" on a 24 GB machine died with "fatal error: runtime: out of
// memory".
func TestHashBeyondMemoryIsRefused(t *testing.T) {
	if avail := memAvailableMB(t); avail > 60000 {
		t.Skipf("%d MB available: 65536 MB might fit", avail)
	}
	eng := engine.New()
	s := startSession(t, Config{Engine: eng})
	s.send("setoption name Hash value 32", "setoption name Hash value 65536")
	errs := errorsIn(s.sync())
	require.Len(t, errs, 1)
	assert.Contains(t, errs[0], "Hash: 65536 MB will not fit")
	assert.Equal(t, 32, eng.Options().HashMB)
	s.send("ucinewgame", "position startpos", "go depth 4")
	best, _ := s.bestmove()
	legalIn(t, game.Chess, "", nil, best)
}

// memAvailableMB reads MemAvailable from /proc/meminfo.
func memAvailableMB(t *testing.T) int {
	b, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		t.Skip("no /proc/meminfo")
	}
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "MemAvailable:" {
			kb, err := strconv.Atoi(f[1])
			require.NoError(t, err)
			return kb >> 10
		}
	}
	t.Skip("no MemAvailable")
	return 0
}

// ucinewgame on a big hash used by many threads keeps isready fast: the
// table is swapped for fresh memory rather than written. Before, with
// Hash 4096 and Threads 256 on 2 cores isready took 10 to 17 s.
func TestNewGameOnBigHashIsFast(t *testing.T) {
	if testing.Short() {
		t.Skip("a 1 GB hash: not in -short")
	}
	if memAvailableMB(t) < 4000 {
		t.Skip("less than 4 GB available")
	}
	s := newSessionWithHash(t, 1024)
	s.send("setoption name Threads value 8", "setoption name Hash value 1024", "position startpos", "go movetime 300")
	s.bestmove()
	var took []time.Duration
	for range 5 {
		start := time.Now()
		s.send("ucinewgame")
		s.sync()
		took = append(took, time.Since(start))
	}
	slices.Sort(took)
	t.Logf("ucinewgame + isready at 1024 MB: %v", took)
	assert.Less(t, took[len(took)/2], 250*time.Millisecond, "median")
}

func newSessionWithHash(t *testing.T, mb int) *testSession {
	return startSession(t, Config{Engine: engine.New(), MaxHashMB: mb})
}
