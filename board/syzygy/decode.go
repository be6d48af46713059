package syzygy

import "encoding/binary"

// value returns the stored value at index idx of sub-table d, or -1 when
// the data is inconsistent (a corrupt file must not crash a search).
//
// The values are split into blocks of Huffman-coded symbols; each symbol
// stands for a run of values built by recursive pairing (a binary tree of
// symbol pairs). The sparse index points near the right block, blockLen
// says how many values each block holds.
func (d *pairs) value(idx uint64) int {
	if d.flags&flagSingleValue != 0 {
		return int(d.single)
	}
	k := idx / d.span
	if 6*k+6 > uint64(len(d.sparse)) {
		return -1
	}
	block := int(binary.LittleEndian.Uint32(d.sparse[6*k:]))
	offset := int(binary.LittleEndian.Uint16(d.sparse[6*k+4:]))
	offset += int(idx%d.span) - int(d.span/2)

	blocks := len(d.blockLen) / 2
	for offset < 0 {
		block--
		if block < 0 {
			return -1
		}
		offset += d.blockLength(block) + 1
	}
	for block < blocks && offset > d.blockLength(block) {
		offset -= d.blockLength(block) + 1
		block++
	}
	if block >= blocks || uint64(block) >= d.numBlocks {
		return -1
	}

	// A block's last symbol may be followed by fewer than 32 bits of it, so
	// refills may read into the next block (those bits are never used).
	data := d.data[uint64(block)*d.blockSize:]
	code := binary.BigEndian.Uint64(data)
	next := 8 // next byte of data to load into code
	bitsLeft := 64
	nsyms := len(d.symLen)
	var sym int
	for {
		length := 0
		for code < d.base[length] {
			length++
			if length >= len(d.base) {
				return -1
			}
		}
		sym = int((code-d.base[length])>>uint(64-length-d.minSymLen)) + int(d.lowest(length))
		if sym >= nsyms {
			return -1
		}
		if offset < int(d.symLen[sym])+1 {
			break
		}
		offset -= int(d.symLen[sym]) + 1
		length += d.minSymLen
		code <<= uint(length)
		bitsLeft -= length
		if bitsLeft <= 32 {
			bitsLeft += 32
			if next+4 <= len(data) {
				code |= uint64(binary.BigEndian.Uint32(data[next:])) << uint(64-bitsLeft)
			}
			next += 4
		}
	}
	for d.symLen[sym] != 0 {
		left := d.left(sym)
		if offset < int(d.symLen[left])+1 {
			sym = left
		} else {
			offset -= int(d.symLen[left]) + 1
			sym = d.right(sym)
		}
	}
	return d.left(sym)
}

func (d *pairs) blockLength(block int) int {
	return int(binary.LittleEndian.Uint16(d.blockLen[2*block:]))
}
