package board

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sakk-chess/sakk/game/move"
)

var evalFENs = []string{
	StartFEN,
	kiwipeteFEN,
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8",
	"8/8/4k3/3p4/3P4/4K3/8/8 b - - 0 50",
	"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
	"4k3/8/8/8/8/8/8/4KB2 w - - 0 1",
	"2K5/6P1/8/8/8/8/6Nk/2r5 w - - 1 35", // endgame part exactly 0: the scale must not favour White
}

// mirrorFEN flips the board vertically and swaps the colours (and the side
// to move, castling rights and the en passant square with them).
func mirrorFEN(t *testing.T, fen string) string {
	fields := strings.Fields(fen)
	require.GreaterOrEqual(t, len(fields), 4)
	ranks := strings.Split(fields[0], "/")
	for i, j := 0, len(ranks)-1; i < j; i, j = i+1, j-1 {
		ranks[i], ranks[j] = ranks[j], ranks[i]
	}
	swap := func(s string) string {
		return strings.Map(func(r rune) rune {
			switch {
			case r >= 'a' && r <= 'z':
				return r - 'a' + 'A'
			case r >= 'A' && r <= 'Z':
				return r - 'A' + 'a'
			}
			return r
		}, s)
	}
	fields[0] = swap(strings.Join(ranks, "/"))
	fields[1] = map[string]string{"w": "b", "b": "w"}[fields[1]]
	if fields[2] != "-" {
		fields[2] = swap(fields[2])
	}
	if fields[3] != "-" {
		fields[3] = string(fields[3][0]) + string('1'+'8'-fields[3][1])
	}
	return strings.Join(fields, " ")
}

// flipFilesFEN mirrors the board left-right (a file <-> h file); only for
// positions without castling rights or en passant.
func flipFilesFEN(fen string) string {
	fields := strings.Fields(fen)
	ranks := strings.Split(fields[0], "/")
	for i, r := range ranks {
		b := []byte(r)
		for x, y := 0, len(b)-1; x < y; x, y = x+1, y-1 {
			b[x], b[y] = b[y], b[x]
		}
		ranks[i] = string(b)
	}
	fields[0] = strings.Join(ranks, "/")
	return strings.Join(fields, " ")
}

// randomPositions plays random legal moves from each test FEN and collects
// the positions on the way.
func randomPositions(t *testing.T, n int) []string {
	rng := rand.New(rand.NewPCG(1, 2))
	var out []string
	var list move.List
	for len(out) < n {
		p, err := FromFEN(evalFENs[rng.IntN(len(evalFENs))])
		require.NoError(t, err)
		for ply := 0; ply < 80 && len(out) < n; ply++ {
			p.LegalMoves(&list)
			if list.N == 0 {
				break
			}
			p.Make(list.Moves[rng.IntN(list.N)])
			out = append(out, p.FEN())
		}
	}
	return out
}

func TestEvalColourSymmetry(t *testing.T) {
	for _, fen := range append(randomPositions(t, 3000), evalFENs...) {
		p, err := FromFEN(fen)
		require.NoError(t, err, fen)
		m, err := FromFEN(mirrorFEN(t, fen))
		require.NoError(t, err, mirrorFEN(t, fen))
		// Same position with colours swapped: the side to move's score is equal
		// (White's view is negated).
		require.Equal(t, p.Evaluate(), m.Evaluate(), "%s\n%s", fen, m.FEN())
	}
}

func TestEvalLeftRightSymmetry(t *testing.T) {
	checked := 0
	for _, fen := range randomPositions(t, 3000) {
		p, err := FromFEN(fen)
		require.NoError(t, err)
		if p.CastlingRights() != 0 || p.EnPassant() != NoSquare {
			continue
		}
		m, err := FromFEN(flipFilesFEN(fen))
		require.NoError(t, err)
		require.Equal(t, p.Evaluate(), m.Evaluate(), "%s\n%s", fen, m.FEN())
		checked++
	}
	assert.Greater(t, checked, 1000)
}

// The linear form the tuner fits must reproduce the evaluation.
func TestEvalFeaturesMatchEvaluate(t *testing.T) {
	weights := WeightVector()
	for _, fen := range randomPositions(t, 2000) {
		p, err := FromFEN(fen)
		require.NoError(t, err)
		var f EvalFeatures
		p.EvalFeaturesOf(&f)
		mg, eg := 0, 0
		for i, w := range weights {
			d := int(f.White[i]) - int(f.Black[i])
			mg += d * w.MG()
			eg += d * w.EG()
		}
		lin := (mg*f.Phase + eg*(PhaseMax-f.Phase)) / PhaseMax * f.Scale / 64
		if p.Side() == move.Black {
			lin = -lin
		}
		require.Equal(t, p.Evaluate(), lin, fen)
	}
}

func TestScorePacking(t *testing.T) {
	for _, mg := range []int{-3000, -1, 0, 1, 77, 3000} {
		for _, eg := range []int{-3000, -1, 0, 1, 99, 3000} {
			s := S(mg, eg)
			assert.Equal(t, mg, s.MG())
			assert.Equal(t, eg, s.EG())
			assert.Equal(t, 2*mg, (s + s).MG())
			assert.Equal(t, -eg, (-s).EG())
			assert.Equal(t, 3*eg, (s * 3).EG())
		}
	}
}

