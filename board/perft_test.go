package board

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

// perftCase is one EPD line: a position and its expected counts by depth.
type perftCase struct {
	name   string
	fen    string
	counts map[int]uint64
}

// perftDataDir holds the perft suites (perft/testdata, README there names
// their sources); tests run in board/.
var perftDataDir = filepath.Join("..", "perft", "testdata")

// loadPerftFile reads a perft EPD file; a missing file fails the test.
func loadPerftFile(t testing.TB, name string) []perftCase {
	path := filepath.Join(perftDataDir, name)
	f, err := os.Open(path)
	require.NoError(t, err, "perft suite missing")
	defer f.Close()
	var cases []perftCase
	scanner := bufio.NewScanner(f)
	for line := 1; scanner.Scan(); line++ {
		text := strings.TrimSpace(scanner.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		parts := strings.Split(text, ";")
		c := perftCase{name: name + ":" + strconv.Itoa(line), fen: strings.TrimSpace(parts[0]), counts: map[int]uint64{}}
		for _, part := range parts[1:] {
			fields := strings.Fields(part)
			if len(fields) != 2 {
				continue
			}
			if fields[0] == "id" {
				c.name += " " + fields[1]
				continue
			}
			depth, errD := strconv.Atoi(strings.TrimPrefix(fields[0], "D"))
			count, errC := strconv.ParseUint(fields[1], 10, 64)
			require.NoError(t, errD, "%s: %q", c.name, part)
			require.NoError(t, errC, "%s: %q", c.name, part)
			c.counts[depth] = count
		}
		require.NotEmpty(t, c.counts, c.name)
		cases = append(cases, c)
	}
	require.NoError(t, scanner.Err())
	require.NotEmpty(t, cases, path)
	return cases
}

// runPerftFile checks every position at every depth accepted by keep.
func runPerftFile(t *testing.T, file string, chess960 bool, keep func(depth int, count uint64) bool) {
	t.Parallel()
	checked := 0
	for _, c := range loadPerftFile(t, file) {
		p, err := FromFEN(c.fen)
		require.NoError(t, err, c.name)
		p.SetChess960(chess960)
		for depth := 1; depth <= 9; depth++ {
			want, ok := c.counts[depth]
			if !ok || !keep(depth, want) {
				continue
			}
			assert.Equal(t, want, p.Perft(depth), "%s depth %d: %s", c.name, depth, c.fen)
			checked++
		}
	}
	require.NotZero(t, checked)
}

func upToMillion(_ int, count uint64) bool { return count <= 1_000_000 }

func TestPerftStandard(t *testing.T) {
	runPerftFile(t, "chess-standard.epd", false, upToMillion)
}

func TestPerftTricky(t *testing.T) { runPerftFile(t, "chess-tricky.epd", false, upToMillion) }

func TestPerftCPW(t *testing.T) { runPerftFile(t, "chess-cpw.epd", false, upToMillion) }

func TestPerftChess960(t *testing.T) {
	runPerftFile(t, "chess960-fischer.epd", true, func(depth int, _ uint64) bool { return depth <= 3 })
}

// TestPerftSlow runs every depth of every file: SAKK_SLOW=1 only (hours).
func TestPerftSlow(t *testing.T) {
	if os.Getenv("SAKK_SLOW") != "1" {
		t.Skip("set SAKK_SLOW=1 for the full perft suites")
	}
	all := func(int, uint64) bool { return true }
	t.Run("standard", func(t *testing.T) { runPerftFile(t, "chess-standard.epd", false, all) })
	t.Run("tricky", func(t *testing.T) { runPerftFile(t, "chess-tricky.epd", false, all) })
	t.Run("cpw", func(t *testing.T) { runPerftFile(t, "chess-cpw.epd", false, all) })
	t.Run("fischer", func(t *testing.T) { runPerftFile(t, "chess960-fischer.epd", true, all) })
}
