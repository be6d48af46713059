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
	"os/exec"
	"strings"
	"sync"
	"time"
)

// ErrTimeout: the engine did not answer before the deadline.
var ErrTimeout = errors.New("engine did not answer in time")

// ErrExited: the engine's process ended (crashed, or closed its output).
var ErrExited = errors.New("engine process exited")

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
	lines  chan string   // stdout lines; closed when the output ends
	exited chan struct{} // closed when the process has been reaped
	stop   chan struct{} // closed by Kill so the reader goroutine never blocks
	once   sync.Once

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
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("cannot start engine %s (%s): %w", spec.Name, spec.Cmd, err)
	}
	p := &Process{
		spec:   spec,
		cmd:    cmd,
		stdin:  stdin,
		lines:  make(chan string, 256),
		exited: make(chan struct{}),
		stop:   make(chan struct{}),
	}
	go p.readLines(stdout)
	if err := p.handshake(timeout); err != nil {
		p.Kill()
		return nil, fmt.Errorf("engine %s (%s) failed the UCI handshake: %w", spec.Name, spec.Cmd, err)
	}
	return p, nil
}

// readLines forwards stdout lines until EOF, then reaps the process.
func (p *Process) readLines(stdout io.Reader) {
	reader := bufio.NewReaderSize(stdout, 64*1024)
	for {
		line, err := reader.ReadString('\n')
		if line = strings.TrimRight(line, "\r\n"); line != "" {
			select {
			case p.lines <- line:
			case <-p.stop:
			}
		}
		if err != nil {
			break
		}
	}
	close(p.lines)
	_ = p.cmd.Wait()
	close(p.exited)
}

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
func (p *Process) WaitFor(keyword string, deadline time.Time, onLine func(string)) (string, error) {
	timer := time.NewTimer(time.Until(deadline))
	defer timer.Stop()
	for {
		select {
		case line, ok := <-p.lines:
			if !ok {
				return "", ErrExited
			}
			if firstWord(line) == keyword {
				return line, nil
			}
			if onLine != nil {
				onLine(line)
			}
		case <-timer.C:
			return "", ErrTimeout
		}
	}
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
			_ = p.cmd.Process.Kill()
		}
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
