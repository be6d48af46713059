// Package perft counts the leaf nodes of the legal move tree of any
// game.Position, to check move generators against published counts. The
// board's own Perft does the counting near the leaves; this package adds
// per-root-move counts (divide), threads and a transposition table on top.
package perft

import (
	"sync"
	"sync/atomic"

	"github.com/sakk-chess/sakk/game"
	"github.com/sakk-chess/sakk/game/move"
)

// RootCount is the number of leaf nodes below one root move.
type RootCount struct {
	Move  string // in engine (UCI) notation
	Nodes uint64
}

// Count is the number of leaf nodes at depth, by the board's own perft.
func Count(pos game.Position, depth int) uint64 { return pos.Perft(depth) }

// Divide counts the leaves below each root move, in the board's generation
// order, on the calling goroutine and without a hash table.
func Divide(pos game.Position, depth int) []RootCount {
	return NewCounter(1, 0).Divide(pos, depth)
}

// Counter counts with several threads and an optional hash table. The table
// is kept between calls, so one Counter must only see positions of one
// variant. A Counter is not for concurrent use by several goroutines.
type Counter struct {
	threads int
	table   *Table // nil: no hash
	worker  *worker
}

// NewCounter spreads root moves over threads workers (at least one) and uses
// a hashMB megabyte transposition table (0: none).
func NewCounter(threads, hashMB int) *Counter {
	return &Counter{threads: max(threads, 1), table: NewTable(hashMB)}
}

// Count is the number of leaf nodes at depth; pos is left unchanged.
func (c *Counter) Count(pos game.Position, depth int) uint64 {
	if depth <= 1 || (c.threads == 1 && c.table == nil) {
		return pos.Perft(depth)
	}
	if c.threads == 1 {
		w := c.workerOn(pos)
		w.reserve(depth)
		return w.count(depth)
	}
	var nodes uint64
	for _, root := range c.Divide(pos, depth) {
		nodes += root.Nodes
	}
	return nodes
}

// Divide counts the leaves below each root move, in the board's generation
// order; pos is left unchanged. Depth < 1 has no root moves to divide.
func (c *Counter) Divide(pos game.Position, depth int) []RootCount {
	if depth < 1 {
		return nil
	}
	var roots move.List
	pos.LegalMoves(&roots)
	counts := make([]RootCount, roots.N)
	for i, m := range roots.Slice() {
		counts[i].Move = pos.MoveString(m)
	}
	// Workers take the next unclaimed root move, so a few large subtrees do
	// not leave the other threads idle.
	var next atomic.Int64
	work := func(w *worker) {
		w.reserve(depth)
		for i := int(next.Add(1) - 1); i < roots.N; i = int(next.Add(1) - 1) {
			w.pos.Make(roots.Moves[i])
			counts[i].Nodes = w.count(depth - 1)
			w.pos.Unmake()
		}
	}
	threads := min(c.threads, roots.N)
	if threads <= 1 {
		work(c.workerOn(pos))
		return counts
	}
	var wg sync.WaitGroup
	for range threads {
		w := newWorker(pos.Clone(), c.table)
		wg.Go(func() { work(w) })
	}
	wg.Wait()
	return counts
}

// ClearHash empties the hash table (if any), e.g. before timing a count.
func (c *Counter) ClearHash() {
	if c.table != nil {
		c.table.Clear()
	}
}

// workerOn reuses one worker (and its move buffers) for the calling goroutine.
func (c *Counter) workerOn(pos game.Position) *worker {
	if c.worker == nil {
		c.worker = newWorker(pos, c.table)
	}
	c.worker.pos = pos
	return c.worker
}

// worker walks the tree of one position; with a table it recurses through
// the game.Position interface down to leafDepth, where the board's own fast
// Perft takes over.
type worker struct {
	pos       game.Position
	table     *Table
	leafDepth int
	lists     []move.List // one move buffer per remaining depth
}

// defaultLeafDepth is where the walk hands over to the board's Perft.
// BenchmarkHashLeafDepth (kiwipete and the Glinski start, depth 5) found
// hashing every node from depth 2 up about twice as fast as hashing only from
// depth 3 or 4 up: depth-2 subtrees transpose often, and the last ply is
// only a move count.
const defaultLeafDepth = 1

func newWorker(pos game.Position, table *Table) *worker {
	return &worker{pos: pos, table: table, leafDepth: defaultLeafDepth}
}

// reserve makes room for move buffers down from depth, once per worker and
// size, so the walk itself allocates nothing.
func (w *worker) reserve(depth int) {
	if w.table != nil && len(w.lists) <= depth {
		w.lists = make([]move.List, depth+1)
	}
}

func (w *worker) count(depth int) uint64 {
	if w.table == nil || depth <= w.leafDepth {
		return w.pos.Perft(depth)
	}
	key := w.pos.Key()
	if nodes, ok := w.table.Probe(key, depth); ok {
		return nodes
	}
	list := &w.lists[depth]
	list.Clear()
	w.pos.LegalMoves(list)
	var nodes uint64
	for _, m := range list.Slice() {
		w.pos.Make(m)
		nodes += w.count(depth - 1)
		w.pos.Unmake()
	}
	w.table.Store(key, depth, nodes)
	return nodes
}
