package hexboard

import (
	"testing"

	"github.com/sakk-chess/sakk/game/move"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestFENRoundTrip(t *testing.T) {
	fens := []string{
		StartFEN,
		"1/3/5/7/9/11/11/11/11/11/11 w - 0 1", // empty boards fail: no kings
		"b/qbk/n1b1n/r5r/ppppppppp/6P4/5P5/4P6/3P1B1P3/2P2B2P2/1PRNQBKNRP1 b g5 0 1",
	}
	_, err := FromFEN(fens[1])
	assert.ErrorContains(t, err, "kings")
	for _, c := range loadPerftSuite(t) {
		fens = append(fens, c.fen)
	}
	for _, fen := range append(fens[:1], fens[2:]...) {
		p, err := FromFEN(fen)
		require.NoError(t, err, fen)
		assert.Equal(t, fen, p.FEN())
	}
}

func TestFENShortAndLongForms(t *testing.T) {
	board := "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1"
	for _, s := range []string{board, board + " w", board + " w -", board + " w - 0", board + " w - - 0 1", "  " + board + "  w - 0 1 "} {
		p, err := FromFEN(s)
		require.NoError(t, err, s)
		assert.Equal(t, StartFEN, p.FEN(), s)
	}
	p, err := FromFEN(board + " b - 7 12")
	require.NoError(t, err)
	assert.Equal(t, move.Black, p.Side())
	assert.Equal(t, 7, p.HalfmoveClock())
	assert.Equal(t, 12, p.FullmoveNumber())
}

func TestFENWritesEnPassantAfterEveryDoubleStep(t *testing.T) {
	p := New()
	m, err := p.ParseMove("g4g6")
	require.NoError(t, err)
	assert.True(t, m.IsDoublePush())
	p.Make(m)
	assert.Equal(t, "b/qbk/n1b1n/r5r/ppppppppp/6P4/5P5/4P6/3P1B1P3/2P2B2P2/1PRNQBKNRP1 b g5 0 1", p.FEN())
	q, err := FromFEN(p.FEN())
	require.NoError(t, err)
	assert.Equal(t, p.Key(), q.Key(), "the unusable ep cell is not hashed")
}

func TestFENErrors(t *testing.T) {
	start := "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1"
	cases := map[string]string{
		"":                     "empty",
		"   ":                  "empty",
		start + " w - 0 1 x":   "is not a cell",
		start + " w - 0 1 x y": "7 fields",
		start + " w - - 0 1 2": "fields",
		"b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2 w - 0 1":        "10 groups, want 11",
		"b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1/ w": "12 groups, want 11",
		"bb/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1":   "group 1 (rank 11): more than 1 cells",
		"b/qb/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1":     "group 2 (rank 10): 2 cells, want 3",
		"b/qbk/n1b1n/r5r/ppppppppp/12/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1":    "group 6 (rank 6): empty run \"12\"",
		"b/qbk/n1b1n/r5r/ppppppppp/2/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1":     "group 6 (rank 6): 2 cells, want 11",
		"b/qbk/n1b1n/r5r/ppppppppp/011/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1":   "empty run \"011\"",
		"b/qbk/n1b1n/r5r/ppppppppp/0/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1":     "empty run \"0\"",
		"b/qbk/n1b1n/r5r/ppppxpppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1":    "bad piece letter 'x'",
		"b/qbq/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1":    "Black has 0 kings",
		"b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKKRP1":    "White has 2 kings",
		"P/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1":    "White pawn on its last cell f11",
		"b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/pPRNQBKNRP1":    "Black pawn on its last cell a1",
		start + " x":    "side to move",
		start + " w e4": "cannot follow a Black double step",
		start + " w z9": "is not a cell",
		start + " b g5": "has no White pawn beyond it",
		"b/qbk/n1b1n/r5r/ppppppppp/6P4/5P5/4P6/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w g5 0 1":  "cannot follow a Black double step",
		"b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w f6 0 1": "has no Black pawn beyond it",
		"b/qbk/n1b1n/r5r/ppppppp1p/6P4/5Pp4/4P6/3P1B1P3/2P2B2P2/1PRNQBKNRP1 b g5":     "en passant cell g5 is occupied",
		"b/qbk/n1b1n/r5r/ppppppppp/6P4/11/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 b g5":     "start cell g4 is occupied",
		start + " w - -1 1":                       "bad halfmove clock",
		start + " w - x 1":                        "bad halfmove clock",
		start + " w - +3 1":                       "bad halfmove clock",
		start + " w - 0 0":                        "bad fullmove number",
		start + " w - 0 1x":                       "bad fullmove number",
		start + " w - 0 99999999999999999999":     "bad fullmove number",
		"1/3/5/7/9/11/2k8/11/11/11/2Q3K4 w - 0 1": "the side not to move is in check",
	}
	for fen, want := range cases {
		_, err := FromFEN(fen)
		assert.ErrorContains(t, err, want, "%q", fen)
	}
}

func TestSetFENErrorLeavesPositionUnchanged(t *testing.T) {
	p := New()
	m, err := p.ParseMove("f5f6")
	require.NoError(t, err)
	p.Make(m)
	before := snap(p)
	assert.Error(t, p.SetFEN("b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - 0 0"))
	assert.Equal(t, before, snap(p))
	p.Unmake()
	assert.Equal(t, StartFEN, p.FEN())
}

func TestMoveStringRoundTrip(t *testing.T) {
	for _, c := range loadPerftSuite(t) {
		p, err := FromFEN(c.fen)
		require.NoError(t, err)
		forEachNode(p, 2, func() {
			var list move.List
			p.LegalMoves(&list)
			for _, m := range list.Slice() {
				s := p.MoveString(m)
				back, err := p.ParseMove(s)
				if assert.NoError(t, err, s) {
					assert.Equal(t, m, back, s)
				}
				san, err := p.ParseSAN(p.SAN(m))
				if assert.NoError(t, err) {
					assert.Equal(t, m, san)
				}
			}
		})
	}
}

// forEachNode calls visit at every node of the legal move tree to depth.
func forEachNode(p *Position, depth int, visit func()) {
	visit()
	if depth == 0 {
		return
	}
	var list move.List
	p.LegalMoves(&list)
	for _, m := range list.Slice() {
		p.Make(m)
		forEachNode(p, depth-1, visit)
		p.Unmake()
	}
}

func TestParseMoveForms(t *testing.T) {
	p, err := FromFEN("1/1P1/5/7/9/11/11/11/11/11/k5K4 w - 0 1")
	require.NoError(t, err)
	for _, s := range []string{"f10f11q", "f10-f11q", "f10f11=q", "f10-f11=Q", "f10f11Q"} {
		m, err := p.ParseMove(s)
		if assert.NoError(t, err, s) {
			assert.Equal(t, "f10f11q", p.MoveString(m))
			assert.Equal(t, move.Queen, m.Promotion())
		}
	}
	m, err := p.ParseMove("f10f11b")
	require.NoError(t, err)
	assert.Equal(t, move.Bishop, m.Promotion())
	for s, want := range map[string]string{
		"f10f11":   "needs a piece letter",
		"f10f11k":  "bad promotion letter",
		"f10f12q":  "no destination cell: Glinski has no cell f12 (the f-file runs f1 to f11)",
		"j1f1":     "no origin cell: Glinski has no j-file",
		"a9a8":     "no origin cell: Glinski has no cell a9 (the a-file runs a1 to a6)",
		"f10f11qq": "unexpected text",
		"f10f11=":  "no piece after =",
		"g1g3":     "not legal",
		"":         "no origin cell",
	} {
		_, err := p.ParseMove(s)
		assert.ErrorContains(t, err, want, s)
	}
	san, err := p.ParseSAN("f10xf11=Q+")
	require.NoError(t, err)
	assert.Equal(t, "f10f11q", p.SAN(san))
}

func TestEnPassantExamples(t *testing.T) {
	// The rules' example: after White i2-i4 a black pawn on k3 takes on i3.
	p, err := FromFEN("1/3/5/7/9/11/11/11/9p1/8P2/K9k w - 0 1")
	require.NoError(t, err)
	m, err := p.ParseMove("i2i4")
	require.NoError(t, err)
	p.Make(m)
	assert.Equal(t, "i3", CellName(p.EnPassant()))
	ep, err := p.ParseMove("k3i3")
	require.NoError(t, err)
	assert.True(t, ep.IsEnPassant())
	p.Make(ep)
	assert.Equal(t, move.NoPiece, func() move.Piece { pt, _ := p.PieceAt(cell(t, "i4")); return pt }())
	assert.Equal(t, p.ComputeKey(), p.Key())
}
