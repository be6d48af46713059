package hexboard

import (
	"github.com/sakk-chess/sakk/game"
	"github.com/sakk-chess/sakk/game/move"
)

// StartFEN is the Glinski start position in hex FEN.
const StartFEN = "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - 0 1"

// historySize is the depth of the state stack: moves of the game plus the
// search. When a longer game fills it, the oldest half is dropped (those moves
// can no longer be taken back; repetitions that far back are not seen).
const historySize = 1024

// PieceValue is the material value of each piece type in centipawns, used for
// the incrementally kept material sum and by SEE.
var PieceValue = [7]int{0, 100, 300, 325, 500, 900, 0}

// square content: 0 empty, else piece | colour<<3.
type content uint8

func makeContent(pt move.Piece, c move.Color) content { return content(pt) | content(c)<<3 }
func (x content) piece() move.Piece                   { return move.Piece(x & 7) }
func (x content) color() move.Color                   { return move.Color(x>>3) & 1 }

// state is what Make saves so Unmake can restore the position exactly.
type state struct {
	move     move.Move
	captured content
	ep       int8
	halfmove int32
	key      uint64
	checkers Mask
}

// Position is a Glinski position with its move history.
type Position struct {
	byColor  [2]Mask
	byPiece  [7]Mask // both colours; index 0 unused
	cells    [128]content
	kings    [2]int
	side     move.Color
	ep       int // cell passed over by the last double step, or NoCell
	halfmove int
	fullmove int
	key      uint64
	checkers Mask // pieces of the side not to move giving check
	counts   [2][7]int
	material [2]int

	ply   int // number of states on the stack
	stack [historySize]state
}

var (
	_ game.Position = (*Position)(nil)
)

// New returns the start position.
func New() *Position {
	p, err := FromFEN(StartFEN)
	if err != nil {
		panic("hexboard: bad start position: " + err.Error())
	}
	return p
}

// Variant is game.Glinski.
func (p *Position) Variant() game.Variant { return game.Glinski }

// Reset sets the start position and clears the history.
func (p *Position) Reset() { *p = *New() }

// Clone returns an independent copy, history included.
func (p *Position) Clone() game.Position {
	q := *p
	return &q
}

// CopyFrom makes p an exact copy of o (no allocation).
func (p *Position) CopyFrom(o *Position) { *p = *o }

func (p *Position) SideToMove() move.Color { return p.side }

// Side is the side to move.
func (p *Position) Side() move.Color { return p.side }
func (p *Position) Key() uint64      { return p.key }
func (p *Position) InCheck() bool    { return p.checkers.Any() }

// Checkers is the set of enemy pieces giving check to the side to move.
func (p *Position) Checkers() Mask      { return p.checkers }
func (p *Position) HalfmoveClock() int  { return p.halfmove }
func (p *Position) FullmoveNumber() int { return p.fullmove }

// EnPassant is the cell the last double step passed over, or NoCell.
func (p *Position) EnPassant() int { return p.ep }

// Pieces is the set of cells holding pieces of colour c and type pt.
func (p *Position) Pieces(c move.Color, pt move.Piece) Mask {
	return p.byColor[c&1].And(p.byPiece[pt&7])
}

// PiecesOfType is the set of cells holding pieces of type pt of either colour.
func (p *Position) PiecesOfType(pt move.Piece) Mask { return p.byPiece[pt&7] }

// Color is the set of cells holding pieces of colour c.
func (p *Position) Color(c move.Color) Mask { return p.byColor[c&1] }

// Occupied is the set of occupied cells.
func (p *Position) Occupied() Mask { return p.byColor[0].Or(p.byColor[1]) }

// KingCell is the cell of the king of colour c.
func (p *Position) KingCell(c move.Color) int { return p.kings[c&1] }

// Count is the number of pieces of colour c and type pt.
func (p *Position) Count(c move.Color, pt move.Piece) int { return p.counts[c&1][pt&7] }

// Material is the sum of PieceValue over the pieces of colour c (kings and
// pawns included, kings count 0).
func (p *Position) Material(c move.Color) int { return p.material[c&1] }

// PieceAt returns the piece type and colour on a cell (NoPiece if empty or not
// a cell).
func (p *Position) PieceAt(c int) (move.Piece, move.Color) {
	x := p.cells[c&127]
	return x.piece(), x.color()
}

