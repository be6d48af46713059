package engine

// Starting and finishing a search on one board. run_glinski.go is generated
// from this file (see search_chess.go).

// searchChess runs the search on pos with e.opts.Threads threads: this
// goroutine is the main thread, helpers search clones of the position. It
// returns as soon as the main thread is done; helpers may still be
// unwinding (e.helpers).
func (e *Engine) searchChess(pos chessPos, lim *Limits) Result {
	n := min(max(e.opts.Threads, 1), MaxThreads)
	for len(e.chessWorkers) < n {
		e.chessWorkers = append(e.chessWorkers, new(chessWorker))
	}
	stalemate := e.stalemateScore(pos.Variant())
	net := e.searchNet(pos.Variant())
	e.active = e.active[:0]
	for i := range n {
		w := e.chessWorkers[i]
		w.thread.begin(e, i, stalemate)
		w.pos = pos
		if i > 0 {
			w.pos = pos.Clone().(chessPos)
		}
		w.initNet(net)
		w.initRoot(lim.SearchMoves)
		e.active = append(e.active, &w.thread)
	}
	main := e.chessWorkers[0]
	main.takeTurn() // first, so that depth 1 is done at once
	for _, w := range e.chessWorkers[1:n] {
		e.helpers.Add(1)
		go func() {
			defer e.helpers.Done()
			w.takeTurn()
			defer w.endTurn()
			w.iterate(lim)
		}()
	}
	main.iterate(lim)
	main.endTurn()
	e.waitWhilePondering(lim)
	e.stop.Store(true) // helpers unwind; the caller of run waits for them
	ponder := main.finish(e.searchLines(main.nRoot))
	return e.result(&main.thread, ponder)
}
