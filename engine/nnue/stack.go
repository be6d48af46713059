package nnue

import "github.com/sakk-chess/sakk/game/move"

// Stack holds one pair of accumulators per ply of a search. Push records a
// move's Delta without computing anything; Evaluate brings the current ply's
// accumulators up to date from the nearest computed ply below it, so
// positions that are never evaluated cost no vector work. One Stack belongs
// to one search thread.
type Stack struct {
	net   *Net
	plies []ply
	cur   int
}

type ply struct {
	acc      [2][]int16 // White's and Black's perspective
	delta    Delta
	pieces   int // pieces on the board (the output bucket)
	computed bool
}

// Net is the net the stack evaluates with (nil before Reset).
func (s *Stack) Net() *Net { return s.net }

// Reset makes the stack ready for net at a root position with features f.
// It allocates only when the net's width or the depth changes.
func (s *Stack) Reset(net *Net, depth int, f *Features) {
	if s.net == nil || s.net.Hidden != net.Hidden || len(s.plies) != depth {
		s.plies = make([]ply, depth)
		backing := make([]int16, depth*2*net.Hidden)
		for i := range s.plies {
			for p := range 2 {
				off := (2*i + p) * net.Hidden
				s.plies[i].acc[p] = backing[off : off+net.Hidden : off+net.Hidden]
			}
		}
	}
	s.net = net
	s.cur = 0
	root := &s.plies[0]
	root.pieces = f.N
	net.refresh(root.acc[0], root.acc[1], f)
	root.computed = true
}

// Push enters the position after a move that changes d (an empty Delta for
// a null move). Beyond the stack's depth it does nothing but count.
func (s *Stack) Push(d *Delta) {
	s.cur++
	if s.cur < len(s.plies) {
		p := &s.plies[s.cur]
		p.delta = *d
		p.computed = false
		// A move adds its pieces' new squares and removes their old ones
		// and whatever it captures.
		p.pieces = s.plies[s.cur-1].pieces + int(d.NAdd) - int(d.NSub)
	}
}

// Pop returns to the previous position.
func (s *Stack) Pop() { s.cur-- }

// Evaluate is the current position's score in centipawns for side, the side
// to move. ok is false past the stack's depth (the caller then evaluates
// otherwise).
func (s *Stack) Evaluate(side move.Color) (score int, ok bool) {
	if s.cur >= len(s.plies) || s.cur < 0 {
		return 0, false
	}
	s.update()
	p := &s.plies[s.cur]
	return s.net.output(p.acc[side&1], p.acc[(side^1)&1], p.pieces), true
}

// update computes the current ply's accumulators from the last computed one.
func (s *Stack) update() {
	i := s.cur
	for !s.plies[i].computed {
		i--
	}
	for i++; i <= s.cur; i++ {
		prev, next := &s.plies[i-1], &s.plies[i]
		for p := range 2 {
			s.apply(next.acc[p], prev.acc[p], &next.delta, move.Color(p))
		}
		next.computed = true
	}
}

// apply sets dst to src changed by d, from perspective p.
func (s *Stack) apply(dst, src []int16, d *Delta, p move.Color) {
	n := s.net
	pick := func(f Feature) uint16 {
		if p == move.White {
			return f.White
		}
		return f.Black
	}
	switch {
	case d.NAdd == 0 && d.NSub == 0:
		copy(dst, src)
	case d.NAdd == 1 && d.NSub == 1:
		vecAddSub(dst, src, n.column(pick(d.Add[0])), n.column(pick(d.Sub[0])))
	case d.NAdd == 1 && d.NSub == 2:
		vecAddSubSub(dst, src, n.column(pick(d.Add[0])), n.column(pick(d.Sub[0])), n.column(pick(d.Sub[1])))
	default:
		copy(dst, src)
		for k := range d.NAdd & 3 {
			vecAdd(dst, n.column(pick(d.Add[k&1])))
		}
		for k := range d.NSub & 3 {
			vecSub(dst, n.column(pick(d.Sub[k&1])))
		}
	}
}

// Current returns the current ply's accumulators, brought up to date
// (tests compare them with a refresh).
func (s *Stack) Current() (white, black []int16) {
	s.update()
	p := &s.plies[s.cur]
	return p.acc[0], p.acc[1]
}
