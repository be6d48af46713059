package hexboard

import "math/bits"

// Mask is a set of cells: bit c of the 128-bit value {Lo, Hi} is cell c
// (Lo holds cells 0..63, Hi cells 64..90). It is a plain value; every method
// is small enough for the compiler to inline.
type Mask struct{ Lo, Hi uint64 }

// Board masks every one of the 91 cells.
var Board = Mask{Lo: ^uint64(0), Hi: 1<<(NumCells-64) - 1}

// CellMask is the mask of the single cell c (empty for c outside 0..127).
func CellMask(c int) Mask {
	return Mask{Lo: 1 << uint(c), Hi: 1 << uint(c-64)}
}

func (m Mask) And(o Mask) Mask    { return Mask{m.Lo & o.Lo, m.Hi & o.Hi} }
func (m Mask) Or(o Mask) Mask     { return Mask{m.Lo | o.Lo, m.Hi | o.Hi} }
func (m Mask) Xor(o Mask) Mask    { return Mask{m.Lo ^ o.Lo, m.Hi ^ o.Hi} }
func (m Mask) AndNot(o Mask) Mask { return Mask{m.Lo &^ o.Lo, m.Hi &^ o.Hi} }

// Not is the complement within the 91 cells.
func (m Mask) Not() Mask { return Board.AndNot(m) }

func (m Mask) IsEmpty() bool { return m.Lo|m.Hi == 0 }
func (m Mask) Any() bool     { return m.Lo|m.Hi != 0 }
func (m Mask) Count() int    { return bits.OnesCount64(m.Lo) + bits.OnesCount64(m.Hi) }

// More says whether the mask has two or more cells.
func (m Mask) More() bool {
	return m.Lo&(m.Lo-1) != 0 || m.Hi&(m.Hi-1) != 0 || (m.Lo != 0 && m.Hi != 0)
}

// Has says whether cell c is in the mask.
func (m Mask) Has(c int) bool {
	return (m.Lo>>uint(c)|m.Hi>>uint(c-64))&1 != 0
}

// Lowest is the lowest cell of a non-empty mask (128 for an empty one).
func (m Mask) Lowest() int {
	if m.Lo != 0 {
		return bits.TrailingZeros64(m.Lo)
	}
	return 64 + bits.TrailingZeros64(m.Hi)
}

// Highest is the highest cell of a non-empty mask (-1 for an empty one).
func (m Mask) Highest() int {
	if m.Hi != 0 {
		return 127 - bits.LeadingZeros64(m.Hi)
	}
	return 63 - bits.LeadingZeros64(m.Lo)
}

// PopLowest removes the lowest cell of a non-empty mask and returns it.
func (m *Mask) PopLowest() int {
	if m.Lo != 0 {
		c := bits.TrailingZeros64(m.Lo)
		m.Lo &= m.Lo - 1
		return c
	}
	c := 64 + bits.TrailingZeros64(m.Hi)
	m.Hi &= m.Hi - 1
	return c
}

// Cells lists the cells of the mask in increasing order (allocates: for tests
// and tools, not for hot paths).
func (m Mask) Cells() []int {
	out := make([]int, 0, m.Count())
	for m.Any() {
		out = append(out, m.PopLowest())
	}
	return out
}

// rayAbove is the part of a ray running toward higher cell numbers that a
// slider sees: every ray cell up to and including the nearest occupied one.
// b ^ (b-1) keeps the bits up to the lowest set bit (all bits if b is empty).
func rayAbove(ray, occ Mask) Mask {
	b := ray.And(occ)
	lo, borrow := bits.Sub64(b.Lo, 1, 0)
	hi, _ := bits.Sub64(b.Hi, 0, borrow)
	return Mask{ray.Lo & (b.Lo ^ lo), ray.Hi & (b.Hi ^ hi)}
}

// rayBelow is rayAbove for a ray running toward lower cell numbers: the ray
// cells at or above the highest occupied one.
func rayBelow(ray, occ Mask) Mask {
	b := ray.And(occ)
	if b.Hi != 0 {
		return Mask{0, ray.Hi & (^uint64(0) << (uint(63-bits.LeadingZeros64(b.Hi)) & 63))}
	}
	return Mask{ray.Lo & (^uint64(0) << (uint(63-bits.LeadingZeros64(b.Lo|1)) & 63)), ray.Hi}
}
