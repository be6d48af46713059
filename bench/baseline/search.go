// Package baseline is a deliberately plain UCI engine used as a yardstick
// opponent for sakk: negamax alpha-beta with iterative deepening and a
// material-only evaluation, playing both games through game.Position.
//
// What it has, exactly:
//   - negamax alpha-beta, fail-hard, no transposition table, no null move,
//     no reductions, extensions or any other pruning;
//   - move ordering: the previous iteration's best move first at the root,
//     then captures by MVV-LVA, then quiet moves in generator order;
//   - quiescence search over captures and promotions (stand pat), searching
//     every evasion when in check so that mates inside it are seen;
//   - evaluation: material only (P 100, N 300, B 300, R 500, Q 900), kept
//     up to date from the captured and promotion pieces of each move;
//   - checkmate, stalemate (a draw in chess, worth StalemateScore to the
//     side giving it in Glinski), the 50-move rule, and repetition of a
//     position on the game or search path (scored as a draw).
package baseline

import (
	"strings"
	"sync/atomic"
	"time"

	"github.com/sakk-chess/sakk/game"
	"github.com/sakk-chess/sakk/game/move"
)

const (
	MaxPly = 64
	Mate   = 30000
	// StalemateScore is what a Glinski stalemate is worth to the side giving
	// it: a large plus, below any mate (the game scores it 3/4-1/4).
	StalemateScore = 20000
	infinity       = 32000
)

var pieceValue = [7]int{move.Pawn: 100, move.Knight: 300, move.Bishop: 300, move.Rook: 500, move.Queen: 900}

// Searcher holds one search's state. Stop may be called from another goroutine.
type Searcher struct {
	pos      game.Position
	material [2]int
	keys     []uint64 // Zobrist keys of the game and the search path
	lists    [MaxPly + 1]move.List
	nodes    uint64
	deadline time.Time
	stop     atomic.Bool
	aborted  bool
}

// Limits bounds a search; zero fields are unlimited.
type Limits struct {
	Depth    int
	Deadline time.Time
}

// Info reports one finished iteration.
type Info struct {
	Depth int
	Score int
	Nodes uint64
	Best  move.Move
}

// NewSearcher prepares a search of pos, whose game keys (oldest first, the
// current position last) are used for repetition detection.
func NewSearcher(pos game.Position, history []uint64) *Searcher {
	s := &Searcher{pos: pos, keys: append([]uint64(nil), history...)}
	s.material = countMaterial(pos.FEN())
	return s
}

// countMaterial reads the piece letters of a FEN (or hex FEN) board field.
func countMaterial(fen string) [2]int {
	var m [2]int
	board, _, _ := strings.Cut(fen, " ")
	for _, c := range board {
		if i := strings.IndexRune("pnbrq", c); i >= 0 {
			m[move.Black] += pieceValue[i+1]
		} else if i := strings.IndexRune("PNBRQ", c); i >= 0 {
			m[move.White] += pieceValue[i+1]
		}
	}
	return m
}

// Stop asks a running search to return as soon as possible.
func (s *Searcher) Stop() { s.stop.Store(true) }

// Search deepens until the limits or Stop end it and returns the best move
// of the last finished iteration (or the first legal move if none finished).
func (s *Searcher) Search(lim Limits, report func(Info)) move.Move {
	s.deadline = lim.Deadline
	root := &s.lists[0]
	s.pos.LegalMoves(root)
	if root.N == 0 {
		return move.None
	}
	best := root.Moves[0]
	for depth := 1; depth <= MaxPly && (lim.Depth == 0 || depth <= lim.Depth); depth++ {
		order(root, best)
		score, m := s.root(depth)
		if s.aborted {
			break
		}
		best = m
		if report != nil {
			report(Info{Depth: depth, Score: score, Nodes: s.nodes, Best: best})
		}
		if score >= Mate-MaxPly || score <= -Mate+MaxPly {
			break // a forced mate found needs no deeper look
		}
	}
	return best
}

func (s *Searcher) root(depth int) (int, move.Move) {
	alpha, best := -infinity, move.None
	list := &s.lists[0]
	for _, m := range list.Slice() {
		s.make(m)
		score := -s.negamax(depth-1, 1, -infinity, -alpha)
		s.unmake(m)
		if s.aborted {
			break
		}
		if score > alpha {
			alpha, best = score, m
		}
	}
	return alpha, best
}

