package bisect

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/sakk-chess/sakk/game"
	"github.com/sakk-chess/sakk/game/move"
)

// moveText matches a move as other engines write it: two cells (chess
// squares or Glinski cells with one- or two-digit ranks, maybe with "-" or
// "x" between) and a promotion letter in either case (maybe after "=").
var moveText = regexp.MustCompile(`^([a-lA-L])([0-9]{1,2})[-x]?([a-lA-L])([0-9]{1,2})=?([qrbnkQRBNK]?)$`)

// normalize writes a move's text in one canonical spelling: lowercase,
// ranks without leading zeros, no separators. Text that is not a move comes
// back lowercased, so it can still be compared and reported.
func normalize(text string) string {
	parts := moveText.FindStringSubmatch(strings.TrimSpace(text))
	if parts == nil {
		return strings.ToLower(strings.TrimSpace(text))
	}
	fromRank, _ := strconv.Atoi(parts[2])
	toRank, _ := strconv.Atoi(parts[4])
	return strings.ToLower(parts[1]) + strconv.Itoa(fromRank) +
		strings.ToLower(parts[3]) + strconv.Itoa(toRank) + strings.ToLower(parts[5])
}

// looksLikeMove says whether text reads as a move (see moveText).
func looksLikeMove(text string) bool { return moveText.MatchString(text) }

// chess960Notation is what a chess board offers to switch its castling
// notation between the king's step and king-takes-rook.
type chess960Notation interface {
	SetChess960(on bool)
	Chess960() bool
}

// legalMoves is the legal moves of one position with every spelling another
// engine may use for each: the board's own, and for castling both the king's
// step and king-takes-rook.
type legalMoves struct {
	moves  []move.Move
	names  []string             // the board's own spelling, by index
	byText map[string]move.Move // normalized spelling -> move
}

// newLegalMoves lists pos's legal moves; pos is left as it was.
func newLegalMoves(pos game.Position) legalMoves {
	var list move.List
	pos.LegalMoves(&list)
	lm := legalMoves{byText: make(map[string]move.Move, list.N)}
	for _, m := range list.Slice() {
		name := pos.MoveString(m)
		lm.moves = append(lm.moves, m)
		lm.names = append(lm.names, name)
		lm.byText[normalize(name)] = m
	}
	// The other castling spelling never hides a plain move that reads the
	// same (a Chess960 king step can look like an ordinary king move).
	if board, ok := pos.(chess960Notation); ok {
		was := board.Chess960()
		board.SetChess960(!was)
		for _, m := range lm.moves {
			if m.IsCastle() {
				if text := normalize(pos.MoveString(m)); lm.byText[text] == move.None {
					lm.byText[text] = m
				}
			}
		}
		board.SetChess960(was)
	}
	return lm
}

// find reads a move in any spelling newLegalMoves knows.
func (lm legalMoves) find(text string) (move.Move, bool) {
	m, ok := lm.byText[normalize(text)]
	return m, ok
}

// nameOf is the board's spelling of a legal move.
func (lm legalMoves) nameOf(m move.Move) string {
	for i, l := range lm.moves {
		if l == m {
			return lm.names[i]
		}
	}
	return ""
}

// PlayMoves plays moves (in any spelling another engine may use, see
// normalize) on pos, and returns them in the board's own spelling. On an
// illegal move it stops and reports it, with pos holding the moves before.
func PlayMoves(pos game.Position, moves []string) ([]string, error) {
	played := make([]string, 0, len(moves))
	for _, text := range moves {
		lm := newLegalMoves(pos)
		m, ok := lm.find(text)
		if !ok {
			return played, &IllegalMoveError{Move: text, FEN: pos.FEN()}
		}
		played = append(played, lm.nameOf(m))
		pos.Make(m)
	}
	return played, nil
}

// IllegalMoveError is a move that is not legal in the position it was
// given for.
type IllegalMoveError struct {
	Move, FEN string
}

func (e *IllegalMoveError) Error() string {
	return "move " + strconv.Quote(e.Move) + " is not legal in " + e.FEN
}
