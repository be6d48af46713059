package uci

import (
	"fmt"
	"strings"

	"github.com/sakk-chess/sakk/engine"
	"github.com/sakk-chess/sakk/game"
	"github.com/sakk-chess/sakk/game/move"
)

// position answers "position startpos|fen <FEN> [moves ...]". The new
// position is built aside and replaces the current one only when the whole
// command is valid. A refused one leaves the session without a valid
// position: "d" still shows the last good board, but a "go" before the next
// good "position" answers "bestmove 0000", since the GUI meant another
// position and a move for the old one could be a move for the wrong side.
// A running search is not disturbed: it works on its own copy (as in
// Stockfish).
func (s *session) position(args []string) error {
	err := s.setPosition(args)
	s.posErr = err
	if err != nil {
		s.posErr = fmt.Errorf("the last position command was refused: %v", err)
	}
	return err
}

func (s *session) setPosition(args []string) error {
	if len(args) == 0 {
		return fmt.Errorf("position needs startpos or fen <FEN>")
	}
	var (
		pos  engine.SearchBoard
		err  error
		rest []string
	)
	switch strings.ToLower(args[0]) {
	case "startpos":
		pos, err = s.cfg.NewPosition(s.variant)
		if err != nil {
			return err
		}
		rest = args[1:]
	case "fen":
		end := 1
		for end < len(args) && !strings.EqualFold(args[end], "moves") {
			end++
		}
		if end == 1 {
			return fmt.Errorf("position fen needs a FEN")
		}
		fen := strings.Join(args[1:end], " ")
		pos, err = s.cfg.FromFEN(s.variant, fen)
		if err == nil {
			err = sane(pos)
		}
		if err != nil {
			if why := s.fenOfOtherGame(fen); why != "" {
				return fmt.Errorf("bad %s FEN: %s", s.variant, why)
			}
			return fmt.Errorf("bad %s FEN: %v", s.variant, err)
		}
		rest = args[end:]
	default:
		return fmt.Errorf("position needs startpos or fen, got %s", quote(args[0]))
	}
	s.setChess960(pos)
	if len(rest) > 0 {
		if !strings.EqualFold(rest[0], "moves") {
			return fmt.Errorf("position: unexpected %s (expected moves)", quote(rest[0]))
		}
		for i, text := range rest[1:] {
			if strings.EqualFold(text, "moves") {
				return fmt.Errorf("position: moves given twice")
			}
			m, err := pos.ParseMove(text)
			if err != nil {
				return fmt.Errorf("position: %v; position refused", s.illegalMove(fmt.Sprintf("move %d", i+1), text, err))
			}
			pos.Make(m)
		}
	}
	s.pos = pos
	return nil
}

// sane checks what every position the search is given must have, whatever
// the board's own FEN reader accepted: one king a side, and the side that
// just moved not left in check (its king must not be capturable).
func sane(pos game.Position) error {
	placement, _, _ := strings.Cut(pos.FEN(), " ")
	if n := strings.Count(placement, "K"); n != 1 {
		return fmt.Errorf("white has %d kings (needs exactly 1)", n)
	}
	if n := strings.Count(placement, "k"); n != 1 {
		return fmt.Errorf("black has %d kings (needs exactly 1)", n)
	}
	var list move.List
	pos.LegalMoves(&list)
	for _, m := range list.Slice() {
		if m.Captured() == move.King {
			return fmt.Errorf("the side not to move is in check")
		}
	}
	return nil
}

// setChess960 applies UCI_Chess960 (king-takes-rook castling notation) to a
// board that supports it; Glinski has no castling.
func (s *session) setChess960(pos game.Position) {
	if b, ok := pos.(interface{ SetChess960(bool) }); ok {
		b.SetChess960(s.chess960)
	}
}
