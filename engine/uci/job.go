package uci

import (
	"fmt"
	"io"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/sakk-chess/sakk/engine"
	"github.com/sakk-chess/sakk/engine/game"
	"github.com/sakk-chess/sakk/engine/move"
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
	infinite    bool // ponderhit does not release an infinite search

	// Set by the loop before it calls the engine, read by the job's report
	// callback: a Stop or PonderHit that raced with the start of Search
	// (and was wiped by its setup) is repeated at the first report.
	stopped     atomic.Bool
	ponderHitOn atomic.Bool
}

func newJob(held, infinite bool) *job {
	j := &job{done: make(chan struct{}), infinite: infinite}
	if held {
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

func (j *job) stop(eng Searcher) {
	j.stopped.Store(true)
	eng.Stop()
	if j.release != nil {
		j.open()
	}
}

func (j *job) ponderHit(eng Searcher) {
	if j.release == nil || j.ponderHitOn.Load() {
		return // not a ponder search, or already hit
	}
	j.ponderHitOn.Store(true)
	eng.PonderHit()
	if !j.infinite {
		j.open()
	}
}

// startSearch runs a search on a copy of the position. The job writes the
// info lines and exactly one bestmove.
func (s *session) startSearch(lim engine.Limits) {
	j := newJob(lim.Infinite || lim.Ponder, lim.Infinite)
	if !lim.Ponder {
		j.ponderHitOn.Store(true) // nothing to hit
	}
	s.job = j
	root := s.pos.Clone()
	s.setChess960(root)
	view := root.Clone() // for writing moves while the engine uses root
	eng, out, log := s.eng, s.out, s.log
	stalemateDraw := s.variant != game.Glinski || eng.Options().GlinskiStalemateDraw
	go func() {
		defer close(j.done)
		best := search(eng, root, view, lim, j, out, stalemateDraw, log)
		if j.release != nil {
			<-j.release
		}
		out.print(best)
	}()
}

// search runs the engine and returns the bestmove line. A position without
// legal moves is answered without searching, as Stockfish does, with the
// score a GUI expects (mate 0 for checkmate).
func search(eng Searcher, root, view game.Position, lim engine.Limits, j *job, out *writer, stalemateDraw bool, log io.Writer) string {
	var legal move.List
	root.LegalMoves(&legal)
	if legal.N == 0 {
		switch {
		case root.InCheck():
			out.print("info depth 0 score mate 0")
		case stalemateDraw:
			out.print("info depth 0 score cp 0")
		default:
			out.info("stalemate: Glinski scores it 3/4 for the side that gave it")
		}
		return "bestmove 0000"
	}
	var mu sync.Mutex // report may be called from several search threads
	first := true
	report := func(in engine.Info) {
		mu.Lock()
		defer mu.Unlock()
		if first {
			first = false
			if j.stopped.Load() {
				eng.Stop()
			}
			if lim.Ponder && j.ponderHitOn.Load() {
				eng.PonderHit()
			}
		}
		if line := infoLine(view, in); line != "" {
			out.print(line)
		}
	}
	res := eng.Search(root, lim, report)

	mu.Lock() // no report may run past this point on view
	defer mu.Unlock()
	best, ok := matchLegal(view, res.Best)
	if !ok {
		// The engine must always return a legal move when there is one;
		// if it ever does not, play a legal move rather than forfeit.
		fmt.Fprintf(log, "sakk: engine returned %v, not a legal move; playing the first legal move\n", res.Best)
		best = legal.Moves[0]
		if len(lim.SearchMoves) > 0 {
			best = lim.SearchMoves[0]
		}
		return "bestmove " + view.MoveString(best)
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
// still answered and stop ends it after the current root move.
func (s *session) startPerft(depth int) {
	j := newJob(false, false)
	s.job = j
	pos := s.pos.Clone()
	s.setChess960(pos)
	out := s.out
	go func() {
		defer close(j.done)
		var list move.List
		pos.LegalMoves(&list)
		var total uint64
		for _, m := range list.Slice() {
			if j.stopped.Load() {
				out.print("", "info string perft stopped", "Nodes searched: "+strconv.FormatUint(total, 10))
				return
			}
			pos.Make(m)
			n := pos.Perft(depth - 1)
			pos.Unmake()
			total += n
			out.print(pos.MoveString(m) + ": " + strconv.FormatUint(n, 10))
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
	s.job = j
	run, out := s.cfg.Bench, s.out
	go func() {
		defer close(j.done)
		if err := run(func(line string) { out.info(line) }); err != nil {
			out.error(fmt.Errorf("bench: %v", err))
		}
	}()
	return nil
}
