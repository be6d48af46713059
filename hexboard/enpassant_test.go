package hexboard

import (
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sakk-chess/sakk/game/move"
)

// An en-passant capture takes two pawns off the board and puts one back on
// a third cell, so it can uncover a line to the capturer's own king that no
// pin of a single piece describes. In Glinski's chess the capturer and its
// victim are orthogonal neighbours (d5 and e5 below), so a rook or queen
// line can run through both; a bishop line runs through at most one of
// them, as a pin of the capturer or a discovered check by the double step.
//
// A case starts with Black to move and plays Black's e7e5 (the last three
// start just after it, from a hex FEN); White may then take on e6 (or
// not). The legality was worked out by hand from the rules; the perft
// counts come from the reference generator of reference_test.go, and the
// test checks both against sakk.
type epCase struct {
	name    string
	before  map[string]byte // Black to move, the e7 pawn still at home
	capture string          // White's en-passant capture after e7e5
	legal   bool
	perft   []uint64 // depth 1, 2, 3 after e7e5
	// ep, if set, makes before the position after the double step, White
	// to move, with this en-passant cell: for checks that no double step
	// can give (a hex FEN may still hold them).
	ep string
}

var epCases = []epCase{
	{
		// h5, f6, d5, b4 lie on one bishop line (two files apart, same height).
		name:    "bishop pins the capturer",
		before:  map[string]byte{"b4": 'K', "d5": 'P', "h5": 'b', "e7": 'p', "i8": 'k'},
		capture: "d5e6", legal: false,
		perft: []uint64{10, 210, 1976},
	},
	{
		name:    "bishop line misses the king",
		before:  map[string]byte{"a4": 'K', "d5": 'P', "h5": 'b', "e7": 'p', "i8": 'k'},
		capture: "d5e6", legal: true,
		perft: []uint64{9, 190, 1738},
	},
	{
		// f9, e7, d5, c3 lie on one diagonal: e7e5 opens the queen's line
		// and pins d5.
		name:    "queen pins the capturer once e7 has gone",
		before:  map[string]byte{"c3": 'K', "d5": 'P', "f9": 'q', "e7": 'p', "i8": 'k'},
		capture: "d5e6", legal: false,
		perft: []uint64{10, 439, 3647},
	},
	{
		name:    "queen line misses the king",
		before:  map[string]byte{"a2": 'K', "d5": 'P', "f9": 'q', "e7": 'p', "i8": 'k'},
		capture: "d5e6", legal: true,
		perft: []uint64{9, 399, 2843},
	},
	{
		// a5, c6, e7, g7 lie on one bishop line: e7e5 is a discovered check
		// that taking the e5 pawn does not stop.
		name:    "double step discovers a bishop check",
		before:  map[string]byte{"g7": 'K', "f6": 'P', "a5": 'b', "e7": 'p', "l1": 'k'},
		capture: "f6e6", legal: false,
		perft: []uint64{9, 144, 1527},
	},
	{
		// e5 attacks f5: en passant removes the checking pawn.
		name:    "double step checks and en passant takes the checker",
		before:  map[string]byte{"f5": 'K', "d5": 'P', "e7": 'p', "l1": 'k'},
		capture: "d5e6", legal: true,
		perft: []uint64{12, 66, 716},
	},
	{
		// b5 c5 d5 e5 f5 g4 is one orthogonal line: with both pawns gone
		// the rook reaches b5.
		name:    "rook line through both pawns",
		before:  map[string]byte{"b5": 'K', "d5": 'P', "g4": 'r', "e7": 'p', "i8": 'k'},
		capture: "d5e6", legal: false,
		perft: []uint64{12, 348, 3159},
	},
	{
		name:    "rook line through both pawns misses the king",
		before:  map[string]byte{"b4": 'K', "d5": 'P', "g4": 'r', "e7": 'p', "i8": 'k'},
		capture: "d5e6", legal: true,
		perft: []uint64{12, 352, 3222},
	},
	{
		name:    "rook pins the capturer on its file",
		before:  map[string]byte{"d2": 'K', "d5": 'P', "d9": 'r', "e7": 'p', "i8": 'k'},
		capture: "d5e6", legal: false,
		perft: []uint64{12, 286, 2735},
	},
	{
		// The knight on d3 checks b4; taking e5 does not stop it.
		name:    "knight check that no double step gives",
		before:  map[string]byte{"b4": 'K', "d5": 'P', "d3": 'n', "e5": 'p', "i8": 'k'},
		ep:      "e6",
		capture: "d5e6", legal: false,
		perft: []uint64{8, 144, 1236},
	},
	{
		// The pawn on c5 checks b4; d5 may take it, but not e5.
		name:    "pawn check that no double step gives",
		before:  map[string]byte{"b4": 'K', "d5": 'P', "c5": 'p', "e5": 'p', "i8": 'k'},
		ep:      "e6",
		capture: "d5e6", legal: false,
		perft: []uint64{11, 105, 1041},
	},
	{
		name:    "same board without a check",
		before:  map[string]byte{"b4": 'K', "d5": 'P', "c7": 'p', "e5": 'p', "i8": 'k'},
		ep:      "e6",
		capture: "d5e6", legal: true,
		perft: []uint64{12, 116, 1126},
	},
}

