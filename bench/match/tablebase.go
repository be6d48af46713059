package match

import (
	"errors"
	"fmt"

	"github.com/sakk-chess/sakk/board"
	"github.com/sakk-chess/sakk/board/syzygy"
)

// loadTablebases opens rules.TBPath (if set) for adjudication. A directory
// that cannot be read, an unreadable table or a path without any table is
// an error: a match should not silently run unadjudicated.
func loadTablebases(rules *Rules) error {
	if rules.TBPath == "" {
		return nil
	}
	tb, errs := syzygy.Open(rules.TBPath)
	if len(errs) > 0 {
		_ = tb.Close()
		return fmt.Errorf("-tb: %w", errors.Join(errs...))
	}
	if n, _ := tb.Count(); n == 0 {
		return fmt.Errorf("-tb: no Syzygy tables (*.rtbw) in %s", rules.TBPath)
	}
	rules.tablebases = tb
	return nil
}

// tablebaseVerdict adjudicates an orthodox position that the tables cover:
// the winner (0 White, 1 Black, -1 draw) and why. With DTZ tables the
// fifty-move counter of the game is taken into account; with WDL alone,
// cursed wins and blessed losses are draws.
func (s *gameState) tablebaseVerdict() (winner int, reason string, ok bool) {
	tb := s.rules.tablebases
	pos, isChess := s.pos.(*board.Position)
	if tb == nil || !isChess {
		return 0, "", false
	}
	wdl, ok := tb.ProbeWDL(pos)
	if !ok {
		return 0, "", false
	}
	side := int(pos.SideToMove())
	result := 0 // for the side to move: 1 win, -1 loss, 0 draw
	if dtz, ok := tb.ProbeDTZ(pos); ok {
		clock := pos.HalfmoveClock()
		switch {
		case dtz > 0 && dtz+clock <= 100:
			result = 1
		case dtz < 0 && -dtz+clock <= 100:
			result = -1
		}
	} else {
		result = map[syzygy.WDL]int{syzygy.Win: 1, syzygy.Loss: -1}[wdl]
	}
	switch result {
	case 1:
		return side, colourNames[side] + " wins (tablebase adjudication)", true
	case -1:
		return 1 - side, colourNames[1-side] + " wins (tablebase adjudication)", true
	}
	return -1, "Draw (tablebase adjudication)", true
}
