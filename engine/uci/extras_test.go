package uci

import (
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sakk-chess/sakk/game"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// wdlOf returns the three wdl numbers of an info line (nil without).
func wdlOf(t *testing.T, line string) []int {
	fields := strings.Fields(line)
	for i, f := range fields {
		if f == "wdl" {
			require.Greater(t, len(fields), i+3, line)
			var out []int
			for _, v := range fields[i+1 : i+4] {
				n, err := strconv.Atoi(v)
				require.NoError(t, err, line)
				out = append(out, n)
			}
			return out
		}
	}
	return nil
}

// UCI_ShowWDL adds "wdl W D L" (permille, summing to 1000) to every info
// line with a score, in both games, and nothing when it is off.
func TestShowWDL(t *testing.T) {
	s := startSession(t, Config{})
	s.send("uci")
	decl := s.untilLine("uciok")
	assert.Contains(t, decl, "option name UCI_ShowWDL type check default false")
	assert.Contains(t, decl, "option name UCI_LimitStrength type check default false")
	assert.Contains(t, decl, "option name UCI_Elo type spin default 1357 min 1120 max 1824")
	for _, c := range []struct{ variant, position string }{
		{"chess", "position startpos moves e2e4"},
		{"chess", "position fen 4k3/8/8/8/8/8/8/R3K3 w - - 0 1"}, // a rook up: mostly wins
		{"glinski", "position startpos moves f5f6"},
	} {
		s.send("setoption name UCI_Variant value "+c.variant, c.position)
		s.send("setoption name UCI_ShowWDL value false", "go depth 4")
		_, lines := s.bestmove()
		for _, l := range lines {
			assert.Nil(t, wdlOf(t, l), "wdl while off: %s", l)
		}
		s.send("setoption name UCI_ShowWDL value true", "go depth 4")
		_, lines = s.bestmove()
		scored := 0
		for _, l := range lines {
			if !strings.Contains(l, " score ") {
				continue
			}
			scored++
			w := wdlOf(t, l)
			require.NotNil(t, w, "no wdl: %s", l)
			assert.Equal(t, 1000, w[0]+w[1]+w[2], l)
			if strings.Contains(c.position, "R3K3") {
				assert.Greater(t, w[0], 700, "a rook up: %s", l)
			}
		}
		assert.NotZero(t, scored, c.position)
	}
	// A mated side to move: no search, mate 0 and a certain loss.
	s.send("setoption name UCI_Variant value chess", "position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", "go depth 1")
	_, lines := s.bestmove()
	require.NotEmpty(t, lines)
	assert.Equal(t, []int{0, 0, 1000}, wdlOf(t, lines[len(lines)-1]))
}

// makeBook builds a PolyGlot book with Debian's polyglot from the games of
// ../book/testdata/openings.pgn (1.e4 scored 3.5/5, 1.d4 1.5/3).
func makeBook(t *testing.T) string {
	polyglot := findPolyglot(t)
	pgnPath, err := filepath.Abs("../book/testdata/openings.pgn")
	require.NoError(t, err)
	bin := filepath.Join(t.TempDir(), "openings.bin")
	cmd := exec.Command(polyglot, "make-book", "-pgn", pgnPath, "-bin", bin, "-min-game", "1")
	cmd.Dir = t.TempDir()
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "polyglot make-book: %s", out)
	return bin
}

// OwnBook with a PolyGlot BookFile plays book moves at once (weighted,
// with a PV that starts with the move), stops after BookDepth moves and
// out of the book, and the built-in Glinski book plays in Glinski.
func TestOwnBook(t *testing.T) {
	bin := makeBook(t)
	s := startSession(t, Config{})
	s.send("uci")
	decl := strings.Join(s.untilLine("uciok"), "\n")
	for _, want := range []string{
		"option name OwnBook type check default false",
		"option name BookFile type string default <empty>",
		"option name BookDepth type spin default 20 min 1 max 200",
	} {
		assert.Contains(t, decl, want)
	}
	s.send("setoption name BookFile value /nonexistent/book.bin")
	assert.Len(t, errorsIn(s.sync()), 1)

	// Off by default: a search.
	s.send("setoption name BookFile value "+bin, "position startpos", "go depth 2")
	_, lines := s.bestmove()
	assert.NotContains(t, strings.Join(lines, "\n"), "book move")

	s.send("setoption name OwnBook value true")
	counts := map[string]int{}
	for range 40 {
		s.send("position startpos", "go wtime 600000 btime 600000")
		start := time.Now()
		best, lines := s.bestmove()
		assert.Less(t, time.Since(start), 2*time.Second, "a book move is instant")
		fields := strings.Fields(best)
		require.Len(t, fields, 4, best)
		counts[fields[1]]++
		require.Len(t, lines, 2, "book move lines: %v", lines)
		assert.True(t, strings.HasPrefix(lines[0], "info string book move "+fields[1]), lines[0])
		pv, _ := pvOf(lines[1])
		assert.Equal(t, []string{fields[1], fields[3]}, pv, "PV = bestmove, ponder")
		assert.Contains(t, lines[1], " multipv 1 score cp 0 ", "a score, or fastchess warns")
	}
	s.send("setoption name UCI_ShowWDL value true", "position startpos", "go wtime 600000 btime 600000")
	_, lines = s.bestmove()
	require.Len(t, lines, 2, "book move lines: %v", lines)
	assert.Regexp(t, ` score cp 0 wdl \d+ \d+ \d+ nodes 0 `, lines[1], "with its WDL like every scored line")
	s.send("setoption name UCI_ShowWDL value false")
	assert.Equal(t, []string{"d2d4", "e2e4"}, sortedKeys(counts), "both book moves come up: %v", counts)
	assert.Greater(t, counts["e2e4"], counts["d2d4"], "weights 7 : 3")

	// Within the book but beyond BookDepth: a search.
	s.send("setoption name BookDepth value 1", "position startpos moves e2e4 e7e5", "go depth 2")
	_, lines = s.bestmove()
	assert.NotContains(t, strings.Join(lines, "\n"), "book move")
	s.send("setoption name BookDepth value 20", "position startpos moves e2e4", "go depth 2")
	best, _ := s.bestmove()
	assert.Equal(t, "bestmove e7e5 ponder g1f3", best)
	// Out of the book: a search. Analysis never uses the book.
	s.send("position startpos moves a2a3", "go depth 2")
	_, lines = s.bestmove()
	assert.NotContains(t, strings.Join(lines, "\n"), "book move")
	s.send("position startpos", "go infinite")
	s.sync()
	s.send("stop")
	_, lines = s.bestmove()
	assert.NotContains(t, strings.Join(lines, "\n"), "book move")

	// The chess book is not used in Glinski: the built-in one is, unless
	// BookFile names a book (of the other game here).
	s.send("setoption name BookFile value <empty>", "setoption name UCI_Variant value glinski", "position startpos", "go depth 2")
	_, lines = s.bestmove()
	assert.Contains(t, strings.Join(lines, "\n"), "info string book move")
	s.send("setoption name BookFile value "+bin, "position startpos", "go depth 2")
	_, lines = s.bestmove()
	assert.NotContains(t, strings.Join(lines, "\n"), "book move")
}

