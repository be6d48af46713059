package syzygy

import (
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// MaxPieces is the largest table the encoding supports (kings included).
const MaxPieces = 7

// File magics: the first four bytes of every .rtbw and .rtbz file.
var (
	wdlMagic = [4]byte{0x71, 0xE8, 0x23, 0x5D}
	dtzMagic = [4]byte{0xD7, 0x66, 0x0C, 0xA5}
)

// DTZ table flags (per file of a pawn table, or the one set of a pieces table).
const (
	flagSideToMove  = 1   // the table stores Black to move
	flagMapped      = 2   // values go through the DTZ map
	flagWinPlies    = 4   // wins are stored in plies, not moves
	flagLossPlies   = 8   // losses are stored in plies, not moves
	flagWide        = 16  // the DTZ map holds 16-bit values
	flagSingleValue = 128 // every position has the same value
)

// pairs is one compressed sub-table: one side to move (WDL) and, for tables
// with pawns, one file of the leading pawn. It reads straight from the
// mapped file; nothing in it changes after loading.
type pairs struct {
	pieces   [MaxPieces]uint8 // piece codes in encoding order (colour<<3 | type)
	groupLen [MaxPieces + 1]int
	groupIdx [MaxPieces + 1]uint64
	flags    uint8

	single    uint8 // the value when flags has flagSingleValue
	blockSize uint64
	span      uint64
	numBlocks uint64
	minSymLen int
	base      []uint64 // per code length, the smallest left-aligned code
	lowestSym []byte   // per code length, the first symbol (uint16 LE)
	symLen    []uint8  // per symbol, how many values it expands to minus one
	tree      []byte   // per symbol, 3 bytes: left and right 12-bit children
	sparse    []byte   // 6 bytes per entry: block (uint32), offset (uint16)
	blockLen  []byte   // uint16 per block: values in the block minus one
	data      []byte   // the blocks

	blockLenPadding uint64 // extra blockLen entries so the sparse index stays in range

	mapIdx [4]int // DTZ map starts per WDL class (in map units, +1)
}

// tableFile is one mapped .rtbw or .rtbz file with its sub-tables.
type tableFile struct {
	raw    []byte
	unmap  func() error
	sides  [2][4]pairs // [side to move][leading pawn file]
	dtzMap []byte      // DTZ only
}

// table is one material signature such as KRPvKN. key is the signature with
// the first side as White, key2 with colours swapped.
type table struct {
	name      string
	key, key2 uint32
	pieces    int
	hasPawns  bool
	unique    bool   // some colour has exactly one piece of a non-king type
	pawns     [2]int // leading colour's pawns, then the other colour's
	wdl       *tableFile
	dtz       *tableFile
}

// materialKey packs piece counts: 3 bits per non-king piece type and colour.
func materialKey(counts *[2][7]int) uint32 {
	var k uint32
	for c := range 2 {
		for pt := 1; pt <= 5; pt++ {
			k |= uint32(counts[c][pt]&7) << (3*(pt-1) + 15*c)
		}
	}
	return k
}

// parseName reads a table name like "KRPvKN" into piece counts.
func parseName(name string) (counts [2][7]int, ok bool) {
	sides := strings.Split(name, "v")
	if len(sides) != 2 {
		return counts, false
	}
	total := 0
	for c, s := range sides {
		if len(s) == 0 || s[0] != 'K' {
			return counts, false
		}
		for i := range len(s) {
			pt := strings.IndexByte(" PNBRQK", s[i])
			if pt <= 0 {
				return counts, false
			}
			counts[c][pt]++
			total++
		}
		if counts[c][6] != 1 {
			return counts, false
		}
	}
	return counts, total <= MaxPieces && total >= 3
}

// newTable describes the table called name (without extension).
func newTable(name string) (*table, bool) {
	counts, ok := parseName(name)
	if !ok {
		return nil, false
	}
	t := &table{name: name}
	swapped := [2][7]int{counts[1], counts[0]}
	t.key, t.key2 = materialKey(&counts), materialKey(&swapped)
	for c := range 2 {
		for pt := 1; pt <= 6; pt++ {
			t.pieces += counts[c][pt]
			if pt < 6 && counts[c][pt] == 1 {
				t.unique = true
			}
		}
	}
	white, black := counts[0][1], counts[1][1]
	t.hasPawns = white+black > 0
	// The leading colour is the one with fewer pawns (White on a tie), or
	// the only colour with pawns.
	if black == 0 || (white > 0 && black >= white) {
		t.pawns = [2]int{white, black}
	} else {
		t.pawns = [2]int{black, white}
	}
	return t, true
}

// errCorrupt reports a table whose header or layout does not fit its size.
var errCorrupt = errors.New("corrupt table")

// reader walks a table header with bounds checks.
type reader struct {
	buf []byte
	pos int
	err error
}

func (r *reader) need(n int) bool {
	if r.err != nil || n < 0 || r.pos+n > len(r.buf) || r.pos+n < r.pos {
		r.err = errCorrupt
		return false
	}
	return true
}

func (r *reader) u8() uint8 {
	if !r.need(1) {
		return 0
	}
	r.pos++
	return r.buf[r.pos-1]
}

func (r *reader) u16() uint16 {
	if !r.need(2) {
		return 0
	}
	r.pos += 2
	return binary.LittleEndian.Uint16(r.buf[r.pos-2:])
}

func (r *reader) u32() uint32 {
	if !r.need(4) {
		return 0
	}
	r.pos += 4
	return binary.LittleEndian.Uint32(r.buf[r.pos-4:])
}

func (r *reader) bytes(n uint64) []byte {
	if n > uint64(len(r.buf)) || !r.need(int(n)) {
		r.err = errCorrupt
		return nil
	}
	r.pos += int(n)
	return r.buf[r.pos-int(n) : r.pos : r.pos]
}

func (r *reader) align(n int) {
	r.pos = (r.pos + n - 1) &^ (n - 1)
	if r.pos > len(r.buf) {
		r.pos, r.err = len(r.buf), errCorrupt
	}
}

// load maps and parses one table file. dtz selects the .rtbz layout.
func (t *table) load(name string, dtz bool) (*tableFile, error) {
	raw, unmap, err := mapFile(name)
	if err != nil {
		return nil, err
	}
	f := &tableFile{raw: raw, unmap: unmap}
	if err := t.parse(f, dtz); err != nil {
		if unmap != nil {
			_ = unmap()
		}
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return f, nil
}

// parse reads the header of a mapped file into f's sub-tables.
func (t *table) parse(f *tableFile, dtz bool) error {
	magic := wdlMagic
	if dtz {
		magic = dtzMagic
	}
	if len(f.raw) < 5 || [4]byte(f.raw[:4]) != magic {
		return errors.New("wrong magic number (not a Syzygy table of this kind)")
	}
	r := &reader{buf: f.raw, pos: 4}
	flags := r.u8()
	if (flags&2 != 0) != t.hasPawns || (flags&1 != 0) != (t.key != t.key2) {
		return errors.New("header flags do not match the table name")
	}
	sides := 1
	if !dtz && t.key != t.key2 {
		sides = 2
	}
	files := 1
	if t.hasPawns {
		files = 4
	}
	bothPawns := t.hasPawns && t.pawns[1] > 0
	for file := range files {
		b0 := r.u8()
		b1 := uint8(0xFF)
		if bothPawns {
			b1 = r.u8()
		}
		order := [2][2]int{{int(b0 & 0xF), 0xF}, {int(b0 >> 4), 0xF}}
		if bothPawns {
			order[0][1], order[1][1] = int(b1&0xF), int(b1>>4)
		}
		for k := range t.pieces {
			b := r.u8()
			f.sides[0][file].pieces[k] = b & 0xF
			f.sides[1][file].pieces[k] = b >> 4
		}
		for s := range sides {
			if err := t.setGroups(&f.sides[s][file], order[s], file); err != nil {
				return err
			}
		}
	}
	r.align(2)
	for file := range files {
		for s := range sides {
			setSizes(&f.sides[s][file], r)
		}
	}
	if dtz && r.err == nil {
		start := r.pos
		for file := range files {
			d := &f.sides[0][file]
			if d.flags&flagMapped == 0 {
				continue
			}
			if d.flags&flagWide != 0 {
				r.align(2)
				for i := range 4 {
					d.mapIdx[i] = (r.pos-start)/2 + 1
					n := r.u16()
					r.bytes(2 * uint64(n))
				}
			} else {
				for i := range 4 {
					d.mapIdx[i] = r.pos - start + 1
					n := r.u8()
					r.bytes(uint64(n))
				}
			}
		}
		r.align(2)
		if r.err == nil {
			f.dtzMap = r.buf[start:r.pos]
		}
	}
	for file := range files {
		for s := range sides {
			d := &f.sides[s][file]
			var entries uint64
			if d.span > 0 {
				entries = (d.groupIdx[d.groups()] + d.span - 1) / d.span
			}
			d.sparse = r.bytes(6 * entries)
		}
	}
	for file := range files {
		for s := range sides {
			d := &f.sides[s][file]
			d.blockLen = r.bytes(2 * d.blockLenCount())
		}
	}
	for file := range files {
		for s := range sides {
			d := &f.sides[s][file]
			r.align(64)
			d.data = r.bytes(d.numBlocks * d.blockSize)
		}
	}
	if r.err != nil {
		return fmt.Errorf("%w: layout runs past the end of the file (%d bytes)", r.err, len(r.buf))
	}
	for file := range files {
		for s := range sides {
			if err := f.sides[s][file].check(); err != nil {
				return err
			}
		}
	}
	return nil
}

// groups is the number of piece groups (the index of the zero terminator).
func (d *pairs) groups() int {
	for i, n := range d.groupLen {
		if n == 0 {
			return i
		}
	}
	return len(d.groupLen) - 1
}

// setGroups splits the encoding order into groups of like pieces and gives
// each group its multiplier in the index, in the order the file asks for.
func (t *table) setGroups(d *pairs, order [2]int, file int) error {
	firstLen := 2
	if t.hasPawns {
		firstLen = 0
	} else if t.unique {
		firstLen = 3
	}
	n := 0
	d.groupLen[0] = 1
	for i := 1; i < t.pieces; i++ {
		firstLen--
		if firstLen > 0 || d.pieces[i] == d.pieces[i-1] {
			d.groupLen[n]++
		} else {
			n++
			d.groupLen[n] = 1
		}
	}
	n++
	d.groupLen[n] = 0
	bothPawns := t.hasPawns && t.pawns[1] > 0
	next := 1
	free := 64 - d.groupLen[0]
	if bothPawns {
		next = 2
		free -= d.groupLen[1]
	}
	idx := uint64(1)
	for k := 0; next < n || k == order[0] || k == order[1]; k++ {
		if k >= 16 {
			return errCorrupt
		}
		switch {
		case k == order[0]:
			d.groupIdx[0] = idx
			switch {
			case t.hasPawns:
				idx *= leadPawnSize[d.groupLen[0]%6][file]
			case t.unique:
				idx *= 31332
			default:
				idx *= 462
			}
		case k == order[1]:
			d.groupIdx[1] = idx
			idx *= binomial[d.groupLen[1]%7][48-d.groupLen[0]]
		default:
			d.groupIdx[next] = idx
			idx *= binomial[d.groupLen[next]%7][free&63]
			free -= d.groupLen[next]
			next++
		}
	}
	d.groupIdx[n] = idx
	return nil
}

// setSizes reads one sub-table's compression parameters and symbol tree.
func setSizes(d *pairs, r *reader) {
	d.flags = r.u8()
	if d.flags&flagSingleValue != 0 {
		d.single = r.u8()
		return
	}
	d.blockSize = 1 << (r.u8() & 63)
	d.span = 1 << (r.u8() & 63)
	padding := uint64(r.u8())
	d.numBlocks = uint64(r.u32())
	d.blockLen = nil
	d.blockLenPadding = padding
	maxSymLen := int(r.u8())
	d.minSymLen = int(r.u8())
	if r.err != nil || maxSymLen < d.minSymLen || maxSymLen > 32 {
		r.err = errCorrupt
		return
	}
	lengths := maxSymLen - d.minSymLen + 1
	d.lowestSym = r.bytes(2 * uint64(lengths))
	if r.err != nil {
		return
	}
	d.base = make([]uint64, lengths)
	for i := lengths - 2; i >= 0; i-- {
		d.base[i] = (d.base[i+1] + uint64(d.lowest(i)) - uint64(d.lowest(i+1))) / 2
		if d.base[i]*2 < d.base[i+1] {
			r.err = errCorrupt
			return
		}
	}
	for i := range lengths {
		d.base[i] <<= uint(64 - i - d.minSymLen)
	}
	nsyms := int(r.u16())
	d.tree = r.bytes(3 * uint64(nsyms))
	if nsyms&1 != 0 {
		r.u8()
	}
	if r.err != nil {
		return
	}
	d.symLen = make([]uint8, nsyms)
	visited := make([]bool, nsyms)
	for s := range nsyms {
		if !visited[s] && !d.setSymLen(s, visited, 0) {
			r.err = errCorrupt
			return
		}
	}
}

// setSymLen computes how many values symbol s stands for (minus one).
func (d *pairs) setSymLen(s int, visited []bool, depth int) bool {
	visited[s] = true
	right := d.right(s)
	if right == 0xFFF {
		d.symLen[s] = 0
		return true
	}
	left := d.left(s)
	if depth > 64 || left >= len(d.symLen) || right >= len(d.symLen) {
		return false
	}
	for _, c := range [2]int{left, right} {
		if !visited[c] && !d.setSymLen(c, visited, depth+1) {
			return false
		}
	}
	n := int(d.symLen[left]) + int(d.symLen[right]) + 1
	if n > 255 {
		return false
	}
	d.symLen[s] = uint8(n)
	return true
}

func (d *pairs) lowest(i int) uint16 { return binary.LittleEndian.Uint16(d.lowestSym[2*i:]) }
func (d *pairs) left(s int) int      { return int(d.tree[3*s+1]&0xF)<<8 | int(d.tree[3*s]) }
func (d *pairs) right(s int) int     { return int(d.tree[3*s+2])<<4 | int(d.tree[3*s+1]>>4) }

func (d *pairs) blockLenCount() uint64 { return d.numBlocks + d.blockLenPadding }

// check rejects sub-tables whose sparse index points outside the blocks.
func (d *pairs) check() error {
	if d.flags&flagSingleValue != 0 {
		return nil
	}
	if d.span == 0 || d.blockSize < 8 || d.blockSize > 1<<24 || len(d.symLen) == 0 ||
		uint64(len(d.data)) != d.numBlocks*d.blockSize {
		return errCorrupt
	}
	for i := 0; i+6 <= len(d.sparse); i += 6 {
		if uint64(binary.LittleEndian.Uint32(d.sparse[i:])) >= d.blockLenCount() {
			return fmt.Errorf("%w: sparse index entry past the last block", errCorrupt)
		}
	}
	return nil
}

// Tablebase is a set of loaded tables. It is read-only after Open, so any
// number of goroutines may probe it at once (each with its own position).
type Tablebase struct {
	tables    map[uint32]*table
	list      []*table
	maxPieces int
}

// Open loads every table found in path: directories separated by the
// platform's list separator (':' on Unix, ';' on Windows). Tables that
// cannot be read are skipped and reported in the returned errors; a missing
// directory is an error too. An empty path gives an empty Tablebase.
func Open(path string) (*Tablebase, []error) {
	tb := &Tablebase{tables: map[uint32]*table{}}
	var errs []error
	for _, dir := range filepath.SplitList(path) {
		if dir == "" {
			continue
		}
		entries, err := os.ReadDir(dir)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		for _, e := range entries {
			name, ok := strings.CutSuffix(e.Name(), ".rtbw")
			if !ok || e.IsDir() {
				continue
			}
			t, ok := newTable(name)
			if !ok {
				continue
			}
			if old := tb.tables[t.key]; old != nil {
				continue // the first directory wins
			}
			t.wdl, err = t.load(filepath.Join(dir, e.Name()), false)
			if err != nil {
				errs = append(errs, err)
				continue
			}
			if _, err := os.Stat(filepath.Join(dir, name+".rtbz")); err == nil {
				if t.dtz, err = t.load(filepath.Join(dir, name+".rtbz"), true); err != nil {
					errs = append(errs, err)
				}
			}
			tb.tables[t.key] = t
			tb.tables[t.key2] = t
			tb.list = append(tb.list, t)
			tb.maxPieces = max(tb.maxPieces, t.pieces)
		}
	}
	sort.Slice(tb.list, func(i, j int) bool { return tb.list[i].name < tb.list[j].name })
	return tb, errs
}

// Close unmaps every file. No probe may run during or after Close.
func (tb *Tablebase) Close() error {
	var first error
	for _, t := range tb.list {
		for _, f := range []*tableFile{t.wdl, t.dtz} {
			if f != nil && f.unmap != nil {
				if err := f.unmap(); err != nil && first == nil {
					first = err
				}
				f.unmap = nil
			}
		}
	}
	tb.tables, tb.list, tb.maxPieces = map[uint32]*table{}, nil, 0
	return first
}

// MaxPieces is the piece count (kings included) of the largest loaded table.
func (tb *Tablebase) MaxPieces() int {
	if tb == nil {
		return 0
	}
	return tb.maxPieces
}

// Count is the number of loaded tables (WDL files) and how many of them
// also have their DTZ file.
func (tb *Tablebase) Count() (wdl, dtz int) {
	if tb == nil {
		return 0, 0
	}
	for _, t := range tb.list {
		if t.dtz != nil {
			dtz++
		}
	}
	return len(tb.list), dtz
}

// readFile is the fallback when a file cannot be mapped.
func readFile(name string) ([]byte, func() error, error) {
	data, err := os.ReadFile(name)
	return data, nil, err
}
