package syzygy

import (
	"math/bits"

	"github.com/sakk-chess/sakk/board"
	"github.com/sakk-chess/sakk/game/move"
)

// WDL is a win/draw/loss value for the side to move. CursedWin and
// BlessedLoss are results that the fifty-move rule turns into draws.
type WDL int8

const (
	Loss        WDL = -2
	BlessedLoss WDL = -1
	Draw        WDL = 0
	CursedWin   WDL = 1
	Win         WDL = 2
)

var wdlNames = [5]string{"Loss", "BlessedLoss", "Draw", "CursedWin", "Win"}

func (w WDL) String() string {
	if w < Loss || w > Win {
		return "?"
	}
	return wdlNames[w+2]
}

// status is how a probe went.
type status uint8

const (
	statusOK          status = iota
	statusFail               // a table is missing or unreadable
	statusZeroingBest        // the best move is a capture or pawn move (DTZ cannot be read)
	statusOtherSide          // the DTZ table stores the other side to move
)

// positionKey is materialKey for a board position.
func positionKey(p *board.Position) uint32 {
	var k uint32
	for c := range 2 {
		for pt := move.Pawn; pt <= move.Queen; pt++ {
			k |= uint32(bits.OnesCount64(p.Pieces(move.Color(c), pt))&7) << (3*(int(pt)-1) + 15*c)
		}
	}
	return k
}

// onlyKings reports KvK, which has no table and is always a draw.
func onlyKings(p *board.Position) bool {
	return p.Occupied() == p.PiecesOfType(move.King)
}

// probeTable reads the raw value for p from the WDL or DTZ file of its
// table, ignoring en passant. For DTZ, wdl is the position's WDL value.
func (tb *Tablebase) probeTable(p *board.Position, dtz bool, wdl WDL) (int, status) {
	if onlyKings(p) {
		return 0, statusOK
	}
	key := positionKey(p)
	t := tb.tables[key]
	if t == nil {
		return 0, statusFail
	}
	f := t.wdl
	if dtz {
		f = t.dtz
	}
	if f == nil {
		return 0, statusFail
	}
	// Tables store the first-named side as White; for symmetric material
	// only White to move is stored. Otherwise flip colours and ranks.
	flip := key != t.key || (t.key == t.key2 && p.Side() == move.Black)
	flipColor, flipSquare, stm := uint8(0), 0, int(p.Side())
	if flip {
		flipColor, flipSquare, stm = 8, 56, stm^1
	}

	var squares [MaxPieces]int
	var pieces [MaxPieces]uint8
	size, leadCount, file := 0, 0, 0
	var leadPawns uint64
	if t.hasPawns {
		// The first piece of the encoding is a pawn of the leading colour.
		lead := f.sides[0][0].pieces[0] ^ flipColor
		leadPawns = p.Pieces(move.Color(lead>>3&1), move.Pawn)
		for b := leadPawns; b != 0 && size < MaxPieces; b &= b - 1 {
			squares[size] = bits.TrailingZeros64(b) ^ flipSquare
			size++
		}
		leadCount = size
		best := 0
		for i := 1; i < leadCount; i++ {
			if pawnOrder[squares[i]] > pawnOrder[squares[best]] {
				best = i
			}
		}
		squares[0], squares[best] = squares[best], squares[0]
		file = min(squares[0]&7, 7-squares[0]&7)
	}
	if dtz {
		flags := f.sides[0][file].flags
		if int(flags&flagSideToMove) != stm && (t.key != t.key2 || t.hasPawns) {
			return 0, statusOtherSide
		}
	}
	for b := p.Occupied() &^ leadPawns; b != 0 && size < MaxPieces; b &= b - 1 {
		sq := bits.TrailingZeros64(b)
		pt, c := p.PieceAt(sq)
		squares[size] = sq ^ flipSquare
		pieces[size] = (uint8(pt) | uint8(c)<<3) ^ flipColor
		size++
	}
	if size != t.pieces {
		return 0, statusFail
	}
	d := &f.sides[stm&1][file]
	if dtz {
		d = &f.sides[0][file]
	}
	// Put the pieces in the order the file encodes them.
	for i := leadCount; i < size-1; i++ {
		for j := i + 1; j < size; j++ {
			if d.pieces[i] == pieces[j] {
				pieces[i], pieces[j] = pieces[j], pieces[i]
				squares[i], squares[j] = squares[j], squares[i]
				break
			}
		}
	}
	idx := d.index(t, &squares, size, leadCount)
	if idx >= d.groupIdx[d.groups()] && d.flags&flagSingleValue == 0 {
		return 0, statusFail
	}
	v := d.value(idx)
	if v < 0 {
		return 0, statusFail
	}
	if !dtz {
		return v - 2, statusOK
	}
	return f.mapDTZ(d, v, wdl), statusOK
}

