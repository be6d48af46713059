package match

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// TimeControl is one engine's limits per move, in cutechess-cli terms.
type TimeControl struct {
	Moves     int           // moves per period; 0: the whole game
	Base      time.Duration // time per period
	Increment time.Duration // added after each move
	MoveTime  time.Duration // st=: fixed time per move
	Depth     int           // depth=
	Nodes     uint64        // nodes=
	// Margin is how far past its clock (or st=) an engine may answer
	// before it loses on time (cutechess-cli's timemargin, in ms).
	Margin time.Duration
}

// DefaultTimeMargin tolerates the delay of pipes and a busy machine.
const DefaultTimeMargin = 100 * time.Millisecond

// HasClock says whether the engines play on a game clock (tc=).
func (tc TimeControl) HasClock() bool { return tc.Base > 0 }

// Limited says whether anything limits a move at all.
func (tc TimeControl) Limited() bool {
	return tc.HasClock() || tc.MoveTime > 0 || tc.Depth > 0 || tc.Nodes > 0
}

// ParseClock reads tc= values: "inf", "[moves/]time[+increment]" with time
// in seconds or as minutes:seconds ("40/60", "10+0.1", "1:30+1").
func ParseClock(text string, tc *TimeControl) error {
	if text == "inf" || text == "infinite" {
		tc.Moves, tc.Base, tc.Increment = 0, 0, 0
		return nil
	}
	rest := text
	if movesText, after, found := strings.Cut(rest, "/"); found {
		moves, err := strconv.Atoi(movesText)
		if err != nil || moves <= 0 {
			return fmt.Errorf("bad time control %q: moves per period", text)
		}
		tc.Moves, rest = moves, after
	}
	baseText, incText, hasInc := strings.Cut(rest, "+")
	base, err := parseClockTime(baseText)
	if err != nil || base <= 0 {
		return fmt.Errorf("bad time control %q: time per period", text)
	}
	tc.Base, tc.Increment = base, 0
	if hasInc {
		if tc.Increment, err = parseSeconds(incText); err != nil {
			return fmt.Errorf("bad time control %q: increment", text)
		}
	}
	return nil
}

// parseClockTime reads "90", "1.5" (seconds) or "1:30" (minutes:seconds).
func parseClockTime(text string) (time.Duration, error) {
	minutes, seconds, found := strings.Cut(text, ":")
	if !found {
		return parseSeconds(text)
	}
	m, err := strconv.Atoi(minutes)
	if err != nil || m < 0 {
		return 0, fmt.Errorf("bad minutes %q", minutes)
	}
	s, err := parseSeconds(seconds)
	return time.Duration(m)*time.Minute + s, err
}

func parseSeconds(text string) (time.Duration, error) {
	seconds, err := strconv.ParseFloat(text, 64)
	if err != nil || seconds < 0 || seconds > 1e7 {
		return 0, fmt.Errorf("bad number of seconds %q", text)
	}
	return time.Duration(seconds * float64(time.Second)), nil
}

// String writes the control for the PGN TimeControl tag: "40/60",
// "10+0.1", "-" when there is no clock (st=, depth=, nodes= only).
func (tc TimeControl) String() string {
	if !tc.HasClock() {
		return "-"
	}
	s := seconds(tc.Base)
	if tc.Moves > 0 {
		s = strconv.Itoa(tc.Moves) + "/" + s
	}
	if tc.Increment > 0 {
		s += "+" + seconds(tc.Increment)
	}
	return s
}

// Describe writes every limit, for the match header.
func (tc TimeControl) Describe() string {
	var parts []string
	if tc.HasClock() {
		parts = append(parts, "tc="+tc.String())
	}
	if tc.MoveTime > 0 {
		parts = append(parts, "st="+seconds(tc.MoveTime))
	}
	if tc.Depth > 0 {
		parts = append(parts, "depth="+strconv.Itoa(tc.Depth))
	}
	if tc.Nodes > 0 {
		parts = append(parts, "nodes="+strconv.FormatUint(tc.Nodes, 10))
	}
	return strings.Join(parts, " ")
}

func seconds(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64)
}

// Clock is one side's game clock.
type Clock struct {
	tc        TimeControl
	Remaining time.Duration
	MovesLeft int // moves until the next period (0: no periods)
}

// NewClock starts a clock for a game.
func NewClock(tc TimeControl) Clock {
	return Clock{tc: tc, Remaining: tc.Base, MovesLeft: tc.Moves}
}

// Deadline is how long the engine may think on this move before it loses
// on time; hang is the limit when nothing else bounds the move.
func (c *Clock) Deadline(hang time.Duration) time.Duration {
	switch {
	case c.tc.HasClock():
		return c.Remaining + c.tc.Margin
	case c.tc.MoveTime > 0:
		return c.tc.MoveTime + c.tc.Margin
	}
	return hang
}

// Spend charges a move's thinking time; it reports false when the engine
// overstepped its time (beyond the margin). A move inside the margin leaves
// the clock at zero before the increment is added.
func (c *Clock) Spend(elapsed time.Duration) bool {
	if c.tc.MoveTime > 0 && !c.tc.HasClock() {
		return elapsed <= c.tc.MoveTime+c.tc.Margin
	}
	if !c.tc.HasClock() {
		return true
	}
	c.Remaining -= elapsed
	if c.Remaining < -c.tc.Margin {
		return false
	}
	c.Remaining = max(c.Remaining, 0) + c.tc.Increment
	if c.tc.Moves > 0 {
		c.MovesLeft--
		if c.MovesLeft == 0 {
			c.Remaining += c.tc.Base
			c.MovesLeft = c.tc.Moves
		}
	}
	return true
}

// goCommand builds the UCI go command for the side to move.
func goCommand(clocks [2]Clock, sideToMove int) string {
	tc := clocks[sideToMove].tc
	var b strings.Builder
	b.WriteString("go")
	if tc.HasClock() {
		fmt.Fprintf(&b, " wtime %d btime %d", ms(clocks[0].Remaining), ms(clocks[1].Remaining))
		if clocks[0].tc.Increment > 0 || clocks[1].tc.Increment > 0 {
			fmt.Fprintf(&b, " winc %d binc %d", ms(clocks[0].tc.Increment), ms(clocks[1].tc.Increment))
		}
		if tc.Moves > 0 {
			fmt.Fprintf(&b, " movestogo %d", clocks[sideToMove].MovesLeft)
		}
	}
	if tc.MoveTime > 0 {
		fmt.Fprintf(&b, " movetime %d", ms(tc.MoveTime))
	}
	if tc.Depth > 0 {
		fmt.Fprintf(&b, " depth %d", tc.Depth)
	}
	if tc.Nodes > 0 {
		fmt.Fprintf(&b, " nodes %d", tc.Nodes)
	}
	if !tc.Limited() {
		b.WriteString(" infinite")
	}
	return b.String()
}

func ms(d time.Duration) int64 { return max(d.Milliseconds(), 0) }
