// Package uci is sakk's Universal Chess Interface loop: it reads commands
// from a GUI, keeps the game position and the options, starts and stops
// searches through the engine API, and writes the protocol replies.
//
// Three goroutines cooperate. A reader turns the input into lines; the loop
// (the caller of Run) executes them in order; each "go" runs in a job
// goroutine that calls Engine.Search and prints its bestmove. The loop keeps
// reading while a job runs, so isready, stop, ponderhit, quit and debug take
// effect at once. A command that needs the engine idle (go, setoption,
// ucinewgame, eval, bench) waits for a search that will end by itself (a
// timed or depth-limited one, or one already told to stop) and is refused
// during "go infinite" or "go ponder" before stop/ponderhit; every command
// after a waiting one waits its turn, so the input keeps its order.
//
// Every malformed line is answered with "info string error: <why>" and
// changes nothing.
package uci

import (
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/sakk-chess/sakk/engine"
	"github.com/sakk-chess/sakk/engine/book"
	"github.com/sakk-chess/sakk/engine/nnue"
	"github.com/sakk-chess/sakk/engine/variant"
	"github.com/sakk-chess/sakk/game"
)

// Searcher is the part of *engine.Engine the UCI loop uses. Tests may pass
// a stand-in.
type Searcher interface {
	// Go sets a search up before it returns (so a Stop or PonderHit that
	// follows is never lost), runs it in a new goroutine, calls report from
	// there and done with the result.
	Go(pos engine.SearchBoard, lim engine.Limits, report func(engine.Info), done func(engine.Result))
	// Ready prepares for the next search (allocates a resized hash) when
	// the engine is idle; the loop calls it for isready.
	Ready()
	Stop()
	PonderHit()
	NewGame()
	SetOptions(o engine.Options)
	Options() engine.Options
}

// Config wires the loop. The zero Config is a complete sakk engine.
type Config struct {
	// Engine searches (nil: engine.New()).
	Engine Searcher
	// Name and Author for "id" (defaults: "sakk <engine.Version>", "the sakk authors").
	Name, Author string
	// NewPosition and FromFEN create positions of a variant (defaults:
	// variant.New and variant.FromFEN).
	NewPosition func(v game.Variant) (engine.SearchBoard, error)
	FromFEN     func(v game.Variant, fen string) (engine.SearchBoard, error)
	// Bench runs the speed bench for the "bench" command, writing its
	// report to w, which sends each line as an "info string" (nil: "bench"
	// answers that it is not available). It cannot be stopped: "quit"
	// during a bench returns at once and drops the rest of its report.
	Bench func(w io.Writer) error
	// MaxPerftDepth bounds "go perft" (0: 12). MaxHashMB bounds the Hash
	// option (0: 65536). Tests lower both.
	MaxPerftDepth int
	MaxHashMB     int
	// Log receives diagnostics that are not protocol (nil: os.Stderr).
	Log io.Writer
}

// maxPending bounds the commands waiting behind a running search.
const maxPending = 10000

// command is one entry of the command table.
type command struct {
	run func(s *session, args []string) error
	// needsIdle: the command waits for a running search to end.
	needsIdle bool
}

var commands map[string]command

func init() {
	commands = map[string]command{
		"uci":        {run: (*session).uci},
		"debug":      {run: (*session).debugCmd},
		"isready":    {run: (*session).isReady},
		"setoption":  {run: (*session).setOption, needsIdle: true},
		"register":   {run: func(*session, []string) error { return nil }},
		"ucinewgame": {run: (*session).newGame, needsIdle: true},
		"position":   {run: (*session).position},
		"go":         {run: (*session).goCmd, needsIdle: true},
		"stop":       {run: (*session).stop},
		"ponderhit":  {run: (*session).ponderHit},
		"d":          {run: (*session).diagram},
		"eval":       {run: (*session).eval, needsIdle: true},
		"bench":      {run: (*session).bench, needsIdle: true},
		"help":       {run: (*session).help},
	}
}

// session is the state the loop owns. Only the loop goroutine touches it;
// jobs get copies of what they need.
type session struct {
	cfg     Config
	eng     Searcher
	out     *writer
	log     io.Writer
	options Options

	variant   game.Variant
	chess960  bool
	ponder    bool // the GUI's "Ponder" option; informational
	showWDL   bool // UCI_ShowWDL
	ownBook   bool
	bookDepth int        // moves from the game's start
	userBook  book.Book  // BookFile, nil for the built-in book
	rng       *rand.Rand // book choices
	debug     bool
	pos       engine.SearchBoard
	posErr    error // why the last "position" was refused; nil when pos is what the GUI sent

	job     *job     // the running (or finishing) job, nil when idle
	pending []string // commands waiting for job to end
}

