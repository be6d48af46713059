package board

import (
	"github.com/sakk-chess/sakk/game/move"
	"github.com/sakk-chess/sakk/game/nnuefeat"
)

// nnueFeatures is the net input pair of each coloured piece on each square.
var nnueFeatures [16][64]nnuefeat.Feature

func init() {
	for c := move.White; c <= move.Black; c++ {
		for pt := move.Pawn; pt <= move.King; pt++ {
			for sq := range 64 {
				nnueFeatures[makeContent(pt, c)][sq] = nnuefeat.MakeFeature(c, pt, sq, sq^56, nnuefeat.ChessSquares)
			}
		}
	}
}

// NNUEFeatures lists the net inputs of the position.
func (p *Position) NNUEFeatures(f *nnuefeat.Features) {
	f.N = 0
	for b := p.occupied; b != 0; b &= b - 1 {
		sq := LSB(b)
		f.Add(nnueFeatures[p.squares[sq&63]&15][sq&63])
	}
}

// NNUEDelta fills d with the net inputs that the legal move m changes; call
// it before Make(m). move.None (a null move) changes nothing.
func (p *Position) NNUEDelta(m move.Move, d *nnuefeat.Delta) {
	*d = nnuefeat.Delta{}
	if m == move.None {
		return
	}
	us := p.side & 1
	from, to := m.From()&63, m.To()&63
	if m&move.FlagCastle != 0 {
		setup := &p.castleSetups[castleIndex(us, castleSide(from, to))&3]
		king, rook := makeContent(move.King, us), makeContent(move.Rook, us)
		d.Removed(nnueFeatures[king][from])
		d.Removed(nnueFeatures[rook][to])
		d.Added(nnueFeatures[king][setup.kingTo&63])
		d.Added(nnueFeatures[rook][setup.rookTo&63])
		return
	}
	moving := p.squares[from] & 15
	d.Removed(nnueFeatures[moving][from])
	if promo := m.Promotion(); promo != move.NoPiece {
		d.Added(nnueFeatures[makeContent(promo, us)&15][to])
	} else {
		d.Added(nnueFeatures[moving][to])
	}
	if m&(7<<20) != 0 { // capture
		capSq := to
		if m&move.FlagEnPassant != 0 {
			capSq = to ^ 8
		}
		d.Removed(nnueFeatures[p.squares[capSq&63]&15][capSq&63])
	}
}
