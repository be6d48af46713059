package hexboard

// Hand-set starting weights (centipawns). bench/tune rewrites this file with
// tuned values; see the README section "Evaluation".
//
// Material: a knight reaches 12 cells from the middle and a bishop 12 too
// but only cells of one colour (three bishops share the board), a rook 30
// and a queen 42 — rooks and queens gain most from the hexagon.

// Weights are the evaluation weights in use.
var Weights = EvalWeights{
	Material: [6]Score{0, S(90, 115), S(310, 300), S(290, 280), S(520, 560), S(1050, 1080)},
	PST: [7][halfCells]Score{
		1: handPST(func(aq, r, pd, cd int) (int, int) { // pawn: forward, the centre files first
			adv := max(0, 6-pd)
			mg := 3 * adv
			if aq <= 1 && cd <= 2 {
				mg += 8
			}
			return mg, 8 * adv
		}),
		2: handPST(func(aq, r, pd, cd int) (int, int) { return 20 - 6*cd, 15 - 5*cd }),
		3: handPST(func(aq, r, pd, cd int) (int, int) { return 10 - 4*cd, 8 - 4*cd }),
		4: handPST(func(aq, r, pd, cd int) (int, int) { return 0, 0 }),
		5: handPST(func(aq, r, pd, cd int) (int, int) { return 4 - 2*cd, 10 - 4*cd }),
		6: handPST(func(aq, r, pd, cd int) (int, int) { return 10 - 15*(r-1), 20 - 8*cd }),
	},
	KnightMobility: handMobility13(5, 5, 6),
	BishopMobility: handMobility15(5, 5, 6),
	RookMobility:   handMobility31(2, 3, 12),
	QueenMobility:  handMobility43(1, 2, 18),

	Passed: [11]Score{0, S(70, 140), S(45, 95), S(30, 65), S(20, 45), S(12, 30),
		S(8, 20), S(5, 12), S(3, 8), S(2, 5), S(0, 0)},
	PassedBlocked:   S(-5, -15),
	PassedOwnKing:   S(0, -5),
	PassedTheirKing: S(0, 8),
	Isolated:        S(-10, -12),
	Doubled:         S(-8, -20),
	Supported:       S(8, 6),

	BishopPair:   S(15, 30),
	RookOpen:     S(20, 8),
	RookSemiOpen: S(8, 5),
	PawnThreat:   S(40, 30),

	ShelterNear: S(12, 0),
	ShelterFar:  S(5, 0),
	KingAttack:  handKingAttack(),

	Tempo: S(15, 5),
}

// handPST builds a folded table from v(|q| 0..5, rank 1.., steps to
// promotion, ring distance to the centre f6). It runs before the package's
// init functions, so it works from the coordinates alone.
func handPST(v func(aq, r, pd, ring int) (int, int)) (t [halfCells]Score) {
	i := 0
	for aq := 0; aq <= 5; aq++ {
		length := 11 - aq
		for r := 1; r <= length; r++ {
			dy2 := 2*(r-1) + aq - 10
			ring := max(aq, abs(dy2-aq)/2, abs(dy2+aq)/2)
			mg, eg := v(aq, r, length-r, ring)
			t[i] = S(mg, eg)
			i++
		}
	}
	return t
}

func handMobilityLine(t []Score, mg, eg, mid int) {
	for n := range t {
		t[n] = S(mg*(n-mid), eg*(n-mid))
	}
}

func handMobility13(mg, eg, mid int) (t [13]Score) { handMobilityLine(t[:], mg, eg, mid); return }
func handMobility15(mg, eg, mid int) (t [15]Score) { handMobilityLine(t[:], mg, eg, mid); return }
func handMobility31(mg, eg, mid int) (t [31]Score) { handMobilityLine(t[:], mg, eg, mid); return }
func handMobility43(mg, eg, mid int) (t [43]Score) { handMobilityLine(t[:], mg, eg, mid); return }

func handKingAttack() (t [kingAttackUnits]Score) {
	for u := range t {
		t[u] = S(min(u*u/2, 400), 2*u)
	}
	return t
}
