package opengen

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// A checkpoint is a text file: a header line naming the configuration,
// then one verdict per line, "index score mate best nodes", appended as
// the verifying searches finish. A generator resumed from it repeats only
// the cheap work and gives the same book.

// Header is the checkpoint's first line for cfg; a checkpoint with another
// header belongs to another configuration and is refused.
func Header(cfg Config) string {
	return fmt.Sprintf("# opengen checkpoint: variant %s seed %d plies %d-%d screen depth %d margin %d verify %s margin %d",
		cfg.Variant, cfg.Seed, cfg.MinPlies, cfg.MaxPlies, cfg.ScreenDepth, cfg.ScreenMargin, cfg.Verifying(), cfg.Margin)
}

// FormatVerdict writes v as one checkpoint line (without the newline).
func FormatVerdict(v Verdict) string {
	mate := 0
	if v.Mate {
		mate = 1
	}
	return fmt.Sprintf("%d %d %d %s %d", v.Index, v.Score, mate, v.Best, v.Nodes)
}

// ReadCheckpoint reads the verdicts of a checkpoint written for cfg. An
// empty reader is an empty checkpoint; a last line cut short by a crash is
// ignored (its search is simply run again).
func ReadCheckpoint(r io.Reader, cfg Config) ([]Verdict, error) {
	scanner := bufio.NewScanner(r)
	var verdicts []Verdict
	for line := 1; scanner.Scan(); line++ {
		text := scanner.Text()
		if line == 1 {
			if text != Header(cfg) {
				return nil, fmt.Errorf("checkpoint is for another configuration: %q", text)
			}
			continue
		}
		var v Verdict
		var mate int
		n, err := fmt.Sscanf(text, "%d %d %d %s %d", &v.Index, &v.Score, &mate, &v.Best, &v.Nodes)
		if err != nil || n != 5 || mate < 0 || mate > 1 || strings.Count(text, " ") != 4 {
			if !scanner.Scan() {
				break // the torn last line of an interrupted run
			}
			return nil, fmt.Errorf("checkpoint line %d: %q: not \"index score mate best nodes\"", line, text)
		}
		v.Mate = mate == 1
		verdicts = append(verdicts, v)
	}
	return verdicts, scanner.Err()
}