// Run speaks UCI on in and out until "quit" or the end of in. A running
// search is stopped and its bestmove printed before Run returns.
func Run(in io.Reader, out io.Writer, cfg Config) error {
	s, err := newSession(out, cfg)
	if err != nil {
		return err
	}
	lines := make(chan input, 16)
	done := make(chan struct{})
	defer close(done)
	go readLines(in, lines, done)
	s.out.print(s.banner())
	s.loop(lines)
	return nil
}

func newSession(out io.Writer, cfg Config) (*session, error) {
	if cfg.Engine == nil {
		cfg.Engine = engine.New()
	}
	if cfg.Name == "" {
		cfg.Name = "sakk " + engine.Version
		if off := engine.Ablated(); len(off) > 0 {
			cfg.Name += " without " + strings.Join(off, ",")
		}
	}
	if cfg.Author == "" {
		cfg.Author = "the sakk authors"
	}
	if cfg.NewPosition == nil {
		cfg.NewPosition = variant.New
	}
	if cfg.FromFEN == nil {
		cfg.FromFEN = variant.FromFEN
	}
	if cfg.MaxPerftDepth <= 0 {
		cfg.MaxPerftDepth = 12
	}
	if cfg.MaxHashMB <= 0 || cfg.MaxHashMB > engine.MaxHashMB {
		cfg.MaxHashMB = engine.MaxHashMB
	}
	if cfg.Log == nil {
		cfg.Log = os.Stderr
	}
	s := &session{cfg: cfg, eng: cfg.Engine, out: newWriter(out), log: cfg.Log, variant: game.Chess,
		bookDepth: defaultBookDepth, rng: rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 14))}
	s.options = s.optionTable()
	pos, err := cfg.NewPosition(s.variant)
	if err != nil {
		return nil, err
	}
	s.pos = pos
	return s, nil
}

// loop executes lines until quit or EOF.
func (s *session) loop(lines <-chan input) {
	for {
		if s.drain() {
			s.shutdown()
			return
		}
		var jobDone <-chan struct{}
		if s.job != nil {
			jobDone = s.job.done
		}
		select {
		case in, ok := <-lines:
			if !ok {
				s.shutdown()
				return
			}
			if in.tooLong > 0 {
				s.acceptTooLong(in)
				continue
			}
			s.accept(in.text)
		case <-jobDone:
			s.job = nil
		}
	}
}

// accept checks a line and queues it; "quit" jumps the queue.
func (s *session) accept(line string) {
	if err := checkText(line); err != nil {
		s.out.error(err)
		return
	}
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return // blank lines are allowed and mean nothing
	}
	if s.debug {
		s.out.info("debug: received " + quote(strings.Join(fields, " ")))
	}
	if strings.EqualFold(fields[0], "quit") {
		s.pending = append([]string{"quit"}, s.pending...)
		return
	}
	if len(s.pending) >= maxPending {
		s.out.error(fmt.Errorf("%d commands are already waiting for the search to end; %s dropped", maxPending, quote(fields[0])))
		return
	}
	s.pending = append(s.pending, strings.Join(fields, " "))
}

// tooLongMark starts the queue entry of a dropped over-long line; input
// lines cannot start with it (control characters are refused).
const tooLongMark = "\x00too-long"

// acceptTooLong answers a dropped over-long line. One that was a "position"
// command is queued as a refused position, in its turn among the commands,
// so that a "go" after it does not search the previous position.
func (s *session) acceptTooLong(in input) {
	s.out.error(fmt.Errorf("a line of %d bytes is over the limit of %d bytes; ignored", in.tooLong, MaxLineBytes))
	if strings.EqualFold(in.text, "position") {
		s.pending = append(s.pending, tooLongMark+" "+strconv.Itoa(in.tooLong))
	}
}

