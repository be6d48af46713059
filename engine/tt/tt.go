// Package tt is the transposition table that every search thread shares.
//
// The table is one []entry of plain values: the garbage collector never scans
// it and clear() wipes it. An entry is two 64-bit words written and read with
// atomic loads and stores; the first word holds the key XORed with the second,
// so an entry torn by two threads writing at once fails the key check instead
// of handing out another position's move (lock-less hashing, as in Crafty).
package tt

import (
	"fmt"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/sakk-chess/sakk/game/move"
)

// Bound says how a stored score relates to the true score.
type Bound uint8

const (
	BoundNone  Bound = 0
	BoundUpper Bound = 1 // true score <= stored (all moves failed low)
	BoundLower Bound = 2 // true score >= stored (a move failed high)
	BoundExact Bound = BoundUpper | BoundLower
)

// MinMB and MaxMB bound the table size in megabytes.
const (
	MinMB = 1
	MaxMB = 65536
)

// bucketSize entries share one 64-byte cache line.
const bucketSize = 4

// entry is 16 bytes: check = (key high 32 bits | eval) ^ data, and data packs
// move (32 bits), score (16), depth (8), generation and bound (8).
type entry struct {
	check uint64
	data  uint64
}

// Hit is what Probe found.
type Hit struct {
	Move  move.Move
	Score int // as stored: mate scores relative to the node, see ScoreFrom
	Eval  int // static evaluation of the position
	Depth int
	Bound Bound
}

// Table is a transposition table. The zero value is an empty table that
// finds nothing and stores nothing; call Resize before use.
type Table struct {
	entries []entry
	buckets uint64
	gen     uint8 // generation in the high 6 bits; bound in the low 2
}

// entryBytes is the size of an entry.
const entryBytes = 16

// headroom is the memory Resize leaves to the rest of the process and the
// machine: a quarter of what is available, at least 256 MB.
func headroom(avail uint64) uint64 { return max(avail/4, 256<<20) }

// memoryAvailable reports the bytes the process could still allocate
// (false: unknown). Tests replace it.
var memoryAvailable = availableMemory

// Resize allocates a table of mb megabytes (clamped to MinMB..MaxMB),
// dropping all entries. It does nothing if the size is unchanged. A size
// the machine cannot hold (checked against the available physical memory,
// with headroom), or an allocation that fails, is an error, and the old
// table stays as it was.
func (t *Table) Resize(mb int) error {
	mb = min(max(mb, MinMB), MaxMB)
	n := uint64(mb) << 20 / entryBytes / bucketSize
	if n == t.buckets {
		return nil
	}
	need := n * bucketSize * entryBytes
	if avail, ok := memoryAvailable(); ok {
		avail += uint64(len(t.entries)) * entryBytes // the old table goes
		if need+headroom(avail) > avail {
			return fmt.Errorf("%d MB will not fit: about %d MB of memory is available, %d MB must stay free; keeping %d MB",
				mb, avail>>20, headroom(avail)>>20, t.SizeMB())
		}
	}
	entries, err := allocate(n * bucketSize)
	if err != nil {
		return fmt.Errorf("cannot allocate %d MB (%v); keeping %d MB", mb, err, t.SizeMB())
	}
	release(t.entries)
	t.entries, t.buckets = entries, n
	return nil
}

// SizeMB is the allocated size in megabytes (0 when unallocated).
func (t *Table) SizeMB() int { return int(t.buckets * bucketSize * entryBytes >> 20) }

// freshAbove is the table size from which Clear takes fresh memory from the
// kernel instead of writing zeros: writing gigabytes takes seconds, a new
// mapping is instant and its pages are zeroed when the search first uses
// them.
const freshAbove = 64 << 20

// Clear empties the table: a big one by swapping in a fresh zero mapping
// (where the system gives one) or else by clearing in parallel.
func (t *Table) Clear() {
	t.gen = 0
	size := uint64(len(t.entries)) * entryBytes
	if size >= freshAbove && freshIsZero {
		if fresh, err := allocate(uint64(len(t.entries))); err == nil {
			old := t.entries
			t.entries = fresh
			go release(old) // giving back gigabytes takes a while too
			return
		}
	}
	parallelClear(t.entries)
}

