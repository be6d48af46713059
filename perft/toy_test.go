package perft

import (
	"fmt"

	"github.com/sakk-chess/sakk/game"
	"github.com/sakk-chess/sakk/game/move"
)

// toyPosition is a tiny game with many transpositions (moves commute), so
// the hash and thread code can be tested without a real board.
type toyPosition struct {
	state   toyState
	history []toyState
}

type toyState struct {
	a, b int
	side move.Color
}

var _ game.Position = (*toyPosition)(nil)

func newToy() *toyPosition { return &toyPosition{history: make([]toyState, 0, 64)} }

// moveCount varies with the state (2..4) so subtrees differ in size.
func (p *toyPosition) moveCount() int { return 2 + (p.state.a+2*p.state.b)%3 }

func (p *toyPosition) Variant() game.Variant         { return game.Variant(99) } // no real variant
func (p *toyPosition) Reset()                        { *p = *newToy() }
func (p *toyPosition) SetFEN(string) error           { return fmt.Errorf("toy has no FEN") }
func (p *toyPosition) FEN() string                   { return fmt.Sprint(p.state) }
func (p *toyPosition) SideToMove() move.Color        { return p.state.side }
func (p *toyPosition) InCheck() bool                 { return false }
func (p *toyPosition) HalfmoveClock() int            { return 0 }
func (p *toyPosition) FullmoveNumber() int           { return 1 }
func (p *toyPosition) SAN(m move.Move) string        { return p.MoveString(m) }
func (p *toyPosition) Outcome() game.Outcome         { return game.Outcome{} }
func (p *toyPosition) Diagram() string               { return p.FEN() }
func (p *toyPosition) MoveString(m move.Move) string { return fmt.Sprintf("m%d", m.From()) }

func (p *toyPosition) Key() uint64 {
	x := uint64(p.state.a)<<33 | uint64(p.state.b)<<1 | uint64(p.state.side)
	x ^= x >> 31
	x *= 0x7fb5d329728ea185
	return x ^ x>>27
}

func (p *toyPosition) LegalMoves(list *move.List) {
	list.Clear()
	for i := range p.moveCount() {
		list.Add(move.New(i, 0, move.Pawn, move.NoPiece, move.NoPiece, 0))
	}
}

func (p *toyPosition) ParseMove(s string) (move.Move, error) {
	return move.None, fmt.Errorf("toy cannot parse %q", s)
}

func (p *toyPosition) ParseSAN(s string) (move.Move, error) { return p.ParseMove(s) }

func (p *toyPosition) Make(m move.Move) {
	p.history = append(p.history, p.state)
	if m.From() == 0 {
		p.state.b++
	} else {
		p.state.a += m.From()
	}
	p.state.side = p.state.side.Other()
}

func (p *toyPosition) Unmake() {
	p.state = p.history[len(p.history)-1]
	p.history = p.history[:len(p.history)-1]
}

func (p *toyPosition) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	if depth == 1 {
		return uint64(p.moveCount())
	}
	var nodes uint64
	for i := range p.moveCount() {
		p.Make(move.New(i, 0, move.Pawn, move.NoPiece, move.NoPiece, 0))
		nodes += p.Perft(depth - 1)
		p.Unmake()
	}
	return nodes
}

func (p *toyPosition) Clone() game.Position {
	c := &toyPosition{state: p.state, history: make([]toyState, len(p.history), cap(p.history))}
	copy(c.history, p.history)
	return c
}
