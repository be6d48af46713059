// Package uciproc drives a UCI engine running as a subprocess: it starts the
// program, performs the uci/uciok and isready/readyok handshakes, sends
// commands, and waits for answers with deadlines, telling a silent engine
// (ErrTimeout) from one that has exited (ErrExited).
package uciproc

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// ErrTimeout: the engine did not answer before the deadline.
var ErrTimeout = errors.New("engine did not answer in time")

// ErrExited: the engine's process ended (crashed, or closed its output).
var ErrExited = errors.New("engine process exited")

// ErrProtocol: the engine broke the protocol (a second bestmove, or an
// output line longer than MaxLineBytes).
var ErrProtocol = errors.New("engine broke the UCI protocol")

// MaxLineBytes bounds one line of engine output: a longer one (or endless
// output without a newline) is a protocol fault, not memory to fill.
const MaxLineBytes = 4 << 20

// exitGrace is how long output may still arrive after the process has
// exited, before an unanswered wait says ErrExited: a child that inherited
// the engine's output could keep the pipe open for ever.
const exitGrace = 100 * time.Millisecond

// Spec says how to start an engine.
type Spec struct {
	Name string   // for messages and PGN tags
	Cmd  string   // program path
	Args []string // command-line arguments
	Dir  string   // working directory ("" for the current one)
}

// Process is a running engine. Its methods are not safe for concurrent use
// except Kill, which may be called from any goroutine.
type Process struct {
	spec   Spec
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	stdout *os.File
	lines  chan string   // stdout lines; closed when the output ends
	exited chan struct{} // closed when the process has been reaped
	stop   chan struct{} // closed by Kill so the reader goroutine never blocks
	once   sync.Once
	fault  atomic.Pointer[string] // why the engine broke the protocol

	// Options lists the "option name ..." lines the engine announced.
	Options []string
	// ID is the engine's "id name", if it sent one.
	ID string
}

// Start launches the engine and completes the uci/uciok handshake within
// timeout.
func Start(spec Spec, timeout time.Duration) (*Process, error) {
	cmd := exec.Command(spec.Cmd, spec.Args...)
	cmd.Dir = spec.Dir
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	// A pipe of our own rather than StdoutPipe: the process's exit is
	// watched apart from the end of its output, which a child of the engine
	// may hold open after the engine itself has died.
	stdout, childOut, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	cmd.Stdout = childOut
	ownGroup(cmd)
	err = cmd.Start()
	childOut.Close()
	if err != nil {
		stdout.Close()
		return nil, fmt.Errorf("cannot start engine %s (%s): %w", spec.Name, spec.Cmd, err)
	}
	p := &Process{
		spec:   spec,
		cmd:    cmd,
		stdin:  stdin,
		stdout: stdout,
		lines:  make(chan string, 256),
		exited: make(chan struct{}),
		stop:   make(chan struct{}),
	}
	go p.readLines(stdout)
	go func() {
		_ = cmd.Wait()
		close(p.exited)
	}()
	if err := p.handshake(timeout); err != nil {
		p.Kill()
		return nil, fmt.Errorf("engine %s (%s) failed the UCI handshake: %w", spec.Name, spec.Cmd, err)
	}
	return p, nil
}

// readLines forwards stdout lines until EOF, a read error (Kill closes
// the pipe) or a line over MaxLineBytes, which it records as a fault.
func (p *Process) readLines(stdout io.Reader) {
	defer close(p.lines)
	sc := bufio.NewScanner(stdout)
	sc.Buffer(make([]byte, 0, 64*1024), MaxLineBytes)
	for sc.Scan() {
		if line := strings.TrimRight(sc.Text(), "\r"); line != "" {
			select {
			case p.lines <- line:
			case <-p.stop:
				return
			}
		}
	}
	if errors.Is(sc.Err(), bufio.ErrTooLong) {
		p.setFault(fmt.Sprintf("an output line longer than %d bytes", MaxLineBytes))
	}
}

// Fault says why the engine broke the protocol ("" if it has not).
func (p *Process) Fault() string {
	if why := p.fault.Load(); why != nil {
		return *why
	}
	return ""
}

func (p *Process) setFault(why string) { p.fault.CompareAndSwap(nil, &why) }

func (p *Process) handshake(timeout time.Duration) error {
	if err := p.Send("uci"); err != nil {
		return err
	}
	_, err := p.WaitFor("uciok", time.Now().Add(timeout), func(line string) {
		switch {
		case strings.HasPrefix(line, "option "):
			p.Options = append(p.Options, line)
		case strings.HasPrefix(line, "id name "):
			p.ID = strings.TrimPrefix(line, "id name ")
		}
	})
	return err
}

// Name is the engine's name from its Spec.
func (p *Process) Name() string { return p.spec.Name }

