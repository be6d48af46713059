// Package tt is the transposition table that every search thread shares.
//
// The table is one []entry of plain values: the garbage collector never scans
// it and clear() wipes it. An entry is two 64-bit words written and read with
// atomic loads and stores; the first word holds the key XORed with the second,
// so an entry torn by two threads writing at once fails the key check instead
// of handing out another position's move (lock-less hashing, as in Crafty).
package tt

import (
	"math/bits"
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

// Resize allocates a table of mb megabytes (clamped to MinMB..MaxMB),
// dropping all entries. It does nothing if the size is unchanged.
func (t *Table) Resize(mb int) {
	mb = min(max(mb, MinMB), MaxMB)
	n := uint64(mb) << 20 / 16 / bucketSize
	if n == t.buckets {
		return
	}
	t.entries = nil // let the old table go before the new one is allocated
	t.entries = make([]entry, n*bucketSize)
	t.buckets = n
}

// SizeMB is the allocated size in megabytes (0 when unallocated).
func (t *Table) SizeMB() int { return int(t.buckets * bucketSize * 16 >> 20) }

// Clear empties the table.
func (t *Table) Clear() {
	clear(t.entries)
	t.gen = 0
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
