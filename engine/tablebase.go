package engine

// Syzygy endgame tablebases, orthodox chess only. The search template calls
// two hooks, tbRoot and probeTB; Glinski's versions are empty and inline
// away, so its search pays nothing.

import (
	"errors"
	"math/bits"
	"sync/atomic"

	"github.com/sakk-chess/sakk/board/syzygy"
	"github.com/sakk-chess/sakk/engine/tt"
	"github.com/sakk-chess/sakk/game/move"
)

// Tablebase scores lie between the evaluations and the mates: a win known
// from the tables at ply p scores TBWinScore - p, a loss its negation.
const (
	TBWinScore = 25000
	TBWinBound = TBWinScore - MaxPly
)

// IsTBWin reports whether score is a tablebase win or loss (not a mate).
func IsTBWin(score int) bool {
	return (score >= TBWinBound && score <= TBWinScore) || (score <= -TBWinBound && score >= -TBWinScore)
}

// TablebaseOptions are the Syzygy options, with Stockfish's meanings.
type TablebaseOptions struct {
	// ProbeDepth is the least remaining depth at which the search probes
	// positions with exactly ProbeLimit pieces (fewer pieces: any depth).
	ProbeDepth int
	// Rule50 makes wins that the fifty-move rule spoils (cursed wins,
	// blessed losses) count as draws.
	Rule50 bool
	// ProbeLimit is the most pieces (kings included) a probed position has;
	// 0 turns probing off.
	ProbeLimit int
}

// Option ranges.
const (
	MaxProbeDepth = 100
	MaxProbeLimit = syzygy.MaxPieces
)

// DefaultTablebaseOptions are Stockfish's defaults.
func DefaultTablebaseOptions() TablebaseOptions {
	return TablebaseOptions{ProbeDepth: 1, Rule50: true, ProbeLimit: MaxProbeLimit}
}

// tablebases is the engine's tablebase state.
type tablebases struct {
	set  bool // opts holds something (the zero Engine has defaults)
	path string
	tb   *syzygy.Tablebase
	opts TablebaseOptions
	hits atomic.Uint64 // probes that answered, this search
}

func (s *tablebases) options() TablebaseOptions {
	if !s.set {
		return DefaultTablebaseOptions()
	}
	return s.opts
}

// SetSyzygyPath loads the tables found in path (directories separated by
// ':' on Unix, ';' on Windows; empty unloads). Tables that cannot be read
// are skipped and named in the returned error; the rest stay usable. It
// waits for a running search to end.
func (e *Engine) SetSyzygyPath(path string) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.tb.tb != nil {
		_ = e.tb.tb.Close()
		e.tb.tb = nil
	}
	e.tb.path = path
	if path == "" {
		return nil
	}
	tb, errs := syzygy.Open(path)
	if n, _ := tb.Count(); n > 0 {
		e.tb.tb = tb
	}
	return errors.Join(errs...)
}

// Tablebases reports how many WDL and DTZ tables are loaded and the most
// pieces they cover.
func (e *Engine) Tablebases() (wdl, dtz, pieces int) {
	wdl, dtz = e.tb.tb.Count()
	return wdl, dtz, e.tb.tb.MaxPieces()
}

// SetTablebaseOptions applies the probing options, clamped to their ranges.
func (e *Engine) SetTablebaseOptions(o TablebaseOptions) {
	o.ProbeDepth = min(max(o.ProbeDepth, 1), MaxProbeDepth)
	o.ProbeLimit = min(max(o.ProbeLimit, 0), MaxProbeLimit)
	e.tb.opts, e.tb.set = o, true
}

// TablebaseOptions returns the probing options.
func (e *Engine) TablebaseOptions() TablebaseOptions { return e.tb.options() }

// TBHits is the number of tablebase probes of the current or last search.
func (e *Engine) TBHits() uint64 { return e.tb.hits.Load() }

