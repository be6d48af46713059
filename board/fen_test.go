package board

import (
	"testing"

	"github.com/sakk-chess/sakk/game/move"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestFENRoundTrip(t *testing.T) {
	fens := []string{
		StartFEN,
		kiwipeteFEN,
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
		"r3k2r/8/8/8/8/8/8/R3K2R b Kq - 17 42",
		"4k3/8/8/8/8/8/8/4K3 w - - 99 100",
		// Chess960 rooks off the a/h files: Shredder letters.
		"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
		"1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1",
	}
	for _, fen := range fens {
		p, err := FromFEN(fen)
		require.NoError(t, err, fen)
		assert.Equal(t, fen, p.FEN())
	}
}

func TestFENAcceptsEPDAndXFEN(t *testing.T) {
	p, err := FromFEN("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -")
	require.NoError(t, err)
	assert.Equal(t, StartFEN, p.FEN())
	assert.Equal(t, 0, p.HalfmoveClock())
	assert.Equal(t, 1, p.FullmoveNumber())

	// Shredder letters for standard rooks come back as KQkq.
	p, err = FromFEN("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1")
	require.NoError(t, err)
	assert.Equal(t, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", p.FEN())
	p.SetChess960(true)
	assert.Equal(t, "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1", p.FEN())

	// X-FEN K means the outermost king-side rook.
	p, err = FromFEN("4k3/8/8/8/8/8/8/4K1RR w K - 0 1")
	require.NoError(t, err)
	assert.Equal(t, 7, p.CastlingRook(move.White, castleKingSide))
	p, err = FromFEN("4k3/8/8/8/8/8/8/4K1RR w G - 0 1")
	require.NoError(t, err)
	assert.Equal(t, 6, p.CastlingRook(move.White, castleKingSide))
	assert.Equal(t, "4k3/8/8/8/8/8/8/4K1RR w G - 0 1", p.FEN())
}

func TestFENEnPassantKeptOnlyWhenCapturable(t *testing.T) {
	p, err := FromFEN("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
	require.NoError(t, err)
	assert.Equal(t, NoSquare, p.EnPassant())
	assert.Equal(t, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", p.FEN())
	q, err := FromFEN("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
	require.NoError(t, err)
	assert.Equal(t, q.Key(), p.Key())

	p, err = FromFEN("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
	require.NoError(t, err)
	assert.Equal(t, Square(4, 2), p.EnPassant())
	assert.NotEqual(t, q.Key(), p.Key())

	// The capture would expose the king along the rank: no en passant square.
	pinned, err := FromFEN("1b1k4/8/8/1rPpK3/8/8/8/8 w - d6 0 1")
	require.NoError(t, err)
	plain, err := FromFEN("1b1k4/8/8/1rPpK3/8/8/8/8 w - - 0 1")
	require.NoError(t, err)
	assert.Equal(t, NoSquare, pinned.EnPassant())
	assert.Equal(t, plain.Key(), pinned.Key())

	// Make agrees: after d7d5, exd6 would open the rank to the king.
	p, err = FromFEN("k7/3p4/8/r3P2K/8/8/8/8 b - - 0 1")
	require.NoError(t, err)
	play(t, p, "d7d5")
	assert.Equal(t, NoSquare, p.EnPassant())
	plain, err = FromFEN("k7/8/8/r2pP2K/8/8/8/8 w - - 0 2")
	require.NoError(t, err)
	assert.Equal(t, plain.Key(), p.Key())
	assert.Equal(t, "k7/8/8/r2pP2K/8/8/8/8 w - - 0 2", p.FEN())
}

func TestFENErrors(t *testing.T) {
	cases := []struct{ fen, message string }{
		{"", "want 6 fields (or 4, EPD style), got 0"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0", "want 6 fields (or 4, EPD style), got 5"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 x", "got 7"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "want 8 ranks, got 7"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1", "want 8 ranks, got 9"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPXPP/RNBQKBNR w KQkq - 0 1", `bad piece letter 'X' in rank 2`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 2 covers 7 squares, not 8"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 2 covers more than 8 squares"},
		{"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "bad piece letter '9' in rank 6"},
		{"rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 6 has two digits in a row"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1", "want exactly one white king, got 0"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1", "want exactly one white king, got 2"},
		{"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "want exactly one black king, got 0"},
		{"rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQq - 0 1", "pawn on h8: pawns cannot stand on the first or last rank"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNp w kq - 0 1", "pawn on h1"},
		{StartFEN[:44] + " x KQkq - 0 1", `side to move "x" is not w or b`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1", `bad castling character 'x'`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", `castling right 'K' but no white rook stands there`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w KQkq - 0 1", `castling right 'Q' but no white rook stands there`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqc - 0 1", `castling right 'c' but no black rook stands there`},
		{"rnbqkbnr/pppppppp/8/8/8/4K3/PPPPPPPP/RNBQ1BNR w K - 0 1", `castling right 'K' but the white king is not on its back rank`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KH - 0 1", `castling field "KH" gives one right twice`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", `bad en passant square "e9"`},
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e6 0 1", "en passant square e6 is on the wrong rank for black to move"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", "en passant square e6 but no black pawn on e5 could have just moved two squares"},
		{"rnbqkbnr/pppp1ppp/4p3/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", "en passant square e6 but e6 or e7 is not empty"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", `bad halfmove clock "-1"`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", `bad halfmove clock "x"`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", `bad fullmove number "0"`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1.5", `bad fullmove number "1.5"`},
		{"4k2R/8/8/8/8/8/8/4K3 w - - 0 1", "the side not to move (black) is in check"},
		{"4k3/8/8/8/8/8/8/3qK3 b - - 0 1", "the side not to move (white) is in check"},
		{"8/8/8/8/8/8/8/3kK3 w - - 0 1", "the side not to move (black) is in check"},
	}
	for _, c := range cases {
		p := New()
		before := *p
		err := p.SetFEN(c.fen)
		if assert.Error(t, err, c.fen) {
			assert.Contains(t, err.Error(), c.message, c.fen)
		}
		assert.True(t, *p == before, "SetFEN(%q) changed the position on error", c.fen)
		_, err = FromFEN(c.fen)
		assert.Error(t, err, c.fen)
	}
}

func TestSetFENClearsHistory(t *testing.T) {
	p := New()
	for _, uci := range []string{"e2e4", "e7e5", "g1f3"} {
		m, err := p.ParseMove(uci)
		require.NoError(t, err)
		p.Make(m)
	}
	assert.Equal(t, 2, p.FullmoveNumber())
	require.NoError(t, p.SetFEN(kiwipeteFEN))
	assert.Equal(t, 0, p.sp)
	assert.Equal(t, kiwipeteFEN, p.FEN())
}
