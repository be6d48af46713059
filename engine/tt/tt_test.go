package tt

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sakk-chess/sakk/game/move"
)

func TestEmptyTableFindsNothing(t *testing.T) {
	var tab Table
	tab.Store(42, move.New(1, 2, move.Knight, 0, 0, 0), 10, 5, 3, BoundExact)
	_, ok := tab.Probe(42)
	assert.False(t, ok)
	assert.Equal(t, 0, tab.HashFull())
}

func TestStoreProbeRoundTrip(t *testing.T) {
	var tab Table
	tab.Resize(1)
	assert.Equal(t, 1, tab.SizeMB())
	m := move.New(12, 28, move.Pawn, 0, 0, move.FlagDoublePush)
	key := uint64(0x123456789abcdef0)
	tab.Store(key, m, -31000, -250, 7, BoundLower)
	hit, ok := tab.Probe(key)
	require.True(t, ok)
	assert.Equal(t, Hit{Move: m, Score: -31000, Eval: -250, Depth: 7, Bound: BoundLower}, hit)

	// Same low bits (same bucket), other high bits: a different position.
	_, ok = tab.Probe(key ^ 1<<40)
	assert.False(t, ok)
}

func TestStoreWithoutMoveKeepsMove(t *testing.T) {
	var tab Table
	tab.Resize(1)
	m := move.New(1, 18, move.Knight, 0, 0, 0)
	tab.Store(99, m, 5, 5, 4, BoundLower)
	tab.Store(99, move.None, 3, 5, 6, BoundUpper)
	hit, ok := tab.Probe(99)
	require.True(t, ok)
	assert.Equal(t, m, hit.Move)
	assert.Equal(t, 6, hit.Depth)
	assert.Equal(t, BoundUpper, hit.Bound)
}

func TestShallowBoundDoesNotOverwriteDeepEntry(t *testing.T) {
	var tab Table
	tab.Resize(1)
	tab.Store(7, move.None, 100, 0, 12, BoundLower)
	tab.Store(7, move.None, 50, 0, 2, BoundUpper)
	hit, ok := tab.Probe(7)
	require.True(t, ok)
	assert.Equal(t, 12, hit.Depth)
	assert.Equal(t, 100, hit.Score)
}

func TestReplacementPrefersDeepAndRecent(t *testing.T) {
	var tab Table
	tab.Resize(1)
	// Fill one bucket with four positions of different depths: all keys
	// share their low 32 bits, so they share a bucket.
	keys := []uint64{1<<32 | 5, 2<<32 | 5, 3<<32 | 5, 4<<32 | 5}
	for i, k := range keys {
		tab.Store(k, move.None, 0, 0, 10+i, BoundExact)
	}
	tab.Store(5<<32|5, move.None, 0, 0, 20, BoundExact)
	_, ok := tab.Probe(keys[0])
	assert.False(t, ok, "the shallowest entry is replaced")
	for _, k := range keys[1:] {
		_, ok := tab.Probe(k)
		assert.True(t, ok)
	}
	// After many searches, even a deep old entry gives way.
	for range 8 {
		tab.NewSearch()
	}
	tab.Store(6<<32|5, move.None, 0, 0, 1, BoundExact)
	_, ok = tab.Probe(6<<32 | 5)
	assert.True(t, ok)
}

func TestHashFullAndClear(t *testing.T) {
	var tab Table
	tab.Resize(1)
	for k := range uint64(200000) {
		tab.Store(k*0x9e3779b97f4a7c15, move.None, 0, 0, 1, BoundExact)
	}
	full := tab.HashFull()
	assert.Greater(t, full, 100)
	assert.LessOrEqual(t, full, 1000)
	tab.NewSearch()
	assert.Equal(t, 0, tab.HashFull(), "entries of older searches do not count")
	tab.Clear()
	_, ok := tab.Probe(0x9e3779b97f4a7c15)
	assert.False(t, ok)
}

func TestResizeClamps(t *testing.T) {
	var tab Table
	tab.Resize(0)
	assert.Equal(t, MinMB, tab.SizeMB())
	tab.Resize(2)
	assert.Equal(t, 2, tab.SizeMB())
}

// Concurrent stores and probes of the same keys: the race detector must stay
// quiet and every hit must be one of the entries written, never a mixture.
func TestConcurrentAccessIsConsistent(t *testing.T) {
	var tab Table
	tab.Resize(1)
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 20000 {
				key := uint64(i%64) << 32
				d := (i + w) % 50
				tab.Store(key, move.Move(d+1), d, d, d, BoundExact)
				if hit, ok := tab.Probe(key); ok {
					if hit.Move != move.Move(hit.Depth+1) || hit.Score != hit.Depth || hit.Eval != hit.Depth {
						t.Errorf("torn entry: %+v", hit)
						return
					}
				}
			}
		}()
	}
	wg.Wait()
}

// A size beyond the available memory is refused and the old table kept,
// still working.
func TestResizeRefusesWhatDoesNotFit(t *testing.T) {
	defer func(f func() (uint64, bool)) { memoryAvailable = f }(memoryAvailable)
	memoryAvailable = func() (uint64, bool) { return 1 << 30, true } // 1 GB free

	var tab Table
	require.NoError(t, tab.Resize(4))
	m := move.New(12, 28, move.Pawn, 0, 0, move.FlagDoublePush)
	tab.Store(77, m, 10, 5, 3, BoundExact)

	err := tab.Resize(2048)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "2048 MB will not fit")
	assert.Equal(t, 4, tab.SizeMB(), "the old table stays")
	hit, ok := tab.Probe(77)
	require.True(t, ok, "and keeps its entries")
	assert.Equal(t, m, hit.Move)

	// 1 GB free less 256 MB headroom leaves room for 768 MB; the table's
	// own memory counts as free when it is resized.
	require.NoError(t, tab.Resize(768))
	assert.Equal(t, 768, tab.SizeMB())
	require.NoError(t, tab.Resize(1024), "1 GB free + 768 MB held")
	assert.Error(t, tab.Resize(2048))
	assert.Equal(t, 1024, tab.SizeMB())
}

// Clearing a big table gives an empty table without writing it all.
func TestClearBigTable(t *testing.T) {
	var tab Table
	require.NoError(t, tab.Resize(freshAbove>>20*2))
	m := move.New(12, 28, move.Pawn, 0, 0, 0)
	for key := uint64(1); key < 1<<16; key++ {
		tab.Store(key*0x9e3779b97f4a7c15, m, 1, 1, 1, BoundExact)
	}
	for j := range 1000 {
		tab.entries[len(tab.entries)-1-j] = entry{check: 1, data: 1} // the far end too
	}
	tab.Clear()
	for j := range tab.entries {
		if tab.entries[j] != (entry{}) {
			t.Fatalf("entry %d survived Clear", j)
		}
	}
	_, ok := tab.Probe(0x9e3779b97f4a7c15)
	assert.False(t, ok)
}
