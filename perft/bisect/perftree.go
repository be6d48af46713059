package bisect

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/sakk-chess/sakk/game"
	"github.com/sakk-chess/sakk/perft"
)

// PerftreeEngine runs a command once per divide as the perftree tool does:
// "CMD depth fen moves", where moves is one argument of space-separated
// moves (maybe empty). The command prints its divide lines, a blank line and
// the total.
type PerftreeEngine struct {
	words []string
	opts  Options
}

// NewPerftree checks command and returns an engine that runs it per divide.
func NewPerftree(command string, opts Options) (*PerftreeEngine, error) {
	words, err := SplitCommand(command)
	if err != nil {
		return nil, err
	}
	if _, err := exec.LookPath(words[0]); err != nil {
		return nil, engineError("cannot start %s: %v", words[0], err)
	}
	return &PerftreeEngine{words: words, opts: opts}, nil
}

// Divide runs the command for one position and reads its output.
func (e *PerftreeEngine) Divide(q Query) (Divide, error) {
	timeout := e.opts.timeout()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	args := append(slices.Clone(e.words[1:]), strconv.Itoa(q.Depth), q.FEN, strings.Join(q.Moves, " "))
	cmd := exec.CommandContext(ctx, e.words[0], args...)
	cmd.WaitDelay = time.Second
	var stdout bytes.Buffer
	stderr := &tail{}
	cmd.Stdout, cmd.Stderr = &stdout, stderr
	call := fmt.Sprintf("%s %d %q %q", strings.Join(e.words, " "), q.Depth, q.FEN, strings.Join(q.Moves, " "))
	err := cmd.Run()
	switch {
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		return Divide{}, engineError("%s did not finish within %s%s", call, timeout, stderr)
	case err != nil:
		return Divide{}, engineError("%s failed: %v%s", call, err, stderr)
	}
	d, err := ParseDivide(stdout.String())
	if err != nil {
		return d, engineError("%s: %v%s", call, err, stderr)
	}
	return d, nil
}

// Close has nothing to release: every divide is a process of its own.
func (e *PerftreeEngine) Close() error { return nil }

// WritePerftree answers a perftree query with sakk's own generator: each
// root move and its count ("e2e4 600") in sorted order, a blank line and
// the total. moves may be in any spelling PlayMoves reads.
func WritePerftree(out io.Writer, pos game.Position, depth int, moves []string, counter *perft.Counter) error {
	if _, err := PlayMoves(pos, moves); err != nil {
		return err
	}
	roots := counter.Divide(pos, depth)
	slices.SortFunc(roots, func(x, y perft.RootCount) int { return strings.Compare(x.Move, y.Move) })
	var total uint64
	var b strings.Builder
	for _, root := range roots {
		fmt.Fprintf(&b, "%s %d\n", root.Move, root.Nodes)
		total += root.Nodes
	}
	fmt.Fprintf(&b, "\n%d\n", total)
	_, err := io.WriteString(out, b.String())
	return err
}