// drain executes queued commands until one must wait for the running job.
// It reports whether "quit" came up.
func (s *session) drain() (quit bool) {
	for len(s.pending) > 0 {
		line := s.pending[0]
		fields := strings.Fields(line)
		name := strings.ToLower(fields[0])
		if name == "quit" {
			return true
		}
		if name == tooLongMark {
			s.pending = s.pending[1:]
			s.posErr = fmt.Errorf("the last position command, of %s bytes, was too long", fields[1])
			continue
		}
		cmd, known := commands[name]
		if known && cmd.needsIdle && s.busy() && !s.job.held() {
			return false // wait: the job ends by itself
		}
		s.pending = s.pending[1:]
		switch {
		case !known:
			s.out.error(fmt.Errorf("unknown command %s", quote(fields[0])))
		case cmd.needsIdle && s.busy():
			s.out.error(fmt.Errorf("%s during go infinite/ponder: send stop first", name))
		default:
			if err := cmd.run(s, fields[1:]); err != nil {
				s.out.error(err)
			}
		}
	}
	if len(s.pending) == 0 {
		s.pending = nil // let a long queue's array go
	}
	return false
}

// busy reports whether a job is running, forgetting one that has ended.
func (s *session) busy() bool {
	if s.job == nil {
		return false
	}
	select {
	case <-s.job.done:
		s.job = nil
		return false
	default:
		return true
	}
}

// shutdown stops the running job, waits for its bestmove and drops the
// commands still queued.
func (s *session) shutdown() {
	if s.job != nil {
		s.job.stop(s.eng)
		if !s.job.unstoppable {
			<-s.job.done
		}
		s.job = nil
	}
	s.out.close() // nothing more may reach out once Run has returned
	dropped := 0
	for _, line := range s.pending {
		if line != "quit" {
			dropped++
		}
	}
	if dropped > 0 {
		fmt.Fprintf(s.log, "sakk: quitting with %d queued command(s) not run\n", dropped)
	}
	s.pending = nil
}

func (s *session) uci(args []string) error {
	if len(args) > 0 {
		return fmt.Errorf("uci takes no arguments")
	}
	lines := []string{"id name " + s.cfg.Name, "id author " + s.cfg.Author}
	for _, o := range s.options {
		lines = append(lines, o.Declaration())
	}
	s.out.print(append(lines, "uciok")...)
	return nil
}

func (s *session) isReady(args []string) error {
	if len(args) > 0 {
		return fmt.Errorf("isready takes no arguments")
	}
	if !s.busy() {
		s.eng.Ready() // allocate a resized hash now rather than at the next go
	}
	s.out.print("readyok")
	return nil
}

func (s *session) debugCmd(args []string) error {
	if len(args) != 1 {
		return fmt.Errorf("debug takes on or off")
	}
	switch strings.ToLower(args[0]) {
	case "on":
		s.debug = true
	case "off":
		s.debug = false
	default:
		return fmt.Errorf("debug takes on or off, got %s", quote(args[0]))
	}
	return nil
}

func (s *session) setOption(args []string) error { return s.options.Set(args) }

func (s *session) newGame(args []string) error {
	if len(args) > 0 {
		return fmt.Errorf("ucinewgame takes no arguments")
	}
	s.eng.NewGame()
	return nil
}

func (s *session) stop(args []string) error {
	if s.busy() {
		s.job.stop(s.eng)
	}
	return nil // stop while idle is allowed and means nothing
}

func (s *session) ponderHit(args []string) error {
	if s.busy() {
		s.job.ponderHit(s.eng)
	}
	return nil
}

// diagram answers "d" (Stockfish's extension): the board, FEN and key.
func (s *session) diagram(args []string) error {
	if len(args) > 0 {
		return fmt.Errorf("d takes no arguments")
	}
	text := strings.TrimRight(s.pos.Diagram(), "\n")
	s.out.print(strings.Split(text, "\n")...)
	return nil
}

// eval answers "eval": the board's own breakdown if it has one, then the
// static evaluation.
func (s *session) eval(args []string) error {
	if len(args) > 0 {
		return fmt.Errorf("eval takes no arguments")
	}
	traced := false
	if p, ok := s.pos.(interface{ EvalTrace() string }); ok {
		s.out.print(strings.Split(strings.TrimRight(p.EvalTrace(), "\n"), "\n")...)
		traced = true
	}
	if p, ok := s.pos.(interface{ Evaluate() int }); ok {
		s.out.info(fmt.Sprintf("eval: %d (side to move)", p.Evaluate()))
	} else if !traced {
		return fmt.Errorf("eval is not available for %s", s.variant)
	}
	if holder, ok := s.eng.(NetHolder); ok {
		if n := holder.Net(s.variant); n != nil {
			var f nnue.Features
			s.pos.NNUEFeatures(&f)
			s.out.info(fmt.Sprintf("nnue: %d (side to move; %s net %s, %s)",
				n.Evaluate(&f, s.pos.SideToMove()), s.variant, n.Name, n.Shape()))
		}
	}
	return nil
}
