package board

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The keys that the PolyGlot book format's description lists.
func TestPolyglotKeysOfTheFormatDescription(t *testing.T) {
	for _, c := range []struct {
		moves []string
		key   uint64
	}{
		{nil, 0x463b96181691fc9c},
		{[]string{"e2e4"}, 0x823c9b50fd114196},
		{[]string{"e2e4", "d7d5"}, 0x0756b94461c50fb0},
		{[]string{"e2e4", "d7d5", "e4e5"}, 0x662fafb965db29d4},
		{[]string{"e2e4", "d7d5", "e4e5", "f7f5"}, 0x22a48b5a8e47ff78},
		{[]string{"e2e4", "d7d5", "e4e5", "f7f5", "e1e2"}, 0x652a607ca3f242c1},
		{[]string{"e2e4", "d7d5", "e4e5", "f7f5", "e1e2", "e8f7"}, 0x00fdd303c946bdd9},
		{[]string{"a2a4", "b7b5", "h2h4", "b5b4", "c2c4"}, 0x3c8123ea7b067637},
		{[]string{"a2a4", "b7b5", "h2h4", "b5b4", "c2c4", "b4c3", "a1a3"}, 0x5c3f9b829b279560},
	} {
		p := New()
		for _, s := range c.moves {
			m, err := p.ParseMove(s)
			require.NoError(t, err, s)
			p.Make(m)
		}
		assert.Equal(t, c.key, p.PolyglotKey(), "after %v: %#x", c.moves, p.PolyglotKey())
	}
}

func TestPolyglotMoves(t *testing.T) {
	p, err := FromFEN("r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1")
	require.NoError(t, err)
	code := func(from, to string, promo uint16) uint16 {
		f, _ := ParseSquare(from)
		tt, _ := ParseSquare(to)
		return uint16(File(tt)) | uint16(Rank(tt))<<3 | uint16(File(f))<<6 | uint16(Rank(f))<<9 | promo<<12
	}
	for _, c := range []struct {
		code uint16
		want string
	}{
		{code("e1", "h1", 0), "e1g1"}, // castling: king takes rook
		{code("e1", "a1", 0), "e1c1"},
		{code("b7", "a8", 4), "b7a8q"},
		{code("b7", "b8", 1), "b7b8n"},
		{code("a1", "a5", 0), "a1a5"},
	} {
		m, err := p.PolyglotMove(c.code)
		require.NoError(t, err, c.want)
		assert.Equal(t, c.want, p.MoveString(m))
	}
	_, err = p.PolyglotMove(code("e1", "e3", 0))
	assert.ErrorContains(t, err, "not legal")
	_, err = p.PolyglotMove(code("b7", "b8", 6))
	assert.ErrorContains(t, err, "bad promotion")
}

// PolyGlot counts the en passant file whenever a pawn of the side to move
// stands beside the pawn that just moved two squares, even one that may
// not take (pinned). The keys are those Debian's polyglot 1.4 make-book
// gave these positions (engine/book/testdata/enpassant.pgn, whose book
// TestPolyglotEnPassantKeysMatchMakeBook reads back).
func TestPolyglotKeyEnPassantFile(t *testing.T) {
	for _, c := range []struct {
		name  string
		moves []string
		fen   string // the same position by FEN, en passant field given
		key   uint64
		legal bool // whether the capture is legal (sakk's own key counts it)
	}{
		{"the only pawn beside is pinned",
			[]string{"d2d4", "e7e5", "d4e5", "d7d5", "g1f3", "d5d4", "b1d2", "d4d3", "e2d3", "d8e7", "a2a3", "f7f5"},
			"rnb1kbnr/ppp1q1pp/8/4Pp2/8/P2P1N2/1PPN1PPP/R1BQKB1R w KQkq f6 0 7", 0xb4225aa66c3b10f2, false},
		{"two pawns beside",
			[]string{"e2e4", "a7a6", "e4e5", "a6a5", "g2g4", "a5a4", "g4g5", "f7f5"},
			"rnbqkbnr/1pppp1pp/8/4PpP1/p7/8/PPPP1P1P/RNBQKBNR w KQkq f6 0 5", 0x2c3392313296deb5, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := New()
			for _, s := range c.moves {
				m, err := p.ParseMove(s)
				require.NoError(t, err, s)
				p.Make(m)
			}
			assert.Equal(t, c.key, p.PolyglotKey(), "%#x", p.PolyglotKey())
			assert.Equal(t, c.legal, p.EnPassant() != NoSquare)

			byFEN, err := FromFEN(c.fen)
			require.NoError(t, err)
			assert.Equal(t, p.Key(), byFEN.Key(), "the same position")
			assert.Equal(t, c.key, byFEN.PolyglotKey(), "the FEN's en passant field counts too")

			noEP, err := FromFEN(strings.Replace(c.fen, " f6 ", " - ", 1))
			require.NoError(t, err)
			assert.NotEqual(t, c.key, noEP.PolyglotKey(), "without a double push there is no en passant file")

			m, err := p.ParseMove("h2h3")
			require.NoError(t, err)
			p.Make(m)
			p.Unmake()
			assert.Equal(t, c.key, p.PolyglotKey(), "Unmake restores it")
		})
	}
}

// No file without a pawn of the side to move beside the pushed one, and
// none after a single step or a null move: the key is that of the same
// position set up without an en passant square.
func TestPolyglotKeyWithoutEnPassantFile(t *testing.T) {
	for _, c := range []struct {
		start string
		move  string
	}{
		{"rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 1", "e2e4"}, // d4 is White's own
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "e2e4"},   // nobody beside
		{"rnbqkbnr/ppp1pppp/8/8/3p4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "e2e3"}, // one step
		{"rnbqkbnr/ppp1pppp/8/8/3p4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "c2c3"}, // one step
		{"rnbqkbnr/ppp1pppp/8/8/3p4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "b2b4"}, // two squares away
	} {
		p, err := FromFEN(c.start)
		require.NoError(t, err)
		m, err := p.ParseMove(c.move)
		require.NoError(t, err)
		p.Make(m)
		plain, err := FromFEN(strings.Replace(p.FEN(), " e3 ", " - ", 1))
		require.NoError(t, err)
		assert.Equal(t, plain.PolyglotKey(), p.PolyglotKey(), "%s %s", c.start, c.move)
	}
	p, err := FromFEN("rnbqkbnr/ppp1pppp/8/8/3p4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
	require.NoError(t, err)
	m, err := p.ParseMove("e2e4")
	require.NoError(t, err)
	p.Make(m)
	withFile := p.PolyglotKey()
	p.MakeNull()
	p.MakeNull()
	assert.NotEqual(t, withFile, p.PolyglotKey(), "a null move ends the en passant chance")
}
