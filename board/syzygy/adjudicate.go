package syzygy

import (
	"errors"
	"fmt"

	"github.com/sakk-chess/sakk/board"
)

// OpenForAdjudication opens path for a tool that ends games by the tables
// (sakk match -tb, sakk datagen --tb): unlike Open, a directory that cannot
// be read, an unreadable table or a path without any table is an error, so
// that games are never silently left unadjudicated.
func OpenForAdjudication(path string) (*Tablebase, error) {
	tb, errs := Open(path)
	if len(errs) > 0 {
		_ = tb.Close()
		return nil, errors.Join(errs...)
	}
	if n, _ := tb.Count(); n == 0 {
		return nil, fmt.Errorf("no Syzygy tables (*.rtbw) in %s", path)
	}
	return tb, nil
}

// Adjudicate is the result of the game at p by the tables, for the side to
// move: 1 a win, 0 a draw, -1 a loss; ok is false when the tables do not
// cover p. With the DTZ table the game's own fifty-move counter
// (p.HalfmoveClock) decides whether a win or loss comes in time; with WDL
// alone, cursed wins and blessed losses are draws.
func (tb *Tablebase) Adjudicate(p *board.Position) (result int, ok bool) {
	wdl, ok := tb.ProbeWDL(p)
	if !ok {
		return 0, false
	}
	if dtz, ok := tb.ProbeDTZ(p); ok {
		clock := p.HalfmoveClock()
		switch {
		case dtz > 0 && dtz+clock <= 100:
			return 1, true
		case dtz < 0 && -dtz+clock <= 100:
			return -1, true
		}
		return 0, true
	}
	switch wdl {
	case Win:
		return 1, true
	case Loss:
		return -1, true
	}
	return 0, true
}
