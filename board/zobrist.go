package board

import "github.com/sakk-chess/sakk/game"

// Zobrist keys: one random number per (piece, square), castling-rights set,
// en passant file and side to move, from a fixed seed so keys are the same in
// every run (bench signatures and saved positions depend on that).
var (
	pieceKeys    [16][64]uint64 // indexed by colored piece
	castlingKeys [16]uint64     // indexed by the rights bit set
	epKeys       [8]uint64      // by file
	sideKey      uint64         // xored in when Black is to move
)

// splitMix64 is the generator behind the keys.
type splitMix64 struct{ state uint64 }

func (s *splitMix64) next() uint64 {
	s.state += 0x9e3779b97f4a7c15
	return game.Mix64(s.state)
}

func init() {
	rng := splitMix64{state: 0x5a4b4b} // "ZKK": any fixed seed will do
	for pc := range pieceKeys {
		for sq := range pieceKeys[pc] {
			pieceKeys[pc][sq] = rng.next()
		}
	}
	// A rights set's key is the xor of its single rights' keys, so that
	// castlingKeys[old] ^ castlingKeys[new] == castlingKeys[old^new].
	var single [4]uint64
	for i := range single {
		single[i] = rng.next()
	}
	for set := range castlingKeys {
		for i := range single {
			if set&(1<<i) != 0 {
				castlingKeys[set] ^= single[i]
			}
		}
	}
	for f := range epKeys {
		epKeys[f] = rng.next()
	}
	sideKey = rng.next()
}
