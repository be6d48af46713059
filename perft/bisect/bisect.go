package bisect

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/sakk-chess/sakk/game"
	"github.com/sakk-chess/sakk/game/move"
	"github.com/sakk-chess/sakk/perft"
)

// Config is one comparison.
type Config struct {
	Start    game.Position // the position before Moves; left unchanged
	FEN      string        // Start's FEN as the other engine is sent it
	Moves    []string      // played from Start before comparing
	Depth    int
	Chess960 bool           // tell the other engine to write castling king-takes-rook
	Counter  *perft.Counter // sakk's counter (threads, hash); nil: one thread
}

// Result is what a comparison found. When Agree is false, the fault is at
// the position reached by Path (FEN), at Depth: its move lists differ
// (Missing, Extra), or else Note says what else disagrees.
type Result struct {
	Agree   bool
	Nodes   uint64   // with Agree: the count both sides found
	Depth   int      // the depth of the faulty divide
	Path    []string // moves from Start (Moves included), sakk's spelling
	FEN     string   // the faulty position
	Missing []string // legal moves the other engine lacks (sakk's spelling)
	Extra   []string // moves the other engine has that are not legal (its spelling)
	Legal   []string // sakk's legal moves there, sorted
	Note    string   // a difference that is not in the move lists
}

// Run compares sakk with eng from cfg.Start down to the first faulty
// position, writing one line per depth and a report to out. An error means
// the comparison could not be made (bad moves, engine failure).
func Run(cfg Config, eng Engine, out io.Writer) (Result, error) {
	counter := cfg.Counter
	if counter == nil {
		counter = perft.NewCounter(1, 0)
	}
	pos := cfg.Start.Clone()
	path, err := PlayMoves(pos, cfg.Moves)
	if err != nil {
		return Result{}, err
	}
	sent := slices.Clone(cfg.Moves) // the path as the other engine spells it
	var parent *comparison          // the level above, while descending
	for depth := cfg.Depth; depth >= 1; depth-- {
		theirs, err := eng.Divide(Query{FEN: cfg.FEN, Moves: sent, Depth: depth, Chess960: cfg.Chess960})
		if err != nil {
			return Result{}, err
		}
		c := compare(pos, counter.Divide(pos, depth), theirs)
		fmt.Fprintf(out, "depth %d%s: %s\n", depth, describePath(path), c.summary())
		r := Result{Depth: depth, FEN: pos.FEN()}
		if len(path) > 0 {
			r.Path = slices.Clone(path)
		}
		switch {
		case len(c.missing) > 0 || len(c.extra) > 0:
			r.Missing, r.Extra, r.Legal = c.missing, c.extra, c.legalSorted()
		case c.firstDiffering >= 0:
			step := c.rows[c.firstDiffering]
			path = append(path, step.name)
			sent = append(sent, step.theirName)
			pos.Make(step.move)
			parent = &c
			continue
		case theirs.Total != c.ours:
			r.Note = fmt.Sprintf("every move's count agrees, but the engine's total is %d, not their sum %d", theirs.Total, c.ours)
		case parent != nil:
			r.Depth, r.Path, r.FEN = depth+1, r.Path[:len(r.Path)-1:len(r.Path)-1], parent.fen
			if len(r.Path) == 0 {
				r.Path = nil
			}
			r.Note = fmt.Sprintf("the engine counted %d below %s, but asked for that position it counts %d like sakk: its count depends on how the position was reached",
				parent.rows[parent.firstDiffering].theirs, path[len(path)-1], theirs.Total)
		default:
			r.Agree, r.Nodes = true, c.ours
			fmt.Fprintf(out, "No difference: both count %d nodes at depth %d.\n", c.ours, depth)
			return r, nil
		}
		writeReport(out, r)
		return r, nil
	}
	return Result{}, fmt.Errorf("depth %d: nothing to compare", cfg.Depth)
}

// row is one legal move of sakk's with both counts.
type row struct {
	move      move.Move
	name      string // sakk's spelling
	theirName string // the other engine's spelling ("" if it lacks the move)
	ours      uint64
	theirs    uint64
}

// comparison is one depth of both divides side by side.
type comparison struct {
	fen            string
	rows           []row // sakk's moves, sorted by name
	missing, extra []string
	firstDiffering int // index into rows, -1 if all counts agree
	ours, theirs   uint64
	theirMoves     int
}

func compare(pos game.Position, ours []perft.RootCount, theirs Divide) comparison {
	lm := newLegalMoves(pos)
	c := comparison{fen: pos.FEN(), firstDiffering: -1, theirs: theirs.Total, theirMoves: len(theirs.Moves)}
	index := make(map[move.Move]int, len(ours))
	for _, root := range ours {
		m, _ := lm.find(root.Move)
		c.rows = append(c.rows, row{move: m, name: root.Move, ours: root.Nodes})
		c.ours += root.Nodes
	}
	slices.SortFunc(c.rows, func(x, y row) int { return strings.Compare(x.name, y.name) })
	for i, r := range c.rows {
		index[r.move] = i
	}
	for _, mc := range theirs.Moves {
		m, ok := lm.find(mc.Move)
		i, known := index[m]
		if !ok || !known || c.rows[i].theirName != "" { // illegal, or listed twice
			c.extra = append(c.extra, mc.Move)
			continue
		}
		c.rows[i].theirName, c.rows[i].theirs = mc.Move, mc.Nodes
	}
	for i, r := range c.rows {
		switch {
		case r.theirName == "":
			c.missing = append(c.missing, r.name)
		case r.ours != r.theirs && c.firstDiffering < 0:
			c.firstDiffering = i
		}
	}
	return c
}

// legalSorted is sakk's legal moves, sorted.
func (c comparison) legalSorted() []string {
	names := make([]string, len(c.rows))
	for i, r := range c.rows {
		names[i] = r.name
	}
	return names
}

// summary is one progress line: both totals and what differs.
func (c comparison) summary() string {
	s := fmt.Sprintf("sakk %d nodes in %d moves, engine %d in %d", c.ours, len(c.rows), c.theirs, c.theirMoves)
	switch {
	case len(c.missing) > 0 || len(c.extra) > 0:
		return s + fmt.Sprintf("; %d missing, %d extra", len(c.missing), len(c.extra))
	case c.firstDiffering >= 0:
		r := c.rows[c.firstDiffering]
		return s + fmt.Sprintf("; first difference %s: sakk %d, engine %d", r.name, r.ours, r.theirs)
	}
	return s
}

func describePath(path []string) string {
	if len(path) == 0 {
		return ""
	}
	return " after " + strings.Join(path, " ")
}

// writeReport tells where the fault is and what it is.
func writeReport(out io.Writer, r Result) {
	fmt.Fprintf(out, "\nDifference at depth %d.\n", r.Depth)
	fmt.Fprintf(out, "Moves: %s\n", orNone(r.Path))
	fmt.Fprintf(out, "FEN:   %s\n", r.FEN)
	if r.Note != "" {
		fmt.Fprintf(out, "%s\n", r.Note)
		return
	}
	fmt.Fprintf(out, "Missing in the engine (legal): %s\n", orNone(r.Missing))
	fmt.Fprintf(out, "Extra in the engine (not legal): %s\n", orNone(r.Extra))
	fmt.Fprintf(out, "sakk's legal moves (%d): %s\n", len(r.Legal), orNone(r.Legal))
}

func orNone(list []string) string {
	if len(list) == 0 {
		return "none"
	}
	return strings.Join(list, " ")
}
