package hexboard

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sakk-chess/sakk/game/move"
)

// boardFEN writes a hex FEN (no en passant) from a letter per cell (0 empty).
func boardFEN(letters *[NumCells]byte, side move.Color) string {
	var b strings.Builder
	for r := 11; r >= 1; r-- {
		empty := 0
		for _, c := range fenRanks[r] {
			if letters[c] == 0 {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			b.WriteByte(letters[c])
		}
		if empty > 0 {
			b.WriteString(strconv.Itoa(empty))
		}
		if r > 1 {
			b.WriteByte('/')
		}
	}
	return b.String() + []string{" w - 0 1", " b - 0 1"}[side]
}

// transformed rewrites p with each piece moved to cellMap(cell), its colour
// swapped if swap, and the side to move swapped if swap.
func transformed(t *testing.T, p *Position, cellMap func(int) int, swap bool) *Position {
	var letters [NumCells]byte
	for c := 0; c < NumCells; c++ {
		pt, col := p.PieceAt(c)
		if pt == move.NoPiece {
			continue
		}
		if swap {
			col = col.Other()
		}
		l := pt.Letter()
		if col == move.White {
			l -= 'a' - 'A'
		}
		letters[cellMap(c)] = l
	}
	side := p.Side()
	if swap {
		side = side.Other()
	}
	q, err := FromFEN(boardFEN(&letters, side))
	require.NoError(t, err, p.FEN())
	return q
}

// colourFlip maps a cell to the one the other side sees in its place:
// same file, rank r -> file length - r + 1.
func colourFlip(c int) int { return CellAt(File(c), FileLength(File(c))-Rank(c)+1) }

// fileFlip mirrors a cell across the f-file: q -> -q, same rank.
func fileFlip(c int) int { return CellAt(NumFiles-1-File(c), Rank(c)) }

var evalFENs = []string{
	StartFEN,
	"b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 b - 0 1",
}

func randomPositions(t *testing.T, n int) []*Position {
	rng := rand.New(rand.NewPCG(3, 4))
	var out []*Position
	var list move.List
	for len(out) < n {
		p, err := FromFEN(evalFENs[rng.IntN(len(evalFENs))])
		require.NoError(t, err)
		for ply := 0; ply < 120 && len(out) < n; ply++ {
			p.LegalMoves(&list)
			if list.N == 0 {
				break
			}
			p.Make(list.Moves[rng.IntN(list.N)])
			q, err := FromFEN(p.FEN())
			require.NoError(t, err)
			out = append(out, q)
		}
	}
	return out
}

func TestFlipGeometry(t *testing.T) {
	for c := 0; c < NumCells; c++ {
		assert.Equal(t, c, colourFlip(colourFlip(c)))
		assert.Equal(t, c, fileFlip(fileFlip(c)))
		assert.Equal(t, 20-Y2(c), Y2(colourFlip(c)), CellName(c))
		assert.Equal(t, -Q(c), Q(fileFlip(c)))
		assert.Equal(t, colourFlip(c), int(flipCell[c]))
	}
	assert.True(t, PromotionCells(move.White).Has(colourFlip(0)))
}

func TestEvalColourSymmetry(t *testing.T) {
	for _, p := range randomPositions(t, 3000) {
		m := transformed(t, p, colourFlip, true)
		require.Equal(t, p.Evaluate(), m.Evaluate(), "%s\n%s", p.FEN(), m.FEN())
	}
}

func TestEvalLeftRightSymmetry(t *testing.T) {
	for _, p := range randomPositions(t, 3000) {
		m := transformed(t, p, fileFlip, false)
		require.Equal(t, p.Evaluate(), m.Evaluate(), "%s\n%s", p.FEN(), m.FEN())
	}
}

func TestEvalFeaturesMatchEvaluate(t *testing.T) {
	weights := WeightVector()
	for _, p := range randomPositions(t, 2000) {
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
		require.Equal(t, p.Evaluate(), lin, p.FEN())
	}
}

func TestEvalSanity(t *testing.T) {
	start := New()
	assert.InDelta(t, 0, start.Evaluate(), 30)
	assert.Equal(t, PhaseMax, start.Phase())
	noQueen, err := FromFEN("b/1bk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - 0 1")
	require.NoError(t, err)
	assert.Greater(t, noQueen.Evaluate(), 800)
	// A pawn near promotion is worth more than one far from it.
	pawnOn := func(pawn string) *Position {
		var letters [NumCells]byte
		for cell, l := range map[string]byte{"b1": 'K', "k7": 'k', pawn: 'P'} {
			c, ok := ParseCell(cell)
			require.True(t, ok)
			letters[c] = l
		}
		p, err := FromFEN(boardFEN(&letters, move.White))
		require.NoError(t, err)
		return p
	}
	assert.Greater(t, pawnOn("f9").Evaluate(), pawnOn("f5").Evaluate())
	assert.Greater(t, pawnOn("f5").Evaluate(), 50)
}

func TestEvalTrace(t *testing.T) {
	tr := New().EvalTrace()
	for _, term := range []string{"Material", "PST", "KnightMobility", "total", "final evaluation"} {
		assert.Contains(t, tr, term)
	}
}

func TestEvaluateDoesNotAllocate(t *testing.T) {
	p := New()
	assert.Zero(t, testing.AllocsPerRun(100, func() { _ = p.Evaluate() }))
}

func BenchmarkEvaluate(b *testing.B) {
	var ps []*Position
	for _, fen := range evalFENs {
		p, _ := FromFEN(fen)
		ps = append(ps, p)
	}
	i, sum := 0, 0
	for b.Loop() {
		sum += ps[i%len(ps)].Evaluate()
		i++
	}
	_ = sum
}

// A pawn is passed when no enemy pawn stands ahead of it on its own file or
// a neighbouring one (measured by height: a pawn on the next file half a
// step ahead can still capture it).
func TestPassedPawnGeometry(t *testing.T) {
	passedCount := func(cells map[string]byte) int {
		var letters [NumCells]byte
		for cell, l := range cells {
			c, ok := ParseCell(cell)
			require.True(t, ok, cell)
			letters[c] = l
		}
		p, err := FromFEN(boardFEN(&letters, move.White))
		require.NoError(t, err)
		var f EvalFeatures
		p.EvalFeaturesOf(&f)
		n := 0
		for _, term := range WeightTerms() {
			if term.Name == "Passed" {
				for i := term.Start; i < term.End; i++ {
					n += int(f.White[i])
				}
			}
		}
		return n
	}
	kings := func(extra map[string]byte) map[string]byte {
		m := map[string]byte{"b1": 'K', "l6": 'k', "f5": 'P'}
		for k, v := range extra {
			m[k] = v
		}
		return m
	}
	assert.Equal(t, 1, passedCount(kings(nil)))
	assert.Equal(t, 0, passedCount(kings(map[string]byte{"f9": 'p'})), "blocked on its file")
	assert.Equal(t, 0, passedCount(kings(map[string]byte{"g7": 'p'})), "g7 can come down and capture")
	assert.Equal(t, 0, passedCount(kings(map[string]byte{"e5": 'p'})), "e5 is half a step ahead")
	assert.Equal(t, 1, passedCount(kings(map[string]byte{"g4": 'p'})), "g4 is behind")
	assert.Equal(t, 1, passedCount(kings(map[string]byte{"h9": 'p'})), "two files away")
}
