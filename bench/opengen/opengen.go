// Package opengen makes balanced opening books with sakk itself: short
// random openings from the start position, kept only when a cheap search
// and then a deep verifying search both score them near zero, when material
// is equal (or the verifying search's first move restores it by a pending
// recapture), and when no kept opening repeats or lies on the way to
// another. The result depends only on the configuration and the engine
// build, never on the order of work or on a resumed checkpoint.
package opengen

import (
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/sakk-chess/sakk/engine"
	"github.com/sakk-chess/sakk/engine/variant"
	"github.com/sakk-chess/sakk/game"
	"github.com/sakk-chess/sakk/game/move"
)

// Config says how openings are drawn and judged.
type Config struct {
	Variant      game.Variant
	Count        int    // openings to keep
	Seed         uint64 // candidate i is drawn from PCG(Seed, i)
	MinPlies     int    // fewest random plies
	MaxPlies     int    // most random plies
	ScreenDepth  int    // cheap search that discards clear imbalances first
	ScreenMargin int    // largest |score| of the cheap search, centipawns
	Depth        int    // verifying search depth (0: use Nodes)
	Nodes        uint64 // verifying search node budget (0: use Depth)
	Margin       int    // largest |score| of the verifying search, centipawns
	MaxTries     int    // candidates to draw at most (0: 1000 per opening)
}

// Check reports a configuration that cannot work.
func (c Config) Check() error {
	switch {
	case c.Variant != game.Chess && c.Variant != game.Glinski:
		return fmt.Errorf("unknown variant %v", c.Variant)
	case c.Count < 1:
		return errors.New("need a count >= 1")
	case c.MinPlies < 1 || c.MaxPlies < c.MinPlies:
		return errors.New("need 1 <= min-plies <= max-plies")
	case c.ScreenDepth < 0 || c.ScreenMargin < 0 || c.Margin < 0:
		return errors.New("depths and margins must not be negative")
	case (c.Depth > 0) == (c.Nodes > 0):
		return errors.New("give exactly one of a verifying depth and a node budget")
	}
	return nil
}

// Verifying names the verifying search, e.g. "depth 12" or "1000000 nodes".
func (c Config) Verifying() string {
	if c.Depth > 0 {
		return fmt.Sprintf("depth %d", c.Depth)
	}
	return fmt.Sprintf("%d nodes", c.Nodes)
}

// Candidate is one random opening before it is judged.
type Candidate struct {
	Index int
	Pos   engine.SearchBoard // rebuilt from its FEN: what "position fen" gives
	Path  []uint64           // keys of the positions on the way, start excluded, Pos excluded
}

// Draw plays candidate index: a number of plies in [MinPlies, MaxPlies] and
// that many uniformly random legal moves, from PCG(Seed, index) alone. It
// returns nil when the game ended on the way or at the end.
func (c Config) Draw(index int) (*Candidate, error) {
	rng := rand.New(rand.NewPCG(c.Seed, uint64(index)))
	plies := c.MinPlies + rng.IntN(c.MaxPlies-c.MinPlies+1)
	pos, err := variant.New(c.Variant)
	if err != nil {
		return nil, err
	}
	var list move.List
	path := make([]uint64, 0, plies)
	for ply := range plies {
		if pos.Outcome().Result != game.Ongoing {
			return nil, nil
		}
		if ply > 0 {
			path = append(path, pos.Key())
		}
		pos.LegalMoves(&list)
		pos.Make(list.Moves[rng.IntN(list.N)])
	}
	if pos.Outcome().Result != game.Ongoing {
		return nil, nil
	}
	// Scored from its FEN, an opening gets exactly the score a UCI
	// "position fen" search gives it: no game history comes along.
	fresh, err := variant.FromFEN(c.Variant, pos.FEN())
	if err != nil {
		return nil, fmt.Errorf("candidate %d: own FEN does not read back: %w", index, err)
	}
	return &Candidate{Index: index, Pos: fresh, Path: path}, nil
}

// Counter is what the material test needs of a board: both boards have it.
type Counter interface {
	Count(c move.Color, pt move.Piece) int
}

// Balance compares the two sides' pieces.
type Balance uint8

