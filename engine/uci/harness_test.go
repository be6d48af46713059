package uci

import (
	"bufio"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// session drives Run through pipes, as a GUI would. Output lines are read
// continuously by a goroutine (so the engine never blocks on a full pipe)
// and waited for with deadlines, never with sleeps.
type testSession struct {
	t     *testing.T
	in    *io.PipeWriter
	lines chan string
	ended chan struct{} // closed when Run has returned
	seen  []string      // every line read so far, for failure messages
}

const waitLimit = 10 * time.Second

func startSession(t *testing.T, cfg Config) *testSession {
	t.Helper()
	if cfg.Log == nil {
		cfg.Log = io.Discard
	}
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	s := &testSession{t: t, in: inW, lines: make(chan string, 1<<16), ended: make(chan struct{})}
	go func() {
		defer close(s.ended)
		err := Run(inR, outW, cfg)
		outW.CloseWithError(err)
	}()
	go func() {
		defer close(s.lines)
		sc := bufio.NewScanner(outR)
		sc.Buffer(make([]byte, 1<<20), 1<<24)
		for sc.Scan() {
			s.lines <- sc.Text()
		}
	}()
	t.Cleanup(func() {
		inW.Close()
		select {
		case <-s.ended:
		case <-time.After(waitLimit):
			t.Errorf("Run did not return after the input closed")
		}
		outR.Close()
	})
	// The banner comes first, before any command is read.
	s.until("the banner", func(l string) bool {
		require.Contains(t, l, " by ", "the first line is not the banner")
		return true
	})
	return s
}

// send writes lines to the engine's input.
func (s *testSession) send(lines ...string) {
	s.t.Helper()
	for _, l := range lines {
		_, err := io.WriteString(s.in, l+"\n")
		require.NoError(s.t, err, "writing %q", l)
	}
}

// until reads lines until one satisfies match and returns all lines read,
// that one included. It fails the test after waitLimit.
func (s *testSession) until(what string, match func(string) bool) []string {
	s.t.Helper()
	return s.untilWithin(waitLimit, what, match)
}

func (s *testSession) untilWithin(limit time.Duration, what string, match func(string) bool) []string {
	s.t.Helper()
	deadline := time.After(limit)
	var got []string
	for {
		select {
		case l, ok := <-s.lines:
			if !ok {
				s.t.Fatalf("output ended while waiting for %s; last lines:\n%s", what, s.tail())
			}
			s.seen = append(s.seen, l)
			got = append(got, l)
			if match(l) {
				return got
			}
		case <-deadline:
			s.t.Fatalf("no %s within %v; last lines:\n%s", what, limit, s.tail())
		}
	}
}

func (s *testSession) tail() string {
	from := max(0, len(s.seen)-20)
	return strings.Join(s.seen[from:], "\n")
}

// untilLine waits for an exact line.
func (s *testSession) untilLine(want string) []string {
	s.t.Helper()
	return s.until(want, func(l string) bool { return l == want })
}

// sync sends isready and returns every line printed before readyok: the
// output of all commands sent before it (commands run in order).
func (s *testSession) sync() []string {
	s.t.Helper()
	s.send("isready")
	got := s.untilLine("readyok")
	return got[:len(got)-1]
}

// bestmove waits for the next bestmove line and returns it with the lines
// before it.
func (s *testSession) bestmove() (string, []string) {
	s.t.Helper()
	got := s.until("bestmove", func(l string) bool { return strings.HasPrefix(l, "bestmove ") })
	return got[len(got)-1], got[:len(got)-1]
}

// closeAndDrain closes the input and returns every remaining line once Run
// has returned.
func (s *testSession) closeAndDrain() []string {
	s.t.Helper()
	s.in.Close()
	var got []string
	deadline := time.After(waitLimit)
	for {
		select {
		case l, ok := <-s.lines:
			if !ok {
				return got
			}
			s.seen = append(s.seen, l)
			got = append(got, l)
		case <-deadline:
			s.t.Fatalf("output did not end after EOF; last lines:\n%s", s.tail())
		}
	}
}

func count(lines []string, prefix string) int {
	n := 0
	for _, l := range lines {
		if strings.HasPrefix(l, prefix) {
			n++
		}
	}
	return n
}

func errorsIn(lines []string) []string {
	var errs []string
	for _, l := range lines {
		if strings.HasPrefix(l, "info string error: ") {
			errs = append(errs, l)
		}
	}
	return errs
}
