package board

import (
	"github.com/sakk-chess/sakk/game"
	"github.com/sakk-chess/sakk/game/move"
)

// StartFEN is the orthodox start position.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// historySize bounds the state stack: game plies since SetFEN plus search
// plies. A power of two so the masked index needs no bounds check. When a
// very long game fills it, the oldest half is dropped (those moves can no
// longer be unmade; nothing unmakes that far back).
const historySize = 4096

// Piece values in centipawns for the material sum and SEE.
var PieceValue = [8]int{move.NoPiece: 0, move.Pawn: 100, move.Knight: 320, move.Bishop: 330,
	move.Rook: 500, move.Queen: 900, move.King: 0}

// content is what a square holds: a piece type (bits 0-2) and colour
// (bit 3); 0 is empty.
type content uint8

const noContent content = 0

func makeContent(pt move.Piece, c move.Color) content { return content(pt) | content(c)<<3 }
func (cp content) piece() move.Piece                  { return move.Piece(cp & 7) }
func (cp content) color() move.Color                  { return move.Color(cp >> 3) }

// Castling rights are four bits, one per (colour, side).
const (
	castleKingSide  = 0 // index offsets within a colour
	castleQueenSide = 1
)

// castleIndex names the right of colour c on one side (0..3).
func castleIndex(c move.Color, side int) int { return int(c)*2 + side }

// state is what Make cannot recompute when undoing, plus what is cheaper to
// keep than to recompute (key, checkers). One per ply on the stack.
type state struct {
	key           uint64
	checkers      uint64 // enemy pieces giving check to the side to move
	move          move.Move
	rule50        uint32 // plies since the last capture or pawn move (16 bits would wrap)
	pliesFromNull uint32 // plies since SetFEN or the last null move
	castling      uint8  // rights bit set
	epSquare      uint8  // NoSquare unless an en passant capture is legal
}

// castleSetup is the fixed geometry of one castling right, set by SetFEN.
type castleSetup struct {
	kingFrom, kingTo, rookFrom, rookTo int
	mustBeEmpty                        uint64 // between king/rook and their targets
	kingPath                           uint64 // squares the king crosses or lands on
}

// Position is an orthodox chess position with its game history since the
// last SetFEN. The zero value is not usable: use New, FromFEN or SetFEN.
type Position struct {
	placement
	sp      int // index of the current state (drops by historySize/2 on overflow)
	gamePly int // plies made since SetFEN
	rootPly int // plies from the game start to the SetFEN position: 2*(fullmove-1) + side
	// rootEnPassant is the FEN's en passant square when a pawn of the side
	// to move stands beside the pushed pawn, legal capture or not (for
	// PolyglotKey); NoSquare otherwise.
	rootEnPassant int
	states        [historySize]state
}

// placement is the position without its history: small enough to back up
// while SetFEN parses into the position itself.
type placement struct {
	byType   [8]uint64 // by piece type, both colours; [0] unused
	byColor  [2]uint64
	occupied uint64
	squares  [64]content
	side     move.Color
	counts   [16]int8 // by content
	material [2]int32 // sum of PieceValue per side (kings count 0)

	castleSetups [4]castleSetup
	castleMask   [64]uint8 // rights lost when a move leaves or reaches a square
	chess960     bool      // notation: king-takes-rook castling, Shredder-FEN
}

var (
	_ game.Position = (*Position)(nil)
)

// New returns the standard start position.
func New() *Position {
	p := &Position{}
	p.Reset()
	return p
}

// FromFEN returns a new position set from fen.
func FromFEN(fen string) (*Position, error) {
	p := &Position{}
	if err := p.SetFEN(fen); err != nil {
		return nil, err
	}
	return p, nil
}

// Reset sets the start position and clears the history.
func (p *Position) Reset() {
	if err := p.SetFEN(StartFEN); err != nil {
		panic("board: start position rejected: " + err.Error())
	}
}

// Variant is "chess".
func (p *Position) Variant() game.Variant { return game.Chess }

// SetChess960 switches notation to Chess960 conventions: castling written as
// king-takes-rook in UCI, and Shredder-FEN castling letters.
func (p *Position) SetChess960(on bool) { p.chess960 = on }

// Chess960 reports whether Chess960 notation is on.
func (p *Position) Chess960() bool { return p.chess960 }

