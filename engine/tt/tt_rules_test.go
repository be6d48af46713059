package tt

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sakk-chess/sakk/game/move"
)

// The rules below were written to kill the mutants that survived
// bench/cmd/mutate on this package (docs/mutation-testing.md).

// The bound encoding the search relies on, and every bound read back as
// stored after Clear and after each of several NewSearch calls (the
// generation shares the bound's byte).
func TestBoundEncodingRoundTrip(t *testing.T) {
	assert.Equal(t, Bound(0), BoundNone, "the zero Hit has no bound")
	assert.NotZero(t, BoundUpper)
	assert.NotZero(t, BoundLower)
	assert.Zero(t, BoundUpper&BoundLower, "upper and lower are separate bits")
	assert.Equal(t, BoundUpper|BoundLower, BoundExact)

	var tab Table
	tab.Resize(1)
	tab.NewSearch()
	tab.Clear()
	for search := range 5 {
		for i, b := range []Bound{BoundNone, BoundUpper, BoundLower, BoundExact} {
			key := uint64(search*8+i+1)<<40 | 0x1235 // odd low bits: they must not leak into eval
			tab.Store(key, move.Move(7), 100+i, 40, 3, b)
			hit, ok := tab.Probe(key)
			require.True(t, ok)
			assert.Equal(t, Hit{Move: 7, Score: 100 + i, Eval: 40, Depth: 3, Bound: b}, hit, "search %d bound %d", search, b)
		}
		tab.NewSearch()
	}
}

// Sizes: the table holds exactly mb MB of 16-byte entries.
func TestResizeIsExact(t *testing.T) {
	var tab Table
	for _, tc := range []struct{ ask, want int }{{-3, 1}, {0, 1}, {1, 1}, {3, 3}, {64, 64}} {
		tab.Resize(tc.ask)
		assert.Equal(t, tc.want, tab.SizeMB(), "Resize(%d)", tc.ask)
		assert.Len(t, tab.entries, tc.want<<20/16, "Resize(%d)", tc.ask)
	}
	assert.Equal(t, 1, MinMB)
}

// Depth is clamped to what one byte holds.
func TestStoreClampsDepth(t *testing.T) {
	var tab Table
	tab.Resize(1)
	for _, tc := range []struct{ depth, want int }{{-5, 0}, {0, 0}, {254, 254}, {255, 255}, {256, 255}, {1000, 255}} {
		tab.Store(uint64(tc.depth+10)<<33, move.None, 0, 0, tc.depth, BoundExact)
		hit, ok := tab.Probe(uint64(tc.depth+10) << 33)
		require.True(t, ok)
		assert.Equal(t, tc.want, hit.Depth, "depth %d", tc.depth)
	}
}

// Random keys spread over all buckets: a table loaded to half its entries
// keeps nearly all of them.
func TestKeysSpreadOverAllBuckets(t *testing.T) {
	var tab Table
	tab.Resize(1)
	rng := rand.New(rand.NewPCG(3, 4))
	keys := make([]uint64, len(tab.entries)/2)
	for i := range keys {
		keys[i] = rng.Uint64() | 1<<63 // never a zero high half
		tab.Store(keys[i], move.Move(i+1), 0, 0, 1, BoundExact)
	}
	found := 0
	for i, k := range keys {
		if hit, ok := tab.Probe(k); ok && hit.Move == move.Move(i+1) {
			found++
		}
	}
	assert.Greater(t, found, len(keys)*9/10, "%d of %d keys kept", found, len(keys))
}

// The first and last buckets work like any other (no entry outside the
// table is read), an empty slot is no hit even for a key whose high half is
// zero, and the high 32 key bits tell positions apart.
func TestBucketEdgesAndKeyCheck(t *testing.T) {
	var tab Table
	tab.Resize(1)
	for _, low := range []uint64{0, 0xffffffff} {
		_, ok := tab.Probe(low)
		assert.False(t, ok, "empty slot, key %#x", low)
		for i := range uint64(6) { // more than a bucket holds
			tab.Store(i<<32|low|1<<63, move.Move(i+1), 0, 0, int(i), BoundExact)
		}
		_, ok = tab.Probe(99<<32 | low)
		assert.False(t, ok)
		hit, ok := tab.Probe(5<<32 | low | 1<<63)
		require.True(t, ok)
		assert.Equal(t, move.Move(6), hit.Move)
	}
	// Keys that differ only in bit 32, or only in bit 31 and 32: different
	// positions; a key stored again is updated in place.
	for _, pair := range [][2]uint64{{1<<32 | 77, 77}, {3<<31 | 5, 1<<31 | 5}} {
		tab.Clear()
		tab.Store(pair[0], move.Move(1), 10, 0, 5, BoundExact)
		tab.Store(pair[1], move.Move(2), 20, 0, 5, BoundExact)
		tab.Store(pair[0], move.Move(3), 30, 0, 6, BoundExact)
		a, okA := tab.Probe(pair[0])
		b, okB := tab.Probe(pair[1])
		require.True(t, okA && okB, "%#x %#x", pair[0], pair[1])
		assert.Equal(t, move.Move(3), a.Move)
		assert.Equal(t, 30, a.Score)
		assert.Equal(t, move.Move(2), b.Move)
	}
}

