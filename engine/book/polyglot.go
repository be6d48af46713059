package book

import (
	"encoding/binary"
	"fmt"
	"sort"

	"github.com/sakk-chess/sakk/board"
	"github.com/sakk-chess/sakk/game"
)

// entrySize is the size of one PolyGlot entry: key (8 bytes), move (2),
// weight (2), learn (4), all big-endian, sorted by key.
const entrySize = 16

type entry struct {
	key    uint64
	move   uint16
	weight uint16
}

// Polyglot is a PolyGlot opening book held in memory.
type Polyglot struct{ entries []entry }

// ParsePolyglot reads a PolyGlot book's bytes. Entries out of key order
// are sorted (PolyGlot's own books are sorted already).
func ParsePolyglot(data []byte) (*Polyglot, error) {
	if len(data)%entrySize != 0 {
		return nil, fmt.Errorf("polyglot book: %d bytes is no multiple of %d", len(data), entrySize)
	}
	b := &Polyglot{entries: make([]entry, len(data)/entrySize)}
	for i := range b.entries {
		e := data[i*entrySize:]
		b.entries[i] = entry{
			key:    binary.BigEndian.Uint64(e),
			move:   binary.BigEndian.Uint16(e[8:]),
			weight: binary.BigEndian.Uint16(e[10:]),
		}
	}
	if !sort.SliceIsSorted(b.entries, func(i, j int) bool { return b.entries[i].key < b.entries[j].key }) {
		sort.SliceStable(b.entries, func(i, j int) bool { return b.entries[i].key < b.entries[j].key })
	}
	return b, nil
}

// Len is the number of entries.
func (b *Polyglot) Len() int { return len(b.entries) }

// Variant is chess: PolyGlot keys exist only for the 8x8 board.
func (b *Polyglot) Variant() game.Variant { return game.Chess }

// Choices lists the position's entries whose moves are legal.
func (b *Polyglot) Choices(pos game.Position) []Choice {
	p, ok := pos.(*board.Position)
	if !ok {
		return nil
	}
	key := p.PolyglotKey()
	i := sort.Search(len(b.entries), func(i int) bool { return b.entries[i].key >= key })
	var out []Choice
	for ; i < len(b.entries) && b.entries[i].key == key; i++ {
		m, err := p.PolyglotMove(b.entries[i].move)
		if err != nil {
			continue // a key collision or a broken entry
		}
		out = append(out, Choice{Move: m, Weight: uint32(b.entries[i].weight)})
	}
	return out
}
