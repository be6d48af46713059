package board

import "math/bits"

// Slider attacks come from "fancy" magic bitboards: the blockers on a
// square's relevant rays, multiplied by a magic number and shifted, index a
// table of precomputed attack sets. The magics were found by findMagics with
// a fixed-seed generator and are kept in magic_table.go (searching takes a
// few hundred milliseconds; checking them at init takes a few). A magic that
// fails the check is searched for again, so a bad table cannot give wrong
// attacks.

// magicEntry is the lookup recipe of one square for one slider kind.
type magicEntry struct {
	mask   uint64 // relevant blockers: the rays without their edge squares
	magic  uint64
	offset uint32 // start of this square's block in sliderTable
	shift  uint8  // 64 - number of bits in mask
}

// sliderTableSize is a power of two above the 102400 rook + 5248 bishop
// entries, so masking the index removes the bounds check.
const sliderTableSize = 1 << 17

var (
	rookMagics   [64]magicEntry
	bishopMagics [64]magicEntry
	sliderTable  [sliderTableSize]uint64
)

// RookAttacks is the set of squares a rook on sq attacks, given the occupied
// squares (the first blocker on each ray is included).
func RookAttacks(sq int, occupied uint64) uint64 {
	m := &rookMagics[sq&63]
	return sliderTable[(m.offset+uint32(((occupied&m.mask)*m.magic)>>m.shift))&(sliderTableSize-1)]
}

// BishopAttacks is the set of squares a bishop on sq attacks, given the
// occupied squares.
func BishopAttacks(sq int, occupied uint64) uint64 {
	m := &bishopMagics[sq&63]
	return sliderTable[(m.offset+uint32(((occupied&m.mask)*m.magic)>>m.shift))&(sliderTableSize-1)]
}

// magicRandom is xorshift64*: small, fast and reproducible.
type magicRandom struct{ state uint64 }

func (r *magicRandom) next() uint64 {
	r.state ^= r.state >> 12
	r.state ^= r.state << 25
	r.state ^= r.state >> 27
	return r.state * 2685821657736338717
}

// sparse returns a number with few bits set: such magics succeed far sooner.
func (r *magicRandom) sparse() uint64 { return r.next() & r.next() & r.next() }

// relevantMask is the slider's empty-board attack set without the board edges
// that cannot block anything further (unless the square itself is on them).
func relevantMask(sq int, steps []step) uint64 {
	edges := ((Rank1 | Rank8) &^ RankMask(Rank(sq))) | ((FileA | FileH) &^ FileMask(File(sq)))
	return slidingAttacks(sq, 0, steps) &^ edges
}

// magicScratch holds the per-square work arrays, reused across squares.
type magicScratch struct {
	occupancy [4096]uint64
	attacks   [4096]uint64
	epoch     [4096]uint32 // attempt that last wrote each slot
	current   uint32
}

// findMagics fills entries[sq] for every square and its block of sliderTable
// starting at offset, trying known[sq] first; it returns the offset after the
// last block.
func findMagics(entries *[64]magicEntry, steps []step, known *[64]uint64, offset uint32, rng *magicRandom, work *magicScratch) uint32 {
	for sq := 0; sq < 64; sq++ {
		mask := relevantMask(sq, steps)
		n := 0
		// Carry-Rippler enumeration of every subset of mask.
		for subset := uint64(0); ; {
			work.occupancy[n] = subset
			work.attacks[n] = slidingAttacks(sq, subset, steps)
			n++
			subset = (subset - mask) & mask
			if subset == 0 {
				break
			}
		}
		shift := uint8(64 - bits.OnesCount64(mask))
		block := sliderTable[offset : offset+uint32(n)]
		for try := 0; ; try++ {
			magic := known[sq]
			if try > 0 || magic == 0 {
				magic = rng.sparse()
			}
			if bits.OnesCount64((mask*magic)>>56) < 6 {
				continue // too few high bits: cannot spread the blockers
			}
			work.current++
			ok := true
			for i := 0; i < n; i++ {
				idx := (work.occupancy[i] * magic) >> shift
				if work.epoch[idx] != work.current {
					work.epoch[idx] = work.current
					block[idx] = work.attacks[i]
				} else if block[idx] != work.attacks[i] {
					ok = false
					break
				}
			}
			if ok {
				entries[sq] = magicEntry{mask: mask, magic: magic, offset: offset, shift: shift}
				break
			}
		}
		offset += uint32(n)
	}
	return offset
}

func init() {
	rng := &magicRandom{state: 0x9e3779b97f4a7c15}
	work := &magicScratch{}
	end := findMagics(&rookMagics, rookSteps, &knownRookMagics, 0, rng, work)
	findMagics(&bishopMagics, bishopSteps, &knownBishopMagics, end, rng, work)
}
