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

func FuzzRead(f *testing.F) {
	f.Add("[Event \"x\"]\n1. e4 {c} (1. d4) e5 1-0\n")
	f.Fuzz(func(t *testing.T, text string) {
		_, _ = Read(strings.NewReader(text))
	})
}
