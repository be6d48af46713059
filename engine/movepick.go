package engine

import "github.com/sakk-chess/sakk/game/move"

// Move picker stages, in the order moves come out.
const (
	stageTT = iota
	stageGenCaptures
	stageGoodCaptures
	stageGenQuiets
	stageQuiets
	stageBadCaptures
	stageDone
)

// picker hands out a node's moves one at a time, best first, generating
// quiet moves only when the captures did not cut the node off: the TT move,
// captures that do not lose material (MVV-LVA order, SEE-checked), quiet moves
// by killer, counter-move and history, then the losing captures. The walk over
// the lists is board-independent; the stages that call the board live in the
// generated search files (next*).
type picker struct {
	stage      int
	ttMove     move.Move
	killers    [2]move.Move
	counter    move.Move
	quiescence bool // captures only, losing ones dropped (unless evading check)
	skipQuiets bool // late move pruning: no more quiet moves
	evasions   bool // in check: every legal move

	captures move.List
	quiets   move.List
	scores   [move.MaxMoves]int32
	cur      int // next unpicked index in the current list
	bad      int // captures[:bad] are the losing captures, kept for last

	tried  [64]move.Move // quiet moves searched, for the history malus
	nTried int
}

// init prepares the picker for a node of the main search.
func (mp *picker) init(ttMove move.Move, killers [2]move.Move, counter move.Move, inCheck bool) {
	mp.stage = stageTT
	mp.ttMove = ttMove
	mp.killers = killers
	mp.counter = counter
	mp.quiescence = false
	mp.skipQuiets = false
	mp.evasions = inCheck
	mp.bad = 0
	mp.nTried = 0
}

// initQuiescence prepares the picker for a quiescence node.
func (mp *picker) initQuiescence(ttMove move.Move, inCheck bool) {
	mp.init(ttMove, [2]move.Move{}, move.None, inCheck)
	mp.quiescence = !inCheck
	if mp.quiescence && !ttMove.IsTactical() {
		mp.ttMove = move.None
	}
}

// scoreCaptures sets MVV-LVA scores for the captures list.
func (mp *picker) scoreCaptures() {
	n := mp.captures.N
	for i := range n {
		mp.scores[i] = mvvLva(mp.captures.Moves[i])
	}
	mp.cur = 0
}

// scoreQuiets sets history scores for the quiets list, killers and the
// counter-move above all others.
func (mp *picker) scoreQuiets(t *thread, side move.Color, ply int) {
	n := mp.quiets.N
	for i := range n {
		m := mp.quiets.Moves[i]
		var s int32
		switch m {
		case mp.killers[0]:
			s = 1 << 26
		case mp.killers[1]:
			s = 1<<26 - 1
		case mp.counter:
			s = 1<<26 - 2
		default:
			s = int32(t.quietScore(side, m, ply))
		}
		mp.scores[i] = s
	}
	mp.cur = 0
}

// pickBest moves the best-scored move of list[cur:] to cur and returns it.
func (mp *picker) pickBest(list *move.List) move.Move {
	best := mp.cur
	n := min(list.N, move.MaxMoves)
	for i := mp.cur + 1; i < n; i++ {
		if mp.scores[i] > mp.scores[best] {
			best = i
		}
	}
	m := list.Moves[best]
	list.Moves[best] = list.Moves[mp.cur]
	list.Moves[mp.cur] = m
	mp.scores[best] = mp.scores[mp.cur]
	mp.scores[mp.cur] = 0 // slot now holds m; its score is no longer needed
	mp.cur++
	return m
}

// deferBad moves the capture just picked (at cur-1) into the losing-captures
// prefix.
func (mp *picker) deferBad() {
	i := mp.cur - 1
	mp.captures.Moves[mp.bad], mp.captures.Moves[i] = mp.captures.Moves[i], mp.captures.Moves[mp.bad]
	mp.bad++
}

// addTried remembers a quiet move searched at this node.
func (mp *picker) addTried(m move.Move) {
	if mp.nTried < len(mp.tried) {
		mp.tried[mp.nTried] = m
		mp.nTried++
	}
}
