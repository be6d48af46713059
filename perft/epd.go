package perft

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
)

// Case is one line of a perft suite: a position and its expected counts.
type Case struct {
	Line     int    // 1-based line number in the suite file
	FEN      string // FEN (4 or 6 fields) or hex FEN; checked by the board
	ID       string // from ";id name", may be empty
	Expected []Expected
}

// Expected is the published leaf count at one depth.
type Expected struct {
	Depth int
	Nodes uint64
}

// Name names a case in reports: its id and line, or just the line.
func (c Case) Name() string {
	if c.ID == "" {
		return fmt.Sprintf("line %d", c.Line)
	}
	return fmt.Sprintf("%s (line %d)", c.ID, c.Line)
}

// ParseSuite reads a perft suite: one position per line,
//
//	<fen> ;D1 <count> ;D2 <count> ... [;id <name>]
//
// Blank lines and lines starting with '#' are skipped. Errors name the line.
func ParseSuite(r io.Reader) ([]Case, error) {
	var cases []Case
	scanner := bufio.NewScanner(r)
	scanner.Buffer(make([]byte, 0, 64*1024), 1<<20)
	for lineNo := 1; scanner.Scan(); lineNo++ {
		line := strings.TrimSpace(scanner.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		c, err := ParseLine(line, lineNo)
		if err != nil {
			return nil, err
		}
		cases = append(cases, c)
	}
	if err := scanner.Err(); err != nil {
		return nil, fmt.Errorf("reading suite: %w", err)
	}
	if len(cases) == 0 {
		return nil, fmt.Errorf("no positions in suite")
	}
	return cases, nil
}

// ParseLine reads one suite line (see ParseSuite); lineNo is used in errors.
func ParseLine(line string, lineNo int) (Case, error) {
	fields := strings.Split(line, ";")
	c := Case{Line: lineNo, FEN: strings.Join(strings.Fields(fields[0]), " ")}
	if c.FEN == "" {
		return Case{}, fmt.Errorf("line %d: no position before the first ';'", lineNo)
	}
	for _, field := range fields[1:] {
		field = strings.TrimSpace(field)
		if field == "" {
			continue // a trailing ';'
		}
		if err := c.addField(field); err != nil {
			return Case{}, fmt.Errorf("line %d: %w", lineNo, err)
		}
	}
	if len(c.Expected) == 0 {
		return Case{}, fmt.Errorf("line %d: no \";D<depth> <count>\" entries", lineNo)
	}
	slices.SortFunc(c.Expected, func(a, b Expected) int { return a.Depth - b.Depth })
	return c, nil
}

// addField reads one ";"-separated field after the position.
func (c *Case) addField(field string) error {
	if name, ok := strings.CutPrefix(field, "id "); ok {
		c.ID = strings.Trim(strings.TrimSpace(name), `"`)
		return nil
	}
	if !strings.HasPrefix(field, "D") {
		return fmt.Errorf("unknown field %q (want \"D<depth> <count>\" or \"id <name>\")", field)
	}
	parts := strings.Fields(field[1:])
	if len(parts) != 2 {
		return fmt.Errorf("field %q: want \"D<depth> <count>\"", field)
	}
	depth, err := strconv.Atoi(parts[0])
	if err != nil || depth < 1 {
		return fmt.Errorf("field %q: depth %q is not a positive integer", field, parts[0])
	}
	nodes, err := strconv.ParseUint(parts[1], 10, 64)
	if err != nil {
		return fmt.Errorf("field %q: count %q is not a non-negative integer", field, parts[1])
	}
	for _, e := range c.Expected {
		if e.Depth == depth {
			return fmt.Errorf("field %q: depth %d given twice", field, depth)
		}
	}
	c.Expected = append(c.Expected, Expected{Depth: depth, Nodes: nodes})
	return nil
}
