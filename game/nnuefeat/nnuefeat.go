// Package nnuefeat names the inputs of sakk's NNUE (engine/nnue) in terms
// the boards can produce: each input is one piece kind on one square or
// cell, seen from one side. The boards list a position's inputs and what a
// move changes (board.Position.NNUEFeatures / NNUEDelta and the hexboard
// ones) with these types; engine/nnue turns them into accumulators. They
// live in the base layer because the boards may not import engine/.
//
// Index layout: (own/enemy * 6 + type-1) * squares + square, where Black's
// squares are mirrored (ranks for chess, a vertical flip of each file for
// Glinski), so that both perspectives share the first layer's weights.
package nnuefeat

import "github.com/sakk-chess/sakk/game/move"

// Piece kinds per side and squares per board.
const (
	Kinds        = 12
	ChessSquares = 64
	GlinskiCells = 91
)

// Feature is one input as seen from White's and from Black's side.
type Feature struct{ White, Black uint16 }

// Index is the input index of a piece of colour c and type pt on a square
// (sq from White's view, mirrored from Black's view), seen from perspective.
func Index(perspective, c move.Color, pt move.Piece, sq, mirrored, squares int) uint16 {
	kind := int(pt) - 1
	if c != perspective {
		kind += 6
	}
	if perspective == move.Black {
		sq = mirrored
	}
	return uint16(kind*squares + sq)
}

// MakeFeature is the feature pair of a piece of colour c and type pt on sq,
// whose mirror image is mirrored.
func MakeFeature(c move.Color, pt move.Piece, sq, mirrored, squares int) Feature {
	return Feature{
		White: Index(move.White, c, pt, sq, mirrored, squares),
		Black: Index(move.Black, c, pt, sq, mirrored, squares),
	}
}

// MaxPieces bounds the pieces on a board (Glinski has 36 at the start).
const MaxPieces = 64

// Features lists the active inputs of a position.
type Features struct {
	N int
	F [MaxPieces]Feature
}

// Add appends a feature.
func (f *Features) Add(x Feature) {
	if f.N < MaxPieces {
		f.F[f.N] = x
		f.N++
	}
}

// Delta is what one move changes: at most two inputs appear (a move, a
// castling rook) and two vanish (the mover's origin, a captured piece or the
// castling rook's origin). A null move changes nothing.
type Delta struct {
	NAdd, NSub uint8
	Add, Sub   [2]Feature
}

// Added records an input that appears.
func (d *Delta) Added(x Feature) {
	d.Add[d.NAdd&1] = x
	d.NAdd++
}

// Removed records an input that vanishes.
func (d *Delta) Removed(x Feature) {
	d.Sub[d.NSub&1] = x
	d.NSub++
}
