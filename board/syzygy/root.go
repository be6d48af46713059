package syzygy

import (
	"cmp"

	"github.com/sakk-chess/sakk/board"
	"github.com/sakk-chess/sakk/game/move"
)

// MaxRank is the rank of a move that wins with no fifty-move trouble.
const MaxRank = 1 << 18

// dtzSlack is how many plies short of the fifty-move limit a win must
// convert for every such move to rank alike. Stockfish uses none and lets
// its search pick among them; a short search can then drift until only
// the exact DTZ path is left, and a DTZ value one ply off (the tables
// store some in moves) loses the win to the fifty-move rule.
const dtzSlack = 10

// RankRootDTZ ranks each of moves (legal moves of p) much as Stockfish
// does: higher is better; wins that convert with dtzSlack plies to spare
// before the fifty-move limit all get MaxRank, slower wins MaxRank minus
// their distance (so close to the limit only the fastest conversions are
// kept), draws 0, losses negative. It reports false when a table is missing (ranks are
// then meaningless). p is restored before it returns.
func (tb *Tablebase) RankRootDTZ(p *board.Position, moves []move.Move, ranks []int) bool {
	if !tb.usable(p) {
		return false
	}
	clock := p.HalfmoveClock()
	repeated := p.IsRepetition()
	for i, m := range moves {
		p.Make(m)
		var dtz int
		var st status
		switch {
		case p.HalfmoveClock() == 0:
			var w WDL
			w, st = tb.search(p, false)
			dtz = dtzBeforeZeroing(-w)
		case p.IsRepetition() || p.HalfmoveClock() >= 100:
			dtz = 0
		default:
			dtz, st = tb.probeDTZ(p)
			dtz = -dtz
			dtz += cmp.Compare(dtz, 0)
		}
		if dtz == 2 && p.InCheck() && p.CountLegal() == 0 {
			dtz = 1 // mate
		}
		p.Unmake()
		if st == statusFail {
			return false
		}
		switch {
		case dtz > 0 && dtz+clock <= 99-dtzSlack && !repeated:
			ranks[i] = MaxRank
		case dtz > 0:
			ranks[i] = MaxRank - (dtz + clock)
		case dtz < 0 && -dtz*2+clock < 100:
			ranks[i] = -MaxRank
		case dtz < 0:
			ranks[i] = -MaxRank + (-dtz + clock)
		default:
			ranks[i] = 0
		}
	}
	return true
}

// RankRootWDL ranks moves by WDL alone (when DTZ tables are missing). With
// rule50 false, cursed wins and blessed losses count as wins and losses.
func (tb *Tablebase) RankRootWDL(p *board.Position, moves []move.Move, ranks []int, rule50 bool) bool {
	if !tb.usable(p) {
		return false
	}
	toRank := [5]int{-MaxRank, -MaxRank + 101, 0, MaxRank - 101, MaxRank}
	for i, m := range moves {
		p.Make(m)
		w, ok := tb.ProbeWDL(p)
		p.Unmake()
		if !ok {
			return false
		}
		w = -w
		if !rule50 {
			w = WDL(2 * cmp.Compare(int(w), 0))
		}
		ranks[i] = toRank[w+2]
	}
	return true
}