const (
	Identical Balance = iota // the same number of pieces of every type
	MinorSwap                // the same but for bishops against knights
	Uneven
)

// BalanceOf compares the pieces of the two sides of pos.
func BalanceOf(pos game.Position) (Balance, error) {
	counter, ok := pos.(Counter)
	if !ok {
		return Uneven, fmt.Errorf("cannot count the pieces of a %T", pos)
	}
	diff := func(pt move.Piece) int { return counter.Count(move.White, pt) - counter.Count(move.Black, pt) }
	switch {
	case diff(move.Pawn) != 0 || diff(move.Rook) != 0 || diff(move.Queen) != 0 || diff(move.Knight)+diff(move.Bishop) != 0:
		return Uneven, nil
	case diff(move.Knight) != 0:
		return MinorSwap, nil
	}
	return Identical, nil
}

// EqualMaterial says whether both sides have the same number of pieces of
// every type (a bishop for a knight is not equal).
func EqualMaterial(pos game.Position) (bool, error) {
	b, err := BalanceOf(pos)
	return b == Identical, err
}

// restores says whether m is a capture after which the balance is at
// least want (Identical, or MinorSwap to accept a bishop for a knight).
func restores(pos game.Position, m move.Move, want Balance) (bool, error) {
	if !m.IsCapture() {
		return false, nil
	}
	pos.Make(m)
	defer pos.Unmake()
	b, err := BalanceOf(pos)
	return b <= want, err
}

// canRestore says whether some legal capture gives a balance of at least want.
func canRestore(pos game.Position, want Balance) (bool, error) {
	var list move.List
	pos.LegalMoves(&list)
	for _, m := range list.Moves[:list.N] {
		ok, err := restores(pos, m, want)
		if ok || err != nil {
			return ok, err
		}
	}
	return false, nil
}

// Verdict is the verifying search's judgement of a candidate; it is what
// a checkpoint stores, since the search is the expensive part.
type Verdict struct {
	Index int
	Score int    // centipawns from the side to move's view
	Mate  bool   // a mate score (never kept)
	Best  string // first move of the verifying search, UCI notation
	Nodes uint64
}

// Opening is a kept candidate.
type Opening struct {
	Candidate
	Verdict
	ScreenScore int
	Recapture   bool // material is unequal until the verifying search's first move, a capture
}

// Stats counts what happened to the candidates drawn.
type Stats struct {
	Drawn          int // candidates drawn
	Ended          int // the game ended on the way
	InCheck        int // the side to move is in check
	Repeat         int // a kept opening, or on the way to one, or one on its way
	Material       int // unequal material that no capture mends
	Screened       int // out at the cheap search
	Verified       int // given a verifying search
	CachedVerdicts int // of those, verdicts read from the checkpoint
	Deep           int // out at the verifying search
	NotRecapture   int // unequal material and the verifying move does not mend it
	Kept           int
	ScreenNodes    uint64
	DeepNodes      uint64
}

// Generator judges candidates in index order and keeps the good ones.
type Generator struct {
	cfg    Config
	eng    *engine.Engine
	cached map[int]Verdict
	// Record, if set, is called with every new verdict (for checkpoints).
	Record func(Verdict) error

	finals map[uint64]bool // keys of kept openings
	paths  map[uint64]bool // keys on the way to kept openings
	Stats  Stats
}

// New returns a generator with a fresh single-threaded engine (so that a
// fixed-depth or fixed-node search gives one result) and the verdicts of
// an earlier run to reuse.
func New(cfg Config, cached []Verdict) (*Generator, error) {
	if err := cfg.Check(); err != nil {
		return nil, err
	}
	e := engine.New()
	opts := e.Options()
	opts.Threads = 1
	e.SetOptions(opts)
	g := &Generator{cfg: cfg, eng: e, cached: map[int]Verdict{}, finals: map[uint64]bool{}, paths: map[uint64]bool{}}
	for _, v := range cached {
		g.cached[v.Index] = v
	}
	return g, nil
}

// Search is a fresh search of pos (hash and tables cleared first), the
// same as "ucinewgame", "position fen" and "go" with these limits.
func (g *Generator) Search(pos engine.SearchBoard, lim engine.Limits) engine.Result {
	g.eng.NewGame()
	return g.eng.Search(pos, lim, nil)
}

