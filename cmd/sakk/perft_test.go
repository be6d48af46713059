package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const (
	testdata        = "../../perft/testdata/"
	kiwipete        = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	glinskiStartFEN = "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - 0 1"
)

func lines(s string) []string { return strings.Split(strings.TrimRight(s, "\n"), "\n") }

func TestPerftDivideStartposDepth2(t *testing.T) {
	code, out, errOut := runSakk("perft", "--depth", "2", "--divide")
	require.Equal(t, exitOK, code, errOut)
	got := lines(out)
	require.Len(t, got, 20+3, out)
	rootLine := regexp.MustCompile(`^[a-h][1-8][a-h][1-8]: 20$`)
	for _, line := range got[:20] {
		assert.Regexp(t, rootLine, line)
	}
	assert.Equal(t, "a2a3: 20", got[0], "root moves are sorted")
	assert.Equal(t, "", got[20])
	assert.Equal(t, "Nodes searched: 400", got[21])
	assert.Regexp(t, `^Time: [0-9.]+(µs|ms|s), \d+ nodes/s$`, got[22])
}

func TestPerftCounts(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--depth", "3"}, "8902"},
		{[]string{"--fen", kiwipete, "--depth", "3"}, "97862"},
		{[]string{"--depth", "4", "--threads", "2", "--hash", "1"}, "197281"},
		{[]string{"--depth", "4", "--threads=3"}, "197281"},
		{[]string{"--depth", "4", "--hash=2"}, "197281"},
		{[]string{"--variant", "glinski", "--depth", "3"}, "137858"},
		{[]string{"--variant", "GLINSKI", "--depth", "3", "--threads", "2", "--hash", "1"}, "137858"},
		{[]string{"--fen", glinskiStartFEN, "--depth", "2"}, "2586"}, // variant guessed from the FEN
		{[]string{"--fen", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", "--depth", "3"}, "12189"},
		{[]string{"--fen", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", "--depth", "3", "--chess960"}, "12189"},
	} {
		code, out, errOut := runSakk(append([]string{"perft"}, c.args...)...)
		assert.Equal(t, exitOK, code, "%v: %s", c.args, errOut)
		assert.Contains(t, out, "Nodes searched: "+c.want+"\n", c.args)
	}
}

func TestPerftDivideWritesChess960CastlingWhenNeeded(t *testing.T) {
	const rooksOffCorners = "4k3/8/8/8/8/8/8/1R2K1R1 w GB - 0 1"
	code, out, _ := runSakk("perft", "--fen", rooksOffCorners, "--depth", "1", "--divide")
	assert.Equal(t, exitOK, code)
	assert.Contains(t, out, "\ne1b1: 1\n", "queenside castling as king takes rook")
	assert.NotContains(t, out, "e1c1")

	code, out, _ = runSakk("perft", "--fen", kiwipete, "--depth", "1", "--divide")
	assert.Equal(t, exitOK, code)
	assert.Contains(t, out, "\ne1g1: 1\n", "standard castling stays king-two-squares")
	code, out, _ = runSakk("perft", "--fen", kiwipete, "--depth", "1", "--divide", "--chess960")
	assert.Equal(t, exitOK, code)
	assert.Contains(t, out, "\ne1h1: 1\n", "--chess960 asks for king takes rook")
}

func TestPerftBadArgumentsExit2(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "--depth", "2"}, "bad FEN"},
		{[]string{"--fen", "not a fen", "--depth", "2"}, "bad FEN"},
		{[]string{"--variant", "glinski", "--fen", kiwipete, "--depth", "2"}, "bad FEN"},
		{[]string{}, "--depth is required"},
		{[]string{"--depth", "0"}, "--depth must be 1..20, not 0"},
		{[]string{"--depth", "21"}, "--depth must be 1..20, not 21"},
		{[]string{"--depth", "two"}, `--depth: "two" is not an integer`},
		{[]string{"--depth", "2", "--threads", "0"}, "--threads must be 1..256"},
		{[]string{"--depth", "2", "--hash", "-1"}, "--hash must be 0..65536"},
		{[]string{"--depth", "2", "--variant", "shogi"}, `unknown variant "shogi"`},
		{[]string{"--depth", "2", "--variant", "glinski", "--chess960"}, "--chess960 only applies to chess"},
		{[]string{"--depth", "2", "--max-nodes", "9"}, "--max-nodes only applies to --suite"},
		{[]string{"--depth", "2", "--bogus"}, "unknown option --bogus"},
		{[]string{"--depth", "2", "e2e4"}, `unexpected argument "e2e4"`},
		{[]string{"--suite", testdata + "wrong-count.epd", "--depth", "2"}, "--depth cannot be used with --suite"},
		{[]string{"--suite", testdata + "missing.epd"}, "cannot read suite"},
		{[]string{"--suite", testdata + "bad-syntax.epd"}, `bad-syntax.epd: line 3: field "D2 19x": count "19x"`},
		{[]string{"--suite", testdata + "bad-fen.epd"}, "bad-fen.epd: line 2: bad position"},
	} {
		code, out, errOut := runSakk(append([]string{"perft"}, c.args...)...)
		assert.Equal(t, exitUsage, code, c.args)
		assert.Empty(t, out, c.args)
		assert.Contains(t, errOut, c.want, c.args)
	}
}

