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
		{"pawns e4 and f5 on neighbouring files: neither isolated",
			withKings(map[string]byte{"e4": 'P', "f5": 'P'}), move.White, map[string]wb{"Isolated": {0, 0}}},
		{"pawns c2 and e4 with the d-file between: both isolated",
			withKings(map[string]byte{"c2": 'P', "e4": 'P'}), move.White, map[string]wb{"Isolated": {2, 0}}},
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

// collected lists, per colour, the index within term name of every weight
// that colour collected in p (an index twice if collected twice).
func collected(t *testing.T, p *Position, name string) (white, black []int) {
	t.Helper()
	var f EvalFeatures
	p.EvalFeaturesOf(&f)
	for _, term := range WeightTerms() {
		if term.Name != name {
			continue
		}
		for i := term.Start; i < term.End; i++ {
			for range f.White[i] {
				white = append(white, i-term.Start)
			}
			for range f.Black[i] {
				black = append(black, i-term.Start)
			}
		}
		return white, black
	}
	t.Fatalf("no term %s", name)
	return nil, nil
}

// Mobility tables are indexed by the number of cells a piece reaches,
// counted on the board: not own pawns, not the own king, not cells an
// enemy pawn attacks. Kings on b1 and k7 are on none of the lines.
func TestEvalMobilityByHand(t *testing.T) {
	for _, tc := range []struct {
		name  string
		cells map[string]byte
		term  string
		want  int
	}{
		{"knight f6: c4 c5 d3 d7 e3 e8 g3 g8 h3 h7 i4 i5", map[string]byte{"f6": 'N'}, "KnightMobility", 12},
		{"bishop f6: two cells in each of the 6 diagonal directions", map[string]byte{"f6": 'B'}, "BishopMobility", 12},
		{"rook f6: five cells in each of the 6 orthogonal directions", map[string]byte{"f6": 'R'}, "RookMobility", 30},
		{"queen f6: both", map[string]byte{"f6": 'Q'}, "QueenMobility", 42},
		// The most a bishop reaches: a2 b7 c3 c6 d2 d5 f3 f6 g1 g4 g7 h8 i3 l2.
		{"bishop e4", map[string]byte{"e4": 'B'}, "BishopMobility", 14},
		// The own pawn f8 takes f8 to f11 (4 cells); the pawn e7 attacks d6
		// and f7 (2 more).
		{"rook f6 with its own pawn f8 and an enemy pawn e7", map[string]byte{"f6": 'R', "f8": 'P', "e7": 'p'}, "RookMobility", 24},
	} {
		white, _ := collected(t, hexPosition(t, withKings(tc.cells), move.White), tc.term)
		assert.Equal(t, []int{tc.want}, white, tc.name)
	}
}

// King safety: with two or more pieces hitting the enemy king zone (the
// king's cell and its neighbours), the table index is the sum over them of
// a weight per type (knight and bishop 2, rook 3, queen 4) plus the zone
// cells each hits. Worked out by hand against the king f11, whose zone is
// f11 f10 e10 g10 e9 g9.
func TestEvalKingAttackByHand(t *testing.T) {
	attack := func(cells map[string]byte) []int {
		cells["a1"], cells["f11"] = 'K', 'k'
		white, black := collected(t, hexPosition(t, cells, move.White), "KingAttack")
		assert.Empty(t, black)
		return white
	}
	assert.Equal(t, []int{11}, attack(map[string]byte{"e1": 'R', "g1": 'Q'}), "rook e1 hits e9 e10 (3+2), queen g1 g9 g10 (4+2)")
	assert.Equal(t, []int{8}, attack(map[string]byte{"g7": 'N', "i8": 'B'}), "knight g7 hits e9 f10 (2+2), bishop i8 g9 e9 (2+2)")
	assert.Empty(t, attack(map[string]byte{"e1": 'R'}), "one attacker alone does not count")
}