// A shallower bound of the same search keeps a deeper entry when it is more
// than 3 plies shallower; an exact score or an entry of an older search is
// always replaced. Checked at several generations and for both bounds.
func TestShallowBoundRule(t *testing.T) {
	var tab Table
	tab.Resize(1)
	for gen := range 3 {
		for _, old := range []Bound{BoundUpper, BoundLower} {
			for _, tc := range []struct {
				depth int
				bound Bound
				older bool // the deep entry is of the previous search
				keeps bool
			}{
				{6, BoundUpper, false, true},  // 6+3 < 10
				{6, BoundLower, false, true},  //
				{7, BoundUpper, false, false}, // 7+3 = 10: replaced
				{7, BoundLower, false, false},
				{2, BoundExact, false, false}, // exact always replaces
				{2, BoundUpper, true, false},  // older entries give way
			} {
				tab.Clear()
				for range gen {
					tab.NewSearch()
				}
				tab.Store(42<<32, move.Move(1), 100, 0, 10, old)
				if tc.older {
					tab.NewSearch()
				}
				tab.Store(42<<32, move.None, 50, 0, tc.depth, tc.bound)
				hit, ok := tab.Probe(42 << 32)
				require.True(t, ok)
				if tc.keeps {
					assert.Equal(t, 10, hit.Depth, "gen %d old %d: %+v", gen, old, tc)
				} else {
					assert.Equal(t, tc.depth, hit.Depth, "gen %d old %d: %+v", gen, old, tc)
					assert.Equal(t, move.Move(1), hit.Move, "the move is kept")
				}
			}
		}
	}
}

// Which entry of a full bucket a new position replaces: the one of least
// worth, depth less 8 per search since it was written, the first on ties.
func TestReplacementWorth(t *testing.T) {
	type slot struct{ depth, searchesAgo int }
	for _, tc := range []struct {
		slots  [4]slot
		victim int
	}{
		{[4]slot{{13, 0}, {10, 0}, {12, 0}, {11, 0}}, 1},
		{[4]slot{{10, 0}, {10, 0}, {12, 0}, {11, 0}}, 0},      // tie: the first
		{[4]slot{{20, 1}, {11, 0}, {30, 0}, {30, 0}}, 1},      // 12 against 11
		{[4]slot{{20, 1}, {12, 0}, {30, 0}, {30, 0}}, 0},      // 12 against 12: the first
		{[4]slot{{20, 1}, {13, 0}, {30, 0}, {30, 0}}, 0},      // 12 against 13
		{[4]slot{{20, 3}, {30, 2}, {30, 0}, {5, 0}}, 0},       // -4, 14, 30, 5
		{[4]slot{{40, 3}, {30, 2}, {30, 0}, {5, 0}}, 3},       // 16, 14, 30, 5
		{[4]slot{{0, 0}, {0, 0}, {0, 0}, {1, 0}}, 0},          // worth 0 is not empty
		{[4]slot{{255, 31}, {255, 1}, {255, 0}, {200, 0}}, 0}, // aged 31 searches: 7
	} {
		var tab Table
		tab.Resize(1)
		keys := [5]uint64{}
		for i := range keys {
			keys[i] = uint64(i+1)<<40 | 9 // one bucket
		}
		// Write the oldest first (the cases list slots oldest first), so
		// that each key lands in its own slot: the first empty one.
		maxAgo := 0
		for _, s := range tc.slots {
			maxAgo = max(maxAgo, s.searchesAgo)
		}
		for ago := maxAgo; ago >= 0; ago-- {
			for i, s := range tc.slots {
				if s.searchesAgo == ago {
					placeAt(t, &tab, keys[i], i, s.depth)
				}
			}
			if ago > 0 {
				tab.NewSearch()
			}
		}
		tab.Store(keys[4], move.Move(5), 0, 0, 1, BoundExact)
		for i := range 4 {
			_, ok := tab.Probe(keys[i])
			assert.Equal(t, i != tc.victim, ok, "slots %v: slot %d", tc.slots, i)
		}
	}
}

// placeAt writes key into entry slot of its bucket (the bucket's slots
// before it must be full, those after it empty).
func placeAt(t *testing.T, tab *Table, key uint64, slot, depth int) {
	t.Helper()
	i := tab.index(key) + uint64(slot)
	require.Zero(t, tab.entries[i].data, "slot %d is free", slot)
	tab.Store(key, move.Move(slot+1), 0, 0, depth, BoundExact)
	require.NotZero(t, tab.entries[i].data, "slot %d was written (key %#x depth %d)", slot, key, depth)
}

// HashFull is exact: the permille of the first 1000 entries written in this
// search, whatever the generation.
func TestHashFullIsExact(t *testing.T) {
	var tab Table
	tab.Resize(1)
	// Keys whose low half is below 2^32/buckets fill bucket 0, and so on:
	// fill 999 entries, the first 249 buckets and 3 slots of the next
	// (999 permille: a count over 999 or 1001 entries would say otherwise).
	per := uint64(1) << 32 / tab.buckets
	fill := func() {
		for b := range uint64(250) {
			for s := range uint64(4) {
				if b < 249 || s < 3 {
					tab.Store((s+1)<<40|b*per, move.None, 0, 0, 1, BoundUpper)
				}
			}
		}
	}
	fill()
	assert.Equal(t, 999, tab.HashFull())
	tab.NewSearch()
	assert.Equal(t, 0, tab.HashFull())
	fill()
	assert.Equal(t, 999, tab.HashFull(), "after NewSearch")
}
