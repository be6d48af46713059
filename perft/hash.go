package perft

import "sync/atomic"

// Table is a perft transposition table: leaf counts keyed by Zobrist key and
// depth. Entries are plain values (the GC never scans them) and threads share
// the table without locks: each entry stores key^data beside data, so a torn
// write by a racing thread fails the check instead of giving a wrong count.
type Table struct {
	entries []entry
	mask    uint64
}

type entry struct {
	check atomic.Uint64 // key ^ data
	data  atomic.Uint64 // nodes<<depthBits | depth
}

const (
	entryBytes = 16
	depthBits  = 8
	depthMask  = 1<<depthBits - 1
	maxNodes   = 1<<(64-depthBits) - 1 // larger counts are not stored
	// depthSpread moves the same position at other depths to other slots.
	depthSpread = 0x9e3779b97f4a7c15
)

// NewTable returns a table of at most megabytes MB (a power of two number of
// entries), or nil for megabytes <= 0.
func NewTable(megabytes int) *Table {
	if megabytes <= 0 {
		return nil
	}
	capacity := uint64(megabytes) << 20 / entryBytes
	size := uint64(1)
	for size*2 <= capacity {
		size *= 2
	}
	return &Table{entries: make([]entry, size), mask: size - 1}
}

// Probe returns the stored leaf count of the position key at depth.
func (t *Table) Probe(key uint64, depth int) (uint64, bool) {
	e := &t.entries[t.slot(key, depth)]
	data := e.data.Load()
	if e.check.Load()^data != key || data&depthMask != uint64(depth) {
		return 0, false
	}
	return data >> depthBits, true
}

// Store records the leaf count of the position key at depth, replacing
// whatever shared its slot.
func (t *Table) Store(key uint64, depth int, nodes uint64) {
	if nodes > maxNodes {
		return
	}
	data := nodes<<depthBits | uint64(depth)&depthMask
	e := &t.entries[t.slot(key, depth)]
	e.data.Store(data)
	e.check.Store(key ^ data)
}

// Clear empties the table.
func (t *Table) Clear() { clear(t.entries) }

func (t *Table) slot(key uint64, depth int) uint64 {
	return (key ^ uint64(depth)*depthSpread) & t.mask
}
