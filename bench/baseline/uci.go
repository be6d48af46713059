package baseline

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/sakk-chess/sakk/engine/variant"
	"github.com/sakk-chess/sakk/game"
)

// engine is the UCI loop's state: the position with its key history and
// the search running in the background, if any.
type engine struct {
	out      io.Writer
	mu       sync.Mutex // one writer: whole lines
	variant  game.Variant
	pos      game.Position
	history  []uint64
	searcher *Searcher
	done     chan struct{}
}

// Run reads UCI commands from in until quit or end of input, answering on out.
func Run(in io.Reader, out io.Writer) {
	e := &engine{out: out, variant: game.Chess}
	e.pos, _ = variant.New(e.variant)
	e.history = []uint64{e.pos.Key()}
	scanner := bufio.NewScanner(in)
	scanner.Buffer(make([]byte, 1<<20), 1<<20)
	for scanner.Scan() {
		fields := strings.Fields(scanner.Text())
		if len(fields) == 0 {
			continue
		}
		switch fields[0] {
		case "uci":
			e.say("id name baseline\nid author sakk authors\n" +
				"option name UCI_Variant type combo default chess var chess var glinski\nuciok")
		case "isready":
			e.say("readyok")
		case "setoption":
			e.stopSearch()
			e.setOption(fields[1:])
		case "ucinewgame":
			e.stopSearch()
			e.setPosition([]string{"startpos"})
		case "position":
			e.stopSearch()
			e.setPosition(fields[1:])
		case "go":
			e.stopSearch()
			e.goSearch(fields[1:])
		case "stop":
			e.stopSearch()
		case "quit":
			e.stopSearch()
			return
		}
	}
	e.stopSearch()
}

func (e *engine) say(text string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	fmt.Fprintln(e.out, text)
}

// setOption handles "name UCI_Variant value glinski"; other options are ignored.
func (e *engine) setOption(args []string) {
	line := strings.Join(args, " ")
	name, value, _ := strings.Cut(strings.TrimPrefix(line, "name "), " value ")
	if !strings.EqualFold(strings.TrimSpace(name), "UCI_Variant") {
		return
	}
	if v, err := game.ParseVariant(value); err == nil {
		e.variant = v
		e.setPosition([]string{"startpos"})
	}
}

// setPosition reads "startpos|fen F... [moves M...]"; bad input leaves the
// position at the last good state and reports on an info string line.
func (e *engine) setPosition(args []string) {
	pos, _ := variant.New(e.variant)
	i := 0
	if len(args) > 0 && args[0] == "fen" {
		for i = 1; i < len(args) && args[i] != "moves"; i++ {
		}
		if err := pos.SetFEN(strings.Join(args[1:i], " ")); err != nil {
			e.say("info string bad fen: " + err.Error())
			return
		}
	} else {
		i = 1
	}
	history := []uint64{pos.Key()}
	if i < len(args) && args[i] == "moves" {
		for _, text := range args[i+1:] {
			m, err := pos.ParseMove(text)
			if err != nil {
				e.say("info string bad move " + text + ": " + err.Error())
				break
			}
			pos.Make(m)
			history = append(history, pos.Key())
		}
	}
	e.pos, e.history = pos, history
}

// goSearch starts a search on a copy of the position in the background.
func (e *engine) goSearch(args []string) {
	var lim Limits
	var clock, inc [2]time.Duration
	var moveTime time.Duration
	for i := 0; i+1 < len(args); i++ {
		n, err := strconv.Atoi(args[i+1])
		if err != nil {
			continue
		}
		ms := time.Duration(n) * time.Millisecond
		switch args[i] {
		case "wtime":
			clock[0] = ms
		case "btime":
			clock[1] = ms
		case "winc":
			inc[0] = ms
		case "binc":
			inc[1] = ms
		case "movetime":
			moveTime = ms
		case "depth":
			lim.Depth = n
		}
	}
	start := time.Now()
	us := e.pos.SideToMove()
	switch {
	case moveTime > 0:
		lim.Deadline = start.Add(max(moveTime-20*time.Millisecond, moveTime/2))
	case clock[us] > 0:
		budget := clock[us]/30 + inc[us]*3/4
		budget = min(budget, clock[us]/2) // never spend most of what is left
		lim.Deadline = start.Add(budget)
	}
	e.searcher = NewSearcher(e.pos.Clone(), e.history)
	e.done = make(chan struct{})
	go func(s *Searcher, pos game.Position, done chan struct{}) {
		defer close(done)
		best := s.Search(lim, func(info Info) {
			ms := max(time.Since(start).Milliseconds(), 1)
			e.say(fmt.Sprintf("info depth %d score %s nodes %d nps %d time %d pv %s",
				info.Depth, scoreString(info.Score), info.Nodes,
				int64(info.Nodes)*1000/ms, ms, pos.MoveString(info.Best)))
		})
		if best == 0 {
			e.say("bestmove 0000")
			return
		}
		e.say("bestmove " + pos.MoveString(best))
	}(e.searcher, e.pos.Clone(), e.done)
}

// stopSearch ends a running search and waits for its bestmove line.
func (e *engine) stopSearch() {
	if e.searcher == nil {
		return
	}
	e.searcher.Stop()
	<-e.done
	e.searcher = nil
}

func scoreString(score int) string {
	switch {
	case score >= Mate-MaxPly:
		return fmt.Sprintf("mate %d", (Mate-score+1)/2)
	case score <= -Mate+MaxPly:
		return fmt.Sprintf("mate -%d", (Mate+score+1)/2)
	}
	return fmt.Sprintf("cp %d", score)
}
