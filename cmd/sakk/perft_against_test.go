package main

import (
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// asSakkEnv makes this test binary run as the sakk command (see TestMain),
// so that tests can start sakk as another engine.
const asSakkEnv = "SAKK_TEST_AS_SAKK"

func TestMain(m *testing.M) {
	if os.Getenv(asSakkEnv) == "1" {
		os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// sakkCommand is a command line that runs sakk with args.
func sakkCommand(args ...string) string {
	return strings.Join(append([]string{"env", asSakkEnv + "=1", strconv.Quote(os.Args[0])}, args...), " ")
}

func TestPerftAgainstSakkItself(t *testing.T) {
	const chess960 = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--depth", "3"}, "8902"},
		{[]string{"--fen", kiwipete, "--depth", "3"}, "97862"},
		{[]string{"--fen", chess960, "--depth", "3"}, "12189"},
		{[]string{"--fen", kiwipete, "--depth", "3", "--chess960"}, "97862"},
		{[]string{"--depth", "2", "--moves", "e2e4 d7d5 e4e5 f7f5"}, "707"},
		{[]string{"--variant", "glinski", "--depth", "3"}, "137858"},
		{[]string{"--fen", glinskiStartFEN, "--depth", "3", "--threads", "2"}, "137858"},
		{[]string{"--variant", "glinski", "--depth", "2", "--moves", "f5f6 f7f6"}, ""},
	} {
		for _, protocol := range []string{"uci", "perftree"} {
			engine := sakkCommand()
			if protocol == "perftree" {
				engine = sakkCommand("perft", "--perftree")
			}
			args := append([]string{"perft", "--against", engine, "--protocol", protocol}, c.args...)
			code, out, errOut := runSakk(args...)
			if c.want == "" { // an illegal --moves
				assert.Equal(t, exitUsage, code, "%v\n%s", c.args, out)
				assert.Contains(t, errOut, `--moves: move "f7f6" is not legal`)
				continue
			}
			assert.Equal(t, exitOK, code, "%v\n%s%s", c.args, out, errOut)
			assert.Contains(t, out, fmt.Sprintf("No difference: both count %s nodes at depth ", c.want), c.args)
		}
	}
}

func TestPerftAgainstStockfish(t *testing.T) {
	stockfish := ""
	for _, name := range []string{"stockfish", "/usr/games/stockfish"} {
		if path, err := exec.LookPath(name); err == nil {
			stockfish = path
			break
		}
	}
	if stockfish == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("stockfish is not installed (apt-get install stockfish)")
		}
		t.Skip("stockfish is not installed")
	}
	code, out, errOut := runSakk("perft", "--against", stockfish, "--fen", kiwipete, "--depth", "3")
	assert.Equal(t, exitOK, code, errOut)
	assert.Equal(t, "depth 3: sakk 97862 nodes in 48 moves, engine 97862 in 48\nNo difference: both count 97862 nodes at depth 3.\n", out)

	// An unreachable position (White in check, Black's last move a double
	// step): Stockfish offers en passant, which does not answer the check.
	const epUnrelatedCheck = "rnbqk1nr/bb3p1p/1q2r3/2pPp3/3P4/7P/1PP1NpPP/R1BQKBNR w KQkq c6"
	code, out, _ = runSakk("perft", "--against", stockfish, "--fen", epUnrelatedCheck, "--depth", "2")
	assert.Equal(t, exitFailure, code, out)
	assert.Contains(t, out, "\nExtra in the engine (not legal): d5c6\n")
}

// buggyPerftree writes a perftree script that answers like sakk but leaves
// out every root move line matching pattern, and the total with it.
func buggyPerftree(t *testing.T, pattern string) string {
	t.Helper()
	script := t.TempDir() + "/buggy"
	body := fmt.Sprintf(`#!/bin/sh
%s perft --perftree "$@" | awk '/^%s / { next } NF == 2 { n += $2; print; next } NF == 0 { print; next } { print n }'
`, sakkCommand(), pattern)
	require.NoError(t, os.WriteFile(script, []byte(body), 0o755))
	return script
}

func TestPerftAgainstFindsAMissingMove(t *testing.T) {
	if _, err := exec.LookPath("awk"); err != nil {
		t.Skip("no awk")
	}
	code, out, errOut := runSakk("perft", "--against", buggyPerftree(t, "e1g1"), "--protocol", "perftree",
		"--fen", kiwipete, "--depth", "3", "--moves", "a2a3 b4c3")
	assert.Equal(t, exitFailure, code, errOut)
	assert.Contains(t, out, "\nDifference at depth 3.\nMoves: a2a3 b4c3\nFEN:   r3k2r/p1ppqpb1/bn2pnp1/3PN3/4P3/P1p2Q1p/1PPBBPPP/R3K2R w KQkq - 0 2\n"+
		"Missing in the engine (legal): e1g1\nExtra in the engine (not legal): none\n", out)
}

