package engine

// The measurement-only copies of the search (search_iface_test.go,
// search_generic_test.go) probe no tablebases.

func (w *ifaceWorker) tbRoot() { w.thread.tbLimit, w.thread.tbRootKnown = 0, false }

func (w *ifaceWorker) probeTB(alpha, beta, depth, ply int) (int, bool) { return 0, false }

func (w *genericWorker[P]) tbRoot() { w.thread.tbLimit, w.thread.tbRootKnown = 0, false }

func (w *genericWorker[P]) probeTB(alpha, beta, depth, ply int) (int, bool) { return 0, false }
