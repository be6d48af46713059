package engine

import (
	"math"
	"math/rand/v2"
)

// Strength limiting (UCI_LimitStrength with UCI_Elo). A weaker sakk is the
// same search with two handicaps:
//
//   - a node budget per move (the smaller of it and any "go nodes"; depth
//     1 always completes);
//   - a random choice among the best strengthLines root moves (searched as
//     MultiPV lines): a line whose score is d centipawns below the best is
//     chosen with weight exp(-d/T), and never when d > 4T. A mate found
//     for the side to move is always played.
//
// strengthTable gives both handicaps at measured Elos; between rows the
// Elo is interpolated linearly in log(nodes) and in T. Each row's Elo is
// the result of a match of sakk at that row's settings against
// Stockfish's UCI_Elo (docs/uci-extras.md has the games and errors).
var strengthTable = [...]strengthRow{
	{elo: 1120, nodes: 400, temperature: 30},  // 21/100 against UCI_Elo 1350: -230 +- 80
	{elo: 1357, nodes: 2000, temperature: 15}, // 30.5/100 against UCI_Elo 1500: -143 +- 67
	{elo: 1824, nodes: 16000, temperature: 5}, // 53.5/100 against UCI_Elo 1800: +24 +- 68
}

type strengthRow struct {
	elo         int
	nodes       float64
	temperature float64 // centipawns
}

// The UCI_Elo range is the calibrated one.
const (
	MinElo        = 1120
	MaxElo        = 1824
	DefaultElo    = 1357
	strengthLines = 4
)

// strengthAt interpolates the table at an Elo.
func strengthAt(elo int) (nodes uint64, temperature float64) {
	elo = min(max(elo, MinElo), MaxElo)
	i := 1
	for i < len(strengthTable)-1 && strengthTable[i].elo < elo {
		i++
	}
	lo, hi := strengthTable[i-1], strengthTable[i]
	f := float64(elo-lo.elo) / float64(hi.elo-lo.elo)
	f = min(max(f, 0), 1)
	n := math.Exp(math.Log(lo.nodes) + f*(math.Log(hi.nodes)-math.Log(lo.nodes)))
	return uint64(math.Round(n)), lo.temperature + f*(hi.temperature-lo.temperature)
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
	budget, _ := strengthAt(e.opts.Elo)
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
	_, temp := strengthAt(e.opts.Elo)
	var weights [strengthLines * 64]float64
	n := min(lines, len(weights))
	total := 0.0
	for i := range n {
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
	for i := range n {
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
