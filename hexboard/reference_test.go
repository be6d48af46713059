package hexboard

import (
	"sort"
	"strconv"
	"strings"
)

// A slow move generator for Glinski's chess written from the rules
// (docs/glinski.md) in the rules' own coordinates, sharing no table or
// function with the package: pseudo-legal moves by walking direction
// vectors, then "play the move on a copy and ask whether any enemy piece
// reaches the own king". It is the independent side of the legality tests;
// it is far too slow for anything but small trees.

// refCell is a cell in hex coordinates: q = -5 (file a) .. 5 (file l) and
// y2 = twice the height above f1, 2*(rank-1) + |q|.
type refCell struct{ q, y2 int }

const refFiles = "abcdefghikl"

func refAbs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func refCellOf(name string) refCell {
	q := strings.IndexByte(refFiles, name[0]) - 5
	rank, err := strconv.Atoi(name[1:])
	if q < -5 || err != nil {
		panic("bad cell name " + name)
	}
	return refCell{q, 2*(rank-1) + refAbs(q)}
}

func (c refCell) onBoard() bool {
	aq := refAbs(c.q)
	if aq > 5 || c.y2 < aq || (c.y2-aq)%2 != 0 {
		return false
	}
	return c.rank() <= 11-aq // file a has 6 cells, f 11, l 6
}

func (c refCell) rank() int    { return (c.y2-refAbs(c.q))/2 + 1 }
func (c refCell) name() string { return string(refFiles[c.q+5]) + strconv.Itoa(c.rank()) }

func (c refCell) plus(d refCell) refCell { return refCell{c.q + d.q, c.y2 + d.y2} }

// colourFlipped mirrors the board top to bottom (f1 <-> f11, a1 <-> a6).
func (c refCell) colourFlipped() refCell { return refCell{c.q, 20 - c.y2} }

