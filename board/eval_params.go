package board

// Hand-set starting weights (centipawns). bench/tune rewrites this file with
// tuned values; see the README section "Evaluation".

// Weights are the evaluation weights in use.
var Weights = EvalWeights{
	Material: [6]Score{0, S(90, 120), S(320, 300), S(335, 320), S(470, 540), S(950, 980)},
	PST: [7][32]Score{
		1: handPST(func(f, r, md int) (int, int) { // pawn: centre pawns forward, all pawns forward late
			mg := 2 * (r - 1)
			if f >= 2 && (r == 3 || r == 4) {
				mg += 10
			}
			return mg, 6 * (r - 1)
		}),
		2: handPST(func(f, r, md int) (int, int) { return 20 - 8*md, 15 - 6*md }),
		3: handPST(func(f, r, md int) (int, int) { return 10 - 4*md, 8 - 4*md }),
		4: handPST(func(f, r, md int) (int, int) {
			if r == 6 {
				return 15, 5
			}
			return 0, 0
		}),
		5: handPST(func(f, r, md int) (int, int) { return 4 - 2*md, 10 - 4*md }),
		6: handPST(func(f, r, md int) (int, int) { // king: tucked in a corner early, central late
			mg := [4]int{15, 20, 5, -5}[f] - 20*r
			return mg, 20 - 8*md
		}),
	},
	KnightMobility: handMobility9(6, 6, 4),
	BishopMobility: handMobility14(5, 5, 6),
	RookMobility:   handMobility15(2, 5, 6),
	QueenMobility:  handMobility28(1, 2, 13),

	Passed:          [8]Score{0, S(5, 10), S(5, 15), S(10, 25), S(20, 45), S(35, 75), S(60, 120), 0},
	PassedBlocked:   S(-5, -15),
	PassedOwnKing:   S(0, -5),
	PassedTheirKing: S(0, 8),
	Isolated:        S(-10, -12),
	Doubled:         S(-8, -20),
	Backward:        S(-8, -10),
	Supported:       S(8, 6),
	Phalanx:         S(5, 5),

	BishopPair:   S(25, 45),
	RookOpen:     S(30, 10),
	RookSemiOpen: S(12, 8),
	PawnThreat:   S(40, 30),

	ShelterNear:    S(12, 0),
	ShelterFar:     S(6, 0),
	ShelterMissing: S(-15, 0),
	KingAttack:     handKingAttack(),

	Tempo: S(15, 5),
}

// handPST builds a folded table from f(file 0..3, rank 0..7, Manhattan
// distance to the centre 0..6).
func handPST(v func(f, r, md int) (int, int)) (t [32]Score) {
	for r := 0; r < 8; r++ {
		for f := 0; f < 4; f++ {
			md := (abs(2*f-7)+abs(2*r-7))/2 - 1
			mg, eg := v(f, r, md)
			t[r*4+f] = S(mg, eg)
		}
	}
	return t
}

func handMobilityLine(t []Score, mg, eg, mid int) {
	for n := range t {
		t[n] = S(mg*(n-mid), eg*(n-mid))
	}
}

func handMobility9(mg, eg, mid int) (t [9]Score)   { handMobilityLine(t[:], mg, eg, mid); return }
func handMobility14(mg, eg, mid int) (t [14]Score) { handMobilityLine(t[:], mg, eg, mid); return }
func handMobility15(mg, eg, mid int) (t [15]Score) { handMobilityLine(t[:], mg, eg, mid); return }
func handMobility28(mg, eg, mid int) (t [28]Score) { handMobilityLine(t[:], mg, eg, mid); return }

func handKingAttack() (t [kingAttackUnits]Score) {
	for u := range t {
		t[u] = S(min(u*u/2, 400), 2*u)
	}
	return t
}
