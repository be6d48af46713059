package book

import (
	"bytes"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sakk-chess/sakk/engine/variant"
	"github.com/sakk-chess/sakk/game"
)

// findPolyglot returns Debian's polyglot. CI installs it, so there its
// absence fails the test; elsewhere the test is skipped.
func findPolyglot(t *testing.T) string {
	for _, p := range []string{"polyglot", "/usr/games/polyglot"} {
		if path, err := exec.LookPath(p); err == nil {
			return path
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("polyglot is not installed (CI must have it: apt-get install polyglot)")
	}
	t.Skip("polyglot is not installed")
	return ""
}

// MakePolyglotBook builds a PolyGlot book from testdata/openings.pgn with
// Debian's polyglot and returns its path.
func makePolyglotBook(t *testing.T) string { return makeBookFrom(t, "openings.pgn") }

// makeBookFrom builds a PolyGlot book from testdata/name with Debian's
// polyglot and returns its path.
func makeBookFrom(t *testing.T, name string) string {
	polyglot := findPolyglot(t)
	bin := filepath.Join(t.TempDir(), "openings.bin")
	pgnPath, err := filepath.Abs(filepath.Join("testdata", name))
	require.NoError(t, err)
	cmd := exec.Command(polyglot, "make-book", "-pgn", pgnPath, "-bin", bin, "-min-game", "1")
	cmd.Dir = t.TempDir()
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "polyglot make-book: %s", out)
	return bin
}

func play(t *testing.T, v game.Variant, moves ...string) game.Position {
	pos, err := variant.New(v)
	require.NoError(t, err)
	for _, s := range moves {
		m, err := pos.ParseMove(s)
		require.NoError(t, err, s)
		pos.Make(m)
	}
	return pos
}

func choiceMap(pos game.Position, choices []Choice) map[string]uint32 {
	out := map[string]uint32{}
	for _, c := range choices {
		out[pos.MoveString(c.Move)] = c.Weight
	}
	return out
}

// A book that polyglot make-book builds gives exactly the moves the games
// played, with weights that follow the results (PolyGlot: 2 per win and 1
// per draw of the side that moved), castling included.
func TestPolyglotBookFromMakeBook(t *testing.T) {
	b, err := Open(makePolyglotBook(t))
	require.NoError(t, err)
	assert.Equal(t, game.Chess, b.Variant())

	start := play(t, game.Chess)
	got := choiceMap(start, b.Choices(start))
	require.Equal(t, []string{"d2d4", "e2e4"}, sortedKeys(got))
	assert.Greater(t, got["e2e4"], got["d2d4"], "e4 scored 3.5/5, d4 1.5/3")

	// 1...c5 lost both its games: make-book gives it weight 0 and leaves it out.
	afterE4 := play(t, game.Chess, "e2e4")
	assert.Equal(t, []string{"e7e5"}, sortedKeys(choiceMap(afterE4, b.Choices(afterE4))))

	// Castling comes back as sakk's own move (written e1g1 outside Chess960).
	ruyLopez := play(t, game.Chess, "e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6")
	assert.Equal(t, []string{"e1g1"}, sortedKeys(choiceMap(ruyLopez, b.Choices(ruyLopez))))

	// Out of the book, and a Glinski position, give nothing.
	assert.Empty(t, b.Choices(play(t, game.Chess, "a2a3")))
	assert.Empty(t, b.Choices(play(t, game.Glinski)))
}

// PolyGlot keys count the en passant file when a pawn of the side to move
// stands beside the pawn that moved two squares, legal capture or not:
// the book polyglot builds finds the moves played after such a double
// push, with a pinned pawn and with two pawns beside it.
func TestPolyglotEnPassantKeysMatchMakeBook(t *testing.T) {
	b, err := Open(makeBookFrom(t, "enpassant.pgn"))
	require.NoError(t, err)
	pinned := play(t, game.Chess, "d2d4", "e7e5", "d4e5", "d7d5", "g1f3", "d5d4", "b1d2", "d4d3", "e2d3", "d8e7", "a2a3", "f7f5")
	assert.Equal(t, map[string]uint32{"b2b3": 1}, choiceMap(pinned, b.Choices(pinned)))
	twoBeside := play(t, game.Chess, "e2e4", "a7a6", "e4e5", "a6a5", "g2g4", "a5a4", "g4g5", "f7f5")
	assert.Equal(t, map[string]uint32{"h2h3": 1}, choiceMap(twoBeside, b.Choices(twoBeside)))
}

