package hexboard

import (
	"github.com/sakk-chess/sakk/game"
	"github.com/sakk-chess/sakk/game/move"
)

// Zobrist keys, from a fixed seed so keys are the same in every run.
var (
	pieceKeys [2][7][128]uint64
	epKeys    [128]uint64
	sideKey   uint64
)

func init() {
	seed := uint64(0x9e3779b97f4a7c15) ^ 0x676c696e736b69 // "glinski"
	next := func() uint64 {                               // splitmix64
		seed += 0x9e3779b97f4a7c15
		return game.Mix64(seed)
	}
	for c := range pieceKeys {
		for pt := 1; pt < 7; pt++ {
			for cell := 0; cell < NumCells; cell++ {
				pieceKeys[c][pt][cell] = next()
			}
		}
	}
	for cell := 0; cell < NumCells; cell++ {
		epKeys[cell] = next()
	}
	sideKey = next()
}

// epKey is the key term of the en passant cell: only hashed when a pawn of the
// side to move attacks it, so positions that differ only by an unusable ep
// cell count as repetitions.
func (p *Position) epKey() uint64 {
	if p.ep == NoCell || pawnAttacks[p.side^1][p.ep&127].And(p.Pieces(p.side, move.Pawn)).IsEmpty() {
		return 0
	}
	return epKeys[p.ep&127]
}

// ComputeKey recomputes the Zobrist key from scratch (tests compare it with the
// incrementally updated Key).
func (p *Position) ComputeKey() uint64 {
	var k uint64
	for cell := 0; cell < NumCells; cell++ {
		if x := p.cells[cell]; x != 0 {
			k ^= pieceKeys[x.color()][x.piece()][cell]
		}
	}
	if p.side == move.Black {
		k ^= sideKey
	}
	return k ^ p.epKey()
}
