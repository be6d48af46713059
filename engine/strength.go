package engine

import (
	"math"
	"math/rand/v2"
)

// Strength limiting (UCI_LimitStrength with UCI_Elo). A weaker sakk is the
// same search with two handicaps, both growing as the Elo asked for falls:
//
//   - a node budget per move, nodes(elo) = 1000 * 2^((elo-eloAt1000)/eloPerDoubling),
//     the smaller of it and any "go nodes" (depth 1 always completes);
//   - a random choice among the best strengthLines root moves (searched as
//     MultiPV lines): a line whose score is d centipawns below the best is
//     chosen with weight exp(-d/T), T(elo) = 10 + (MaxElo-elo)/40, and never
//     when d > 4T. A mate found for the side to move is always played.
//
// The constants come from matches against Stockfish's UCI_Elo
// (docs/uci-extras.md has the calibration table).
const (
	MinElo        = 1000
	MaxElo        = 2600
	DefaultElo    = 1500
	strengthLines = 4

	eloAt1000      = 1460 // the Elo sakk plays at 1000 nodes a move
	eloPerDoubling = 170  // Elo gained by doubling the nodes
)

// strengthNodes is the node budget at an Elo.
func strengthNodes(elo int) uint64 {
	elo = min(max(elo, MinElo), MaxElo)
	return uint64(1000 * math.Exp2(float64(elo-eloAt1000)/eloPerDoubling))
}

// strengthTemperature is how far, in centipawns, the random choice reaches.
func strengthTemperature(elo int) float64 {
	elo = min(max(elo, MinElo), MaxElo)
	return 10 + float64(MaxElo-elo)/40
}

// limited says whether this search plays weaker on purpose.
func (e *Engine) limited() bool { return e.opts.LimitStrength }

// searchLines is how many MultiPV lines the main thread searches.
func (e *Engine) searchLines(nRoot int) int {
	n := e.opts.MultiPV
	if e.limited() {
		n = max(n, strengthLines)
	}
	return min(max(n, 1), nRoot)
}

// strengthNodeLimit is the node limit of a search: the "go nodes" limit
// and, when limiting strength, the Elo's budget.
func (e *Engine) strengthNodeLimit(nodes uint64) uint64 {
	if !e.limited() {
		return nodes
	}
	budget := strengthNodes(e.opts.Elo)
	if nodes == 0 {
		return budget
	}
	return min(nodes, budget)
}

// pickWeaker moves the randomly chosen one of the first lines root moves
// to the front (keeping the order of the rest), when limiting strength.
func (e *Engine) pickWeaker(t *thread, lines int) {
	if !e.limited() || lines < 2 {
		return
	}
	if e.rng == nil {
		e.rng = rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))
	}
	score := func(i int) int {
		if s := t.root[i].score; s != -Infinity {
			return s
		}
		return t.root[i].prevScore
	}
	top := score(0)
	if top == -Infinity || top >= MateBound {
		return // nothing searched, or a mate to play
	}
	temp := strengthTemperature(e.opts.Elo)
	var weights [strengthLines * 64]float64
	total := 0.0
	for i := range min(lines, len(weights)) {
		s := score(i)
		d := float64(top - s)
		if s == -Infinity || s <= -MateBound || d > 4*temp {
			continue
		}
		weights[i] = math.Exp(-d / temp)
		total += weights[i]
	}
	r := e.rng.Float64() * total
	chosen := 0
	for i := range min(lines, len(weights)) {
		if r < weights[i] {
			chosen = i
			break
		}
		r -= weights[i]
	}
	if chosen == 0 {
		return
	}
	picked := t.root[chosen]
	copy(t.root[1:chosen+1], t.root[:chosen])
	t.root[0] = picked
}
