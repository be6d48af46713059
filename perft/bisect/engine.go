package bisect

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"
	"unicode"

	"github.com/sakk-chess/sakk/game"
)

// Query asks for a divide of the position reached from FEN by Moves.
type Query struct {
	FEN      string
	Moves    []string // in the other engine's own spelling
	Depth    int
	Chess960 bool // castling is written king-takes-rook
}

// Engine is the other side of a comparison: anything that answers a perft
// divide.
type Engine interface {
	Divide(q Query) (Divide, error)
	Close() error
}

// Options of an engine process.
type Options struct {
	Variant game.Variant  // game.Chess or game.Glinski
	Timeout time.Duration // for each answer; 0: DefaultTimeout
}

// DefaultTimeout bounds the wait for any one answer of the other engine.
const DefaultTimeout = time.Minute

func (o Options) timeout() time.Duration {
	if o.Timeout <= 0 {
		return DefaultTimeout
	}
	return o.Timeout
}

// ErrEngine marks a failure of the other engine (it cannot be started, exits,
// or does not answer in time), as opposed to a difference in counts.
var ErrEngine = errors.New("engine failed")

// engineError is an engine failure: errors.Is(err, ErrEngine) holds.
func engineError(format string, args ...any) error {
	return failure(fmt.Sprintf(format, args...))
}

// failure is an engine failure's message.
type failure string

func (f failure) Error() string        { return string(f) }
func (f failure) Is(target error) bool { return target == ErrEngine }

// SplitCommand splits a command line into words as a shell would for simple
// cases: spaces separate words, single or double quotes group them, and a
// backslash escapes the next character outside single quotes.
func SplitCommand(command string) ([]string, error) {
	var words []string
	var word strings.Builder
	inWord := false
	var quote rune
	escaped := false
	for _, r := range command {
		switch {
		case escaped:
			word.WriteRune(r)
			escaped = false
		case r == '\\' && quote != '\'':
			escaped, inWord = true, true
		case quote != 0:
			if r == quote {
				quote = 0
			} else {
				word.WriteRune(r)
			}
		case r == '\'' || r == '"':
			quote, inWord = r, true
		case unicode.IsSpace(r):
			if inWord {
				words = append(words, word.String())
				word.Reset()
				inWord = false
			}
		default:
			word.WriteRune(r)
			inWord = true
		}
	}
	if quote != 0 || escaped {
		return nil, fmt.Errorf("unterminated quote or escape in command %q", command)
	}
	if inWord {
		words = append(words, word.String())
	}
	if len(words) == 0 {
		return nil, fmt.Errorf("empty command")
	}
	return words, nil
}

// tail keeps the last lines written to it, to quote an engine's stderr in
// error messages.
type tail struct {
	mu    sync.Mutex // written by exec's copying goroutine
	lines []string
	part  []byte
}

const tailLines = 5

func (t *tail) Write(b []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, c := range b {
		if c != '\n' {
			if len(t.part) < 500 {
				t.part = append(t.part, c)
			}
			continue
		}
		t.lines = append(t.lines, string(t.part))
		t.part = t.part[:0]
		if len(t.lines) > tailLines {
			t.lines = t.lines[1:]
		}
	}
	return len(b), nil
}

// String is the kept lines, or "" when there were none.
func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	lines := append([]string(nil), t.lines...)
	if len(t.part) > 0 {
		lines = append(lines, string(t.part))
	}
	if len(lines) == 0 {
		return ""
	}
	return " (its stderr ends: " + strings.Join(lines, " | ") + ")"
}
