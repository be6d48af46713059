package uci

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/sakk-chess/sakk/engine"
	"github.com/sakk-chess/sakk/game"
	"github.com/sakk-chess/sakk/game/move"
	"github.com/sakk-chess/sakk/perft"
)

// job is one piece of work that runs beside the loop: a search, a perft or
// the bench. done closes after its last line is written.
type job struct {
	done chan struct{}
	// release gates the bestmove of "go infinite" and "go ponder": the UCI
	// spec forbids it before stop (or ponderhit, for a ponder search), even
	// when the search has finished early. nil for other jobs.
	release     chan struct{}
	releaseOnce sync.Once
	ponder      bool // a "go ponder" search
	infinite    bool // ponderhit does not release an infinite search
	unstoppable bool // the bench: quit does not wait for it
	stopped     atomic.Bool
}

func newJob(ponder, infinite bool) *job {
	j := &job{done: make(chan struct{}), ponder: ponder, infinite: infinite}
	if ponder || infinite {
		j.release = make(chan struct{})
	}
	return j
}

func (j *job) open() { j.releaseOnce.Do(func() { close(j.release) }) }

// held reports whether the job's bestmove still waits for stop/ponderhit.
func (j *job) held() bool {
	if j.release == nil {
		return false
	}
	select {
	case <-j.release:
		return false
	default:
		return true
	}
}

// wait blocks until the bestmove may be printed.
func (j *job) wait() {
	if j.release != nil {
		<-j.release
	}
}

func (j *job) stop(eng Searcher) {
	j.stopped.Store(true)
	eng.Stop()
	if j.release != nil {
		j.open()
	}
}

func (j *job) ponderHit(eng Searcher) {
	if !j.ponder {
		return // ponderhit outside a ponder search means nothing
	}
	eng.PonderHit()
	if !j.infinite {
		j.open()
	}
}

// startSearch starts a search on a copy of the position. The job writes the
// info lines and exactly one bestmove.
func (s *session) startSearch(lim engine.Limits) {
	j := newJob(lim.Ponder, lim.Infinite)
	s.job = j
	root := engine.Clone(s.pos)
	s.setChess960(root)
	view := root.Clone() // for writing moves while the engine uses root
	out, log := s.out, s.log

	var legal move.List
	root.LegalMoves(&legal)
	if legal.N == 0 {
		// Answered without searching, as Stockfish does, with the score a
		// GUI expects (mate 0 for checkmate).
		switch {
		case root.InCheck():
			out.print("info depth 0 score mate 0" + s.wdlSuffix(" wdl 0 0 1000"))
		case s.variant != game.Glinski || s.eng.Options().GlinskiStalemateDraw:
			out.print("info depth 0 score cp 0" + s.wdlSuffix(" wdl 0 1000 0"))
		default:
			// The score the search gives a Glinski stalemate, from the
			// stalemated side's view.
			out.print("info depth 0 score cp "+strconv.Itoa(-engine.StalemateScore),
				"info string stalemate: Glinski scores it 3/4 for the side that gave it")
		}
		go func() {
			defer close(j.done)
			j.wait()
			out.print("bestmove 0000")
		}()
		return
	}
	fallback := legal.Moves[0]
	if len(lim.SearchMoves) > 0 {
		fallback = lim.SearchMoves[0]
	}
	var odds *wdlOdds
	if s.showWDL {
		odds = newWDLOdds(view)
	}
	var mu sync.Mutex // orders the reports and the bestmove on view
	report := func(in engine.Info) {
		mu.Lock()
		defer mu.Unlock()
		if line := infoLine(view, in, odds); line != "" {
			out.print(line)
		}
	}
	s.eng.Go(root, lim, report, func(res engine.Result) {
		defer close(j.done)
		mu.Lock()
		line := bestmoveLine(view, res, fallback, log)
		mu.Unlock()
		j.wait()
		out.print(line)
	})
}

func (s *session) wdlSuffix(text string) string {
	if s.showWDL {
		return text
	}
	return ""
}

// bestmoveLine writes the result, checked against the root position: the
// engine must return a legal move whenever there is one, and if it ever
// does not, playing a legal move beats forfeiting the game.
func bestmoveLine(view game.Position, res engine.Result, fallback move.Move, log io.Writer) string {
	best, ok := matchLegal(view, res.Best)
	if !ok {
		fmt.Fprintf(log, "sakk: the engine returned %#x, not a legal move; playing %s\n", uint32(res.Best), view.MoveString(fallback))
		return "bestmove " + view.MoveString(fallback)
	}
	line := "bestmove " + view.MoveString(best)
	if res.Ponder != move.None {
		view.Make(best)
		if reply, ok := matchLegal(view, res.Ponder); ok {
			line += " ponder " + view.MoveString(reply)
		}
		view.Unmake()
	}
	return line
}

// startPerft runs "go perft depth" beside the loop, so that isready is
// still answered and stop (or quit) ends it within milliseconds.
func (s *session) startPerft(depth int) {
	j := newJob(false, false)
	s.job = j
	pos := engine.Clone(s.pos)
	s.setChess960(pos)
	out := s.out
	go func() {
		defer close(j.done)
		total, complete := perft.DivideUntil(pos, depth, &j.stopped, func(r perft.RootCount) {
			out.print(r.Move + ": " + strconv.FormatUint(r.Nodes, 10))
		})
		if !complete {
			out.print("", "info string perft stopped", "Nodes searched: "+strconv.FormatUint(total, 10))
			return
		}
		out.print("", "Nodes searched: "+strconv.FormatUint(total, 10))
	}()
}

// bench answers "bench": the speed bench, reported as info strings.
func (s *session) bench(args []string) error {
	if len(args) > 0 {
		return fmt.Errorf("bench takes no arguments")
	}
	if s.cfg.Bench == nil {
		return fmt.Errorf("bench not available")
	}
	j := newJob(false, false)
	j.unstoppable = true
	s.job = j
	run, out := s.cfg.Bench, s.out
	go func() {
		defer close(j.done)
		w := &infoWriter{out: out}
		err := run(w)
		w.flush()
		if err != nil {
			out.error(fmt.Errorf("bench: %v", err))
		}
	}()
	return nil
}

// infoWriter turns each line written to it into an "info string".
type infoWriter struct {
	out     *writer
	partial []byte
}

func (w *infoWriter) Write(p []byte) (int, error) {
	w.partial = append(w.partial, p...)
	for {
		i := bytes.IndexByte(w.partial, '\n')
		if i < 0 {
			return len(p), nil
		}
		w.out.info(string(bytes.TrimRight(w.partial[:i], "\r")))
		w.partial = w.partial[i+1:]
	}
}

func (w *infoWriter) flush() {
	if len(w.partial) > 0 {
		w.out.info(string(w.partial))
		w.partial = nil
	}
}
