// Package board is the orthodox 8×8 game (with Chess960 castling): squares,
// bitboards and attacks, the position with make/unmake, strictly legal move
// generation, perft, FEN, UCI and SAN notation, SEE and game outcomes.
//
// Squares are numbered a1 = 0, b1 = 1, …, h1 = 7, a2 = 8, …, h8 = 63. A
// bitboard is a uint64 with bit n set for square n.
package board

import (
	"math/bits"

	"github.com/sakk-chess/sakk/game/move"
)

// NoSquare marks an absent square (no en passant square, for example).
const NoSquare = 64

// Files and ranks as bitboards.
const (
	FileA uint64 = 0x0101010101010101
	FileH uint64 = FileA << 7
	Rank1 uint64 = 0xff
	Rank2 uint64 = Rank1 << 8
	Rank3 uint64 = Rank1 << 16
	Rank6 uint64 = Rank1 << 40
	Rank7 uint64 = Rank1 << 48
	Rank8 uint64 = Rank1 << 56

	// DarkSquares holds a1, c1, …: the squares a dark-squared bishop can reach.
	DarkSquares uint64 = 0xaa55aa55aa55aa55
)

// Square returns the square index of a file (0 = a) and rank (0 = first rank).
func Square(file, rank int) int { return rank<<3 | file }

// File returns 0 (a) … 7 (h).
func File(sq int) int { return sq & 7 }

// Rank returns 0 (first rank) … 7 (eighth rank).
func Rank(sq int) int { return sq >> 3 }

// FileMask is the bitboard of one file.
func FileMask(file int) uint64 { return FileA << (file & 7) }

// RankMask is the bitboard of one rank.
func RankMask(rank int) uint64 { return Rank1 << ((rank & 7) * 8) }

// Bit is the bitboard with only sq set.
func Bit(sq int) uint64 { return 1 << (sq & 63) }

// SquareName writes a square as "e4" ("-" for NoSquare or anything off-board).
func SquareName(sq int) string {
	if sq < 0 || sq > 63 {
		return "-"
	}
	return string([]byte{byte('a' + File(sq)), byte('1' + Rank(sq))})
}

// ParseSquare reads "e4"; ok is false for anything else.
func ParseSquare(s string) (sq int, ok bool) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return NoSquare, false
	}
	return Square(int(s[0]-'a'), int(s[1]-'1')), true
}

// PopCount is the number of set bits.
func PopCount(b uint64) int { return bits.OnesCount64(b) }

// LSB is the lowest set square of a non-empty bitboard.
func LSB(b uint64) int { return bits.TrailingZeros64(b) }

// Leaper attack tables, filled by init.
var (
	knightAttacks [64]uint64
	kingAttacks   [64]uint64
	pawnAttacks   [2][64]uint64
	// betweenMask[a][b]: squares strictly between a and b on a shared line, else 0.
	betweenMask [64][64]uint64
	// lineMask[a][b]: the whole board line through a and b (both included), else 0.
	lineMask [64][64]uint64
)

// KnightAttacks is the set of squares a knight on sq attacks.
func KnightAttacks(sq int) uint64 { return knightAttacks[sq&63] }

// KingAttacks is the set of squares a king on sq attacks.
func KingAttacks(sq int) uint64 { return kingAttacks[sq&63] }

// PawnAttacks is the set of squares a pawn of colour c on sq attacks.
func PawnAttacks(c move.Color, sq int) uint64 { return pawnAttacks[c&1][sq&63] }

// QueenAttacks is the union of rook and bishop attacks from sq.
func QueenAttacks(sq int, occupied uint64) uint64 {
	return RookAttacks(sq, occupied) | BishopAttacks(sq, occupied)
}

// Line is the full line (edge to edge) through a and b when they share a rank,
// file or diagonal, else empty. A piece pinned on the king's line may move
// only along it.
func Line(a, b int) uint64 { return lineMask[a&63][b&63] }

// PawnPushes shifts a set of pawns of colour c one rank forward.
func PawnPushes(c move.Color, pawns uint64) uint64 {
	if c == move.White {
		return pawns << 8
	}
	return pawns >> 8
}

// PawnAttacksSet is every square some pawn of colour c in the set attacks.
func PawnAttacksSet(c move.Color, pawns uint64) uint64 {
	if c == move.White {
		return (pawns&^FileA)<<7 | (pawns&^FileH)<<9
	}
	return (pawns&^FileA)>>9 | (pawns&^FileH)>>7
}

// step is a direction as file and rank deltas.
type step struct{ df, dr int }

var (
	knightSteps  = []step{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
	kingSteps    = []step{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}
	rookSteps    = []step{{1, 0}, {0, 1}, {-1, 0}, {0, -1}}
	bishopSteps  = []step{{1, 1}, {-1, 1}, {-1, -1}, {1, -1}}
	allLineSteps = append(append([]step{}, rookSteps...), bishopSteps...)
)

func onBoard(file, rank int) bool { return file >= 0 && file < 8 && rank >= 0 && rank < 8 }

// leaperAttacks is the set reached by one step of each kind from sq.
func leaperAttacks(sq int, steps []step) uint64 {
	var b uint64
	for _, s := range steps {
		if f, r := File(sq)+s.df, Rank(sq)+s.dr; onBoard(f, r) {
			b |= Bit(Square(f, r))
		}
	}
	return b
}

// slidingAttacks walks each direction until the edge or the first occupied
// square (included): the slow reference the magic tables are built from.
func slidingAttacks(sq int, occupied uint64, steps []step) uint64 {
	var b uint64
	for _, s := range steps {
		for f, r := File(sq)+s.df, Rank(sq)+s.dr; onBoard(f, r); f, r = f+s.df, r+s.dr {
			b |= Bit(Square(f, r))
			if occupied&Bit(Square(f, r)) != 0 {
				break
			}
		}
	}
	return b
}

func init() {
	for sq := 0; sq < 64; sq++ {
		knightAttacks[sq] = leaperAttacks(sq, knightSteps)
		kingAttacks[sq] = leaperAttacks(sq, kingSteps)
		pawnAttacks[move.White][sq] = leaperAttacks(sq, []step{{-1, 1}, {1, 1}})
		pawnAttacks[move.Black][sq] = leaperAttacks(sq, []step{{-1, -1}, {1, -1}})
	}
	for a := 0; a < 64; a++ {
		for _, s := range allLineSteps {
			var ray uint64
			for f, r := File(a)+s.df, Rank(a)+s.dr; onBoard(f, r); f, r = f+s.df, r+s.dr {
				b := Square(f, r)
				betweenMask[a][b] = ray
				ray |= Bit(b)
			}
			for f, r := File(a)+s.df, Rank(a)+s.dr; onBoard(f, r); f, r = f+s.df, r+s.dr {
				lineMask[a][Square(f, r)] = slidingAttacks(a, 0, []step{s, {-s.df, -s.dr}}) | Bit(a)
			}
		}
	}
}
