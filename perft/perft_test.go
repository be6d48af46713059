package perft

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDivideSumsToCount(t *testing.T) {
	pos := newToy()
	for depth := 1; depth <= 8; depth++ {
		var sum uint64
		for _, root := range Divide(pos, depth) {
			sum += root.Nodes
		}
		assert.Equal(t, Count(pos, depth), sum, "depth %d", depth)
	}
	assert.Equal(t, toyState{}, pos.state, "divide must leave the position unchanged")
	assert.Empty(t, pos.history)
}

func TestDivideNamesRootMovesInOrder(t *testing.T) {
	roots := Divide(newToy(), 3)
	require.Len(t, roots, 2)
	assert.Equal(t, "m0", roots[0].Move)
	assert.Equal(t, "m1", roots[1].Move)
	assert.Nil(t, Divide(newToy(), 0))
}

func TestThreadsAndHashAgreeWithPlainCount(t *testing.T) {
	pos := newToy()
	for _, setup := range []struct{ threads, hashMB int }{{1, 1}, {2, 0}, {3, 1}, {8, 2}} {
		counter := NewCounter(setup.threads, setup.hashMB)
		for depth := 0; depth <= 12; depth++ {
			want := Count(pos, depth)
			assert.Equal(t, want, counter.Count(pos, depth), "threads %d hash %d depth %d", setup.threads, setup.hashMB, depth)
			assert.Equal(t, Divide(pos, depth), counter.Divide(pos, depth), "threads %d hash %d depth %d", setup.threads, setup.hashMB, depth)
		}
	}
	assert.Equal(t, toyState{}, pos.state)
}

func TestHashCountAllocatesNothing(t *testing.T) {
	pos := newToy()
	counter := NewCounter(1, 1)
	counter.Count(pos, 10) // sizes the move buffers
	allocs := testing.AllocsPerRun(5, func() { counter.Count(pos, 10) })
	assert.Zero(t, allocs)
}

func TestTableStoresByKeyAndDepth(t *testing.T) {
	table := NewTable(1)
	require.NotNil(t, table)
	assert.Equal(t, 1<<20/entryBytes, len(table.entries))
	_, ok := table.Probe(42, 3)
	assert.False(t, ok, "an empty table has nothing")
	table.Store(42, 3, 8902)
	nodes, ok := table.Probe(42, 3)
	assert.True(t, ok)
	assert.Equal(t, uint64(8902), nodes)
	_, ok = table.Probe(42, 4)
	assert.False(t, ok, "another depth is another entry")
	_, ok = table.Probe(43, 3)
	assert.False(t, ok, "another key is another entry")
	table.Store(7, 5, maxNodes+1)
	_, ok = table.Probe(7, 5)
	assert.False(t, ok, "counts too large to pack are not stored")
	table.Clear()
	_, ok = table.Probe(42, 3)
	assert.False(t, ok)
	assert.Nil(t, NewTable(0))
}

// The packing limits as numbers, not as the constants under test: a count
// has 56 bits and a depth 8, and a table takes the largest power-of-two
// number of 16-byte entries that fits.
func TestTablePackingLimits(t *testing.T) {
	table := NewTable(1)
	table.Store(9, 200, 1<<56-1)
	nodes, ok := table.Probe(9, 200)
	assert.True(t, ok, "the largest count at depth 200")
	assert.Equal(t, uint64(1<<56-1), nodes)
	table.Store(11, 255, 5)
	nodes, ok = table.Probe(11, 255)
	assert.True(t, ok, "depth 255")
	assert.Equal(t, uint64(5), nodes)
	table.Store(13, 2, 1<<56)
	_, ok = table.Probe(13, 2)
	assert.False(t, ok, "2^56 does not fit")

	assert.Len(t, NewTable(3).entries, 1<<17, "3 MB hold 196608 entries; the power of two below is 131072")
	assert.Len(t, NewTable(4).entries, 1<<18)
}
