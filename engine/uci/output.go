package uci

import (
	"bufio"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/sakk-chess/sakk/engine"
	"github.com/sakk-chess/sakk/engine/wdl"
	"github.com/sakk-chess/sakk/game"
	"github.com/sakk-chess/sakk/game/move"
)

// writer is the one place that writes to stdout: whole lines, flushed at
// once, never interleaved, from any goroutine.
type writer struct {
	mu     sync.Mutex
	buf    *bufio.Writer
	closed bool
}

func newWriter(w io.Writer) *writer { return &writer{buf: bufio.NewWriterSize(w, 8<<10)} }

// print writes each line followed by '\n' and flushes, all under one lock
// so that a block (a diagram, a perft total) is never split by another
// goroutine's line.
func (w *writer) print(lines ...string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return
	}
	for _, l := range lines {
		w.buf.WriteString(l)
		w.buf.WriteByte('\n')
	}
	// A write error means the GUI went away; there is nobody left to tell.
	_ = w.buf.Flush()
}

// close drops every later line.
func (w *writer) close() {
	w.mu.Lock()
	w.closed = true
	w.mu.Unlock()
}

// info prints "info string <msg>".
func (w *writer) info(msg string) { w.print("info string " + oneLine(msg)) }

// error prints "info string error: <msg>".
func (w *writer) error(err error) { w.info("error: " + err.Error()) }

// maxMessage bounds an info string: errors from the boards quote the input,
// which may be a 100 KB line.
const maxMessage = 300

// oneLine keeps a message on one protocol line of reasonable length.
func oneLine(s string) string {
	if strings.ContainsAny(s, "\r\n") {
		s = strings.Join(strings.Fields(s), " ")
	}
	if len(s) > maxMessage {
		s = strings.ToValidUTF8(s[:maxMessage], "") + "..."
	}
	return s
}

// quote shows a piece of user input in a message: quoted, escaped, and cut
// short so that a 100 KB token does not come back as a 100 KB reply.
func quote(s string) string {
	const limit = 40
	if len(s) > limit {
		return strconv.Quote(s[:limit]) + "..."
	}
	return strconv.Quote(s)
}

// matchLegal finds m among pos's legal moves by from, to and promotion and
// returns the generated move (so that Make gets the board's own encoding).
func matchLegal(pos game.Position, m move.Move) (move.Move, bool) {
	if m == move.None {
		return move.None, false
	}
	var list move.List
	pos.LegalMoves(&list)
	for _, l := range list.Slice() {
		if l.From() == m.From() && l.To() == m.To() && l.Promotion() == m.Promotion() {
			return l, true
		}
	}
	return move.None, false
}

// infoLine formats one search report. view is the root position, used to
// write the moves and to cut the PV at its first illegal move (a PV from a
// corrupted hash entry must not reach the GUI); it is left as it was found.
// It returns "" for reports that are not worth a line. A non-nil odds adds
// "wdl W D L" after the score.
func infoLine(view game.Position, in engine.Info, odds *wdlOdds) string {
	var b strings.Builder
	b.WriteString("info")
	if in.CurrMove != move.None && len(in.PV) == 0 {
		// The spec suggests currmove only after a second, to spare the GUI.
		if in.Time < time.Second {
			return ""
		}
		if _, ok := matchLegal(view, in.CurrMove); !ok {
			return ""
		}
		b.WriteString(" depth " + strconv.Itoa(in.Depth))
		b.WriteString(" currmove " + view.MoveString(in.CurrMove))
		b.WriteString(" currmovenumber " + strconv.Itoa(max(in.CurrMoveNumber, 1)))
		return b.String()
	}
	b.WriteString(" depth " + strconv.Itoa(in.Depth))
	if in.SelDepth > 0 {
		b.WriteString(" seldepth " + strconv.Itoa(in.SelDepth))
	}
	b.WriteString(" multipv " + strconv.Itoa(max(in.MultiPV, 1)))
	if in.MateIn != 0 {
		b.WriteString(" score mate " + strconv.Itoa(in.MateIn))
	} else {
		b.WriteString(" score cp " + strconv.Itoa(in.Score))
	}
	if odds != nil {
		b.WriteString(odds.text(in.Score, in.MateIn))
	}
	switch in.Bound {
	case engine.BoundLower:
		b.WriteString(" lowerbound")
	case engine.BoundUpper:
		b.WriteString(" upperbound")
	}
	ms := in.Time.Milliseconds()
	nps := in.NPS
	if nps == 0 && in.Time > 0 {
		nps = uint64(float64(in.Nodes) / in.Time.Seconds())
	}
	b.WriteString(" nodes " + strconv.FormatUint(in.Nodes, 10))
	b.WriteString(" nps " + strconv.FormatUint(nps, 10))
	b.WriteString(" hashfull " + strconv.Itoa(in.HashFull))
	if in.TBHits > 0 {
		b.WriteString(" tbhits " + strconv.FormatUint(in.TBHits, 10))
	}
	b.WriteString(" time " + strconv.FormatInt(ms, 10))
	if len(in.PV) > 0 {
		made := 0
		for _, m := range in.PV {
			legal, ok := matchLegal(view, m)
			if !ok {
				break
			}
			if made == 0 {
				b.WriteString(" pv")
			}
			b.WriteString(" " + view.MoveString(legal))
			view.Make(legal)
			made++
		}
		for ; made > 0; made-- {
			view.Unmake()
		}
	}
	return b.String()
}

// wdlOdds turns scores of one search into "wdl W D L" (UCI_ShowWDL): the
// game's model at the root's material.
type wdlOdds struct {
	model    wdl.Model
	material int
}

func newWDLOdds(pos game.Position) *wdlOdds {
	return &wdlOdds{model: wdl.For(pos.Variant()), material: wdl.Material(pos.FEN())}
}

// text is " wdl W D L" for a score: a mate is a certain win or loss, and
// a Glinski stalemate score (3/4 for the side that gives it) half a win
// and half a draw, as the fit counts it.
func (o *wdlOdds) text(score, mateIn int) string {
	var w, d, l int
	switch {
	case mateIn > 0:
		w = 1000
	case mateIn < 0:
		l = 1000
	case score == engine.StalemateScore:
		w, d = 500, 500
	case score == -engine.StalemateScore:
		d, l = 500, 500
	default:
		w, d, l = o.model.Permille(score, o.material)
	}
	return " wdl " + strconv.Itoa(w) + " " + strconv.Itoa(d) + " " + strconv.Itoa(l)
}
