package hexboard

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sakk-chess/sakk/game/move"
)

// hexPosition builds a position from cell -> FEN letter.
func hexPosition(t *testing.T, cells map[string]byte, side move.Color) *Position {
	t.Helper()
	var letters [NumCells]byte
	for name, l := range cells {
		c, ok := ParseCell(name)
		require.True(t, ok, name)
		letters[c] = l
	}
	p, err := FromFEN(boardFEN(&letters, side))
	require.NoError(t, err)
	return p
}

// withKings adds the White king b1 and the Black king k7 to cells.
func withKings(cells map[string]byte) map[string]byte {
	m := map[string]byte{"b1": 'K', "k7": 'k'}
	for k, v := range cells {
		m[k] = v
	}
	return m
}

// termCounts sums, per term of EvalWeights, how often White and Black
// collected it in p.
func termCounts(p *Position) map[string][2]int {
	var f EvalFeatures
	p.EvalFeaturesOf(&f)
	counts := map[string][2]int{}
	for _, term := range WeightTerms() {
		var c [2]int
		for i := term.Start; i < term.End; i++ {
			c[0] += int(f.White[i])
			c[1] += int(f.Black[i])
		}
		counts[term.Name] = c
	}
	return counts
}

// termValue is the White-minus-Black value of the named terms in p,
// tapered by p's phase (before the endgame scale).
func termValue(p *Position, names ...string) int {
	var f EvalFeatures
	p.EvalFeaturesOf(&f)
	weights := WeightVector()
	mg, eg := 0, 0
	for _, term := range WeightTerms() {
		for _, name := range names {
			if term.Name != name {
				continue
			}
			for i := term.Start; i < term.End; i++ {
				d := int(f.White[i]) - int(f.Black[i])
				mg += d * weights[i].MG()
				eg += d * weights[i].EG()
			}
		}
	}
	return (mg*f.Phase + eg*(PhaseMax-f.Phase)) / PhaseMax
}

// Hand-checked positions: how often each term applies, per side, worked
// out on the board (not by the code under test).
func TestEvalTermCountsByHand(t *testing.T) {
	type wb = [2]int // White, Black
	for _, tc := range []struct {
		name  string
		cells map[string]byte
		side  move.Color
		want  map[string]wb
	}{
		{"rook a1, no pawn on the a-file: open", withKings(map[string]byte{"a1": 'R'}), move.White,
			map[string]wb{"RookOpen": {1, 0}, "RookSemiOpen": {0, 0}, "Tempo": {1, 0}}},
		{"a Black pawn on a5 only: semi-open; that pawn is passed and isolated",
			withKings(map[string]byte{"a1": 'R', "a5": 'p'}), move.Black,
			map[string]wb{"RookOpen": {0, 0}, "RookSemiOpen": {1, 0}, "Passed": {0, 1}, "Isolated": {0, 1}, "Tempo": {0, 1}}},
		{"White's own pawn a2: closed", withKings(map[string]byte{"a1": 'R', "a2": 'P', "a5": 'p'}), move.White,
			map[string]wb{"RookOpen": {0, 0}, "RookSemiOpen": {0, 0}, "Passed": {0, 0}}},
		{"Black's rook a6 against White's pawn a2: semi-open for Black",
			withKings(map[string]byte{"a6": 'r', "a2": 'P'}), move.White,
			map[string]wb{"RookOpen": {0, 0}, "RookSemiOpen": {0, 1}}},
		{"two bishops against one", withKings(map[string]byte{"f1": 'B', "f2": 'B', "f10": 'b'}), move.White,
			map[string]wb{"BishopPair": {1, 0}}},
		{"f4 and f6 doubled: one rear pawn, the front one passed, both isolated",
			withKings(map[string]byte{"f4": 'P', "f6": 'P'}), move.White,
			map[string]wb{"Doubled": {1, 0}, "Passed": {1, 0}, "Isolated": {2, 0}}},
		{"material: two knights and a queen against a rook and three pawns",
			withKings(map[string]byte{"c1": 'N', "d1": 'N', "a6": 'Q', "f10": 'r', "c7": 'p', "d7": 'p', "e7": 'p'}), move.White,
			map[string]wb{"Material": {3, 4}}},
	} {
		counts := termCounts(hexPosition(t, tc.cells, tc.side))
		for name, want := range tc.want {
			assert.Equal(t, want, counts[name], "%s: %s (White, Black)", tc.name, name)
		}
	}
}

// What the weights must keep saying, whatever the tuner finds (in the
// endgame: the Glinski midgame weights put a semi-open file above an open
// one, so rook files are compared with one rook on the board).
func TestEvalMonotonic(t *testing.T) {
	rook := func(cells map[string]byte) int {
		return termValue(hexPosition(t, withKings(cells), move.White), "RookOpen", "RookSemiOpen")
	}
	open := rook(map[string]byte{"a1": 'R', "b7": 'p', "b2": 'P'})
	semiOpen := rook(map[string]byte{"a1": 'R', "a5": 'p', "b2": 'P'})
	closed := rook(map[string]byte{"a1": 'R', "b7": 'p', "a2": 'P'})
	assert.Greater(t, open, semiOpen, "open > semi-open")
	assert.Greater(t, semiOpen, closed, "semi-open > closed")
	assert.Equal(t, 0, closed)
	blackOpen := rook(map[string]byte{"a6": 'r', "b7": 'p', "b2": 'P'})
	blackSemi := rook(map[string]byte{"a6": 'r', "b7": 'p', "a2": 'P'})
	assert.Less(t, blackOpen, blackSemi, "Black's open file counts against White more")
	assert.Less(t, blackSemi, 0)

	// A passed pawn is worth more the closer it is to promotion: 5 to 1
	// steps from f11 (the term and the whole evaluation).
	lastTerm, lastEval := -1<<30, -1<<30
	for _, cell := range []string{"f6", "f7", "f8", "f9", "f10"} {
		p := hexPosition(t, withKings(map[string]byte{cell: 'P'}), move.White)
		term := termValue(p, "Passed")
		assert.Greater(t, term, lastTerm, "passed pawn term on %s", cell)
		assert.Greater(t, p.Evaluate(), lastEval, "evaluation with the pawn on %s", cell)
		lastTerm, lastEval = term, p.Evaluate()
	}

	// More cells for a knight or a rook are worth more.
	mobility := func(cells map[string]byte, name string) int {
		return termValue(hexPosition(t, withKings(cells), move.White), name)
	}
	assert.Greater(t, mobility(map[string]byte{"f6": 'N'}, "KnightMobility"), mobility(map[string]byte{"a1": 'N'}, "KnightMobility"))
	assert.Greater(t, mobility(map[string]byte{"f6": 'R'}, "RookMobility"), mobility(map[string]byte{"a1": 'R', "a2": 'P', "b1": 'K'}, "RookMobility"))
}
