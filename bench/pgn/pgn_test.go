package pgn

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestWriteThenRead(t *testing.T) {
	g := &Game{Result: "1-0", Comment: "White mates"}
	g.SetTag("Event", `sakk "match"`)
	g.SetTag("White", "a")
	g.SetTag("Result", "1-0")
	for _, san := range []string{"e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"} {
		g.Moves = append(g.Moves, Move{Text: san, Comment: "+0.10/5 0.01s"})
	}
	g.Moves[0].Comment = "book"

	var out bytes.Buffer
	require.NoError(t, Write(&out, g, 1, false))
	text := out.String()
	assert.Contains(t, text, `[Event "sakk \"match\""]`)
	assert.Contains(t, text, "1. e4 {book} e5 {+0.10/5 0.01s} 2. Qh5")
	assert.Regexp(t, `\{White mates\}\s1-0`, text)
	for _, line := range strings.Split(text, "\n") {
		assert.LessOrEqual(t, len(line), lineWidth)
	}

	games, err := Read(strings.NewReader(text + text))
	require.NoError(t, err)
	require.Len(t, games, 2)
	back := games[1]
	assert.Equal(t, `sakk "match"`, back.Tag("Event"))
	assert.Equal(t, "1-0", back.Result)
	require.Len(t, back.Moves, 7)
	assert.Equal(t, "Qxf7#", back.Moves[6].Text)
	assert.Equal(t, "book", back.Moves[0].Comment)
}

func TestWriteBlackFirst(t *testing.T) {
	g := &Game{Result: "*", Moves: []Move{{Text: "e5"}, {Text: "Nf3"}, {Text: "Nc6"}}}
	var out bytes.Buffer
	require.NoError(t, Write(&out, g, 12, true))
	assert.Equal(t, "\n12... e5 13. Nf3 Nc6 *\n\n", out.String())
}

func TestReadSkipsAnnotations(t *testing.T) {
	text := `% escape line
[Event "x"]
[FEN "8/8/8/8/8/8/8/K6k w - - 0 1"]

1.e4! e5?! $1 2. Nf3 (2. f4 exf4 (2... d5)) Nc6 ; rest of line
3.Bb5 {Ruy
Lopez} a6 1/2-1/2
[Event "y"]
1. d4 *
`
	games, err := Read(strings.NewReader(text))
	require.NoError(t, err)
	require.Len(t, games, 2)
	var moves []string
	for _, m := range games[0].Moves {
		moves = append(moves, m.Text)
	}
	assert.Equal(t, []string{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6"}, moves)
	assert.Equal(t, "Ruy Lopez", games[0].Moves[4].Comment)
	assert.Equal(t, "1/2-1/2", games[0].Result)
	assert.Equal(t, 2, games[0].Line)
	assert.Equal(t, "y", games[1].Tag("Event"))
	assert.Equal(t, 8, games[1].Line)
}

func TestReadRejectsBrokenText(t *testing.T) {
	for _, text := range []string{
		"1. e4 {never closed",
		"1. e4 (1. d4",
		"1. e4 ) e5",
		"[Event x]\n1. e4",
		"[Event \"x\"\n",
	} {
		_, err := Read(strings.NewReader(text))
		assert.Error(t, err, text)
	}
}

// writeAll writes games one after the other, as a PGN file holds them.
func writeAll(t *testing.T, games []Game) string {
	t.Helper()
	var out bytes.Buffer
	for i := range games {
		require.NoError(t, Write(&out, &games[i], 1, false))
	}
	return out.String()
}

// plainMoves says whether every move starts with a letter or a digit, as
// SAN, UCI and hex moves do: other tokens ('%...' or '[...' wrapped to the
// start of a line) would read back as an escape or a tag line.
func plainMoves(games []Game) bool {
	for _, g := range games {
		for _, m := range g.Moves {
			c := m.Text[0]
			if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9') {
				return false
			}
		}
	}
	return true
}

// FuzzRead: Read never panics, and what it reads survives a round trip:
// written with Write and read again, the games keep their tags, moves,
// results (none written as "*") and comment text (a game's comments may be
// merged: Write puts the closing comment after the last move's).
func FuzzRead(f *testing.F) {
	f.Add("[Event \"x\"]\n1. e4 {c} (1. d4) e5 1-0\n")
	f.Add("[Event \"a \\\"b\\\" \\\\\"]\n[Site \"?\"]\n\n1.e4 e5 2.Nf3 {two\nlines} Nc6 $1 3.Bb5!? 1/2-1/2\n[Event \"y\"]\n1... d5 *\n")
	f.Add("{intro} 1. d4 {a} {b} d5 ; rest\n% escape\n2. c4 0-1 {after}")
	f.Add("1.0-1 {0 0}") // a result glued to a move number (found by CI)
	f.Fuzz(func(t *testing.T, text string) {
		games, err := Read(strings.NewReader(text))
		if err != nil || !plainMoves(games) {
			return
		}
		written := writeAll(t, games)
		back, err := Read(strings.NewReader(written))
		require.NoError(t, err, "reading back:\n%s", written)
		require.Len(t, back, len(games), "games in:\n%s", written)
		for i, g := range games {
			b := back[i]
			assert.Equal(t, g.Tags, b.Tags, "game %d tags", i)
			want := g.Result
			if want == "" {
				want = "*"
			}
			assert.Equal(t, want, b.Result, "game %d result", i)
			require.Len(t, b.Moves, len(g.Moves), "game %d moves", i)
			for j := range g.Moves {
				assert.Equal(t, g.Moves[j].Text, b.Moves[j].Text, "game %d move %d", i, j)
			}
			assert.Equal(t, commentText(g), commentText(b), "game %d comments", i)
		}
	})
}

// commentText is all comment text of a game, in order, words separated by
// single spaces (a comment before the first move is written after the
// moves, as Write writes a game's closing comment).
func commentText(g Game) string {
	var words []string
	for _, m := range g.Moves {
		words = append(words, strings.Fields(m.Comment)...)
	}
	return strings.Join(append(words, strings.Fields(g.Comment)...), " ")
}