// Clone returns an independent copy, history included.
func (p *Position) Clone() game.Position {
	q := new(Position)
	*q = *p
	return q
}

// CopyFrom makes p an exact copy of o (no allocation).
func (p *Position) CopyFrom(o *Position) { *p = *o }

func (p *Position) st() *state { return &p.states[p.sp&(historySize-1)] }

// SideToMove is the colour to move.
func (p *Position) SideToMove() move.Color { return p.side }

// Side is the colour to move (same as SideToMove).
func (p *Position) Side() move.Color { return p.side }

// Key is the Zobrist key.
func (p *Position) Key() uint64 { return p.st().key }

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool { return p.st().checkers != 0 }

// Checkers is the set of enemy pieces giving check to the side to move.
func (p *Position) Checkers() uint64 { return p.st().checkers }

// HalfmoveClock counts plies since the last capture or pawn move.
func (p *Position) HalfmoveClock() int { return int(p.st().rule50) }

// FullmoveNumber starts at 1 and grows after each Black move.
func (p *Position) FullmoveNumber() int { return (p.rootPly+p.gamePly)/2 + 1 }

// EnPassant is the en passant target square, or NoSquare. It is set
// only when an en passant capture is legal.
func (p *Position) EnPassant() int { return int(p.st().epSquare) }

// CastlingRights is the rights bit set: bit 0 White king side, 1 White queen
// side, 2 Black king side, 3 Black queen side.
func (p *Position) CastlingRights() uint8 { return p.st().castling }

// CastlingRook is the rook square of a castling right (side 0 = king side,
// 1 = queen side); meaningful only while that right is held.
func (p *Position) CastlingRook(c move.Color, side int) int {
	return p.castleSetups[castleIndex(c, side&1)&3].rookFrom
}

// Pieces is the bitboard of colour c's pieces of type pt.
func (p *Position) Pieces(c move.Color, pt move.Piece) uint64 {
	return p.byType[pt&7] & p.byColor[c&1]
}

// PiecesOfType is the bitboard of pieces of type pt of both colours.
func (p *Position) PiecesOfType(pt move.Piece) uint64 { return p.byType[pt&7] }

// Color is the bitboard of every piece of colour c.
func (p *Position) Color(c move.Color) uint64 { return p.byColor[c&1] }

// Occupied is the bitboard of every piece.
func (p *Position) Occupied() uint64 { return p.occupied }

// KingSquare is the square of colour c's king.
func (p *Position) KingSquare(c move.Color) int {
	return LSB(p.byType[move.King] & p.byColor[c&1])
}

// Count is the number of colour c's pieces of type pt.
func (p *Position) Count(c move.Color, pt move.Piece) int {
	return int(p.counts[makeContent(pt&7, c&1)])
}

// Material is the sum of PieceValue over colour c's pieces (king excluded).
func (p *Position) Material(c move.Color) int { return int(p.material[c&1]) }

// NonPawnMaterial is Material without the pawns.
func (p *Position) NonPawnMaterial(c move.Color) int {
	return int(p.material[c&1]) - PieceValue[move.Pawn]*p.Count(c, move.Pawn)
}

// PawnKey is a hash of where the pawns of both colours stand: the search
// keys its evaluation corrections by pawn structure with it.
func (p *Position) PawnKey() uint64 {
	return game.Mix64(p.Pieces(move.White, move.Pawn) ^ game.Mix64(p.Pieces(move.Black, move.Pawn)))
}

// HasNonPawnMaterial reports whether colour c has a piece besides king and pawns.
func (p *Position) HasNonPawnMaterial(c move.Color) bool {
	return p.byColor[c&1]&^(p.byType[move.Pawn]|p.byType[move.King]) != 0
}

// Phase is the usual game-phase weight: knights and bishops 1, rooks 2,
// queens 4, both sides; 24 in the start position, capped at 24.
func (p *Position) Phase() int {
	ph := PopCount(p.byType[move.Knight]|p.byType[move.Bishop]) +
		2*PopCount(p.byType[move.Rook]) + 4*PopCount(p.byType[move.Queen])
	return min(ph, 24)
}

// PieceAt is the piece type and colour on sq (NoPiece, White if empty).
func (p *Position) PieceAt(sq int) (move.Piece, move.Color) {
	cp := p.squares[sq&63]
	return cp.piece(), cp.color()
}