func (s *Searcher) negamax(depth, ply, alpha, beta int) int {
	if depth <= 0 || ply >= MaxPly {
		return s.quiesce(ply, alpha, beta)
	}
	if s.tick() {
		return 0
	}
	if s.isDraw() {
		return 0
	}
	list := &s.lists[ply]
	s.pos.LegalMoves(list)
	if list.N == 0 {
		return s.noMoves(ply)
	}
	order(list, move.None)
	for _, m := range list.Slice() {
		s.make(m)
		score := -s.negamax(depth-1, ply+1, -beta, -alpha)
		s.unmake(m)
		if s.aborted {
			return 0
		}
		if score >= beta {
			return beta
		}
		if score > alpha {
			alpha = score
		}
	}
	return alpha
}

func (s *Searcher) quiesce(ply, alpha, beta int) int {
	us := s.pos.SideToMove()
	standPat := s.material[us] - s.material[us.Other()]
	if ply >= MaxPly {
		return standPat
	}
	if s.tick() {
		return 0
	}
	if s.isDraw() {
		return 0
	}
	list := &s.lists[ply]
	s.pos.LegalMoves(list)
	if list.N == 0 {
		return s.noMoves(ply)
	}
	inCheck := s.pos.InCheck()
	if !inCheck {
		if standPat >= beta {
			return standPat
		}
		if standPat > alpha {
			alpha = standPat
		}
	}
	order(list, move.None)
	for _, m := range list.Slice() {
		if !inCheck && !m.IsTactical() {
			break // order puts captures and promotions first
		}
		s.make(m)
		score := -s.quiesce(ply+1, -beta, -alpha)
		s.unmake(m)
		if s.aborted {
			return 0
		}
		if score >= beta {
			return beta
		}
		if score > alpha {
			alpha = score
		}
	}
	return alpha
}

// noMoves scores a position without legal moves for the side to move.
func (s *Searcher) noMoves(ply int) int {
	if s.pos.InCheck() {
		return -Mate + ply
	}
	if s.pos.Variant() == game.Glinski {
		return -StalemateScore + ply
	}
	return 0
}

// isDraw sees the 50-move rule and any repetition since the last capture or
// pawn move (twofold counts: the side to move could repeat it again).
func (s *Searcher) isDraw() bool {
	clock := s.pos.HalfmoveClock()
	if clock >= 100 {
		return true
	}
	n := len(s.keys) - 1
	for i := n - 2; i >= 0 && i >= n-clock; i -= 2 {
		if s.keys[i] == s.keys[n] {
			return true
		}
	}
	return false
}

// tick counts a node and checks the clock every 1024 nodes.
func (s *Searcher) tick() bool {
	s.nodes++
	if s.nodes&1023 == 0 && (s.stop.Load() || (!s.deadline.IsZero() && time.Now().After(s.deadline))) {
		s.aborted = true
	}
	return s.aborted
}

func (s *Searcher) make(m move.Move) {
	us := s.pos.SideToMove()
	s.material[us.Other()] -= pieceValue[m.Captured()]
	if m.IsPromotion() {
		s.material[us] += pieceValue[m.Promotion()] - pieceValue[move.Pawn]
	}
	s.pos.Make(m)
	s.keys = append(s.keys, s.pos.Key())
}

func (s *Searcher) unmake(m move.Move) {
	s.pos.Unmake()
	s.keys = s.keys[:len(s.keys)-1]
	us := s.pos.SideToMove()
	s.material[us.Other()] += pieceValue[m.Captured()]
	if m.IsPromotion() {
		s.material[us] -= pieceValue[m.Promotion()] - pieceValue[move.Pawn]
	}
}

// order sorts first in front, then captures and promotions by MVV-LVA, then
// quiet moves in generator order (a stable insertion sort on a key).
func order(list *move.List, first move.Move) {
	moves := list.Slice()
	key := func(m move.Move) int {
		switch {
		case m == first:
			return 1 << 20
		case m.IsTactical():
			return 1000 + 10*pieceValue[m.Captured()] + pieceValue[m.Promotion()] - int(m.Piece())
		}
		return 0
	}
	for i := 1; i < len(moves); i++ {
		m, k := moves[i], key(moves[i])
		j := i
		for ; j > 0 && key(moves[j-1]) < k; j-- {
			moves[j] = moves[j-1]
		}
		moves[j] = m
	}
}
