// Package game is the variant-neutral view of a position that the UCI layer,
// perft driver and match runner use. Both board.Position (orthodox chess) and
// hexboard.Position (Glinski) implement Position. None of these calls are on a
// per-node hot path: search and perft inner loops call the boards directly.
package game

import "github.com/sakk-chess/sakk/game/move"

// MaxHalfmoveClock bounds the halfmove clock a FEN may give, on every
// board. It is above any count a game can reach through the UCI line limit
// (1 MiB, under 210 000 plies), so a FEN the engine writes reads back.
const MaxHalfmoveClock = 1 << 20

// Result classifies how (or whether) a game has ended.
type Result uint8

const (
	Ongoing Result = iota
	Checkmate
	Stalemate
	Repetition   // threefold repetition
	FiftyMoves   // 50-move rule (100 plies without capture or pawn move)
	DeadPosition // neither side can mate by any legal sequence
)

func (r Result) String() string {
	switch r {
	case Ongoing:
		return "ongoing"
	case Checkmate:
		return "checkmate"
	case Stalemate:
		return "stalemate"
	case Repetition:
		return "threefold repetition"
	case FiftyMoves:
		return "50-move rule"
	case DeadPosition:
		return "dead position"
	}
	return "unknown"
}

// Outcome is the game-end state of a position. For Checkmate, Winner is the
// side that gave mate; for Stalemate, Winner is the side that gave stalemate
// (Glinski scores it 3/4-1/4 by default; orthodox chess scores it a draw).
type Outcome struct {
	Result Result
	Winner move.Color
}

// WhiteScore is White's score for a finished game of variant v: 1, ½ or 0,
// and ¾ / ¼ for a Glinski stalemate (the side that gives it scores ¾).
func (o Outcome) WhiteScore(v Variant) float64 {
	win := 1.0
	if o.Winner == move.Black {
		win = 0
	}
	switch o.Result {
	case Checkmate:
		return win
	case Stalemate:
		if v == Glinski {
			return 0.5 + (win-0.5)/2
		}
	}
	return 0.5
}

// Position is a game position of either variant with its move history.
// Methods that take text never panic on bad input; they return an error and
// leave the position unchanged.
type Position interface {
	// Variant is Chess or Glinski.
	Variant() Variant
	// Reset sets the variant's start position and clears the history.
	Reset()
	// SetFEN replaces the position (and clears the history); on error the
	// position is unchanged.
	SetFEN(fen string) error
	// FEN writes the position in the variant's FEN form.
	FEN() string
	SideToMove() move.Color
	// Key is the Zobrist key of the position.
	Key() uint64
	InCheck() bool
	// HalfmoveClock counts plies since the last capture or pawn move.
	HalfmoveClock() int
	// FullmoveNumber starts at 1 and grows after each Black move.
	FullmoveNumber() int
	// LegalMoves fills list with every legal move.
	LegalMoves(list *move.List)
	// ParseMove reads a move in engine (UCI) notation and checks it against
	// the legal moves.
	ParseMove(s string) (move.Move, error)
	// MoveString writes a move in engine (UCI) notation.
	MoveString(m move.Move) string
	// SAN writes a legal move in the variant's PGN notation (SAN for chess).
	SAN(m move.Move) string
	// ParseSAN reads a move in the variant's PGN notation.
	ParseSAN(s string) (move.Move, error)
	// Make plays a legal move; Unmake takes back the last one.
	Make(m move.Move)
	Unmake()
	// Outcome reports checkmate, stalemate, threefold repetition (counting
	// the history since the last SetFEN/Reset), the 50-move rule and dead
	// positions.
	Outcome() Outcome
	// Diagram draws the board for people, with the FEN and key beneath.
	Diagram() string
	// Perft counts the leaf nodes of the legal move tree to depth (bulk
	// counting at the last ply; depth 0 returns 1).
	Perft(depth int) uint64
	// Clone returns an independent copy, history included.
	Clone() Position
}

// Mix64 scrambles a 64-bit value so that every input bit moves about half
// the output bits (the splitmix64 finaliser). The boards hash piece sets
// with it, e.g. for their pawn keys.
func Mix64(x uint64) uint64 {
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}