// Send writes one command line.
func (p *Process) Send(command string) error {
	if _, err := io.WriteString(p.stdin, command+"\n"); err != nil {
		return fmt.Errorf("%w: writing %q: %v", ErrExited, command, err)
	}
	return nil
}

// WaitFor reads lines until one whose first word is keyword and returns it;
// every earlier line goes to onLine (which may be nil). It fails with
// ErrTimeout at the deadline and ErrExited if the output ends.
//
// It fails with ErrProtocol when the output broke the protocol, and with
// ErrExited also when the process has exited and no line has come for
// exitGrace, even if a child of the engine keeps the output open.
func (p *Process) WaitFor(keyword string, deadline time.Time, onLine func(string)) (string, error) {
	timer := time.NewTimer(time.Until(deadline))
	defer timer.Stop()
	exited := p.exited
	var grace <-chan time.Time
	for {
		select {
		case line, ok := <-p.lines:
			if !ok {
				if p.Fault() != "" {
					return "", ErrProtocol
				}
				return "", ErrExited
			}
			if firstWord(line) == keyword {
				return line, nil
			}
			if onLine != nil {
				onLine(line)
			}
		case <-exited:
			exited, grace = nil, time.After(exitGrace)
		case <-grace:
			return "", ErrExited
		case <-timer.C:
			return "", ErrTimeout
		}
	}
}

// Idle checks that the engine is idle before a new command: it sends
// isready and waits for readyok, failing with ErrProtocol if a bestmove
// comes meanwhile (an engine that answered one go twice would otherwise
// have its stale move taken as the next answer).
func (p *Process) Idle(timeout time.Duration) error {
	if err := p.Send("isready"); err != nil {
		return err
	}
	var extra string
	_, err := p.WaitFor("readyok", time.Now().Add(timeout), func(line string) {
		if firstWord(line) == "bestmove" && extra == "" {
			extra = line
		}
	})
	if err == nil && extra != "" {
		p.setFault(fmt.Sprintf("a second bestmove (%q)", extra))
		return ErrProtocol
	}
	return err
}

// IsReady sends isready and waits for readyok.
func (p *Process) IsReady(timeout time.Duration) error {
	if err := p.Send("isready"); err != nil {
		return err
	}
	_, err := p.WaitFor("readyok", time.Now().Add(timeout), nil)
	return err
}

// SupportsOption says whether the engine announced an option of this name
// (case-insensitive).
func (p *Process) SupportsOption(name string) bool {
	for _, line := range p.Options {
		if strings.EqualFold(optionName(line), name) {
			return true
		}
	}
	return false
}

// OptionVars lists the values a combo option offers ("var" entries), or
// nil when the engine has no such combo option.
func (p *Process) OptionVars(name string) []string {
	for _, line := range p.Options {
		if !strings.EqualFold(optionName(line), name) {
			continue
		}
		fields := strings.Fields(line)
		var vars []string
		for i := 0; i+1 < len(fields); i++ {
			if fields[i] == "var" {
				vars = append(vars, fields[i+1])
			}
		}
		return vars
	}
	return nil
}

// SetOption sends "setoption name N value V" (no value part when value is "").
func (p *Process) SetOption(name, value string) error {
	if value == "" {
		return p.Send("setoption name " + name)
	}
	return p.Send("setoption name " + name + " value " + value)
}

// Alive says whether the process is still running.
func (p *Process) Alive() bool {
	select {
	case <-p.exited:
		return false
	default:
		return true
	}
}

// Quit asks the engine to quit, and kills it if it has not exited within
// grace.
func (p *Process) Quit(grace time.Duration) {
	_ = p.Send("quit")
	select {
	case <-p.exited:
	case <-time.After(grace):
	}
	p.Kill()
}

// Kill ends the process now and waits (a moment at most, in case a child
// of the engine still holds its output open) until it has been reaped.
func (p *Process) Kill() {
	p.once.Do(func() {
		close(p.stop)
		_ = p.stdin.Close()
		if p.cmd.Process != nil {
			killGroup(p.cmd)
			_ = p.cmd.Process.Kill()
		}
		_ = p.stdout.Close() // a child holding the pipe must not keep the reader
	})
	select {
	case <-p.exited:
	case <-time.After(2 * time.Second):
	}
}

func firstWord(line string) string {
	if fields := strings.Fields(line); len(fields) > 0 {
		return fields[0]
	}
	return ""
}

// optionName reads the name out of "option name <words> type ...".
func optionName(line string) string {
	rest, ok := strings.CutPrefix(line, "option name ")
	if !ok {
		return ""
	}
	if name, _, found := strings.Cut(rest, " type "); found {
		return strings.TrimSpace(name)
	}
	return strings.TrimSpace(rest)
}
