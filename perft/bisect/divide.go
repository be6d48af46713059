// Package bisect finds where another engine's move generator goes wrong: it
// compares its per-move perft counts (divide) with sakk's, walks down into
// the first move whose count differs, and at the first position where the
// move lists themselves differ names the missing and extra moves. The other
// engine is driven over UCI ("go perft N") or the perftree convention
// ("CMD depth fen moves"); WritePerftree makes sakk answer the latter.
package bisect

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Divide is one engine's answer to a perft divide: each root move (in the
// engine's own spelling, in its order) with its leaf count, and the total.
type Divide struct {
	Moves    []MoveCount
	Total    uint64
	HasTotal bool // the engine printed a total
}

// MoveCount is one divide line.
type MoveCount struct {
	Move  string
	Nodes uint64
}

// Sum adds the divide lines up.
func (d Divide) Sum() uint64 {
	var sum uint64
	for _, mc := range d.Moves {
		sum += mc.Nodes
	}
	return sum
}

var (
	// divideLine is "e2e4: 20" (Stockfish) or "e2e4 20" (perftree); the
	// move is checked apart with looksLikeMove.
	divideLine = regexp.MustCompile(`^(\S+?):?\s+([0-9]+)$`)
	// totalLine is Stockfish's total; perftree's is a number alone.
	totalLine  = regexp.MustCompile(`^(?i:nodes searched)\s*:\s*([0-9]+)$`)
	numberLine = regexp.MustCompile(`^([0-9]+)$`)
)

// lineKind says what one output line of a divide is.
type lineKind uint8

const (
	otherLine lineKind = iota // banners, info lines, anything else: ignored
	moveLine
	sumLine
)

// parseLine reads one line of divide output. Lines that are neither a move
// with its count nor a total (engine banners, "info ..." lines) are other.
func parseLine(line string) (kind lineKind, mc MoveCount, err error) {
	line = strings.TrimSpace(line)
	if line == "" || strings.HasPrefix(line, "info ") {
		return otherLine, mc, nil
	}
	if parts := totalLine.FindStringSubmatch(line); parts != nil {
		mc.Nodes, err = parseCount(parts[1])
		return sumLine, mc, err
	}
	if parts := numberLine.FindStringSubmatch(line); parts != nil {
		mc.Nodes, err = parseCount(parts[1])
		return sumLine, mc, err
	}
	if parts := divideLine.FindStringSubmatch(line); parts != nil && looksLikeMove(parts[1]) {
		mc.Move = parts[1]
		mc.Nodes, err = parseCount(parts[2])
		return moveLine, mc, err
	}
	return otherLine, mc, nil
}

func parseCount(text string) (uint64, error) {
	n, err := strconv.ParseUint(text, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("count %q is out of range", text)
	}
	return n, nil
}

// ParseDivide reads a whole divide as perftree scripts print it: move lines,
// a blank line and the total (a number alone or "Nodes searched: N").
// Other lines are ignored; a missing total is an error.
func ParseDivide(output string) (Divide, error) {
	var d Divide
	for _, line := range strings.Split(output, "\n") {
		kind, mc, err := parseLine(line)
		if err != nil {
			return d, err
		}
		switch kind {
		case moveLine:
			d.Moves = append(d.Moves, mc)
		case sumLine:
			d.Total, d.HasTotal = mc.Nodes, true
		}
	}
	if !d.HasTotal {
		return d, fmt.Errorf("no total in the output (want a last line with the node count)")
	}
	return d, nil
}