// The endgame scale (of 64) when the side ahead has no pawns: 4 with less
// than a rook of pieces, 16 when it is at most a bishop ahead, else 64.
func TestEvalEndgameScaleByHand(t *testing.T) {
	scale := func(cells map[string]byte) int {
		var f EvalFeatures
		hexPosition(t, withKings(cells), move.White).EvalFeaturesOf(&f)
		return f.Scale
	}
	assert.Equal(t, 4, scale(map[string]byte{"c1": 'N'}), "K+N against K")
	assert.Equal(t, 4, scale(map[string]byte{"c1": 'n'}), "K against K+N")
	assert.Equal(t, 64, scale(map[string]byte{"c1": 'R'}), "K+R against K")
	assert.Equal(t, 16, scale(map[string]byte{"c1": 'R', "f10": 'n'}), "K+R against K+N")
	assert.Equal(t, 64, scale(map[string]byte{"c1": 'R', "d1": 'N', "f10": 'n'}), "K+R+N against K+N")
	assert.Equal(t, 64, scale(map[string]byte{"c1": 'N', "f5": 'P'}), "a pawn to make a queen")
	assert.Equal(t, 64, scale(map[string]byte{"c1": 'R', "c7": 'p', "d7": 'p'}), "K+R against K and two pawns")

	p := hexPosition(t, withKings(map[string]byte{"c1": 'R', "f10": 'n'}), move.White)
	assert.Equal(t, 16, p.endgameScale(-5, 1), "White (the rook) ahead in the endgame")
	assert.Equal(t, 4, p.endgameScale(5, -1), "Black (the knight) ahead in the endgame")
	assert.Equal(t, 16, p.endgameScale(5, 0), "a tie in the endgame: White ahead in the midgame")
	assert.Equal(t, 4, p.endgameScale(-5, 0), "a tie in the endgame: Black ahead in the midgame")
}

// King shelter: own pawns on the three cells straight ahead of the king
// (near) and on the five of the next ring ahead (far). King g1: near f2
// g2 h1, far e2 f3 g3 h2 i1. The second position has a pawn on nine other
// cells around those, none of which counts.
func TestEvalShelterByHand(t *testing.T) {
	shelter := func(pawns ...string) [2][2]int {
		cells := map[string]byte{"g1": 'K', "f11": 'k'}
		for _, c := range pawns {
			cells[c] = 'P'
		}
		counts := termCounts(hexPosition(t, cells, move.White))
		return [2][2]int{counts["ShelterNear"], counts["ShelterFar"]}
	}
	assert.Equal(t, [2][2]int{{2, 0}, {4, 0}}, shelter("f2", "g2", "e2", "g3", "h2", "i1"), "f2 g2 near, e2 g3 h2 i1 far")
	assert.Equal(t, [2][2]int{{1, 0}, {1, 0}}, shelter("h1", "f3"), "h1 near, f3 far")
	assert.Equal(t, [2][2]int{}, shelter("f1", "c2", "d2", "k1", "e3", "i2", "f4", "h3", "g4"), "none ahead in the two rings")
}

// The game phase: knights and bishops 1, rooks 2, queens 4, at most 26.
func TestEvalPhaseByHand(t *testing.T) {
	phase := func(cells map[string]byte) int {
		var f EvalFeatures
		hexPosition(t, withKings(cells), move.White).EvalFeaturesOf(&f)
		return f.Phase
	}
	assert.Equal(t, 0, phase(map[string]byte{"f5": 'P'}))
	assert.Equal(t, 3, phase(map[string]byte{"c1": 'R', "f10": 'n'}))
	assert.Equal(t, 7, phase(map[string]byte{"c1": 'Q', "f10": 'b', "e10": 'r'}))
	assert.Equal(t, 26, New().Phase(), "the start position")
	assert.Equal(t, 26, phase(map[string]byte{"a1": 'Q', "b5": 'Q', "a3": 'Q', "a4": 'Q', "l1": 'q', "l2": 'q', "l3": 'q'}),
		"seven queens make 28, capped at 26")
}

// The piece-square tables are folded onto files f..l, file by file from f
// (f1..f11 are 0..10, g1..g10 11..20, ..., l1..l6 45..50), counted from
// each side's own edge.
func TestEvalPSTIndexByHand(t *testing.T) {
	const cellsPerTable = 51
	for _, tc := range []struct {
		cell   string
		letter byte
		want   int
	}{
		{"f1", 'N', 0}, {"f11", 'n', 0}, {"g1", 'N', 11}, {"e1", 'N', 11}, {"g10", 'n', 11},
		{"g3", 'N', 13}, {"l1", 'N', 45}, {"a6", 'N', 50}, {"l1", 'n', 50},
	} {
		p := hexPosition(t, map[string]byte{"b4": 'K', "i8": 'k', tc.cell: tc.letter}, move.White)
		white, black := collected(t, p, "PST")
		got := append(white, black...)
		// The kings b4 and i8 collect the King table; the knight is the rest.
		var knight []int
		for _, i := range got {
			if i/cellsPerTable == int(move.Knight) {
				knight = append(knight, i%cellsPerTable)
			}
		}
		assert.Equal(t, []int{tc.want}, knight, "%c on %s", tc.letter, tc.cell)
	}
}
