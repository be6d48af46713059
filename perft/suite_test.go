package perft

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/sakk-chess/sakk/game"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func toyFromFEN(fen string) (game.Position, error) {
	if fen != "toy" {
		return nil, errors.New("not a toy")
	}
	return newToy(), nil
}

func TestRunSuiteReportsEachCheck(t *testing.T) {
	toy := newToy()
	cases := []Case{
		{Line: 1, FEN: "toy", ID: "right", Expected: []Expected{{1, 2}, {3, Count(toy, 3)}, {9, Count(toy, 9)}}},
		{Line: 2, FEN: "toy", Expected: []Expected{{2, Count(toy, 2) + 1}}},
	}
	var out bytes.Buffer
	sum, err := RunSuite(&out, cases, toyFromFEN, Limits{MaxDepth: 8}, NewCounter(2, 1))
	require.NoError(t, err)
	assert.Equal(t, 2, sum.Passed)
	assert.Equal(t, 1, sum.Failed)
	assert.Equal(t, 1, sum.Skipped)

	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	require.Len(t, lines, 6, out.String())
	assert.Regexp(t, `^ok   right \(line 1\) D1: 2 in [0-9.]+(µs|ms|s)$`, lines[0])
	assert.Regexp(t, `^ok   right \(line 1\) D3: \d+ in `, lines[1])
	assert.Regexp(t, `^FAIL line 2 D2: expected \d+, got \d+ in `, lines[2])
	assert.Equal(t, "1 skipped (beyond the depth or node limit)", lines[3])
	assert.Regexp(t, `^\d+ nodes in [0-9.]+(µs|ms|s) \(\d+ nodes/s\)$`, lines[4])
	assert.Equal(t, "2 passed, 1 failed", lines[5])
}

func TestRunSuiteNodeLimitSkipsLargeCounts(t *testing.T) {
	cases := []Case{{Line: 1, FEN: "toy", Expected: []Expected{{1, 2}, {2, 5}, {3, 100}}}}
	sum, err := RunSuite(&bytes.Buffer{}, cases, toyFromFEN, Limits{MaxNodes: 10}, NewCounter(1, 0))
	require.NoError(t, err)
	assert.Equal(t, 2, sum.Passed+sum.Failed)
	assert.Equal(t, 1, sum.Skipped)
}

func TestRunSuiteRejectsBadPositionBeforeCounting(t *testing.T) {
	cases := []Case{
		{Line: 1, FEN: "toy", Expected: []Expected{{1, 2}}},
		{Line: 5, FEN: "nonsense", Expected: []Expected{{1, 2}}},
	}
	var out bytes.Buffer
	_, err := RunSuite(&out, cases, toyFromFEN, Limits{}, NewCounter(1, 0))
	require.Error(t, err)
	assert.Contains(t, err.Error(), `line 5: bad position "nonsense": not a toy`)
	assert.Empty(t, out.String(), "nothing is counted when a line is bad")
}

func TestFormatDuration(t *testing.T) {
	assert.Equal(t, "412µs", FormatDuration(412345*time.Nanosecond))
	assert.Equal(t, "12.35ms", FormatDuration(12345678*time.Nanosecond))
	assert.Equal(t, "2.346s", FormatDuration(2345678901*time.Nanosecond))
}