func sortedKeys(m map[string]uint32) []string {
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	for i := range keys {
		for j := i + 1; j < len(keys); j++ {
			if keys[j] < keys[i] {
				keys[i], keys[j] = keys[j], keys[i]
			}
		}
	}
	return keys
}

// Pick chooses in proportion to the weights.
func TestPickFollowsTheWeights(t *testing.T) {
	pos := play(t, game.Glinski)
	b := NewBuilder(game.Glinski)
	b.Add(pos, "f5f6", 30)
	b.Add(pos, "e4e5", 10)
	b.Add(pos, "d3d4", 0) // never chosen
	var text bytes.Buffer
	n, err := b.Write(&text, 1, "test book")
	require.NoError(t, err)
	assert.Equal(t, 1, n)
	book, err := ReadText(&text)
	require.NoError(t, err)
	rng := rand.New(rand.NewPCG(1, 2))
	counts := map[string]int{}
	const tries = 4000
	for range tries {
		m, ok := Pick(book, pos, rng)
		require.True(t, ok)
		counts[pos.MoveString(m)]++
	}
	assert.Len(t, counts, 2)
	assert.InDelta(t, 0.75, float64(counts["f5f6"])/tries, 0.03)
	_, ok := Pick(book, play(t, game.Glinski, "f5f6"), rng)
	assert.False(t, ok, "a position out of the book")
}

// A text book written by Builder reads back with the same moves, and the
// reader refuses broken lines.
func TestTextBookRoundTrip(t *testing.T) {
	b := NewBuilder(game.Chess)
	start := play(t, game.Chess)
	b.Add(start, "e2e4", 4)
	b.Add(start, "e2e4", 2)
	b.Add(start, "d2d4", 1)
	afterE4 := play(t, game.Chess, "e2e4")
	b.Add(afterE4, "c7c5", 2) // one game only: dropped with minGames 2
	var text bytes.Buffer
	n, err := b.Write(&text, 2, "two\nlines")
	require.NoError(t, err)
	assert.Equal(t, 1, n)
	assert.Contains(t, text.String(), "# two\n# lines\n")
	assert.Contains(t, text.String(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ; e2e4 6 d2d4 1\n")
	book, err := ReadText(strings.NewReader(text.String()))
	require.NoError(t, err)
	assert.Equal(t, map[string]uint32{"e2e4": 6, "d2d4": 1}, choiceMap(start, book.Choices(start)))
	assert.Empty(t, book.Choices(afterE4))

	for _, bad := range []string{
		"",
		"sakk-book 2\nvariant chess\n",
		"sakk-book 1\nvariant xiangqi\n",
		"sakk-book 1\nvariant chess\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ; e2e4\n",
		"sakk-book 1\nvariant chess\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ; e2e4 0\n",
		"sakk-book 1\nvariant chess\nnot a fen ; e2e4 1\n",
	} {
		_, err := ReadText(strings.NewReader(bad))
		assert.Error(t, err, bad)
	}
}

func TestOpenTellsTheFormats(t *testing.T) {
	dir := t.TempDir()
	odd := filepath.Join(dir, "odd.bin")
	require.NoError(t, os.WriteFile(odd, []byte("not a book at all"), 0o644))
	_, err := Open(odd)
	assert.ErrorContains(t, err, "neither a PolyGlot book")
	_, err = Open(filepath.Join(dir, "missing.bin"))
	assert.Error(t, err)
}

// Every move of the built-in Glinski book is legal where it stands, and
// the start position is in it.
func TestBuiltinGlinskiBook(t *testing.T) {
	b := Glinski()
	require.Equal(t, game.Glinski, b.Variant())
	text := b.(*Text)
	assert.GreaterOrEqual(t, text.Len(), 50)
	for key, moves := range text.positions {
		pos, err := variant.FromFEN(game.Glinski, key+" 0 1")
		require.NoError(t, err, key)
		assert.Len(t, b.Choices(pos), len(moves), "a book move is not legal in %s", key)
	}
	assert.GreaterOrEqual(t, len(b.Choices(play(t, game.Glinski))), 3, "the start position")
}
