package board

import (
	"testing"

	"github.com/sakk-chess/sakk/game"
	"github.com/sakk-chess/sakk/game/move"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// play makes UCI moves, failing the test on any illegal one.
func play(t *testing.T, p *Position, moves ...string) {
	t.Helper()
	for _, s := range moves {
		m, err := p.ParseMove(s)
		require.NoError(t, err, s)
		p.Make(m)
	}
}

func TestOutcome(t *testing.T) {
	cases := []struct {
		fen    string
		result game.Result
		winner move.Color
	}{
		{StartFEN, game.Ongoing, move.White},
		{"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", game.Checkmate, move.Black},
		{"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", game.Stalemate, move.White},
		{"7k/8/8/8/8/8/8/K7 w - - 0 1", game.DeadPosition, move.White},
		{"7k/8/8/8/8/8/8/KB6 w - - 0 1", game.DeadPosition, move.White},
		{"7k/8/8/8/8/8/8/KN6 b - - 0 1", game.DeadPosition, move.White},
		{"6bk/8/8/8/8/8/8/KB6 w - - 0 1", game.DeadPosition, move.White}, // both on light squares
		{"5b1k/8/8/8/8/8/8/KB6 w - - 0 1", game.Ongoing, move.White},     // opposite colours
		{"7k/8/8/8/8/8/8/KNN5 w - - 0 1", game.Ongoing, move.White},
		{"7k/8/8/8/8/8/8/KBN5 w - - 0 1", game.Ongoing, move.White},
		{"7k/8/8/8/8/8/P7/K7 w - - 0 1", game.Ongoing, move.White},
		{"7k/8/8/8/8/8/8/KR6 w - - 100 80", game.FiftyMoves, move.White},
		{"7k/8/8/8/8/8/8/KR6 w - - 99 80", game.Ongoing, move.White},
		// Mate on the hundredth ply is still mate.
		{"R6k/6pp/8/8/8/8/8/K7 b - - 100 80", game.Checkmate, move.White},
	}
	for _, c := range cases {
		p, err := FromFEN(c.fen)
		require.NoError(t, err, c.fen)
		got := p.Outcome()
		assert.Equal(t, c.result, got.Result, c.fen)
		if c.result == game.Checkmate || c.result == game.Stalemate {
			assert.Equal(t, c.winner, got.Winner, c.fen)
		}
		assert.Equal(t, c.result == game.DeadPosition, p.IsDead(), c.fen)
	}
}

func TestThreefoldRepetition(t *testing.T) {
	p := New()
	shuffle := []string{"g1f3", "g8f6", "f3g1", "f6g8"}
	assert.False(t, p.IsRepetition())
	play(t, p, shuffle...)
	assert.True(t, p.IsRepetition(), "start position seen twice")
	assert.Equal(t, game.Ongoing, p.Outcome().Result)
	play(t, p, shuffle[:3]...)
	assert.True(t, p.IsRepetition())
	assert.Equal(t, game.Ongoing, p.Outcome().Result, "Nf3 position only twice")
	play(t, p, shuffle[3])
	assert.Equal(t, game.Repetition, p.Outcome().Result)

	// An irreversible move cuts the history.
	play(t, p, "e2e4")
	assert.False(t, p.IsRepetition())
	// Unmake walks back into the repeated positions.
	p.Unmake()
	assert.Equal(t, game.Repetition, p.Outcome().Result)
}

func TestNullMove(t *testing.T) {
	p, err := FromFEN("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
	require.NoError(t, err)
	before := takeSnapshot(p)
	p.MakeNull()
	assert.Equal(t, move.White, p.SideToMove())
	assert.Equal(t, NoSquare, p.EnPassant())
	assert.NoError(t, checkFromScratch(p, new(Position)))
	p.MakeNull()
	assert.False(t, p.IsRepetition(), "repetition scan stops at a null move")
	p.UnmakeNull()
	p.UnmakeNull()
	assert.Equal(t, before, takeSnapshot(p))
}

func TestCloneIsIndependent(t *testing.T) {
	p := New()
	play(t, p, "e2e4", "e7e5")
	q := p.Clone().(*Position)
	play(t, q, "g1f3")
	assert.NotEqual(t, p.FEN(), q.FEN())
	q.Unmake()
	q.Unmake()
	p.Unmake()
	assert.Equal(t, p.FEN(), q.FEN())
	assert.Equal(t, p.Key(), q.Key())
}

func TestGameCounters(t *testing.T) {
	p := New()
	assert.Equal(t, 1, p.FullmoveNumber())
	play(t, p, "e2e4")
	assert.Equal(t, 1, p.FullmoveNumber())
	assert.Equal(t, 0, p.HalfmoveClock())
	play(t, p, "e7e5", "g1f3")
	assert.Equal(t, 2, p.FullmoveNumber())
	assert.Equal(t, 1, p.HalfmoveClock())
	p, err := FromFEN("4k3/8/8/8/8/8/8/4K3 b - - 5 10")
	require.NoError(t, err)
	play(t, p, "e8d8")
	assert.Equal(t, 11, p.FullmoveNumber())
	assert.Equal(t, 6, p.HalfmoveClock())
}

func TestLongGameOverflowsHistorySafely(t *testing.T) {
	p := New()
	shuffle := []string{"g1f3", "g8f6", "f3g1", "f6g8"}
	for i := 0; i < historySize; i++ {
		play(t, p, shuffle[i%4])
	}
	assert.Equal(t, StartFEN[:len(StartFEN)-4]+" 4096 2049", p.FEN())
	assert.Equal(t, game.Repetition, p.Outcome().Result)
	assert.Equal(t, uint64(20), p.Perft(1))
}

func TestAccessors(t *testing.T) {
	p := New()
	assert.Equal(t, game.Chess, p.Variant())
	assert.Equal(t, 8, p.Count(move.White, move.Pawn))
	assert.Equal(t, 2, p.Count(move.Black, move.Knight))
	assert.Equal(t, 8*100+2*320+2*330+2*500+900, p.Material(move.White))
	assert.Equal(t, 2*320+2*330+2*500+900, p.NonPawnMaterial(move.Black))
	assert.Equal(t, 24, p.Phase())
	assert.Equal(t, Square(4, 0), p.KingSquare(move.White))
	assert.Equal(t, Square(4, 7), p.KingSquare(move.Black))
	assert.Equal(t, Rank2, p.Pieces(move.White, move.Pawn))
	assert.Equal(t, Rank1|Rank2, p.Color(move.White))
	assert.Equal(t, Rank1|Rank2|Rank7|Rank8, p.Occupied())
	pt, c := p.PieceAt(Square(3, 7))
	assert.Equal(t, move.Queen, pt)
	assert.Equal(t, move.Black, c)
	assert.True(t, p.HasNonPawnMaterial(move.White))
	q, err := FromFEN("4k3/pppp4/8/8/8/8/8/4K3 w - - 0 1")
	require.NoError(t, err)
	assert.False(t, q.HasNonPawnMaterial(move.Black))
	assert.Equal(t, Bit(Square(4, 1))|Bit(Square(5, 2))|Bit(Square(7, 2)), KnightAttacks(Square(6, 0)))
	assert.Equal(t, Bit(Square(3, 2))|Bit(Square(5, 2)), PawnAttacks(move.White, Square(4, 1)))
	assert.Equal(t, Bit(Square(3, 0))|Bit(Square(5, 0)), PawnAttacks(move.Black, Square(4, 1)))
	assert.Equal(t, Line(0, 63), Line(9, 18))
	assert.Equal(t, Bit(9)|Bit(18), Between(0, 27))
}