func TestPerftHelp(t *testing.T) {
	code, out, _ := runSakk("perft", "--help")
	assert.Equal(t, exitOK, code)
	for _, option := range []string{"--variant", "--fen", "--depth", "--divide", "--threads", "--hash", "--chess960", "--suite", "--max-depth", "--max-nodes",
		"--moves", "--against", "--protocol", "--timeout", "--perftree"} {
		assert.Contains(t, out, "  "+option+" ", "help documents %s", option)
	}
}

func TestPerftSuiteTricky(t *testing.T) {
	code, out, errOut := runSakk("perft", "--suite", testdata+"chess-tricky.epd", "--max-nodes", "20000")
	require.Equal(t, exitOK, code, errOut+out)
	got := lines(out)
	assert.Regexp(t, `^\d+ skipped`, got[len(got)-3])
	assert.Regexp(t, `^[1-9]\d* passed, 0 failed$`, got[len(got)-1])
	assert.NotContains(t, out, "FAIL")
	assert.Contains(t, out, "ok   xfen-00 (line 6) D2: 522 in ")
}

func TestPerftSuiteWrongCountFails(t *testing.T) {
	code, out, _ := runSakk("perft", "--suite", testdata+"wrong-count.epd", "--threads", "2")
	assert.Equal(t, exitFailure, code)
	assert.Contains(t, out, "FAIL startpos-wrong-d3 (line 2) D3: expected 8903, got 8902 in ")
	assert.True(t, strings.HasSuffix(out, "\n4 passed, 1 failed\n"), out)
}

func TestPerftSuiteVariantFromFileName(t *testing.T) {
	code, out, errOut := runSakk("perft", "--suite", testdata+"glinski.epd", "--max-depth", "2")
	require.Equal(t, exitOK, code, errOut+out)
	assert.Contains(t, out, "ok   startpos (line 1) D2: 2586 in ")
	assert.True(t, strings.HasSuffix(out, "\n20 passed, 0 failed\n"), out)
}

func TestPerftSuiteSkipsEntriesDeeperThan20(t *testing.T) {
	suite := filepath.Join(t.TempDir(), "deep.epd")
	require.NoError(t, os.WriteFile(suite, []byte("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D21 5\n"), 0o644))
	code, out, _ := runSakk("perft", "--suite", suite, "--max-depth", "30")
	assert.Equal(t, exitOK, code)
	assert.Contains(t, out, "1 skipped")
	assert.True(t, strings.HasSuffix(out, "\n1 passed, 0 failed\n"), out)
}

func TestPerftSuiteThatIsADirectoryExit2(t *testing.T) {
	code, _, errOut := runSakk("perft", "--suite", t.TempDir())
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "is a directory")
}

func TestPerftSuiteChess960(t *testing.T) {
	code, out, errOut := runSakk("perft", "--suite", testdata+"chess960-sample.epd", "--max-depth", "3", "--hash", "1")
	require.Equal(t, exitOK, code, errOut+out)
	assert.True(t, strings.HasSuffix(out, "\n12 passed, 0 failed\n"), out)
}
