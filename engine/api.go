package engine

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sakk-chess/sakk/board"
	"github.com/sakk-chess/sakk/engine/nnue"
	"github.com/sakk-chess/sakk/engine/tt"
	"github.com/sakk-chess/sakk/game/move"
	"github.com/sakk-chess/sakk/hexboard"
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
	// Clocked says a clock was given (wtime, btime, winc or binc), so the
	// search is timed even when the side to move's clock reads 0: then it
	// moves at once (after a minimal search) instead of thinking forever.
	// A negative clock or increment counts as 0.
	Clocked bool
	// SearchMoves restricts the root to these moves (empty: all legal moves).
	SearchMoves []move.Move
}

// Bound tells whether a score is exact or a bound. It is the hash table's
// type: the search stores and reports scores with the same values.
type Bound = tt.Bound

const (
	BoundNone  = tt.BoundNone  // no score (an Info that only reports progress)
	BoundUpper = tt.BoundUpper // score <= reported (fail low)
	BoundLower = tt.BoundLower // score >= reported (fail high)
	BoundExact = tt.BoundExact // both: the score itself
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
	HashFull int    // permille
	TBHits   uint64 // tablebase probes that answered
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
	// LimitStrength makes the engine play at about Elo (MinElo..MaxElo):
	// see strength.go.
	LimitStrength bool
	Elo           int
	// GlinskiStalemateDraw scores a Glinski stalemate as a plain draw
	// instead of Glinski's 3/4 for the side that gives it.
	GlinskiStalemateDraw bool
	// UseNNUE and UseNNUEGlinski evaluate with the variant's net (Net) instead
	// of the hand-made evaluation.
	UseNNUE, UseNNUEGlinski bool
}

// DefaultOptions are the options a new engine starts with.
func DefaultOptions() Options {
	return Options{HashMB: 16, Threads: 1, MultiPV: 1, MoveOverhead: 10 * time.Millisecond, Elo: DefaultElo,
		UseNNUE: DefaultUseNNUE, UseNNUEGlinski: DefaultUseNNUEGlinski}
}

// Option ranges.
const (
	MinHashMB  = tt.MinMB
	MaxHashMB  = tt.MaxMB
	MaxThreads = 256
	MaxMultiPV = 256
)

// Engine is the shared search for both boards. The UCI layer, bench and
// tests all use this API. Search blocks the calling goroutine; Stop,
// PonderHit and HashFull may be called from any goroutine while it runs.
// SetOptions, NewGame and Ready must not be called during a search.
type Engine struct {
	opts Options
	tt   tt.Table

	mu     sync.Mutex  // held for the whole of a search
	stop   atomic.Bool // set by Stop, limits or the end of the main thread
	ponder atomic.Bool // "go ponder" until PonderHit
	tmMu   sync.Mutex  // orders time-manager setup against PonderHit
	tm     timeManager

	// Set for each search, read by its threads.
	lim       Limits
	report    func(Info)
	nodeLimit uint64
	active    []*thread
	helpers   sync.WaitGroup
	rng       *rand.Rand // strength limiting's random choices
	// turns holds one token per processor while more threads search than
	// there are processors (nil otherwise): see thread.takeTurn.
	turns chan struct{}

	// Search threads per board, created on first use and kept (with their
	// move-ordering tables) between searches.
	chessWorkers   []*chessWorker
	glinskiWorkers []*glinskiWorker

	tb   tablebases   // Syzygy tables and options (tablebase.go)
	nets [2]*nnue.Net // per variant, nil: the built-in net
}

// New returns an engine with DefaultOptions (hash allocated lazily).
func New() *Engine { return &Engine{opts: DefaultOptions()} }

// SetOptions applies options, clamped to their ranges. A new hash size
// takes effect (and is allocated) at the next Ready or Search.
func (e *Engine) SetOptions(o Options) {
	o.HashMB = min(max(o.HashMB, MinHashMB), MaxHashMB)
	o.Threads = min(max(o.Threads, 1), MaxThreads)
	o.MultiPV = min(max(o.MultiPV, 1), MaxMultiPV)
	o.MoveOverhead = max(o.MoveOverhead, 0)
	o.Elo = min(max(o.Elo, MinElo), MaxElo)
	e.opts = o
}

// Options returns the current options.
func (e *Engine) Options() Options { return e.opts }

// Ready allocates the hash table now if its size changed, so that the next
// search starts at once (UCI isready). It does nothing during a search.
func (e *Engine) Ready() {
	if e.mu.TryLock() {
		e.resizeHash()
		e.mu.Unlock()
	}
}

