package uci

import (
	"fmt"
	"strconv"

	"github.com/sakk-chess/sakk/engine"
	"github.com/sakk-chess/sakk/engine/book"
	"github.com/sakk-chess/sakk/game"
	"github.com/sakk-chess/sakk/game/move"
)

// The opening book options: OwnBook switches the book on; BookFile names a
// PolyGlot (.bin, chess) or sakk text book (either game), empty for the
// built-in Glinski book; BookDepth is how many moves of a game (counted
// from its start) the book may play.
const (
	defaultBookDepth = 20
	maxBookDepth     = 200
)

// loadBook applies BookFile: the file is read at once, so that a bad file
// is reported when it is set rather than at the first go.
func (s *session) loadBook(path string) error {
	if path == "" {
		s.userBook = nil
		return nil
	}
	b, err := book.Open(path)
	if err != nil {
		return err
	}
	s.userBook = b
	return nil
}

// currentBook is the book for the game being played, or nil.
func (s *session) currentBook() book.Book {
	if !s.ownBook {
		return nil
	}
	if s.userBook != nil {
		if s.userBook.Variant() == s.variant {
			return s.userBook
		}
		return nil
	}
	if s.variant == game.Glinski {
		return book.Glinski()
	}
	return nil
}

// gamePly counts the plies from the game's start to pos.
func gamePly(pos game.Position) int {
	return 2*(pos.FullmoveNumber()-1) + int(pos.SideToMove())
}

// playFromBook answers a "go" from the book when OwnBook is on, the game
// is within BookDepth moves and the book knows the position: the move is
// played at once, with its PV (the book's likeliest reply as the ponder
// move). Analysis (infinite, ponder, mate, searchmoves) always searches.
func (s *session) playFromBook(lim engine.Limits) bool {
	b := s.currentBook()
	if b == nil || lim.Infinite || lim.Ponder || lim.Mate > 0 || len(lim.SearchMoves) > 0 {
		return false
	}
	pos := s.pos.Clone()
	s.setChess960(pos)
	if gamePly(pos) >= 2*s.bookDepth {
		return false
	}
	choices := b.Choices(pos)
	m, ok := book.Pick(b, pos, s.rng)
	if !ok {
		return false
	}
	var total, weight uint64
	for _, c := range choices {
		total += uint64(c.Weight)
		if c.Move == m {
			weight = uint64(c.Weight)
		}
	}
	best := pos.MoveString(m)
	pv := best
	line := "bestmove " + best
	pos.Make(m)
	if reply, ok := likeliest(b.Choices(pos)); ok {
		pv += " " + pos.MoveString(reply)
		line += " ponder " + pos.MoveString(reply)
	}
	// A score, though the book has none: match runners (fastchess) warn
	// about an answer without one, and their adjudication reads it.
	score := "score cp 0"
	if s.showWDL {
		score += newWDLOdds(s.pos).text(0, 0)
	}
	s.out.print(
		fmt.Sprintf("info string book move %s (weight %d of %d)", best, weight, total),
		"info depth 1 multipv 1 "+score+" nodes 0 time 0 pv "+pv,
		line)
	return true
}

// likeliest is the book move of the highest weight.
func likeliest(choices []book.Choice) (move.Move, bool) {
	best := -1
	for i, c := range choices {
		if c.Weight > 0 && (best < 0 || c.Weight > choices[best].Weight) {
			best = i
		}
	}
	if best < 0 {
		return move.None, false
	}
	return choices[best].Move, true
}

func bookDepthDefault() string { return strconv.Itoa(defaultBookDepth) }
