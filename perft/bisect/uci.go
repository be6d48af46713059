package bisect

import (
	"bufio"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"github.com/sakk-chess/sakk/game"
)

// UCIEngine drives a UCI engine that answers "go perft N" with
// Stockfish-style divide lines ("e2e4: 600") and "Nodes searched: N".
type UCIEngine struct {
	name     string
	opts     Options
	cmd      *exec.Cmd
	stdin    io.WriteCloser
	lines    chan string // closed when the engine's stdout ends
	stderr   *tail
	chess960 bool // UCI_Chess960 as last set
}

// StartUCI starts command (split by SplitCommand) and waits for its uciok
// and readyok; for Glinski it first sets UCI_Variant.
func StartUCI(command string, opts Options) (*UCIEngine, error) {
	words, err := SplitCommand(command)
	if err != nil {
		return nil, err
	}
	e := &UCIEngine{name: words[0], opts: opts, stderr: &tail{}, lines: make(chan string, 256)}
	e.cmd = exec.Command(words[0], words[1:]...)
	e.cmd.Stderr = e.stderr
	e.cmd.WaitDelay = time.Second // a child holding its pipes open cannot stall Close
	if e.stdin, err = e.cmd.StdinPipe(); err != nil {
		return nil, engineError("cannot start %s: %v", e.name, err)
	}
	stdout, err := e.cmd.StdoutPipe()
	if err != nil {
		return nil, engineError("cannot start %s: %v", e.name, err)
	}
	if err := e.cmd.Start(); err != nil {
		return nil, engineError("cannot start %s: %v", e.name, err)
	}
	go func() {
		defer close(e.lines)
		scanner := bufio.NewScanner(stdout)
		scanner.Buffer(make([]byte, 0, 64*1024), 1<<20)
		for scanner.Scan() {
			e.lines <- scanner.Text()
		}
	}()
	if err := e.handshake(); err != nil {
		e.Close()
		return nil, err
	}
	return e, nil
}

func (e *UCIEngine) handshake() error {
	if err := e.send("uci"); err != nil {
		return err
	}
	if _, err := e.waitFor("uci", func(line string) bool { return line == "uciok" }); err != nil {
		return err
	}
	if e.opts.Variant == game.Glinski {
		if err := e.send("setoption name UCI_Variant value " + game.Glinski.String()); err != nil {
			return err
		}
	}
	return e.sync()
}

// send writes one command line to the engine.
func (e *UCIEngine) send(line string) error {
	if _, err := io.WriteString(e.stdin, line+"\n"); err != nil {
		return engineError("%s exited or closed its input before %q (%v)%s", e.name, line, err, e.stderr)
	}
	return nil
}

// sync sends isready and skips everything up to readyok, so that no line
// of an earlier answer is taken for part of the next.
func (e *UCIEngine) sync() error {
	if err := e.send("isready"); err != nil {
		return err
	}
	_, err := e.waitFor("isready", func(line string) bool { return line == "readyok" })
	return err
}

// waitFor reads lines until done says one ends the answer, and returns the
// lines before it. It fails when the engine exits or the timeout passes.
func (e *UCIEngine) waitFor(command string, done func(line string) bool) ([]string, error) {
	timeout := e.opts.timeout()
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	var got []string
	for {
		select {
		case line, ok := <-e.lines:
			if !ok {
				return got, engineError("%s exited while answering %q%s", e.name, command, e.stderr)
			}
			line = strings.TrimSpace(line)
			if done(line) {
				got = append(got, line)
				return got, nil
			}
			got = append(got, line)
		case <-timer.C:
			return got, engineError("%s did not answer %q within %s%s", e.name, command, timeout, e.stderr)
		}
	}
}

// Divide sends the position and "go perft depth" and reads the divide
// up to "Nodes searched: N".
func (e *UCIEngine) Divide(q Query) (Divide, error) {
	if q.Chess960 != e.chess960 {
		if err := e.send("setoption name UCI_Chess960 value " + strconv.FormatBool(q.Chess960)); err != nil {
			return Divide{}, err
		}
		e.chess960 = q.Chess960
	}
	if err := e.sync(); err != nil {
		return Divide{}, err
	}
	position := "position fen " + q.FEN
	if len(q.Moves) > 0 {
		position += " moves " + strings.Join(q.Moves, " ")
	}
	goPerft := "go perft " + strconv.Itoa(q.Depth)
	if err := e.send(position); err != nil {
		return Divide{}, err
	}
	if err := e.send(goPerft); err != nil {
		return Divide{}, err
	}
	lines, err := e.waitFor(goPerft, func(line string) bool {
		return totalLine.MatchString(line) || strings.HasPrefix(line, "bestmove")
	})
	if err != nil {
		return Divide{}, err
	}
	if last := lines[len(lines)-1]; strings.HasPrefix(last, "bestmove") {
		return Divide{}, engineError("%s answered %q with a search (%q): it has no UCI perft; try --protocol perftree", e.name, goPerft, last)
	}
	var d Divide
	for _, line := range lines {
		kind, mc, err := parseLine(line)
		if err != nil {
			return d, engineError("%s answered %q with %q: %v", e.name, goPerft, line, err)
		}
		switch kind {
		case moveLine:
			d.Moves = append(d.Moves, mc)
		case sumLine:
			d.Total, d.HasTotal = mc.Nodes, true
		}
	}
	return d, nil
}

// Close asks the engine to quit and kills it if it has not after a second.
func (e *UCIEngine) Close() error {
	if e.cmd == nil || e.cmd.Process == nil {
		return nil
	}
	_ = e.send("quit")
	e.stdin.Close()
	exited := make(chan struct{})
	go func() {
		for range e.lines { // let the reader finish
		}
		e.cmd.Wait()
		close(exited)
	}()
	select {
	case <-exited:
	case <-time.After(time.Second):
		e.cmd.Process.Kill()
		<-exited
	}
	return nil
}

// String names the engine in messages.
func (e *UCIEngine) String() string { return fmt.Sprintf("UCI engine %s", e.name) }
