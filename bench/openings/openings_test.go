package openings

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sakk-chess/sakk/game"
)

func TestLoadChessBook(t *testing.T) {
	book, err := Load("chess-8moves.epd", "", game.Chess, 0)
	require.NoError(t, err)
	assert.Len(t, book, 4958)
	assert.Equal(t, "rn2kb1r/pp3ppp/2p1pn2/3p3b/8/1P1P1NPP/PBPqPPB1/RN2K2R w KQkq - 0 1", book[0].FEN)
	assert.Equal(t, 1, book[0].Line)
}

func TestEPDFieldsAndOperations(t *testing.T) {
	text := `# comment
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4; id "start";

b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - 0 1
`
	book, err := Read(strings.NewReader(text), "epd", game.Chess, 0)
	assert.Error(t, err, "a Glinski line is no chess position")
	assert.Contains(t, err.Error(), "line 5")
	assert.Nil(t, book)

	book, err = Read(strings.NewReader(strings.Join(strings.Split(text, "\n")[:3], "\n")), "epd", game.Chess, 0)
	require.NoError(t, err)
	require.Len(t, book, 2)
	assert.Contains(t, book[0].FEN, " b KQkq ")
	assert.Equal(t, 3, book[1].Line)

	glinski := "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - 0 1 ; id start\n" +
		"b/qbk/n1b1n/r5r/ppppppppp/6P4/5P5/4P6/3P1B1P3/2P2B2P2/1PRNQBKNRP1 b g5\n"
	book, err = Read(strings.NewReader(glinski), "epd", game.Glinski, 0)
	require.NoError(t, err)
	require.Len(t, book, 2)
	assert.True(t, strings.HasPrefix(book[1].FEN, "b/qbk/n1b1n/r5r/ppppppppp/6P4/"))
}

func TestPGNOpenings(t *testing.T) {
	text := `[Event "a"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *

[Event "b"]
[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]
[SetUp "1"]

1. e4 Kd7 *
`
	book, err := Read(strings.NewReader(text), "pgn", game.Chess, 4)
	require.NoError(t, err)
	require.Len(t, book, 2)
	assert.Equal(t, "", book[0].FEN)
	assert.Equal(t, []string{"e2e4", "e7e5", "g1f3", "b8c6"}, book[0].Moves)
	assert.Equal(t, []string{"e2e4", "e8d7"}, book[1].Moves)
	assert.Equal(t, 5, book[1].Line)

	_, err = Read(strings.NewReader("1. e4 e5 2. Ke3 *"), "pgn", game.Chess, 0)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "line 1")
	assert.Contains(t, err.Error(), "Ke3")

	glinski := "[Variant \"Glinski\"]\n\n1. f5f6 e7e6 2. g4g5 *\n"
	book, err = Read(strings.NewReader(glinski), "pgn", game.Glinski, 0)
	require.NoError(t, err)
	assert.Equal(t, []string{"f5f6", "e7e6", "g4g5"}, book[0].Moves)
}

func TestBadBooks(t *testing.T) {
	_, err := Read(strings.NewReader("x"), "txt", game.Chess, 0)
	assert.ErrorContains(t, err, "format")
	_, err = Read(strings.NewReader(""), "epd", game.Chess, 0)
	assert.ErrorContains(t, err, "no openings")
	_, err = Read(strings.NewReader("8/8/8/8/8/8/8/8 w - -"), "epd", game.Chess, 0)
	assert.ErrorContains(t, err, "line 1")
	_, err = Read(strings.NewReader("k7/8/1Q6/8/8/8/8/K7 b - - 0 1"), "epd", game.Chess, 0)
	assert.ErrorContains(t, err, "already over")
	_, err = Read(strings.NewReader("x"), "epd", game.Variant(9), 0)
	assert.ErrorContains(t, err, "variant")
	_, err = Load("/nonexistent.epd", "", game.Chess, 0)
	assert.Error(t, err)
}

func TestGlinskiBook(t *testing.T) {
	book, err := Glinski()
	require.NoError(t, err)
	assert.Len(t, book, 397)
	seen := map[string]bool{}
	for _, o := range book {
		assert.False(t, seen[o.FEN], "duplicate at line %d", o.Line)
		seen[o.FEN] = true
		_, err := o.Position(game.Glinski)
		require.NoError(t, err)
	}
	same, err := Load(GlinskiBookName, "", game.Glinski, 0)
	require.NoError(t, err)
	assert.Equal(t, book, same)
}
