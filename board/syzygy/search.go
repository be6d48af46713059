package syzygy

import (
	"cmp"

	"github.com/sakk-chess/sakk/board"
	"github.com/sakk-chess/sakk/game/move"
)

// The tables do not know en passant, and the generator stored "don't care"
// values where the side to move has a winning capture (they compress
// better). So every probe first tries the captures (and, for DTZ, the pawn
// moves), and only then reads the table.

// usable reports whether p can be probed at all: no castling rights and no
// more pieces than the largest table.
func (tb *Tablebase) usable(p *board.Position) bool {
	if tb == nil || len(tb.list) == 0 || p.CastlingRights() != 0 {
		return false
	}
	n := board.PopCount(p.Occupied())
	return n <= tb.maxPieces || n == 2
}

// ProbeWDL returns the win/draw/loss value of p for the side to move,
// assuming the halfmove clock is zero. ok is false when p has castling
// rights or its table (or a table reached by a capture) is missing. p is
// changed during the probe and restored before it returns.
func (tb *Tablebase) ProbeWDL(p *board.Position) (w WDL, ok bool) {
	if !tb.usable(p) {
		return Draw, false
	}
	w, st := tb.search(p, false)
	return w, st != statusFail
}

// search is the capture search described above. With zeroing set it also
// tries pawn moves and reports when a zeroing move is best.
func (tb *Tablebase) search(p *board.Position, zeroing bool) (WDL, status) {
	var list move.List
	legal := 0
	if zeroing {
		p.LegalMoves(&list)
		legal = list.N
	} else {
		p.Captures(&list) // captures and promotions: cheaper than every move
		legal = -1        // counted below only if every capture is tried
	}
	best := Loss
	tried := 0
	for _, m := range list.Slice() {
		if !m.IsCapture() && (!zeroing || m.Piece() != move.Pawn) {
			continue
		}
		tried++
		p.Make(m)
		v, st := tb.search(p, false)
		p.Unmake()
		if st == statusFail {
			return Draw, statusFail
		}
		if -v > best {
			best = -v
			if best >= Win {
				return best, statusZeroingBest
			}
		}
	}
	// When every legal move was tried the table value is not needed (and
	// may be wrong: it ignores en passant).
	if legal < 0 && tried > 0 {
		legal = p.CountLegal()
	}
	allTried := tried > 0 && tried == legal
	value := best
	if !allTried {
		v, st := tb.probeTable(p, false, Draw)
		if st == statusFail {
			return Draw, statusFail
		}
		value = WDL(v)
	}
	if best >= value {
		if best > Draw || allTried {
			return best, statusZeroingBest
		}
		return best, statusOK
	}
	return value, statusOK
}

// dtzBeforeZeroing is the DTZ of a position whose best move zeroes the
// clock and leads to wdl.
func dtzBeforeZeroing(w WDL) int {
	switch w {
	case Win:
		return 1
	case CursedWin:
		return 101
	case BlessedLoss:
		return -101
	case Loss:
		return -1
	}
	return 0
}

// ProbeDTZ returns the distance to zero of p in plies, signed as Stockfish
// does: positive when the side to move wins, negative when it loses, 0 for
// a draw; beyond ±100 the fifty-move rule draws (cursed/blessed). A value
// may be one ply longer than the truth where the table stores moves, never
// shorter. ok is false when p cannot be probed.
func (tb *Tablebase) ProbeDTZ(p *board.Position) (dtz int, ok bool) {
	if !tb.usable(p) {
		return 0, false
	}
	dtz, st := tb.probeDTZ(p)
	return dtz, st != statusFail
}

func (tb *Tablebase) probeDTZ(p *board.Position) (int, status) {
	w, st := tb.search(p, true)
	if st == statusFail || w == Draw {
		return 0, st
	}
	if st == statusZeroingBest {
		return dtzBeforeZeroing(w), statusOK
	}
	dtz, st := tb.probeTable(p, true, w)
	if st == statusFail {
		return 0, statusFail
	}
	if st != statusOtherSide {
		if w == BlessedLoss || w == CursedWin {
			dtz += 100
		}
		if w < 0 {
			dtz = -dtz
		}
		return dtz, statusOK
	}
	// The table holds the other side to move: one ply of search, keeping
	// the move with the smallest DTZ of the right sign.
	var list move.List
	p.LegalMoves(&list)
	best := 0xFFFF
	for _, m := range list.Slice() {
		zeroingMove := m.IsCapture() || m.Piece() == move.Pawn
		p.Make(m)
		var v int
		if zeroingMove {
			r, s := tb.search(p, false)
			v, st = -dtzBeforeZeroing(r), s
		} else {
			v, st = tb.probeDTZ(p)
			v = -v
		}
		if v == 1 && p.InCheck() && p.CountLegal() == 0 {
			best = 1
		}
		p.Unmake()
		if st == statusFail {
			return 0, statusFail
		}
		if !zeroingMove {
			v += cmp.Compare(v, 0)
		}
		if v < best && cmp.Compare(v, 0) == cmp.Compare(int(w), 0) {
			best = v
		}
	}
	if best == 0xFFFF {
		return -1, statusOK
	}
	return best, statusOK
}