// Run draws candidates until Count openings are kept (or MaxTries are
// drawn, which is an error) and calls keep with each in order.
func (g *Generator) Run(keep func(Opening) error) error {
	tries := g.cfg.MaxTries
	if tries == 0 {
		tries = 1000 * g.cfg.Count
	}
	for index := 0; g.Stats.Kept < g.cfg.Count; index++ {
		if index >= tries {
			return fmt.Errorf("only %d openings kept after %d candidates", g.Stats.Kept, tries)
		}
		o, ok, err := g.judge(index)
		if err != nil {
			return err
		}
		if !ok {
			continue
		}
		g.finals[o.Pos.Key()] = true
		for _, k := range o.Path {
			g.paths[k] = true
		}
		g.Stats.Kept++
		if err := keep(o); err != nil {
			return err
		}
	}
	return nil
}

// judge draws candidate index and applies the tests, cheapest first.
func (g *Generator) judge(index int) (Opening, bool, error) {
	g.Stats.Drawn++
	c, err := g.cfg.Draw(index)
	if err != nil || c == nil {
		g.Stats.Ended++
		return Opening{}, false, err
	}
	if c.Pos.InCheck() {
		g.Stats.InCheck++
		return Opening{}, false, nil
	}
	if g.repeats(c) {
		g.Stats.Repeat++
		return Opening{}, false, nil
	}
	equal, err := EqualMaterial(c.Pos)
	if err != nil {
		return Opening{}, false, err
	}
	if !equal {
		ok, err := canRestore(c.Pos, Identical)
		if err != nil {
			return Opening{}, false, err
		}
		if !ok {
			g.Stats.Material++
			return Opening{}, false, nil
		}
	}
	o := Opening{Candidate: *c, Recapture: !equal}
	if g.cfg.ScreenDepth > 0 {
		r := g.Search(c.Pos, engine.Limits{Depth: g.cfg.ScreenDepth})
		g.Stats.ScreenNodes += r.Nodes
		o.ScreenScore = r.Score
		if r.MateIn != 0 || abs(r.Score) > g.cfg.ScreenMargin {
			g.Stats.Screened++
			return Opening{}, false, nil
		}
	}
	v, err := g.verify(c)
	if err != nil {
		return Opening{}, false, err
	}
	o.Verdict = v
	if v.Mate || abs(v.Score) > g.cfg.Margin {
		g.Stats.Deep++
		return Opening{}, false, nil
	}
	if !equal {
		best, err := c.Pos.ParseMove(v.Best)
		if err != nil {
			return Opening{}, false, fmt.Errorf("candidate %d: verifying move: %w", index, err)
		}
		ok, err := restores(c.Pos, best, Identical)
		if err != nil {
			return Opening{}, false, err
		}
		if !ok {
			g.Stats.NotRecapture++
			return Opening{}, false, nil
		}
	}
	return o, true, nil
}

// repeats says whether c is a kept opening or lies on the way to one, or a
// kept opening lies on the way to c: a game from one would transpose into
// (or already have passed) the other.
func (g *Generator) repeats(c *Candidate) bool {
	k := c.Pos.Key()
	if g.finals[k] || g.paths[k] {
		return true
	}
	for _, p := range c.Path {
		if g.finals[p] {
			return true
		}
	}
	return false
}

// verify runs (or takes from the checkpoint) the verifying search.
func (g *Generator) verify(c *Candidate) (Verdict, error) {
	g.Stats.Verified++
	if v, ok := g.cached[c.Index]; ok {
		g.Stats.CachedVerdicts++
		g.Stats.DeepNodes += v.Nodes
		return v, nil
	}
	r := g.Search(c.Pos, engine.Limits{Depth: g.cfg.Depth, Nodes: g.cfg.Nodes})
	g.Stats.DeepNodes += r.Nodes
	v := Verdict{Index: c.Index, Score: r.Score, Mate: r.MateIn != 0, Best: c.Pos.MoveString(r.Best), Nodes: r.Nodes}
	if g.Record != nil {
		if err := g.Record(v); err != nil {
			return v, err
		}
	}
	return v, nil
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