func TestPerftreeAnswers(t *testing.T) {
	code, out, errOut := runSakk("perft", "--perftree", "2", kiwipete, "")
	require.Equal(t, exitOK, code, errOut)
	got := lines(out)
	require.Len(t, got, 48+2)
	assert.Equal(t, "a1b1 43", got[0])
	assert.Equal(t, "", got[48])
	assert.Equal(t, "2039", got[49])

	// Moves in either castling spelling and promotion case.
	code, out, errOut = runSakk("perft", "--perftree", "1", kiwipete, "e1h1 e8C8")
	require.Equal(t, exitOK, code, errOut)
	assert.True(t, strings.HasSuffix(out, "\n\n48\n"), out)
	assert.Contains(t, out, "\ng1h1 1\n", "the king stands on g1")

	code, out, errOut = runSakk("perft", "--perftree", "2", glinskiStartFEN, "f5f6")
	require.Equal(t, exitOK, code, errOut)
	assert.Contains(t, out, "\nf10b2 49\n", "Glinski cells with two-digit ranks")
	assert.True(t, strings.HasSuffix(out, "\n\n2488\n"), out)
}

func TestPerftAgainstBadArgumentsExit2(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--against", "stockfish"}, "--depth is required"},
		{[]string{"--against", " ", "--depth", "2"}, "--against needs a command"},
		{[]string{"--against", "x", "--depth", "2", "--protocol", "xboard"}, `--protocol must be uci or perftree, not "xboard"`},
		{[]string{"--against", "x", "--depth", "2", "--timeout", "0s"}, "--timeout must be positive"},
		{[]string{"--against", "x", "--depth", "2", "--timeout", "soon"}, `--timeout: "soon" is not a duration`},
		{[]string{"--against", "x", "--depth", "2", "--divide"}, "--divide cannot be used with --against"},
		{[]string{"--against", "x", "--suite", testdata + "glinski.epd"}, "--suite cannot be used with --against"},
		{[]string{"--depth", "2", "--protocol", "uci"}, "--protocol only applies to --against"},
		{[]string{"--depth", "2", "--timeout", "5s"}, "--timeout only applies to --against"},
		{[]string{"--against", "/nonexistent/engine", "--depth", "2"}, "cannot start /nonexistent/engine"},
		{[]string{"--against", "/nonexistent/engine", "--protocol", "perftree", "--depth", "2"}, "cannot start /nonexistent/engine"},
		{[]string{"--against", `"unterminated`, "--depth", "2"}, "unterminated quote"},
		{[]string{"--against", "cat", "--depth", "2", "--timeout", "300ms"}, `cat did not answer "uci" within 300ms`},
		{[]string{"--against", "true", "--depth", "2"}, "true exited"},
		{[]string{"--against", "cat", "--depth", "2", "--moves", "e2e5"}, `--moves: move "e2e5" is not legal`},
		{[]string{"--depth", "2", "--moves", "e2e4 e2e4"}, `--moves: move "e2e4" is not legal`},
		{[]string{"--perftree"}, "--perftree takes DEPTH FEN [MOVES], not 0 arguments"},
		{[]string{"--perftree", "0", kiwipete}, `depth must be 1..20, not "0"`},
		{[]string{"--perftree", "2", "bad fen"}, "bad FEN"},
		{[]string{"--perftree", "2", kiwipete, "e2e4"}, `move "e2e4" is not legal`},
		{[]string{"--perftree", "--depth", "2", "2", kiwipete}, "--depth cannot be used with --perftree"},
		{[]string{"--perftree", "2", kiwipete, "", "extra"}, "not 4 arguments"},
	} {
		code, out, errOut := runSakk(append([]string{"perft"}, c.args...)...)
		assert.Equal(t, exitUsage, code, c.args)
		assert.Empty(t, out, c.args)
		assert.Contains(t, errOut, c.want, c.args)
	}
}

func TestPerftMovesBeforeCounting(t *testing.T) {
	code, out, errOut := runSakk("perft", "--depth", "1", "--moves", "e2e4 d7d5 e4e5 f7f5", "--divide")
	require.Equal(t, exitOK, code, errOut)
	assert.Contains(t, out, "\ne5f6: 1\n", "en passant after the moves")
	assert.Contains(t, out, "Nodes searched: 31\n")
}