func TestEvalSanity(t *testing.T) {
	start := New()
	assert.InDelta(t, 0, start.Evaluate(), 30, "start position is about even")
	// A queen up is a lot.
	p, err := FromFEN("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
	require.NoError(t, err)
	assert.Greater(t, p.Evaluate(), 700)
	// A lone bishop cannot win.
	p, err = FromFEN("4k3/8/8/8/8/8/8/4KB2 w - - 0 1")
	require.NoError(t, err)
	assert.Equal(t, 0, p.Evaluate())
	// A far-advanced passed pawn is worth more than one at home.
	far, _ := FromFEN("4k3/8/1P6/8/8/8/8/4K3 w - - 0 1")
	home, _ := FromFEN("4k3/8/8/8/8/8/1P6/4K3 w - - 0 1")
	assert.Greater(t, far.Evaluate(), home.Evaluate())
}

func TestEvalTrace(t *testing.T) {
	p, err := FromFEN(kiwipeteFEN)
	require.NoError(t, err)
	tr := p.EvalTrace()
	for _, term := range []string{"Material", "PST", "KnightMobility", "total", "final evaluation"} {
		assert.Contains(t, tr, term)
	}
	assert.Contains(t, tr, "(side to move)")
}

func TestEvaluateDoesNotAllocate(t *testing.T) {
	p, err := FromFEN(kiwipeteFEN)
	require.NoError(t, err)
	assert.Zero(t, testing.AllocsPerRun(100, func() { _ = p.Evaluate() }))
}

func BenchmarkEvaluate(b *testing.B) {
	var ps []*Position
	for _, fen := range evalFENs {
		p, _ := FromFEN(fen)
		ps = append(ps, p)
	}
	b.ResetTimer()
	sum := 0
	for i := 0; i < b.N; i++ {
		sum += ps[i%len(ps)].Evaluate()
	}
	_ = sum
}

func TestKingShelterMasks(t *testing.T) {
	g1, _ := ParseSquare("g1")
	assert.Equal(t, Bit(Square(5, 1))|Bit(Square(6, 1))|Bit(Square(7, 1)), shelterNear[move.White][g1])
	assert.Equal(t, Bit(Square(5, 2))|Bit(Square(6, 2))|Bit(Square(7, 2)), shelterFar[move.White][g1])
	b8, _ := ParseSquare("b8")
	assert.Equal(t, Bit(Square(0, 6))|Bit(Square(1, 6))|Bit(Square(2, 6)), shelterNear[move.Black][b8])
}

// pawnCountsSlow counts isolated, doubled, backward and passed pawns of
// colour c one pawn at a time, from the definitions.
func pawnCountsSlow(p *Position, c move.Color) (isolated, doubled, backward, passed int) {
	own, enemy := p.Pieces(c, move.Pawn), p.Pieces(c.Other(), move.Pawn)
	ahead := func(sq, rr int) bool { return (rr > Rank(sq)) == (c == move.White) && rr != Rank(sq) }
	for b := own; b != 0; b &= b - 1 {
		sq := LSB(b)
		f := File(sq)
		var front, span, support uint64
		for rr := 0; rr < 8; rr++ {
			if ahead(sq, rr) {
				front |= RankMask(rr) & FileMask(f)
				span |= RankMask(rr) & (FileMask(f) | adjacentFiles[f])
			} else {
				support |= RankMask(rr) & adjacentFiles[f]
			}
		}
		stop := sq + 8 - 16*int(c)
		isIsolated := adjacentFiles[f]&own == 0
		if isIsolated {
			isolated++
		} else if support&own == 0 && PawnAttacksSet(c.Other(), enemy)&Bit(stop) != 0 {
			backward++
		}
		if front&own != 0 {
			doubled++
		} else if span&enemy == 0 {
			passed++
		}
	}
	return
}

// The set-wise pawn terms agree with the one-pawn-at-a-time definitions.
func TestPawnStructureMatchesDefinitions(t *testing.T) {
	index := map[string]WeightTerm{}
	for _, term := range WeightTerms() {
		index[term.Name] = term
	}
	for _, fen := range randomPositions(t, 2000) {
		p, err := FromFEN(fen)
		require.NoError(t, err)
		var f EvalFeatures
		p.EvalFeaturesOf(&f)
		for c, counts := range [2][]int16{f.White, f.Black} {
			isolated, doubled, backward, passed := pawnCountsSlow(p, move.Color(c))
			require.Equal(t, isolated, int(counts[index["Isolated"].Start]), fen)
			require.Equal(t, doubled, int(counts[index["Doubled"].Start]), fen)
			require.Equal(t, backward, int(counts[index["Backward"].Start]), fen)
			n := 0
			for i := index["Passed"].Start; i < index["Passed"].End; i++ {
				n += int(counts[i])
			}
			require.Equal(t, passed, n, fen)
		}
	}
}
