package perft

import (
	"fmt"
	"io"
	"time"

	"github.com/sakk-chess/sakk/game"
)

// Limits leave the expensive checks of a suite out.
type Limits struct {
	MaxDepth int    // skip deeper entries; 0: no limit
	MaxNodes uint64 // skip entries expecting more leaves; 0: no limit
}

// allows says whether a check is within the limits.
func (l Limits) allows(e Expected) bool {
	return (l.MaxDepth <= 0 || e.Depth <= l.MaxDepth) &&
		(l.MaxNodes == 0 || e.Nodes <= l.MaxNodes)
}

// Summary totals a suite run.
type Summary struct {
	Passed, Failed, Skipped int
	Nodes                   uint64 // leaves counted, all checks together
	Elapsed                 time.Duration
}

// NewPosition reads a suite case's FEN into a position of the suite's variant.
type NewPosition func(fen string) (game.Position, error)

// RunSuite checks every case within limits with counter, writing one line per
// position and depth and ending with "N passed, N failed". It reads every FEN
// before counting anything, so a bad line fails the run at once with an error
// naming it.
func RunSuite(out io.Writer, cases []Case, newPos NewPosition, limits Limits, counter *Counter) (Summary, error) {
	positions := make([]game.Position, len(cases))
	for i, c := range cases {
		pos, err := newPos(c.FEN)
		if err != nil {
			return Summary{}, fmt.Errorf("line %d: bad position %q: %w", c.Line, c.FEN, err)
		}
		positions[i] = pos
	}
	var sum Summary
	start := time.Now()
	for i, c := range cases {
		for _, want := range c.Expected {
			if !limits.allows(want) {
				sum.Skipped++
				continue
			}
			checkStart := time.Now()
			got := counter.Count(positions[i], want.Depth)
			took := time.Since(checkStart)
			sum.Nodes += got
			if got == want.Nodes {
				sum.Passed++
				fmt.Fprintf(out, "ok   %s D%d: %d in %s\n", c.Name(), want.Depth, got, FormatDuration(took))
			} else {
				sum.Failed++
				fmt.Fprintf(out, "FAIL %s D%d: expected %d, got %d in %s\n",
					c.Name(), want.Depth, want.Nodes, got, FormatDuration(took))
			}
		}
	}
	sum.Elapsed = time.Since(start)
	if sum.Skipped > 0 {
		fmt.Fprintf(out, "%d skipped (beyond the depth or node limit)\n", sum.Skipped)
	}
	fmt.Fprintf(out, "%d nodes in %s (%d nodes/s)\n", sum.Nodes, FormatDuration(sum.Elapsed), NodesPerSecond(sum.Nodes, sum.Elapsed))
	fmt.Fprintf(out, "%d passed, %d failed\n", sum.Passed, sum.Failed)
	return sum, nil
}

// NodesPerSecond is nodes divided by elapsed time (0 for no time at all).
func NodesPerSecond(nodes uint64, elapsed time.Duration) uint64 {
	if elapsed <= 0 {
		return 0
	}
	return uint64(float64(nodes) / elapsed.Seconds())
}

// FormatDuration writes a duration to three or four significant digits
// ("412µs", "12.35ms", "2.346s").
func FormatDuration(d time.Duration) string {
	switch {
	case d < time.Millisecond:
		return d.Round(time.Microsecond).String()
	case d < time.Second:
		return d.Round(10 * time.Microsecond).String()
	}
	return d.Round(time.Millisecond).String()
}
