package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestBenchCommandEndsWithTheOpenBenchLineAndRepeats(t *testing.T) {
	signature := func() (string, uint64) {
		code, out, errOut := runSakk("bench", "--variant", "all", "--depth", "3")
		require.Equal(t, exitOK, code, errOut)
		got := lines(out)
		require.GreaterOrEqual(t, len(got), 80, "a line per position of both games")
		last := regexp.MustCompile(`^(\d+) nodes (\d+) nps$`).FindStringSubmatch(got[len(got)-1])
		require.NotNil(t, last, "last line: %q", got[len(got)-1])
		total, err := strconv.ParseUint(last[1], 10, 64)
		require.NoError(t, err)
		sig := regexp.MustCompile(`(?m)^Bench: \d+ \d+$`).FindString(out)
		require.NotEmpty(t, sig, out)
		return sig, total
	}
	sig1, total1 := signature()
	sig2, total2 := signature()
	assert.Equal(t, sig1, sig2, "one thread: the same node counts on every run")
	assert.Equal(t, total1, total2)
	assert.Positive(t, total1)
}

func TestBenchCommandBadArgumentsExit2(t *testing.T) {
	for _, args := range [][]string{
		{"bench", "--variant", "shogi"},
		{"bench", "--depth", "0"},
		{"bench", "--depth", "x"},
		{"bench", "--threads", "0"},
		{"bench", "--frobnicate"},
	} {
		code, _, errOut := runSakk(args...)
		assert.Equal(t, exitUsage, code, "%v", args)
		assert.NotEmpty(t, errOut, "%v says what was wrong", args)
	}
}

func TestMatchCommandBadArgumentsExit2(t *testing.T) {
	for _, args := range [][]string{
		{"match"},
		{"match", "-engine", "cmd=/nonexistent/engine", "-engine", "cmd=/nonexistent/engine", "-each", "tc=1+0.01"},
		{"match", "-engine", "name=x", "-engine", "name=y"},
		{"match", "-engine", "cmd=a", "-engine", "cmd=b", "-variant", "shogi"},
		{"match", "-engine", "cmd=a", "-engine", "cmd=b", "-each", "tc=banana"},
		{"match", "-engine", "cmd=a", "-engine", "cmd=b", "-each", "tc=1", "-openings", "file=/nonexistent.epd"},
	} {
		code, _, errOut := runSakk(args...)
		assert.Equal(t, exitUsage, code, "%v", args)
		assert.NotEmpty(t, errOut, "%v says what was wrong", args)
	}
}

// scriptEngine writes a shell UCI engine that plays 1.e4 e5 and reports
// its moves with no score, which fastchess warns about.
func scriptEngine(t *testing.T) string {
	path := filepath.Join(t.TempDir(), "noscore.sh")
	script := `#!/bin/sh
while read -r line; do
  case "$line" in
    uci) echo "id name noscore"; echo uciok ;;
    isready) echo readyok ;;
    "position startpos") move=e2e4 ;;
    position*) move=e7e5 ;;
    go*) echo "info depth 1 nodes 1 pv $move"; echo "bestmove $move" ;;
    quit) exit 0 ;;
  esac
done
`
	require.NoError(t, os.WriteFile(path, []byte(script), 0o755))
	return path
}

// Warnings are reported, and fail the match only with -strict-protocol
// naming the engine (or naming none).
func TestMatchStrictProtocolExitCode(t *testing.T) {
	engine := scriptEngine(t)
	base := []string{"match", "-engine", "cmd=" + engine, "name=a", "-engine", "cmd=" + engine, "name=b",
		"-each", "depth=1", "-maxmoves", "1"}
	code, out, errOut := runSakk(base...)
	assert.Equal(t, exitOK, code, errOut)
	assert.Contains(t, out, "Warnings of a: 1 (no score 1)")
	assert.Contains(t, out, "Warning; no score - no info line with a score from b (game 1)")

	code, _, errOut = runSakk(append(base, "-strict-protocol")...)
	assert.Equal(t, exitFailure, code)
	assert.Contains(t, errOut, "sakk match: -strict-protocol: a: warnings 1 (no score 1)")
	assert.Contains(t, errOut, "sakk match: -strict-protocol: b: warnings 1 (no score 1)")

	code, _, _ = runSakk(append(base, "-strict-protocol", "b")...)
	assert.Equal(t, exitFailure, code)
}
