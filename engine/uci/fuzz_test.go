package uci

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sakk-chess/sakk/engine"
)

// lockedBuffer collects the output of one run.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

// FuzzUCI feeds arbitrary input to the loop. Whatever the lines, the engine
// must not panic, must end at EOF within the deadline, and must never print
// more bestmoves than it was sent "go" commands.
func FuzzUCI(f *testing.F) {
	seeds := []string{
		"uci\nisready\nucinewgame\nposition startpos moves e2e4 e7e5\ngo depth 3\n",
		"position startpos\ngo infinite\nisready\nstop\n",
		"position fen rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3\ngo depth 2\n",
		"setoption name UCI_Variant value glinski\nposition startpos moves f5f6\nd\ngo perft 2\ngo movetime 20\n",
		"setoption name UCI_Variant value glinski\nposition fen b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - 0 1 moves f10f11q\n",
		"setoption name Threads value 2\nsetoption name Hash value 4\ngo ponder wtime 100 btime 100\nponderhit\n",
		"setoption name UCI_Chess960 value true\nposition fen rnbqk2r/pppp1ppp/5n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4 moves e1h1\ngo nodes 500\n",
		"go depth -1\ngo wtime x\nposition fen 8/8/8/8/8/8/8/8 w - - 0 1\nsetoption name Hash value 0\n\x00\r\n\r\njoho\n",
		"go searchmoves e2e4 d2d4 depth 2\nsetoption name MultiPV value 3\ngo depth 2\neval\nbench\nquit\n",
		"position startpos moves e2e4\r\ngo mate 1\r\nstop\r\nd\r\n",
		"debug on\nregister later\nposition startpos moves g1f3 g8f6 f3g1 f6g8 g1f3\ngo movetime 10\nquit\ngo depth 1\n",
	}
	for _, s := range seeds {
		f.Add(s)
	}
	eng := engine.New()
	f.Fuzz(func(t *testing.T, input string) {
		o := engine.DefaultOptions()
		o.HashMB = 1
		eng.SetOptions(o)
		var out lockedBuffer
		finished := make(chan struct{})
		go func() {
			defer close(finished)
			Run(strings.NewReader(input), &out, Config{
				Engine: eng, MaxHashMB: 8, MaxPerftDepth: 3, Log: &out,
			})
		}()
		select {
		case <-finished:
		case <-time.After(20 * time.Second):
			t.Fatalf("the loop did not end after EOF on input %q", input)
		}
		gos := 0
		for _, line := range strings.FieldsFunc(input, func(r rune) bool { return r == '\n' || r == '\r' }) {
			if f := strings.Fields(line); len(f) > 0 && strings.EqualFold(f[0], "go") {
				gos++
			}
		}
		if n := strings.Count(out.buf.String(), "bestmove "); n > gos {
			t.Fatalf("%d bestmoves for %d go commands; input %q", n, gos, input)
		}
	})
}
