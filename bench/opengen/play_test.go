package opengen

import (
	"math"
	"testing"

	"github.com/sakk-chess/sakk/bench/openings"
	"github.com/sakk-chess/sakk/bench/pgn"
	"github.com/sakk-chess/sakk/game"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func played(fen, result string) pgn.Game {
	g := pgn.Game{Result: result}
	if fen != "" {
		g.SetTag("FEN", fen)
	}
	return g
}

func TestScorePlay(t *testing.T) {
	games := []pgn.Game{
		played("A", "1-0"), played("A", "1-0"), // White won both: flagged
		played("B", "0-1"), played("B", "1-0"),
		played("C", "1/2-1/2"), played("C", "0-1"),
		played("", "0-1"), played("", "0-1"), // start position, Black won both
		played("D", "*"),
	}
	rep, err := ScorePlay(games)
	require.NoError(t, err)
	assert.Equal(t, 8, rep.Games)
	assert.Equal(t, 1, rep.Unfinished)
	assert.Equal(t, [3]int{3, 4, 1}, [3]int{rep.WhiteWins, rep.BlackWins, rep.Draws})
	assert.InDelta(t, 3.5/8, rep.WhiteScore, 1e-12)
	require.Len(t, rep.Openings, 4)
	assert.Equal(t, 1, rep.WhiteOnly)
	assert.Equal(t, 1, rep.BlackOnly)
	assert.True(t, rep.Openings[0].WhiteOnly)
	assert.True(t, rep.Openings[3].BlackOnly)
	assert.Equal(t, map[float64]int{0: 1, 0.25: 1, 0.5: 1, 1: 1}, rep.Spread)
	assert.InDelta(t, 4*(math.Pow(3.0/8, 2)+math.Pow(4.0/8, 2)), rep.ExpectedOneColour, 1e-12)
	// Openings' scores 1, .5, .25, 0: sample variance 0.182291..., over 4 openings.
	assert.InDelta(t, 1.959963984540054*math.Sqrt(0.18229166666666666/4), rep.Margin95, 1e-9)

	_, err = ScorePlay([]pgn.Game{played("A", "*")})
	assert.Error(t, err)
}

func TestAudit(t *testing.T) {
	book := []openings.Opening{
		{FEN: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", Line: 1},
		{FEN: "r1bqkbnr/1ppp1ppp/p1B5/4p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 0 4", Line: 2}, // Bxc6
		{FEN: "r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1", Line: 3},
		{FEN: "", Moves: []string{"e2e4", "d7d5", "e4d5"}, Line: 4},
	}
	a, err := AuditBook(book, AuditConfig{Variant: game.Chess, Every: 1, Depth: 4, Margin: 50}, nil)
	require.NoError(t, err)
	assert.Equal(t, [numKinds]int{1, 0, 2, 1}, a.Kinds)
	require.Len(t, a.Entries, 4)
	assert.Equal(t, Unbalanced, a.Entries[2].Material)
	assert.Equal(t, Recapture, a.Entries[3].Material, "book moves are played before the audit")
	assert.True(t, a.Entries[1].Restored, "the search takes the bishop back")
	assert.Less(t, a.Entries[2].Score, -150, "Black to move, a knight down")
	s := a.Scores(50)
	assert.Equal(t, 4, s.Searched)
	assert.GreaterOrEqual(t, s.Over, 1)
	assert.Equal(t, s.MaxAbs, -a.Entries[2].Score)
	assert.Greater(t, s.MeanWhite, 0.0, "the extra knight is White's")

	a, err = AuditBook(book, AuditConfig{Variant: game.Chess}, nil)
	require.NoError(t, err)
	assert.Zero(t, a.Scores(50).Searched, "Every 0 searches nothing")
	assert.Equal(t, [numKinds]int{1, 0, 2, 1}, a.Kinds)
}

// TestBuiltinBook holds the committed Glinski book to what genopenings
// promises: identical material or a pending recapture, no repeated
// position, nobody in check.
func TestBuiltinBook(t *testing.T) {
	book, err := openings.Glinski()
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(book), 350)
	keys := map[uint64]int{}
	recaptures := 0
	for _, o := range book {
		pos, err := o.Position(game.Glinski)
		require.NoError(t, err)
		assert.False(t, pos.InCheck(), "line %d", o.Line)
		if first, ok := keys[pos.Key()]; ok {
			t.Errorf("line %d repeats line %d", o.Line, first)
		}
		keys[pos.Key()] = o.Line
		equal, err := EqualMaterial(pos)
		require.NoError(t, err)
		if !equal {
			recaptures++
			ok, err := canRestore(pos, Identical)
			require.NoError(t, err)
			assert.True(t, ok, "line %d: unequal material and no capture mends it", o.Line)
		}
	}
	assert.Less(t, recaptures, len(book)/10, "pending recaptures are the exception")
}