func sortedKeys(m map[string]int) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// UCI_LimitStrength with a low UCI_Elo plays varied moves within a small
// node budget, in both games; switched off, the choice is the search's.
func TestLimitStrengthOptions(t *testing.T) {
	s := startSession(t, Config{})
	for _, v := range []string{"chess", "glinski"} {
		s.send("setoption name UCI_Variant value "+v, "setoption name UCI_LimitStrength value true", "setoption name UCI_Elo value 1120")
		moves := map[string]int{}
		for range 30 {
			s.send("position startpos", "go depth 20")
			best, lines := s.bestmove()
			moves[strings.Fields(best)[1]]++
			require.NotEmpty(t, lines)
			// Its MultiPV lines are internal: only line 1 is shown, and the
			// last line starts with the move played.
			pv, mpv := pvOf(lines[len(lines)-1])
			require.NotEmpty(t, pv, lines[len(lines)-1])
			assert.Equal(t, "1", mpv)
			assert.Equal(t, strings.Fields(best)[1], pv[0])
			for _, l := range lines {
				assert.NotContains(t, l, "multipv 2")
				if n := fieldAfter(l, "nodes"); n != "" {
					nodes, err := strconv.Atoi(n)
					require.NoError(t, err)
					assert.Less(t, nodes, 2000, "lowest Elo budget: %s", l)
				}
			}
		}
		assert.GreaterOrEqual(t, len(moves), 3, "%s: %v", v, moves)
		s.send("setoption name UCI_LimitStrength value false")
		s.sync()
	}
	s.send("setoption name UCI_Elo value 1119")
	assert.Len(t, errorsIn(s.sync()), 1)
}

func fieldAfter(line, key string) string {
	fields := strings.Fields(line)
	for i := 0; i+1 < len(fields); i++ {
		if fields[i] == key {
			return fields[i+1]
		}
	}
	return ""
}

// The book and the strength limit keep the rules every go follows: after a
// refused position a go answers an error and bestmove 0000 (no book move,
// no weakened search of the old position), and a clock at 0 or below means
// move now.
func TestBookAndStrengthLimitKeepGoRules(t *testing.T) {
	s := startSession(t, Config{})
	s.send("setoption name UCI_Variant value glinski", "setoption name OwnBook value true", "position startpos", "go wtime 0 btime 0")
	best, lines := s.bestmove()
	require.Contains(t, strings.Join(lines, "\n"), "info string book move", "the built-in book answers at the start")
	legalIn(t, game.Glinski, "", nil, best)

	for _, limited := range []string{"false", "true"} {
		s.send("setoption name UCI_LimitStrength value "+limited, "position startpos moves j1j2")
		require.Len(t, errorsIn(s.sync()), 1, "a move of no cell")
		for _, g := range []string{"go wtime 600000 btime 600000", "go depth 3", "go wtime 0 btime 0"} {
			s.send(g)
			best, lines := s.bestmove()
			assert.Equal(t, "bestmove 0000", best, "%s (strength limit %s)", g, limited)
			assert.NotContains(t, strings.Join(lines, "\n"), "book move", g)
			require.Len(t, errorsIn(lines), 1, g)
			assert.Contains(t, errorsIn(lines)[0], "no valid position", g)
		}
	}

	// Out of the book, limited in strength, with no time left: a move at once.
	s.send("setoption name OwnBook value false", "setoption name UCI_Variant value chess")
	for _, g := range []string{"go wtime 0 btime 0", "go wtime 1000 btime -5", "go movetime 0"} {
		s.send("position startpos moves e2e4")
		s.sync()
		s.send(g)
		got := s.untilWithin(moveNowLimit, "bestmove for "+g, func(l string) bool { return strings.HasPrefix(l, "bestmove ") })
		assert.Empty(t, errorsIn(got), g)
		legalIn(t, game.Chess, "", []string{"e2e4"}, got[len(got)-1])
		assert.Zero(t, count(s.sync(), "bestmove"), "a second bestmove for %s", g)
	}
}