// PawnKey is a hash of where the pawns of both colours stand: the search
// keys its evaluation corrections by pawn structure with it.
func (p *Position) PawnKey() uint64 {
	w, b := p.Pieces(move.White, move.Pawn), p.Pieces(move.Black, move.Pawn)
	return game.Mix64(w.Lo ^ game.Mix64(w.Hi^game.Mix64(b.Lo^game.Mix64(b.Hi))))
}

// HasNonPawnMaterial says whether side c has a piece other than king and pawns.
func (p *Position) HasNonPawnMaterial(c move.Color) bool {
	cnt := &p.counts[c&1]
	return cnt[move.Knight]+cnt[move.Bishop]+cnt[move.Rook]+cnt[move.Queen] > 0
}

func (p *Position) putPiece(pt move.Piece, c move.Color, cell int) {
	m := CellMask(cell)
	p.byColor[c] = p.byColor[c].Or(m)
	p.byPiece[pt] = p.byPiece[pt].Or(m)
	p.cells[cell&127] = makeContent(pt, c)
	p.key ^= pieceKeys[c][pt][cell&127]
	p.counts[c][pt]++
	p.material[c] += PieceValue[pt]
}

func (p *Position) removePiece(pt move.Piece, c move.Color, cell int) {
	m := CellMask(cell)
	p.byColor[c] = p.byColor[c].AndNot(m)
	p.byPiece[pt] = p.byPiece[pt].AndNot(m)
	p.cells[cell&127] = 0
	p.key ^= pieceKeys[c][pt][cell&127]
	p.counts[c][pt]--
	p.material[c] -= PieceValue[pt]
}

func (p *Position) movePiece(pt move.Piece, c move.Color, from, to int) {
	m := CellMask(from).Or(CellMask(to))
	p.byColor[c] = p.byColor[c].Xor(m)
	p.byPiece[pt] = p.byPiece[pt].Xor(m)
	p.cells[from&127] = 0
	p.cells[to&127] = makeContent(pt, c)
	p.key ^= pieceKeys[c][pt][from&127] ^ pieceKeys[c][pt][to&127]
}

// AttackersTo is the set of pieces of either colour attacking cell c, given
// the occupied cells occ.
func (p *Position) AttackersTo(c int, occ Mask) Mask {
	c &= 127
	rq := p.byPiece[move.Rook].Or(p.byPiece[move.Queen])
	bq := p.byPiece[move.Bishop].Or(p.byPiece[move.Queen])
	a := knightAttacks[c].And(p.byPiece[move.Knight]).
		Or(kingAttacks[c].And(p.byPiece[move.King])).
		Or(pawnAttacks[move.White][c].And(p.Pieces(move.Black, move.Pawn))).
		Or(pawnAttacks[move.Black][c].And(p.Pieces(move.White, move.Pawn)))
	if rookRays[c].And(rq).Any() {
		a = a.Or(RookAttacks(c, occ).And(rq))
	}
	if bishopRays[c].And(bq).Any() {
		a = a.Or(BishopAttacks(c, occ).And(bq))
	}
	return a
}

// attackedBy says whether side by attacks cell c, given the occupied cells occ.
func (p *Position) attackedBy(by move.Color, c int, occ Mask) bool {
	c &= 127
	them := p.byColor[by]
	if knightAttacks[c].And(them).And(p.byPiece[move.Knight]).Any() ||
		kingAttacks[c].And(them).And(p.byPiece[move.King]).Any() ||
		pawnAttacks[by^1][c].And(them).And(p.byPiece[move.Pawn]).Any() {
		return true
	}
	queens := p.byPiece[move.Queen]
	if rq := p.byPiece[move.Rook].Or(queens).And(them); rookRays[c].And(rq).Any() &&
		RookAttacks(c, occ).And(rq).Any() {
		return true
	}
	bq := p.byPiece[move.Bishop].Or(queens).And(them)
	return bishopRays[c].And(bq).Any() && BishopAttacks(c, occ).And(bq).Any()
}

// IsAttacked says whether side by attacks cell c in the current position.
func (p *Position) IsAttacked(by move.Color, c int) bool {
	return p.attackedBy(by, c, p.Occupied())
}

// computeCheckers finds the enemy pieces attacking the king of the side to move.
func (p *Position) computeCheckers() Mask {
	return p.AttackersTo(p.kings[p.side], p.Occupied()).And(p.byColor[p.side^1])
}
