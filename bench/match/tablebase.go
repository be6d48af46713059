package match

import (
	"fmt"

	"github.com/sakk-chess/sakk/board"
	"github.com/sakk-chess/sakk/board/syzygy"
)

// loadTablebases opens rules.TBPath (if set) for adjudication; see
// syzygy.OpenForAdjudication for what is an error.
func loadTablebases(rules *Rules) error {
	if rules.TBPath == "" {
		return nil
	}
	tb, err := syzygy.OpenForAdjudication(rules.TBPath)
	if err != nil {
		return fmt.Errorf("-tb: %w", err)
	}
	rules.tablebases = tb
	return nil
}

// tablebaseVerdict adjudicates an orthodox position that the tables cover
// (syzygy.Tablebase.Adjudicate): the winner (0 White, 1 Black, -1 draw)
// and why.
func (s *gameState) tablebaseVerdict() (winner int, reason string, ok bool) {
	tb := s.rules.tablebases
	pos, isChess := s.pos.(*board.Position)
	if tb == nil || !isChess {
		return 0, "", false
	}
	result, ok := tb.Adjudicate(pos)
	if !ok {
		return 0, "", false
	}
	side := int(pos.SideToMove())
	switch result {
	case 1:
		return side, colourNames[side] + " wins (tablebase adjudication)", true
	case -1:
		return 1 - side, colourNames[1-side] + " wins (tablebase adjudication)", true
	}
	return -1, "Draw (tablebase adjudication)", true
}