var (
	refOrthogonal = []refCell{{0, 2}, {0, -2}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
	refDiagonal   = []refCell{{2, 0}, {-2, 0}, {1, 3}, {1, -3}, {-1, 3}, {-1, -3}}
	refKnight     = []refCell{{1, 5}, {1, -5}, {-1, 5}, {-1, -5}, {2, 4}, {2, -4},
		{-2, 4}, {-2, -4}, {3, 1}, {3, -1}, {-3, 1}, {-3, -1}}
	refPawnStart = [2]string{"b1 c2 d3 e4 f5 g4 h3 i2 k1", "b7 c7 d7 e7 f7 g7 h7 i7 k7"}
)

// refPawnForward is a pawn's step for White (0) and Black (1); it captures
// one orthogonal step up (down) into either neighbouring file.
var refPawnForward = [2]refCell{{0, 2}, {0, -2}}

func refPawnCaptures(black int) []refCell {
	dy := refPawnForward[black].y2 / 2
	return []refCell{{1, dy}, {-1, dy}}
}

func refIsPawnStart(black int, c refCell) bool {
	return strings.Contains(" "+refPawnStart[black]+" ", " "+c.name()+" ")
}

func refPromotes(black int, c refCell) bool {
	if black == 1 {
		return c.rank() == 1
	}
	return c.rank() == 11-refAbs(c.q)
}

// refPos is a position: FEN letters by cell, the side to move (0 White,
// 1 Black) and the en-passant cell if the last move was a double step.
type refPos struct {
	cells map[refCell]byte
	black int
	ep    *refCell
}

type refMove struct {
	from, to refCell
	promo    byte // lowercase piece letter or 0
	victim   *refCell
}

func (m refMove) String() string {
	s := m.from.name() + m.to.name()
	if m.promo != 0 {
		s += string(m.promo)
	}
	return s
}

func refColour(letter byte) int {
	if letter >= 'a' {
		return 1
	}
	return 0
}

func refKind(letter byte) byte { return strings.ToLower(string(letter))[0] }

// newRefPos builds a position from cell names and FEN letters.
func newRefPos(cells map[string]byte, black int) *refPos {
	p := &refPos{cells: map[refCell]byte{}, black: black}
	for name, l := range cells {
		p.cells[refCellOf(name)] = l
	}
	return p
}

// pseudoMoves lists the moves by the rules of movement, ignoring checks.
func (p *refPos) pseudoMoves() []refMove {
	var moves []refMove
	for from, l := range p.cells {
		if refColour(l) != p.black {
			continue
		}
		switch refKind(l) {
		case 'p':
			moves = p.pawnMoves(moves, from)
		case 'n':
			moves = p.steps(moves, from, refKnight)
		case 'k':
			moves = p.steps(p.steps(moves, from, refOrthogonal), from, refDiagonal)
		case 'b':
			moves = p.slides(moves, from, refDiagonal)
		case 'r':
			moves = p.slides(moves, from, refOrthogonal)
		case 'q':
			moves = p.slides(p.slides(moves, from, refOrthogonal), from, refDiagonal)
		}
	}
	return moves
}

func (p *refPos) ownOrOff(c refCell) bool {
	l, full := p.cells[c]
	return !c.onBoard() || full && refColour(l) == p.black
}

func (p *refPos) steps(moves []refMove, from refCell, dirs []refCell) []refMove {
	for _, d := range dirs {
		if to := from.plus(d); !p.ownOrOff(to) {
			moves = append(moves, refMove{from: from, to: to})
		}
	}
	return moves
}

func (p *refPos) slides(moves []refMove, from refCell, dirs []refCell) []refMove {
	for _, d := range dirs {
		for to := from.plus(d); !p.ownOrOff(to); to = to.plus(d) {
			moves = append(moves, refMove{from: from, to: to})
			if _, full := p.cells[to]; full {
				break
			}
		}
	}
	return moves
}

func (p *refPos) pawnMoves(moves []refMove, from refCell) []refMove {
	add := func(to refCell, victim *refCell) {
		if !refPromotes(p.black, to) {
			moves = append(moves, refMove{from: from, to: to, victim: victim})
			return
		}
		for _, pr := range []byte("qrbn") {
			moves = append(moves, refMove{from: from, to: to, promo: pr})
		}
	}
	fwd := refPawnForward[p.black]
	if one := from.plus(fwd); one.onBoard() && p.cells[one] == 0 {
		add(one, nil)
		if two := one.plus(fwd); refIsPawnStart(p.black, from) && two.onBoard() && p.cells[two] == 0 {
			add(two, nil)
		}
	}
	for _, d := range refPawnCaptures(p.black) {
		to := from.plus(d)
		if l, full := p.cells[to]; full && refColour(l) != p.black {
			add(to, nil)
		}
		if p.ep != nil && to == *p.ep {
			victim := refCell{to.q, to.y2 - fwd.y2} // the pawn that passed over ep
			add(to, &victim)
		}
	}
	return moves
}

// play returns the position after m.
func (p *refPos) play(m refMove) *refPos {
	q := &refPos{cells: make(map[refCell]byte, len(p.cells)), black: 1 - p.black}
	for c, l := range p.cells {
		q.cells[c] = l
	}
	l := q.cells[m.from]
	delete(q.cells, m.from)
	if m.victim != nil {
		delete(q.cells, *m.victim)
	}
	if m.promo != 0 {
		l = m.promo
		if p.black == 0 {
			l = strings.ToUpper(string(m.promo))[0]
		}
	}
	q.cells[m.to] = l
	if refKind(l) == 'p' && refAbs(m.to.y2-m.from.y2) == 4 {
		passed := refCell{m.from.q, (m.from.y2 + m.to.y2) / 2}
		q.ep = &passed
	}
	return q
}

// attacks says whether the piece l on from attacks target.
func (p *refPos) attacks(l byte, from, target refCell) bool {
	hits := func(dirs []refCell, slide bool) bool {
		for _, d := range dirs {
			for c := from.plus(d); c.onBoard(); c = c.plus(d) {
				if c == target {
					return true
				}
				if _, full := p.cells[c]; full || !slide {
					break
				}
			}
		}
		return false
	}
	switch refKind(l) {
	case 'p':
		return hits(refPawnCaptures(refColour(l)), false)
	case 'n':
		return hits(refKnight, false)
	case 'k':
		return hits(refOrthogonal, false) || hits(refDiagonal, false)
	case 'b':
		return hits(refDiagonal, true)
	case 'r':
		return hits(refOrthogonal, true)
	case 'q':
		return hits(refOrthogonal, true) || hits(refDiagonal, true)
	}
	return false
}

// kingAttacked says whether the king of colour black stands attacked.
func (p *refPos) kingAttacked(black int) bool {
	var king refCell
	for c, l := range p.cells {
		if refKind(l) == 'k' && refColour(l) == black {
			king = c
		}
	}
	for c, l := range p.cells {
		if refColour(l) != black && p.attacks(l, c, king) {
			return true
		}
	}
	return false
}

// legalMoves is every pseudo-legal move that does not leave the mover's
// king attacked (which also keeps the kings apart).
func (p *refPos) legalMoves() []refMove {
	var legal []refMove
	for _, m := range p.pseudoMoves() {
		if !p.play(m).kingAttacked(p.black) {
			legal = append(legal, m)
		}
	}
	return legal
}

func (p *refPos) legalMoveNames() []string {
	var names []string
	for _, m := range p.legalMoves() {
		names = append(names, m.String())
	}
	sort.Strings(names)
	return names
}

func (p *refPos) perft(depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	for _, m := range p.legalMoves() {
		n += p.play(m).perft(depth - 1)
	}
	return n
}

// playNamed plays the legal move written s, or reports that it is not one.
func (p *refPos) playNamed(s string) (*refPos, bool) {
	for _, m := range p.legalMoves() {
		if m.String() == s {
			return p.play(m), true
		}
	}
	return nil, false
}

// refFromFEN reads a hex FEN: ranks 11 down to 1, each listing the cells of
// the files long enough to reach it from a to l, then side and en passant.
func refFromFEN(fen string) *refPos {
	fields := strings.Fields(fen)
	p := &refPos{cells: map[refCell]byte{}}
	for i, group := range strings.Split(fields[0], "/") {
		rank := 11 - i
		var files []int
		for q := -5; q <= 5; q++ {
			if rank <= 11-refAbs(q) {
				files = append(files, q)
			}
		}
		at := 0
		for j := 0; j < len(group); j++ {
			if group[j] >= '0' && group[j] <= '9' {
				n := int(group[j] - '0')
				if j+1 < len(group) && group[j+1] >= '0' && group[j+1] <= '9' {
					n = 10*n + int(group[j+1]-'0')
					j++
				}
				at += n
				continue
			}
			q := files[at]
			p.cells[refCell{q, 2*(rank-1) + refAbs(q)}] = group[j]
			at++
		}
	}
	if len(fields) > 1 && fields[1] == "b" {
		p.black = 1
	}
	if len(fields) > 2 && fields[2] != "-" {
		ep := refCellOf(fields[2])
		p.ep = &ep
	}
	return p
}
