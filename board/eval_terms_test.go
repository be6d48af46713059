package board

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// termCounts sums, per term of EvalWeights, how often White and Black
// collected it in p.
func termCounts(t *testing.T, fen string) (*Position, map[string][2]int) {
	t.Helper()
	p, err := FromFEN(fen)
	require.NoError(t, err, fen)
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
	return p, counts
}

// termValue is a term's White-minus-Black value in p, tapered by p's phase
// (before the endgame scale): what that term adds to White's evaluation.
func termValue(t *testing.T, fen string, names ...string) int {
	t.Helper()
	p, err := FromFEN(fen)
	require.NoError(t, err, fen)
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
// out on the board (not by the code under test). Terms not listed are not
// checked for that position.
func TestEvalTermCountsByHand(t *testing.T) {
	type wb = [2]int // White, Black
	for _, tc := range []struct {
		fen  string
		want map[string]wb
	}{
		// Rook a1 on a file without pawns: open.
		{"4k3/8/8/8/8/8/8/R3K3 w - - 0 1", map[string]wb{"RookOpen": {1, 0}, "RookSemiOpen": {0, 0}, "Tempo": {1, 0}}},
		// Only Black's pawn on the a-file: semi-open for the rook a1; the
		// pawn a7 is passed (no White pawn at all) and isolated.
		{"4k3/p7/8/8/8/8/8/R3K3 b - - 0 1", map[string]wb{"RookOpen": {0, 0}, "RookSemiOpen": {1, 0},
			"Passed": {0, 1}, "Isolated": {0, 1}, "Tempo": {0, 1}}},
		// Own pawn a2 ahead of the rook: closed. The a-pawns block each
		// other: neither is passed, both isolated.
		{"4k3/p7/8/8/8/8/P7/R3K3 w - - 0 1", map[string]wb{"RookOpen": {0, 0}, "RookSemiOpen": {0, 0},
			"Passed": {0, 0}, "Isolated": {1, 1}}},
		// Black's rook a8 with only White's pawn on the file: semi-open for
		// Black; White's rook h1 on an open file.
		{"r3k3/8/8/8/8/8/P7/4K2R w - - 0 1", map[string]wb{"RookOpen": {1, 0}, "RookSemiOpen": {0, 1}}},
		// Two bishops against one.
		{"2b1k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", map[string]wb{"BishopPair": {1, 0}}},
		// Doubled b-pawns: the rear one is doubled and not passed, the
		// front one is passed; both isolated.
		{"4k3/8/8/8/8/1P6/1P6/4K3 w - - 0 1", map[string]wb{"Doubled": {1, 0}, "Passed": {1, 0}, "Isolated": {2, 0}}},
		// c3 defends d4; neither is isolated; both passed.
		{"4k3/8/8/8/3P4/2P5/8/4K3 w - - 0 1", map[string]wb{"Supported": {1, 0}, "Phalanx": {0, 0},
			"Isolated": {0, 0}, "Passed": {2, 0}}},
		// c3 and d3 side by side: both count as phalanx, neither supported.
		{"4k3/8/8/8/8/2PP4/8/4K3 w - - 0 1", map[string]wb{"Supported": {0, 0}, "Phalanx": {2, 0}}},
		// b4 attacks the knight c5 and the bishop a5: two pawn threats.
		{"4k3/8/8/b1n5/1P6/8/8/4K3 w - - 0 1", map[string]wb{"PawnThreat": {2, 0}}},
		// King g1 behind f2 g2 h2: three near shelter pawns. King g8 with
		// no pawns: three files without shelter.
		{"6k1/8/8/8/8/8/5PPP/6K1 w - - 0 1", map[string]wb{"ShelterNear": {3, 0}, "ShelterFar": {0, 0},
			"ShelterMissing": {0, 3}}},
		// f3 g2 h3: g2 near, f3 and h3 far.
		{"6k1/8/8/8/8/5P1P/6P1/6K1 w - - 0 1", map[string]wb{"ShelterNear": {1, 0}, "ShelterFar": {2, 0},
			"ShelterMissing": {0, 3}}},
		// A passed pawn with a piece on its stop square is blocked.
		{"4k3/8/1n6/1P6/8/8/8/4K3 w - - 0 1", map[string]wb{"Passed": {1, 0}, "PassedBlocked": {1, 0}}},
		// Material: two knights and a queen against a rook and three pawns.
		{"r3k3/ppp5/8/8/8/8/8/1N2KQN1 w - - 0 1", map[string]wb{"Material": {3, 4}, "BishopPair": {0, 0}}},
	} {
		_, counts := termCounts(t, tc.fen)
		for name, want := range tc.want {
			assert.Equal(t, want, counts[name], "%s: %s (White, Black)", tc.fen, name)
		}
	}
}

// Where the passed pawn bonus and the king distances go, by index.
func TestEvalPassedPawnRankAndKingDistance(t *testing.T) {
	p, err := FromFEN("4k3/8/1P6/8/8/8/8/4K3 w - - 0 1")
	require.NoError(t, err)
	var f EvalFeatures
	p.EvalFeaturesOf(&f)
	index := map[string]WeightTerm{}
	for _, term := range WeightTerms() {
		index[term.Name] = term
	}
	// b6 is White's sixth rank (index 5); its stop square b7 is 6 king
	// steps from e1 and 3 from e8.
	assert.Equal(t, int16(1), f.White[index["Passed"].Start+5])
	assert.Equal(t, int16(6), f.White[index["PassedOwnKing"].Start])
	assert.Equal(t, int16(3), f.White[index["PassedTheirKing"].Start])
	// The same for Black: b3 is Black's sixth rank, the stop square b2.
	p, err = FromFEN("4k3/8/8/8/8/1p6/8/4K3 w - - 0 1")
	require.NoError(t, err)
	p.EvalFeaturesOf(&f)
	assert.Equal(t, int16(1), f.Black[index["Passed"].Start+5])
	assert.Equal(t, int16(6), f.Black[index["PassedOwnKing"].Start])
	assert.Equal(t, int16(3), f.Black[index["PassedTheirKing"].Start])
}

// What the weights must keep saying, whatever the tuner finds.
func TestEvalMonotonic(t *testing.T) {
	// A rook on an open file > on a semi-open one > on a closed one, for
	// either colour (the same pawns in all three).
	rook := func(fen string) int { return termValue(t, fen, "RookOpen", "RookSemiOpen") }
	open := rook("4k3/1p6/8/8/8/8/1P6/R3K3 w - - 0 1")
	semiOpen := rook("4k3/p7/8/8/8/8/1P6/R3K3 w - - 0 1")
	closed := rook("4k3/1p6/8/8/8/8/P7/R3K3 w - - 0 1")
	assert.Greater(t, open, semiOpen, "open > semi-open")
	assert.Greater(t, semiOpen, closed, "semi-open > closed")
	assert.Equal(t, 0, closed)
	blackOpen := rook("r3k3/1p6/8/8/8/8/1P6/4K3 w - - 0 1")
	blackSemi := rook("r3k3/1p6/8/8/8/8/P7/4K3 w - - 0 1")
	assert.Less(t, blackOpen, blackSemi, "Black's open file counts against White more")
	assert.Less(t, blackSemi, 0)

	// A passed pawn is worth more the closer it is to promotion: the
	// passed-pawn term and the whole evaluation, ranks 4 to 7 (kings far
	// from the pawn, pawn endgame: the endgame weights).
	lastTerm, lastEval := -1<<30, -1<<30
	for _, fen := range []string{ // the pawn on b4, b5, b6, b7
		"7k/8/8/8/1P6/8/8/7K w - - 0 1",
		"7k/8/8/1P6/8/8/8/7K w - - 0 1",
		"7k/8/1P6/8/8/8/8/7K w - - 0 1",
		"7k/1P6/8/8/8/8/8/7K w - - 0 1",
	} {
		p, err := FromFEN(fen)
		require.NoError(t, err)
		term := termValue(t, fen, "Passed")
		assert.Greater(t, term, lastTerm, "passed pawn term: %s", fen)
		assert.Greater(t, p.Evaluate(), lastEval, "evaluation: %s", fen)
		lastTerm, lastEval = term, p.Evaluate()
	}

	// More squares for a knight or a rook are worth more.
	assert.Greater(t, termValue(t, "4k3/8/8/8/3N4/8/8/4K3 w - - 0 1", "KnightMobility"),
		termValue(t, "4k3/8/8/8/8/8/8/N3K3 w - - 0 1", "KnightMobility"))
	assert.Greater(t, termValue(t, "4k3/8/8/8/3R4/8/8/4K3 w - - 0 1", "RookMobility"),
		termValue(t, "4k3/8/8/8/8/8/PP6/RN2K3 w - - 0 1", "RookMobility"))
	// A pawn attacking a piece is a gain; an isolated pawn a loss.
	assert.Positive(t, termValue(t, "4k3/8/8/2n5/1P6/8/8/4K3 w - - 0 1", "PawnThreat"))
	assert.Negative(t, termValue(t, "4k3/8/8/8/8/8/P7/4K3 w - - 0 1", "Isolated"))
}