// colourFlippedNames mirrors a position top to bottom with the colours
// swapped, so that Black makes the en-passant capture.
func colourFlippedNames(cells map[string]byte) map[string]byte {
	out := map[string]byte{}
	for name, l := range cells {
		if l >= 'a' {
			l -= 'a' - 'A'
		} else {
			l += 'a' - 'A'
		}
		out[refCellOf(name).colourFlipped().name()] = l
	}
	return out
}

func colourFlippedMove(s string) string {
	return refCellOf(s[:2]).colourFlipped().name() + refCellOf(s[2:]).colourFlipped().name()
}

func legalMoveNames(p *Position) []string {
	var list move.List
	p.LegalMoves(&list)
	var names []string
	for _, m := range list.Slice() {
		names = append(names, FormatMove(m))
	}
	sort.Strings(names)
	return names
}

// setUp builds the case in sakk and in the reference: the position before
// Black's e7e5 and the move, or (ep set) the position after it; flip
// mirrors it so that Black takes en passant. It returns the capture's name.
func (tc epCase) setUp(t *testing.T, flip bool) (*Position, *refPos, string) {
	t.Helper()
	cells, mover, double, capture, ep := tc.before, 1, "e7e5", tc.capture, tc.ep
	if flip {
		cells, mover = colourFlippedNames(cells), 0
		double, capture = colourFlippedMove(double), colourFlippedMove(capture)
		if ep != "" {
			ep = refCellOf(ep).colourFlipped().name()
		}
	}
	if ep != "" { // the capturing side is to move
		fen := fenWith(t, cells, "wb"[1-mover:2-mover])
		p, err := FromFEN(strings.Replace(fen, " - ", " "+ep+" ", 1))
		require.NoError(t, err)
		ref := newRefPos(cells, 1-mover)
		epCell := refCellOf(ep)
		ref.ep = &epCell
		return p, ref, capture
	}
	ref, ok := newRefPos(cells, mover).playNamed(double)
	require.True(t, ok, "the reference refuses %s", double)
	p, err := FromFEN(fenWith(t, cells, "wb"[mover:mover+1]))
	require.NoError(t, err)
	m, err := p.ParseMove(double)
	require.NoError(t, err)
	p.Make(m)
	return p, ref, capture
}

func TestEnPassantUncoveringOwnKing(t *testing.T) {
	for _, tc := range epCases {
		for _, flip := range []bool{false, true} {
			name := tc.name
			if flip {
				name += ", colours flipped"
			}
			t.Run(name, func(t *testing.T) {
				p, ref, capture := tc.setUp(t, flip)
				refMoves := ref.legalMoveNames()
				assert.Equal(t, tc.legal, contains(refMoves, capture), "the reference disagrees with the hand analysis")

				require.Equal(t, capture[2:], CellName(p.EnPassant()))
				assert.Equal(t, tc.legal, contains(legalMoveNames(p), capture), "%s in %s", capture, p.FEN())
				assert.Equal(t, refMoves, legalMoveNames(p))
				if tc.legal {
					m, err := p.ParseMove(capture)
					require.NoError(t, err)
					assert.True(t, m.IsEnPassant())
					assert.Equal(t, move.Pawn, m.Captured(), "en passant takes a pawn")
				}
				for d, want := range tc.perft {
					assert.Equal(t, want, ref.perft(d+1), "reference perft %d", d+1)
					assert.Equal(t, want, p.Perft(d+1), "perft %d of %s", d+1, p.FEN())
				}
			})
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// The reference generator must itself agree with the Glinski perft suite
// (counts agreed by two other generators) before its counts mean anything.
func TestReferenceGeneratorAgreesWithSuite(t *testing.T) {
	compared := 0
	for _, c := range loadPerftSuite(t) {
		ref := refFromFEN(c.fen)
		for d := 1; d <= 3; d++ {
			want, ok := c.counts[d]
			if !ok || want > 20000 && (d > 2 || testing.Short()) {
				continue
			}
			assert.Equal(t, want, ref.perft(d), "%s depth %d", c.id, d)
			compared++
		}
	}
	assert.GreaterOrEqual(t, compared, 20, "counts compared")
}
