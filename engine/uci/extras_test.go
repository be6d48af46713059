package uci

import (
	"strconv"
	"strings"
	"testing"

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
