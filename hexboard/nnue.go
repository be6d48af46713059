package hexboard

import (
	"github.com/sakk-chess/sakk/game/move"
	"github.com/sakk-chess/sakk/game/nnuefeat"
)

// nnueFeatures is the net input pair of each piece on each cell. Black sees
// the board flipped top to bottom: each file reversed (a1 <-> a6, f1 <->
// f11), which maps the start position onto itself with colours swapped.
var nnueFeatures [16][128]nnuefeat.Feature

// Mirror is the cell's image when the board is flipped top to bottom.
func Mirror(c int) int {
	f := File(c)
	return CellAt(f, FileLength(f)+1-Rank(c))
}

func init() {
	for c := move.White; c <= move.Black; c++ {
		for pt := move.Pawn; pt <= move.King; pt++ {
			for cell := range NumCells {
				nnueFeatures[makeContent(pt, c)][cell] = nnuefeat.MakeFeature(c, pt, cell, Mirror(cell), nnuefeat.GlinskiCells)
			}
		}
	}
}

// NNUEFeatures lists the net inputs of the position.
func (p *Position) NNUEFeatures(f *nnuefeat.Features) {
	f.N = 0
	for m := p.byColor[0].Or(p.byColor[1]); m.Any(); {
		c := m.PopLowest()
		f.Add(nnueFeatures[p.cells[c&127]&15][c&127])
	}
}

// NNUEDelta fills d with the net inputs that the legal move m changes; call
// it before Make(m). move.None (a null move) changes nothing.
func (p *Position) NNUEDelta(m move.Move, d *nnuefeat.Delta) {
	*d = nnuefeat.Delta{}
	if m == move.None {
		return
	}
	us, them := p.side&1, (p.side^1)&1
	from, to := m.From()&127, m.To()&127
	moving := p.cells[from] & 15
	d.Removed(nnueFeatures[moving][from])
	if promo := m.Promotion(); promo != move.NoPiece {
		d.Added(nnueFeatures[makeContent(promo, us)&15][to])
	} else {
		d.Added(nnueFeatures[moving][to])
	}
	if m.IsEnPassant() {
		d.Removed(nnueFeatures[makeContent(move.Pawn, them)&15][pawnStep[them][to]&127])
	} else if x := p.cells[to]; x != 0 {
		d.Removed(nnueFeatures[x&15][to])
	}
}

// MirrorFiles is the cell's image when the board is flipped left to right
// (file a <-> l, same rank), a symmetry of Glinski's rules.
func MirrorFiles(c int) int { return CellAt(NumFiles-1-File(c), Rank(c)) }
