package perft

import (
	"bytes"
	"os"
	"testing"

	"github.com/sakk-chess/sakk/engine/variant"
	"github.com/sakk-chess/sakk/game"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Real boards, at depths small enough for the default test run; the board
// packages check the big suites themselves.

const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

func realPositions(t *testing.T) map[string]game.Position {
	t.Helper()
	chess, err := variant.FromFEN(game.Chess, kiwipete)
	require.NoError(t, err)
	glinski, err := variant.New(game.Glinski)
	require.NoError(t, err)
	return map[string]game.Position{"kiwipete": chess, "glinski": glinski}
}

func TestBoardsDivideSumsToCount(t *testing.T) {
	for name, pos := range realPositions(t) {
		fen := pos.FEN()
		var sum uint64
		roots := Divide(pos, 3)
		for _, root := range roots {
			sum += root.Nodes
		}
		assert.Equal(t, Count(pos, 3), sum, name)
		assert.NotEmpty(t, roots[0].Move, name)
		assert.Equal(t, fen, pos.FEN(), "%s: divide leaves the position unchanged", name)
	}
}

func TestBoardsThreadsAndHashAgree(t *testing.T) {
	want := map[string]uint64{"kiwipete": 97862, "glinski": 137858}
	for name, pos := range realPositions(t) {
		assert.Equal(t, want[name], Count(pos, 3), name)
		for _, setup := range []struct{ threads, hashMB int }{{1, 1}, {2, 0}, {2, 1}} {
			counter := NewCounter(setup.threads, setup.hashMB)
			assert.Equal(t, want[name], counter.Count(pos, 3), "%s %+v", name, setup)
			assert.Equal(t, Divide(pos, 3), counter.Divide(pos, 3), "%s %+v", name, setup)
		}
	}
}

func TestBoardsHashCountAllocatesNothing(t *testing.T) {
	for name, pos := range realPositions(t) {
		counter := NewCounter(1, 1)
		counter.Count(pos, 4)
		counter.ClearHash() // count the walk again, not just one probe
		allocs := testing.AllocsPerRun(2, func() {
			counter.Count(pos, 4)
			counter.ClearHash()
		})
		assert.Zero(t, allocs, name)
	}
}

func TestSuiteWithWrongCountIsReportedFailed(t *testing.T) {
	file, err := os.Open("testdata/wrong-count.epd")
	require.NoError(t, err)
	defer file.Close()
	cases, err := ParseSuite(file)
	require.NoError(t, err)
	require.Len(t, cases, 2)
	newChess := func(fen string) (game.Position, error) { return variant.FromFEN(game.Chess, fen) }
	var out bytes.Buffer
	sum, err := RunSuite(&out, cases, newChess, Limits{}, NewCounter(1, 0))
	require.NoError(t, err)
	assert.Equal(t, 4, sum.Passed)
	assert.Equal(t, 1, sum.Failed)
	assert.Contains(t, out.String(), "FAIL startpos-wrong-d3 (line 2) D3: expected 8903, got 8902 in ")
}

func TestSuiteFilesParse(t *testing.T) {
	for file, positions := range map[string]int{"testdata/chess-tricky.epd": 19, "testdata/glinski.epd": 10, "testdata/chess960-sample.epd": 4} {
		f, err := os.Open(file)
		require.NoError(t, err)
		cases, err := ParseSuite(f)
		f.Close()
		require.NoError(t, err, file)
		assert.Len(t, cases, positions, file)
	}
}
