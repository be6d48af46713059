// Package move holds the one move type shared by both boards, so that the
// search, its history and killer tables, and perft treat every move alike.
package move

// Color is the side: White or Black.
type Color uint8

const (
	White Color = 0
	Black Color = 1
)

// Other returns the opposing side.
func (c Color) Other() Color { return c ^ 1 }

// Piece is a piece type without colour. The numbering is shared by both boards.
type Piece uint8

const (
	NoPiece Piece = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen
	King
)

// Letter is the lowercase letter of a piece type ("" for NoPiece).
func (p Piece) Letter() byte { return " pnbrqk"[p&7] }

// Move packs one move in 32 bits:
//
//	bits  0-6   from square/cell (0..127)
//	bits  7-13  to square/cell
//	bits 14-16  promotion piece (NoPiece if none)
//	bits 17-19  moving piece
//	bits 20-22  captured piece (NoPiece if none; Pawn for en passant)
//	bits 23-25  flags (EnPassant, Castle, DoublePush)
//
// The zero Move is "no move". For a castling move, To is the square the king
// lands on in standard chess and the rook's square in Chess960 (the board
// package documents its own convention).
type Move uint32

// Flags carried in a Move.
const (
	FlagEnPassant  Move = 1 << 23
	FlagCastle     Move = 1 << 24
	FlagDoublePush Move = 1 << 25
)

// None is the null/empty move.
const None Move = 0

// New builds a move from its parts.
func New(from, to int, piece, captured, promotion Piece, flags Move) Move {
	return Move(from&127) | Move(to&127)<<7 | Move(promotion&7)<<14 |
		Move(piece&7)<<17 | Move(captured&7)<<20 | flags
}

func (m Move) From() int            { return int(m & 127) }
func (m Move) To() int              { return int(m>>7) & 127 }
func (m Move) Promotion() Piece     { return Piece(m>>14) & 7 }
func (m Move) Piece() Piece         { return Piece(m>>17) & 7 }
func (m Move) Captured() Piece      { return Piece(m>>20) & 7 }
func (m Move) IsCapture() bool      { return m&(7<<20) != 0 }
func (m Move) IsPromotion() bool    { return m&(7<<14) != 0 }
func (m Move) IsEnPassant() bool    { return m&FlagEnPassant != 0 }
func (m Move) IsCastle() bool       { return m&FlagCastle != 0 }
func (m Move) IsDoublePush() bool   { return m&FlagDoublePush != 0 }
func (m Move) IsTactical() bool     { return m&(7<<20|7<<14) != 0 }
func (m Move) FromTo() int          { return int(m & 0x3fff) }
func (m Move) WithoutCapture() Move { return m &^ (7 << 20) }

// MaxMoves bounds the legal moves of any position of either game
// (orthodox chess needs 218; Glinski positions with many queens need more).
const MaxMoves = 512

// List is a caller-owned move buffer: generators append into it without
// allocating.
type List struct {
	N     int
	Moves [MaxMoves]Move
}

// Add appends a move.
func (l *List) Add(m Move) { l.Moves[l.N&(MaxMoves-1)] = m; l.N++ }

// Clear empties the list.
func (l *List) Clear() { l.N = 0 }

// Slice returns the moves as a slice that aliases the list.
func (l *List) Slice() []Move { return l.Moves[:l.N] }