// index computes the position's index in sub-table d. squares holds the
// pieces in encoding order, the leading pawns first.
func (d *pairs) index(t *table, squares *[MaxPieces]int, size, leadCount int) uint64 {
	// Mirror so the leading piece is on files a-d.
	if squares[0]&7 > 3 {
		for i := range size {
			squares[i] ^= 7
		}
	}
	var idx uint64
	if t.hasPawns {
		idx = leadPawnIndex[leadCount%6][squares[0]]
		sortBy(squares[1:leadCount], func(a, b int) bool { return pawnOrder[a] < pawnOrder[b] })
		for i := 1; i < leadCount; i++ {
			idx += binomial[i][pawnOrder[squares[i]]]
		}
	} else {
		// Mirror so the leading piece is on ranks 1-4, then across the
		// a1-h8 diagonal so the first off-diagonal piece of the leading
		// group is below it.
		if squares[0]>>3 > 3 {
			for i := range size {
				squares[i] ^= 56
			}
		}
		for i := 0; i < d.groupLen[0]; i++ {
			off := offDiagonal(squares[i])
			if off == 0 {
				continue
			}
			if off > 0 {
				for j := i; j < size; j++ {
					squares[j] = (squares[j]>>3 | squares[j]<<3) & 63
				}
			}
			break
		}
		if t.unique {
			idx = uniqueIndex(squares)
		} else {
			idx = uint64(kingPair[triangle[squares[0]]][squares[1]])
		}
	}
	idx *= d.groupIdx[0]

	// The other groups: each a set of like pieces, counted as combinations
	// of the squares the earlier groups leave free.
	start := d.groupLen[0]
	remainingPawns := t.hasPawns && t.pawns[1] > 0
	for g := 1; d.groupLen[g] != 0; g++ {
		group := squares[start : start+d.groupLen[g]]
		sortBy(group, func(a, b int) bool { return a < b })
		var n uint64
		for i, sq := range group {
			adjust := 0
			for _, earlier := range squares[:start] {
				if sq > earlier {
					adjust++
				}
			}
			rank := sq - adjust
			if remainingPawns {
				rank -= 8
			}
			n += binomial[(i+1)%7][rank&63]
		}
		remainingPawns = false
		idx += n * d.groupIdx[g]
		start += d.groupLen[g]
	}
	return idx
}

// uniqueIndex encodes three unique leading pieces (two kings and one more).
func uniqueIndex(sq *[MaxPieces]int) uint64 {
	adjust1 := 0
	if sq[1] > sq[0] {
		adjust1 = 1
	}
	adjust2 := 0
	if sq[2] > sq[0] {
		adjust2++
	}
	if sq[2] > sq[1] {
		adjust2++
	}
	switch {
	case offDiagonal(sq[0]) != 0:
		return uint64((triangle[sq[0]]*63+sq[1]-adjust1)*62 + sq[2] - adjust2)
	case offDiagonal(sq[1]) != 0:
		return uint64((6*63+(sq[0]>>3)*28+lowerHalf[sq[1]])*62 + sq[2] - adjust2)
	case offDiagonal(sq[2]) != 0:
		return uint64(6*63*62 + 4*28*62 + (sq[0]>>3)*7*28 + (sq[1]>>3-adjust1)*28 + lowerHalf[sq[2]])
	default:
		return uint64(6*63*62 + 4*28*62 + 4*7*28 + (sq[0]>>3)*7*6 + (sq[1]>>3-adjust1)*6 + sq[2]>>3 - adjust2)
	}
}

// sortBy is an insertion sort (stable, allocation-free, at most 7 items).
func sortBy(s []int, less func(a, b int) bool) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && less(s[j], s[j-1]); j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// mapDTZ turns a stored DTZ value into plies to the next zeroing move.
func (f *tableFile) mapDTZ(d *pairs, v int, wdl WDL) int {
	if d.flags&flagMapped != 0 {
		// Sub-maps in file order: win (and draw), loss, cursed win, blessed loss.
		slot := [5]int{1, 3, 0, 2, 0}[wdl+2]
		i := d.mapIdx[slot] + v
		if d.flags&flagWide != 0 {
			if 2*i+2 > len(f.dtzMap) {
				return 0
			}
			v = int(f.dtzMap[2*i]) | int(f.dtzMap[2*i+1])<<8
		} else {
			if i >= len(f.dtzMap) {
				return 0
			}
			v = int(f.dtzMap[i])
		}
	}
	if (wdl == Win && d.flags&flagWinPlies == 0) || (wdl == Loss && d.flags&flagLossPlies == 0) ||
		wdl == CursedWin || wdl == BlessedLoss {
		v *= 2
	}
	return v + 1
}
