package uci

import (
	"fmt"

	"github.com/sakk-chess/sakk/board"
	"github.com/sakk-chess/sakk/game"
	"github.com/sakk-chess/sakk/hexboard"
)

// banner is the line printed when the loop starts, as Stockfish prints its
// name: GUIs ignore text before "uciok", and a person in a terminal learns
// what is running and that "help" exists.
func (s *session) banner() string {
	return s.cfg.Name + " by " + s.cfg.Author + " (UCI chess and Glinski's hexagonal chess; type help)"
}

// helpText answers "help": the commands and the options, for a person.
var helpText = []string{
	"sakk speaks UCI. Commands:",
	"  uci                        the engine's name and options, then uciok",
	"  isready                    readyok once ready",
	"  setoption name N [value V] set an option (names ignore case)",
	"  ucinewgame                 forget the last game",
	"  position startpos|fen F [moves M...]",
	"  go [depth N] [nodes N] [movetime MS] [wtime MS btime MS winc MS binc MS movestogo N]",
	"     [mate N] [infinite] [ponder] [searchmoves M...]",
	"  go perft N                 count the move tree (divide) to depth N",
	"  stop | ponderhit | quit",
	"  d                          the board, its FEN and key",
	"  eval                       the static evaluation",
	"  bench                      the speed bench",
	"  debug on|off | help",
	"Games: setoption name UCI_Variant value chess|glinski. Glinski moves name",
	"cells (files a-i, k, l; no j): f5f6, f10f11q. Options: send uci to list them.",
}

func (s *session) help(args []string) error {
	s.out.print(helpText...)
	return nil
}

// gameNames are the names people use for the two games in messages.
var gameNames = map[game.Variant]string{game.Chess: "orthodox chess", game.Glinski: "Glinski's hexagonal chess"}

// otherVariant is the game that is not v.
func otherVariant(v game.Variant) game.Variant {
	if v == game.Glinski {
		return game.Chess
	}
	return game.Glinski
}

// fenOfOtherGame explains a FEN that the current game's reader refused but
// the other game's accepts ("" when it is not one).
func (s *session) fenOfOtherGame(fen string) string {
	other := otherVariant(s.variant)
	if _, err := s.cfg.FromFEN(other, fen); err != nil {
		return ""
	}
	return fmt.Sprintf("this is a FEN of %s but UCI_Variant is %s (send setoption name UCI_Variant value %s first)",
		gameNames[other], s.variant, other)
}

// moveOfOtherGame explains a move that names squares or cells of the other
// game only ("" when it does not read that way).
func (s *session) moveOfOtherGame(text string) string {
	names := coordinates(text)
	if len(names) != 2 {
		return ""
	}
	validHere, validThere := true, true
	for _, n := range names {
		_, okChess := board.ParseSquare(n)
		_, okHex := hexboard.ParseCell(n)
		if s.variant == game.Glinski {
			okChess, okHex = okHex, okChess
		}
		validHere = validHere && okChess
		validThere = validThere && okHex
	}
	if validHere || !validThere {
		return ""
	}
	other := otherVariant(s.variant)
	return fmt.Sprintf("it reads as a move of %s, but UCI_Variant is %s", gameNames[other], s.variant)
}

// coordinates splits text like "g10g9" or "e7e8q" into its coordinate
// names (a lowercase letter and one or two digits); nil if it is not such
// a move.
func coordinates(text string) []string {
	var names []string
	for i := 0; i < len(text); {
		c := text[i]
		if c < 'a' || c > 'z' {
			return nil
		}
		j := i + 1
		for j < len(text) && j-i <= 2 && text[j] >= '0' && text[j] <= '9' {
			j++
		}
		if j == i+1 {
			if j == len(text) && len(names) == 2 {
				return names // a promotion letter
			}
			return nil
		}
		names = append(names, text[i:j])
		i = j
	}
	return names
}

// illegalMove is the error for a move of "position" or "searchmoves" that
// is not legal here: it names the game and, if the move belongs to the
// other game, says so.
func (s *session) illegalMove(what, text string, err error) error {
	msg := fmt.Sprintf("%s %s is not legal in %s (%v)", what, quote(text), s.variant, err)
	if hint := s.moveOfOtherGame(text); hint != "" {
		msg += "; " + hint
	}
	return fmt.Errorf("%s", msg)
}