// tbRoot runs after the root moves are known. If the root is in the
// tables it keeps only the moves that hold the best result, ranked by DTZ
// so that wins make progress (or by WDL without DTZ tables); it sets the
// piece count at which the search probes.
func (w *chessWorker) tbRoot() {
	t := &w.thread
	s := &t.e.tb
	t.tbLimit, t.tbRootKnown = 0, false
	if t.id == 0 {
		s.hits.Store(0)
	}
	if s.tb == nil {
		return
	}
	opts := s.options()
	t.tbLimit = min(opts.ProbeLimit, s.tb.MaxPieces())
	t.tbDepth = opts.ProbeDepth
	if opts.ProbeLimit > s.tb.MaxPieces() {
		t.tbDepth = 0 // as Stockfish: below the largest tables, probe at any depth
	}
	t.tbRule50 = opts.Rule50
	pos := w.pos
	if t.nRoot == 0 || pos.CastlingRights() != 0 || bits.OnesCount64(pos.Occupied()) > t.tbLimit {
		return
	}
	var moves [move.MaxMoves]move.Move
	var ranks [move.MaxMoves]int
	n := t.nRoot
	for i := range n {
		moves[i] = t.root[i].move
	}
	if s.tb.RankRootDTZ(pos, moves[:n], ranks[:n]) {
		t.tbLimit = 0 // the ranking already says all the search needs
	} else if !s.tb.RankRootWDL(pos, moves[:n], ranks[:n], opts.Rule50) {
		return
	}
	if t.id == 0 {
		s.hits.Add(uint64(n))
	}
	best := ranks[0]
	for _, r := range ranks[1:n] {
		best = max(best, r)
	}
	kept := 0
	for i := range n {
		if ranks[i] == best {
			t.root[kept] = t.root[i]
			kept++
		}
	}
	t.nRoot = kept
	t.tbRootKnown, t.tbRootScore = true, tbScore(best, opts.Rule50)
}

// tbScore is the score shown for a root ranked by the tables: a tablebase
// win or loss, or a draw; with the fifty-move rule, cursed wins and
// blessed losses get a few centipawns (more the closer they are to a win),
// as Stockfish shows them.
func tbScore(rank int, rule50 bool) int {
	bound := 1
	if rule50 {
		bound = syzygy.MaxRank - 100
	}
	switch {
	case rank >= bound:
		return TBWinScore - 1
	case rank > 0:
		return max(3, rank-(syzygy.MaxRank-200)) * 100 / 200
	case rank == 0:
		return 0
	case rank > -bound:
		return min(-3, rank+(syzygy.MaxRank-200)) * 100 / 200
	}
	return -TBWinScore + 1
}

// probeTB probes the WDL tables at a node reached by a capture or pawn
// move. It returns a score and true when that score settles the node. The
// search calls it only when t.tbLimit > 0.
func (w *chessWorker) probeTB(alpha, beta, depth, ply int) (int, bool) {
	t := &w.thread
	pos := w.pos
	if pos.HalfmoveClock() != 0 || pos.CastlingRights() != 0 {
		return 0, false
	}
	pieces := bits.OnesCount64(pos.Occupied())
	if pieces > t.tbLimit || (pieces == t.tbLimit && depth < t.tbDepth) {
		return 0, false
	}
	wdl, ok := t.e.tb.tb.ProbeWDL(pos)
	if !ok {
		return 0, false
	}
	t.e.tb.hits.Add(1)
	draw := syzygy.Draw
	if t.tbRule50 {
		draw = syzygy.CursedWin // cursed wins and blessed losses are draws
	}
	var score int
	var bound tt.Bound
	switch {
	case wdl > draw:
		score, bound = TBWinScore-ply, tt.BoundLower
	case wdl < -draw:
		score, bound = -TBWinScore+ply, tt.BoundUpper
	default:
		score, bound = 0, tt.BoundExact
		if t.tbRule50 {
			score = 2 * int(wdl) // a cursed win is a little better than a draw
		}
	}
	if bound == tt.BoundExact || (bound == tt.BoundLower && score >= beta) || (bound == tt.BoundUpper && score <= alpha) {
		t.e.tt.Store(pos.Key(), move.None, scoreToTT(score, ply), scoreNone, min(depth+6, MaxPly-1), bound)
		return score, true
	}
	return 0, false
}

// shownScore is the score to report for a root line: the tables' verdict
// when the root is in them and the search found no mate.
func (t *thread) shownScore(score int) int {
	if t.tbRootKnown && !IsMate(score) {
		return t.tbRootScore
	}
	return score
}

// Glinski's hexagonal chess has no tablebases.
func (w *glinskiWorker) tbRoot() { w.thread.tbLimit, w.thread.tbRootKnown = 0, false }

func (w *glinskiWorker) probeTB(alpha, beta, depth, ply int) (int, bool) { return 0, false }
