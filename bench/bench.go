// Package bench is sakk's speed bench: fixed-depth, single-thread searches
// over a built-in set of positions per variant. Its node count is a
// signature of the search: a commit that changes search behaviour records
// the new counts in its message ("Bench: <chess> <glinski>").
package bench

import (
	"bufio"
	"embed"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/sakk-chess/sakk/engine"
	"github.com/sakk-chess/sakk/engine/nnue"
	"github.com/sakk-chess/sakk/engine/variant"
	"github.com/sakk-chess/sakk/game"
)

// DefaultDepth keeps "sakk bench" well under a minute on one core.
const DefaultDepth = 10

// MaxDepth bounds --depth.
const MaxDepth = 64

//go:embed positions/*.epd
var positionFiles embed.FS

// Config selects what to bench.
type Config struct {
	Variant string // chess, glinski or all ("" is all)
	Depth   int    // 0: DefaultDepth
	Threads int    // 0: 1 (more threads make the count nondeterministic)
	HashMB  int    // 0: the engine default
	// Eval picks the evaluation: EvalDefault (the engine's defaults),
	// EvalHandMade or EvalNNUE (the built-in nets, or Nets).
	Eval Eval
	// Nets replace the built-in net of their variant (keyed by variant).
	Nets map[game.Variant]*nnue.Net
}

// Eval selects the evaluation a bench uses.
type Eval uint8

const (
	EvalDefault Eval = iota
	EvalHandMade
	EvalNNUE
)

// Position is one bench position.
type Position struct {
	FEN, ID string
}

// Result is the bench of one variant (Summary.Total: of all of them).
type Result struct {
	Variant   game.Variant // unset in Summary.Total
	Positions int
	Nodes     uint64
	Time      time.Duration
}

// NPS is nodes per second.
func (r Result) NPS() uint64 {
	if r.Time <= 0 {
		return 0
	}
	return uint64(float64(r.Nodes) / r.Time.Seconds())
}

// Summary is a whole bench run.
type Summary struct {
	Variants []Result
	Total    Result
}

// Signature is the commit-message form: the node count per variant, in
// the order benched ("Bench: 1234567 2345678" for all).
func (s Summary) Signature() string {
	counts := make([]string, len(s.Variants))
	for i, r := range s.Variants {
		counts[i] = fmt.Sprint(r.Nodes)
	}
	return "Bench: " + strings.Join(counts, " ")
}

// Variants lists the variants a Config.Variant names.
func Variants(name string) ([]game.Variant, error) {
	if n := strings.ToLower(strings.TrimSpace(name)); n == "" || n == "all" {
		return game.Variants(), nil
	}
	if v, err := game.ParseVariant(name); err == nil {
		return []game.Variant{v}, nil
	}
	return nil, fmt.Errorf("unknown variant %q (chess, glinski or all)", name)
}

// Positions returns a variant's bench positions.
func Positions(v game.Variant) ([]Position, error) {
	file, err := positionFiles.Open("positions/" + v.String() + ".epd")
	if err != nil {
		return nil, fmt.Errorf("no bench positions for %v", v)
	}
	defer file.Close()
	var positions []Position
	scanner := bufio.NewScanner(file)
	for scanner.Scan() {
		line := strings.TrimSpace(scanner.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fen, ops, _ := strings.Cut(line, ";")
		positions = append(positions, Position{FEN: strings.TrimSpace(fen), ID: idOf(ops)})
	}
	return positions, scanner.Err()
}

// idOf reads `id "name"` from EPD operations.
func idOf(ops string) string {
	_, rest, found := strings.Cut(ops, "id ")
	if !found {
		return ""
	}
	return strings.Trim(strings.TrimSpace(rest), `";`)
}

// Run benches each variant of cfg, printing a line per position, then
// "<nodes> nodes <nps> nps" per variant and, last, for the total (the line
// OpenBench reads).
func Run(w io.Writer, cfg Config) (Summary, error) {
	var summary Summary
	variants, err := Variants(cfg.Variant)
	if err != nil {
		return summary, err
	}
	if cfg.Depth == 0 {
		cfg.Depth = DefaultDepth
	}
	if cfg.Depth < 1 || cfg.Depth > MaxDepth {
		return summary, fmt.Errorf("depth must be 1..%d, got %d", MaxDepth, cfg.Depth)
	}
	e := newEngine(cfg)
	for _, v := range variants {
		result, err := benchVariant(w, e, v, cfg.Depth)
		if err != nil {
			return summary, err
		}
		summary.Variants = append(summary.Variants, result)
		summary.Total.Positions += result.Positions
		summary.Total.Nodes += result.Nodes
		summary.Total.Time += result.Time
		fmt.Fprintf(w, "%s: %d nodes %d nps\n", v, result.Nodes, result.NPS())
	}
	fmt.Fprintf(w, "%s\n", summary.Signature())
	fmt.Fprintf(w, "%d nodes %d nps\n", summary.Total.Nodes, summary.Total.NPS())
	return summary, nil
}

func newEngine(cfg Config) *engine.Engine {
	e := engine.New()
	opts := e.Options()
	opts.Threads = max(cfg.Threads, 1)
	if cfg.HashMB > 0 {
		opts.HashMB = cfg.HashMB
	}
	switch cfg.Eval {
	case EvalHandMade:
		opts.UseNNUE, opts.UseNNUEGlinski = false, false
	case EvalNNUE:
		opts.UseNNUE, opts.UseNNUEGlinski = true, true
	}
	e.SetOptions(opts)
	for v, n := range cfg.Nets {
		if err := e.SetNet(v, n); err != nil {
			panic("bench: " + err.Error()) // the caller loaded n for v
		}
	}
	return e
}

func benchVariant(w io.Writer, e *engine.Engine, v game.Variant, depth int) (Result, error) {
	result := Result{Variant: v}
	positions, err := Positions(v)
	if err != nil {
		return result, err
	}
	for i, p := range positions {
		pos, err := variant.FromFEN(v, p.FEN)
		if err != nil {
			return result, fmt.Errorf("%s bench position %d (%s): %w", v, i+1, p.ID, err)
		}
		e.NewGame() // each position starts from an empty hash: counts do not depend on order
		start := time.Now()
		searched := e.Search(pos, engine.Limits{Depth: depth}, nil)
		elapsed := time.Since(start)
		result.Positions++
		result.Nodes += searched.Nodes
		result.Time += elapsed
		fmt.Fprintf(w, "%s %2d/%d %-10s %9d nodes %6d ms  %s\n", v, i+1, len(positions),
			bestMove(pos, searched), searched.Nodes, elapsed.Milliseconds(), p.ID)
	}
	return result, nil
}

func bestMove(pos game.Position, r engine.Result) string {
	if r.Best == 0 {
		return "(none)"
	}
	return pos.MoveString(r.Best)
}
