package board

import (
	"testing"

	"github.com/sakk-chess/sakk/game/move"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// suitePositions loads every position of the given perft files.
func suitePositions(t *testing.T, files ...string) []*Position {
	var positions []*Position
	for _, file := range files {
		for _, c := range loadPerftFile(t, file) {
			p, err := FromFEN(c.fen)
			require.NoError(t, err, c.name)
			positions = append(positions, p)
		}
	}
	return positions
}

// eachSuiteMove calls visit for every legal move of every suite position,
// and of each position one move later (except the 960 start positions).
func eachSuiteMove(t *testing.T, visit func(p *Position, m move.Move)) {
	var list, replies move.List
	for _, p := range suitePositions(t, "chess-standard.epd", "chess-tricky.epd", "chess-cpw.epd") {
		p.LegalMoves(&list)
		for _, m := range list.Slice() {
			visit(p, m)
			p.Make(m)
			p.LegalMoves(&replies)
			for _, r := range replies.Slice() {
				visit(p, r)
			}
			p.Unmake()
		}
	}
	for _, p := range suitePositions(t, "chess960-fischer.epd") {
		p.LegalMoves(&list)
		for _, m := range list.Slice() {
			visit(p, m)
		}
	}
}

func TestSANRoundTripOnSuite(t *testing.T) {
	t.Parallel()
	eachSuiteMove(t, func(p *Position, m move.Move) {
		san := p.SAN(m)
		got, err := p.ParseSAN(san)
		if assert.NoError(t, err, "%s: %s", p.FEN(), san) {
			assert.Equal(t, m, got, "%s: %s", p.FEN(), san)
		}
	})
}

func TestUCIRoundTripOnSuite(t *testing.T) {
	t.Parallel()
	eachSuiteMove(t, func(p *Position, m move.Move) {
		for _, chess960 := range []bool{false, true} {
			p.SetChess960(chess960)
			s := p.MoveString(m)
			got, err := p.ParseMove(s)
			if assert.NoError(t, err, "%s: %s", p.FEN(), s) {
				assert.Equal(t, m, got, "%s: %s (960: %v)", p.FEN(), s, chess960)
			}
		}
		p.SetChess960(false)
	})
}

func TestSANExamples(t *testing.T) {
	cases := []struct{ fen, uci, san string }{
		{StartFEN, "g1f3", "Nf3"},
		{StartFEN, "e2e4", "e4"},
		{"rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "e4d5", "exd5"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", "O-O"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1", "O-O-O"},
		{"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "a8a1", "Rxa1+"},
		{"2k5/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8q", "e8=Q+"},
		{"2k5/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8n", "e8=N"},
		{"2k5/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8r", "e8=R+"},
		{"6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1", "a1a8", "Ra8#"},
		// Disambiguation by file, rank and full square.
		{"4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "b1d2", "Nbd2"},
		{"4k3/8/8/1N6/8/8/8/1N2K3 w - - 0 1", "b1c3", "N1c3"},
		{"7k/8/8/8/Q1Q5/8/Q7/4K3 w - - 0 1", "a4b3", "Qa4b3"},
		{"7k/8/8/8/Q1Q5/8/Q7/4K3 w - - 0 1", "a2b3", "Q2b3"},
		{"7k/8/8/8/Q1Q5/8/Q7/4K3 w - - 0 1", "c4b3", "Qcb3"},
		{"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "e5f6", "exf6"},
	}
	for _, c := range cases {
		p, err := FromFEN(c.fen)
		require.NoError(t, err, c.fen)
		m, err := p.ParseMove(c.uci)
		require.NoError(t, err, c.fen)
		assert.Equal(t, c.san, p.SAN(m), c.fen)
		got, err := p.ParseSAN(c.san)
		require.NoError(t, err, c.fen)
		assert.Equal(t, m, got, c.fen)
	}
}

func TestParseSANTolerance(t *testing.T) {
	p, err := FromFEN("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	require.NoError(t, err)
	castle, err := p.ParseMove("e1g1")
	require.NoError(t, err)
	for _, s := range []string{"O-O", "0-0", "O-O+", "O-O!?", " O-O "} {
		got, err := p.ParseSAN(s)
		if assert.NoError(t, err, s) {
			assert.Equal(t, castle, got, s)
		}
	}
	ep, err := FromFEN("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3")
	require.NoError(t, err)
	for _, s := range []string{"exf6", "exf6 e.p.", "exf6e.p.", "ef6", "e5f6"} {
		got, err := ep.ParseSAN(s)
		if assert.NoError(t, err, s) {
			assert.Equal(t, "e5f6", ep.MoveString(got), s)
			assert.True(t, got.IsEnPassant(), s)
		}
	}
	long, err := p.ParseSAN("0-0-0")
	require.NoError(t, err)
	assert.Equal(t, "e1c1", p.MoveString(long))

	p = New()
	for _, s := range []string{"Nf3", "Nf3!", "Ng1f3", "Ng1-f3", "N1f3", "Nf3?!"} {
		got, err := p.ParseSAN(s)
		if assert.NoError(t, err, s) {
			assert.Equal(t, "g1f3", p.MoveString(got), s)
		}
	}
	p, err = FromFEN("2k5/4P3/8/8/8/8/8/4K3 w - - 0 1")
	require.NoError(t, err)
	for _, s := range []string{"e8=Q", "e8Q", "e8=Q+", "e8q"} {
		got, err := p.ParseSAN(s)
		if assert.NoError(t, err, s) {
			assert.Equal(t, "e7e8q", p.MoveString(got), s)
		}
	}
}

func TestParseSANErrors(t *testing.T) {
	p, err := FromFEN("4k3/8/8/1N6/8/8/8/1N2K3 w - - 0 1")
	require.NoError(t, err)
	for s, message := range map[string]string{
		"":      "empty move",
		"+":     "empty move",
		"Nc3":   "ambiguous",
		"Nc4":   "not a legal move",
		"O-O":   "castling is not legal",
		"Nz3":   "bad destination",
		"N":     "no destination",
		"Nq1c3": "cannot read",
		"e9":    "bad destination",
	} {
		_, err := p.ParseSAN(s)
		if assert.Error(t, err, s) {
			assert.Contains(t, err.Error(), message, s)
		}
	}
}

func TestParseMoveErrors(t *testing.T) {
	p := New()
	for s, message := range map[string]string{
		"e2e5":   "not legal",
		"e2":     "want 4 or 5 characters",
		"e2e4qq": "want 4 or 5 characters",
		"i2e4":   "chess has no square i2",
		"g10g9":  "chess has no square g10",
		"e2e9":   "chess has no square e9",
		"e7e8x":  "bad promotion piece",
		"e2e4q":  "not legal",
		"0000":   "bad square",
	} {
		_, err := p.ParseMove(s)
		if assert.Error(t, err, s) {
			assert.Contains(t, err.Error(), message, s)
		}
	}
}

func TestCastlingNotation(t *testing.T) {
	p, err := FromFEN("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	require.NoError(t, err)
	short, err := p.ParseMove("e1g1")
	require.NoError(t, err)
	assert.True(t, short.IsCastle())
	assert.Equal(t, Square(4, 0), short.From())
	assert.Equal(t, Square(7, 0), short.To(), "castling stores the rook square")
	kingTakesRook, err := p.ParseMove("e1h1")
	require.NoError(t, err, "standard mode accepts king-takes-rook")
	assert.Equal(t, short, kingTakesRook)
	assert.Equal(t, "e1g1", p.MoveString(short))

	p.SetChess960(true)
	assert.Equal(t, "e1h1", p.MoveString(short))
	_, err = p.ParseMove("e1g1")
	assert.Error(t, err, "960 mode requires king-takes-rook")
	got, err := p.ParseMove("e1h1")
	require.NoError(t, err)
	assert.Equal(t, short, got)

	// 960: king f1 may step to g1 or castle onto g1; the step wins in
	// standard notation, castling needs king-takes-rook.
	p, err = FromFEN("4k3/8/8/8/8/8/8/5K1R w H - 0 1")
	require.NoError(t, err)
	step, err := p.ParseMove("f1g1")
	require.NoError(t, err)
	assert.False(t, step.IsCastle())
	castle, err := p.ParseMove("f1h1")
	require.NoError(t, err)
	assert.True(t, castle.IsCastle())
	assert.Equal(t, "O-O", p.SAN(castle))
}

func TestMoveStringOfNone(t *testing.T) {
	assert.Equal(t, "0000", New().MoveString(move.None))
}
