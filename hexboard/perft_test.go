package hexboard

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// perftCase is one position of the Glinski perft suite.
type perftCase struct {
	id     string
	fen    string
	counts map[int]uint64 // depth -> leaf nodes
}

// perftSuitePath is the Glinski perft suite, kept with the other suites in
// perft/testdata (its README names the source); tests run in hexboard/.
var perftSuitePath = filepath.Join("..", "perft", "testdata", "glinski.epd")

func loadPerftSuite(t testing.TB) []perftCase {
	f, err := os.Open(perftSuitePath)
	require.NoError(t, err, "the Glinski perft suite is required")
	defer f.Close()
	var cases []perftCase
	scanner := bufio.NewScanner(f)
	for scanner.Scan() {
		line := strings.TrimSpace(scanner.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.Split(line, ";")
		c := perftCase{fen: strings.TrimSpace(parts[0]), counts: map[int]uint64{}}
		for _, part := range parts[1:] {
			part = strings.TrimSpace(part)
			switch {
			case strings.HasPrefix(part, "id "):
				c.id = strings.TrimSpace(part[3:])
			case strings.HasPrefix(part, "D"):
				fields := strings.Fields(part[1:])
				require.Len(t, fields, 2, "bad depth entry %q", part)
				depth, err := strconv.Atoi(fields[0])
				require.NoError(t, err)
				n, err := strconv.ParseUint(fields[1], 10, 64)
				require.NoError(t, err)
				c.counts[depth] = n
			}
		}
		cases = append(cases, c)
	}
	require.NoError(t, scanner.Err())
	require.NotEmpty(t, cases)
	return cases
}

const fastPerftLimit = 2_000_000

func runPerftSuite(t *testing.T, slow bool) {
	for _, c := range loadPerftSuite(t) {
		p, err := FromFEN(c.fen)
		require.NoError(t, err, c.id)
		for depth := 1; depth <= 10; depth++ {
			want, ok := c.counts[depth]
			if !ok || (want > fastPerftLimit) != slow {
				continue
			}
			assert.Equal(t, want, p.Perft(depth), "%s depth %d", c.id, depth)
		}
		assert.Equal(t, c.fen, p.FEN(), "perft must leave %s unchanged", c.id)
	}
}

func TestPerftSuite(t *testing.T) { runPerftSuite(t, false) }

func TestPerftSuiteSlow(t *testing.T) {
	if os.Getenv("SAKK_SLOW") != "1" {
		t.Skip("set SAKK_SLOW=1 for the deep perft counts")
	}
	runPerftSuite(t, true)
}