// parallelClear zeroes entries with one goroutine per processor.
func parallelClear(entries []entry) {
	if len(entries)*entryBytes < freshAbove {
		clear(entries)
		return
	}
	parts := runtime.GOMAXPROCS(0)
	var wg sync.WaitGroup
	for i := range parts {
		part := entries[len(entries)*i/parts : len(entries)*(i+1)/parts]
		wg.Add(1)
		go func() {
			defer wg.Done()
			clear(part)
		}()
	}
	wg.Wait()
}

// NewSearch ages the table: entries of older searches are replaced first.
func (t *Table) NewSearch() { t.gen += 4 }

// index is the first entry of the key's bucket. The low 32 key bits choose
// the bucket, the high 32 bits verify the entry.
func (t *Table) index(key uint64) uint64 {
	hi, _ := bits.Mul64(key&0xffffffff, t.buckets<<32)
	return hi * bucketSize
}

// Probe looks the key up.
func (t *Table) Probe(key uint64) (Hit, bool) {
	if t.buckets == 0 {
		return Hit{}, false
	}
	i := t.index(key)
	for j := i; j < i+bucketSize; j++ {
		e := &t.entries[j]
		data := atomic.LoadUint64(&e.data)
		check := atomic.LoadUint64(&e.check) ^ data
		if check>>32 == key>>32 && data != 0 {
			return Hit{
				Move:  move.Move(uint32(data)),
				Score: int(int16(data >> 32)),
				Eval:  int(int16(check)),
				Depth: int(uint8(data >> 48)),
				Bound: Bound(data>>56) & 3,
			}, true
		}
	}
	return Hit{}, false
}

// Store saves a search result. depth is clamped to 0..255; score and eval
// must fit in 16 bits (the search's scores do). A result with no move keeps
// the move already stored for the same position.
func (t *Table) Store(key uint64, m move.Move, score, eval, depth int, bound Bound) {
	if t.buckets == 0 {
		return
	}
	depth = min(max(depth, 0), 255)
	i := t.index(key)
	victim := i
	victimWorth := 1 << 30
	for j := i; j < i+bucketSize; j++ {
		e := &t.entries[j]
		data := atomic.LoadUint64(&e.data)
		check := atomic.LoadUint64(&e.check) ^ data
		if data == 0 || check>>32 == key>>32 {
			if data != 0 {
				oldDepth := int(uint8(data >> 48))
				// A shallower non-exact result does not overwrite a deeper
				// one of this search.
				if bound != BoundExact && depth+3 < oldDepth && uint8(data>>56)&^3 == t.gen {
					return
				}
				if m == move.None {
					m = move.Move(uint32(data))
				}
			}
			victim = j
			break
		}
		// Depth-preferred with aging: an entry loses 8 plies of worth per
		// search it has not been touched.
		age := int((t.gen - uint8(data>>56)&^3) >> 2)
		worth := int(uint8(data>>48)) - 8*age
		if worth < victimWorth {
			victim, victimWorth = j, worth
		}
	}
	data := uint64(uint32(m)) | uint64(uint16(int16(score)))<<32 |
		uint64(depth)<<48 | uint64(t.gen|uint8(bound))<<56
	check := key&^0xffffffff | uint64(uint16(int16(eval)))
	e := &t.entries[victim]
	atomic.StoreUint64(&e.data, data)
	atomic.StoreUint64(&e.check, check^data)
}

// HashFull is the permille of the first 1000 entries used by this search.
func (t *Table) HashFull() int {
	n := min(len(t.entries), 1000)
	used := 0
	for j := range n {
		data := atomic.LoadUint64(&t.entries[j].data)
		if data != 0 && uint8(data>>56)&^3 == t.gen {
			used++
		}
	}
	if n == 0 {
		return 0
	}
	return used * 1000 / n
}