// SetHash resizes the hash table to mb megabytes now. A size the machine
// cannot hold is refused with an error, keeping the table and the option
// as they were. Not during a search.
func (e *Engine) SetHash(mb int) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if err := e.tt.Resize(mb); err != nil {
		return err
	}
	e.opts.HashMB = min(max(mb, MinHashMB), MaxHashMB)
	return nil
}

// resizeHash applies a size set through SetOptions. If the table cannot
// have it, the old one stays and the option says what the table is.
// Called with e.mu held.
func (e *Engine) resizeHash() {
	if err := e.tt.Resize(e.opts.HashMB); err != nil && e.tt.SizeMB() > 0 {
		e.opts.HashMB = e.tt.SizeMB()
	} else if err != nil {
		e.tt.Resize(MinHashMB) // nothing allocated yet: the least there is
		e.opts.HashMB = MinHashMB
	}
}

// NewGame clears the hash and every learned table (ucinewgame / Clear Hash).
// After NewGame a single-threaded search to a fixed depth is deterministic:
// its node count is the bench signature.
func (e *Engine) NewGame() {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.resizeHash()
	e.tt.Clear()
	for _, w := range e.chessWorkers {
		w.clearTables()
	}
	for _, w := range e.glinskiWorkers {
		w.clearTables()
	}
}

// Search searches pos within lim, calling report (if non-nil) with progress
// from the searching goroutine, and returns the best move. pos must be a
// *board.Position or *hexboard.Position; the search makes and unmakes moves
// on it, so nobody may use it until Search returns, and it is unchanged
// then. An Info's PV aliases engine memory: copy it to keep it after the
// report returns.
//
// A Stop or PonderHit sent before Search has begun is lost; use Go to start
// a search from a goroutine that also handles "stop".
func (e *Engine) Search(pos SearchBoard, lim Limits, report func(Info)) Result {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.prepare(pos, lim)
	r := e.run(pos, report)
	e.helpers.Wait()
	return r
}

// Go starts a search in a new goroutine and calls done with its result
// there. The search is set up before Go returns, so a Stop or PonderHit
// that follows Go is never lost. done runs as soon as the main thread has
// its result, while helper threads may still be unwinding: it must not
// start another search or call NewGame itself (those wait for the helpers,
// so a later Go or NewGame from another goroutine is fine).
func (e *Engine) Go(pos SearchBoard, lim Limits, report func(Info), done func(Result)) {
	e.mu.Lock()
	e.prepare(pos, lim)
	go func() {
		defer e.mu.Unlock()
		r := e.run(pos, report)
		if done != nil {
			done(r)
		}
		e.helpers.Wait()
	}()
}

// prepare resets the stop state and starts the clock. Called with e.mu held.
func (e *Engine) prepare(pos SearchBoard, lim Limits) {
	e.lim = lim
	e.stop.Store(false)
	e.ponder.Store(lim.Ponder)
	e.tmMu.Lock()
	e.tm.init(&e.lim, pos.SideToMove(), e.opts.MoveOverhead)
	e.tmMu.Unlock()
}

// run is the search proper. Called with e.mu held.
func (e *Engine) run(pos SearchBoard, report func(Info)) Result {
	lim := &e.lim
	e.resizeHash()
	e.tt.NewSearch()
	e.report = report
	e.nodeLimit = e.strengthNodeLimit(lim.Nodes)
	e.turns = nil
	if procs := runtime.GOMAXPROCS(0); e.opts.Threads > procs {
		e.turns = make(chan struct{}, procs)
	}
	defer func() { e.report = nil }()
	switch p := pos.(type) {
	case *board.Position:
		return e.searchChess(p, lim)
	case *hexboard.Position:
		return e.searchGlinski(p, lim)
	}
	// Only the boards the generator knows implement SearchBoard in full;
	// a new board is added to engine/internal/gen and to this switch.
	panic(fmt.Sprintf("engine: no generated search for %T (see engine/internal/gen)", pos))
}

// Stop ends a running search as soon as possible (< 10 ms). The search
// still returns a legal move if there is one.
func (e *Engine) Stop() { e.stop.Store(true) }

// PonderHit turns a ponder search into a normal timed search: the clock
// starts now.
func (e *Engine) PonderHit() {
	e.tmMu.Lock()
	defer e.tmMu.Unlock()
	if e.ponder.Swap(false) {
		e.tm.ponderHit()
	}
}

// HashFull is the transposition table's fill in permille (entries written
// by the current or last search, from a sample of 1000).
func (e *Engine) HashFull() int { return e.tt.HashFull() }
