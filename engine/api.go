package engine

import (
	"time"

	"github.com/sakk-chess/sakk/engine/game"
	"github.com/sakk-chess/sakk/engine/move"
)

// Limits says when a search stops. Zero values mean "no limit of this kind";
// with no limit at all the search runs until Stop (as for "go infinite").
type Limits struct {
	Depth     int           // plies
	Nodes     uint64        // nodes, all threads together
	MoveTime  time.Duration // exact time for this move
	Mate      int           // look for a mate in this many moves
	Infinite  bool          // search until Stop
	Ponder    bool          // pondering: no time limit until PonderHit
	WTime     time.Duration // clocks and increments, for time management
	BTime     time.Duration
	WInc      time.Duration
	BInc      time.Duration
	MovesToGo int
	// SearchMoves restricts the root to these moves (empty: all legal moves).
	SearchMoves []move.Move
}

// Bound tells whether a reported score is exact or a bound.
type Bound uint8

const (
	BoundExact Bound = iota
	BoundLower       // score >= reported (fail high)
	BoundUpper       // score <= reported (fail low)
)

// Info is one progress report of a search, for the UCI "info" line, bench and
// tests.
type Info struct {
	Depth    int
	SelDepth int
	MultiPV  int // 1-based line number
	Score    int // centipawns from the side to move's view (when MateIn == 0)
	MateIn   int // moves to mate: > 0 side to move mates, < 0 it is mated, 0 none
	Bound    Bound
	Nodes    uint64
	NPS      uint64
	Time     time.Duration
	HashFull int // permille
	PV       []move.Move
	// CurrMove / CurrMoveNumber are set (and PV empty) on "currmove" reports.
	CurrMove       move.Move
	CurrMoveNumber int
}

// Result is the outcome of a search.
type Result struct {
	Best   move.Move // move.None only when the root has no legal move
	Ponder move.Move // move.None when unknown
	Score  int
	MateIn int
	Depth  int
	Nodes  uint64
}

// Options of the engine that the UCI layer exposes.
type Options struct {
	HashMB       int           // 1..65536
	Threads      int           // 1..256
	MultiPV      int           // 1..256
	MoveOverhead time.Duration // subtracted from the clock per move
	// GlinskiStalemateDraw scores a Glinski stalemate as a plain draw
	// instead of Glinski's 3/4 for the side that gives it.
	GlinskiStalemateDraw bool
}

// DefaultOptions are the options a new engine starts with.
func DefaultOptions() Options {
	return Options{HashMB: 16, Threads: 1, MultiPV: 1, MoveOverhead: 10 * time.Millisecond}
}

// Engine is the shared search for both boards. The UCI layer, bench and
// tests all use this API. Search blocks the calling goroutine; Stop,
// PonderHit and HashFull may be called from any goroutine while it runs.
type Engine struct {
	opts Options
}

// New returns an engine with DefaultOptions (hash allocated lazily).
func New() *Engine { return &Engine{opts: DefaultOptions()} }

// SetOptions applies options (resizing the hash if needed).
func (e *Engine) SetOptions(o Options) { e.opts = o }

// Options returns the current options.
func (e *Engine) Options() Options { return e.opts }

// NewGame clears the hash and every learned table (ucinewgame / Clear Hash).
func (e *Engine) NewGame() {}

// Search searches pos (which it leaves unchanged) within lim, calling report
// (if non-nil) with progress, and returns the best move.
func (e *Engine) Search(pos game.Position, lim Limits, report func(Info)) Result {
	panic("engine.Search: not implemented yet")
}

// Stop ends a running search as soon as possible (< 10 ms).
func (e *Engine) Stop() {}

// PonderHit turns a ponder search into a normal timed search.
func (e *Engine) PonderHit() {}

// HashFull is the transposition table's fill in permille.
func (e *Engine) HashFull() int { return 0 }
