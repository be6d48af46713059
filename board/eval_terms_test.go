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

// collected lists, per colour, the index within term name of every weight
// that colour collected in fen (an index twice if collected twice).
func collected(t *testing.T, fen, name string) (white, black []int) {
	t.Helper()
	p, err := FromFEN(fen)
	require.NoError(t, err, fen)
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

// Mobility tables are indexed by the number of squares a piece reaches,
// counted on the board: not own pawns, not the own king, not squares an
// enemy pawn attacks.
func TestEvalMobilityByHand(t *testing.T) {
	for _, tc := range []struct {
		fen, term string
		want      int
	}{
		// Knight d4 on an empty board: b3 b5 c2 c6 e2 e6 f3 f5.
		{"k7/8/8/8/3N4/8/8/K7 w - - 0 1", "KnightMobility", 8},
		// Own pawns on b3 and f3, and c6 e6 attacked by the pawn d7.
		{"k7/3p4/8/8/3N4/1P3P2/8/K7 w - - 0 1", "KnightMobility", 4},
		// Bishop d4: a1-h8 (7 squares) and a7-g1 (6).
		{"k7/8/8/8/3B4/8/7K/8 w - - 0 1", "BishopMobility", 13},
		// Rook d4: 7 on the rank, 7 on the file.
		{"k7/8/8/8/3R4/8/7K/8 w - - 0 1", "RookMobility", 14},
		// Queen d4: both.
		{"k7/8/8/8/3Q4/8/7K/8 w - - 0 1", "QueenMobility", 27},
		// Queen a1 hemmed in by its own king b1 and pawn b2: a2..a8.
		{"7k/8/8/8/8/8/1P6/QK6 w - - 0 1", "QueenMobility", 7},
	} {
		white, _ := collected(t, tc.fen, tc.term)
		assert.Equal(t, []int{tc.want}, white, "%s: %s", tc.fen, tc.term)
	}
}

// King safety: with two or more pieces hitting the enemy king zone (the
// king's square and its neighbours), the table index is the sum over them
// of a weight per type (knight and bishop 2, rook 3, queen 4) plus the zone
// squares each hits. Worked out by hand against the king g8, whose zone is
// f7 g7 h7 f8 g8 h8.
func TestEvalKingAttackByHand(t *testing.T) {
	// Rook f1 hits f7 f8 (3+2), queen h1 hits h7 h8 (4+2).
	white, black := collected(t, "6k1/8/8/8/8/8/8/K4R1Q w - - 0 1", "KingAttack")
	assert.Equal(t, []int{11}, white)
	assert.Empty(t, black)
	// Knight e5 and bishop h5 each hit f7 (2+1 each).
	white, _ = collected(t, "6k1/8/8/4N2B/8/8/8/K7 w - - 0 1", "KingAttack")
	assert.Equal(t, []int{6}, white)
	// One attacker alone does not count; a rook on the e-file misses the zone.
	white, _ = collected(t, "6k1/8/8/8/8/8/8/K3RR2 w - - 0 1", "KingAttack")
	assert.Empty(t, white)
}

// The endgame scale (of 64), by hand: a lone minor piece cannot win (0), a
// pawnless edge of at most a bishop is drawish (16), a pure opposite-
// coloured bishop ending halves the score (32), everything else is 64.
func TestEvalEndgameScaleByHand(t *testing.T) {
	scale := func(fen string) int {
		p, err := FromFEN(fen)
		require.NoError(t, err, fen)
		var f EvalFeatures
		p.EvalFeaturesOf(&f)
		return f.Scale
	}
	assert.Equal(t, 0, scale("4k3/8/8/8/8/8/8/2N1K3 w - - 0 1"), "K+N against K")
	assert.Equal(t, 0, scale("4k3/8/8/8/8/8/8/2n1K3 w - - 0 1"), "the same for Black")
	assert.Equal(t, 64, scale("4k3/8/8/8/8/8/8/R3K3 w - - 0 1"), "K+R against K")
	assert.Equal(t, 16, scale("4k3/8/8/8/8/8/5n2/R3K3 w - - 0 1"), "K+R against K+N")
	// Bishops c1 (dark) and d7 (light), White a pawn up.
	assert.Equal(t, 32, scale("4k3/3b4/8/8/8/8/3P4/2B1K3 w - - 0 1"), "opposite bishops")
	assert.Equal(t, 32, scale("2b1k3/3p4/8/8/8/8/8/4K1B1 b - - 0 1"), "opposite bishops, Black ahead")
	assert.Equal(t, 64, scale("4k3/4b3/8/8/8/8/3P4/2B1K3 w - - 0 1"), "bishops on one colour")
	assert.Equal(t, 64, scale("4k3/3b4/8/8/8/8/3P4/R1B1K3 w - - 0 1"), "opposite bishops and a rook")
	assert.Equal(t, 64, scale("4k3/3b4/8/8/8/8/3P4/1NB1K3 w - - 0 1"), "opposite bishops and a knight")

	// Which side is ahead decides, by the endgame part, or by the midgame
	// part when the endgame part is zero: K+R against K+N.
	p, err := FromFEN("4k3/8/8/8/8/8/5n2/R3K3 w - - 0 1")
	require.NoError(t, err)
	assert.Equal(t, 16, p.endgameScale(-5, 1), "White (the rook) ahead in the endgame")
	assert.Equal(t, 0, p.endgameScale(5, -1), "Black (the knight) ahead in the endgame")
	assert.Equal(t, 16, p.endgameScale(5, 0), "a tie in the endgame: White ahead in the midgame")
	assert.Equal(t, 0, p.endgameScale(-5, 0), "a tie in the endgame: Black ahead in the midgame")
}