// AttackersTo is the set of pieces of both colours attacking sq, with the
// given occupancy for sliders.
func (p *Position) AttackersTo(sq int, occupied uint64) uint64 {
	sq &= 63
	return pawnAttacks[move.Black][sq]&p.byType[move.Pawn]&p.byColor[move.White] |
		pawnAttacks[move.White][sq]&p.byType[move.Pawn]&p.byColor[move.Black] |
		knightAttacks[sq]&p.byType[move.Knight] |
		kingAttacks[sq]&p.byType[move.King] |
		BishopAttacks(sq, occupied)&(p.byType[move.Bishop]|p.byType[move.Queen]) |
		RookAttacks(sq, occupied)&(p.byType[move.Rook]|p.byType[move.Queen])
}

// IsAttacked reports whether colour by attacks sq, with the given occupancy
// for sliders.
func (p *Position) IsAttacked(sq int, by move.Color, occupied uint64) bool {
	sq &= 63
	them := p.byColor[by&1]
	if pawnAttacks[by.Other()&1][sq]&p.byType[move.Pawn]&them != 0 ||
		knightAttacks[sq]&p.byType[move.Knight]&them != 0 ||
		kingAttacks[sq]&p.byType[move.King]&them != 0 {
		return true
	}
	queens := p.byType[move.Queen]
	return BishopAttacks(sq, occupied)&(p.byType[move.Bishop]|queens)&them != 0 ||
		RookAttacks(sq, occupied)&(p.byType[move.Rook]|queens)&them != 0
}

// Pinned is the set of colour c's pieces pinned to their own king.
func (p *Position) Pinned(c move.Color) uint64 {
	return p.pinned(c, p.KingSquare(c))
}

func (p *Position) pinned(c move.Color, king int) uint64 {
	them := p.byColor[c.Other()&1]
	queens := p.byType[move.Queen]
	snipers := (RookAttacks(king, them)&(p.byType[move.Rook]|queens) |
		BishopAttacks(king, them)&(p.byType[move.Bishop]|queens)) & them
	var pinned uint64
	for snipers != 0 {
		s := LSB(snipers)
		snipers &= snipers - 1
		blockers := betweenMask[king&63][s&63] & p.occupied
		if blockers&(blockers-1) == 0 {
			pinned |= blockers & p.byColor[c&1]
		}
	}
	return pinned
}

// putPiece, removePiece and movePiece change the boards, counts and material
// but not the key (Make xors the key itself; Unmake restores it).
func (p *placement) putPiece(cp content, sq int) {
	b := Bit(sq)
	p.squares[sq&63] = cp
	p.byType[cp&7] |= b
	p.byColor[cp>>3&1] |= b
	p.occupied |= b
	p.counts[cp&15]++
	p.material[cp>>3&1] += int32(PieceValue[cp&7])
}

func (p *placement) removePiece(sq int) {
	b := Bit(sq)
	cp := p.squares[sq&63]
	p.squares[sq&63] = noContent
	p.byType[cp&7] &^= b
	p.byColor[cp>>3&1] &^= b
	p.occupied &^= b
	p.counts[cp&15]--
	p.material[cp>>3&1] -= int32(PieceValue[cp&7])
}

func (p *placement) movePiece(from, to int) {
	fromTo := Bit(from) | Bit(to)
	cp := p.squares[from&63]
	p.squares[from&63] = noContent
	p.squares[to&63] = cp
	p.byType[cp&7] ^= fromTo
	p.byColor[cp>>3&1] ^= fromTo
	p.occupied ^= fromTo
}

// computeKey builds the Zobrist key from scratch.
func (p *Position) computeKey() uint64 {
	var key uint64
	for b := p.occupied; b != 0; b &= b - 1 {
		sq := LSB(b)
		key ^= pieceKeys[p.squares[sq]&15][sq]
	}
	st := p.st()
	key ^= castlingKeys[st.castling&15]
	if st.epSquare != NoSquare {
		key ^= epKeys[st.epSquare&7]
	}
	if p.side == move.Black {
		key ^= sideKey
	}
	return key
}

// computeCheckers finds the pieces checking the side to move from scratch.
func (p *Position) computeCheckers() uint64 {
	return p.AttackersTo(p.KingSquare(p.side), p.occupied) & p.byColor[p.side.Other()&1]
}
