package book

import (
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/sakk-chess/sakk/engine/variant"
	"github.com/sakk-chess/sakk/game"
)

// A sakk text book, for either game:
//
//	sakk-book 1
//	variant glinski
//	# comments
//	<FEN without its two move counters> ; <move> <weight> [<move> <weight> ...]
//
// Moves are in UCI notation, weights positive integers. Keying on the FEN
// rather than on a Zobrist key keeps books valid whatever the engine's
// hashing becomes, and keeps them readable.
const textMagic = "sakk-book 1"

// Text is a sakk text book held in memory.
type Text struct {
	variant   game.Variant
	positions map[string][]textMove
}

type textMove struct {
	text   string
	weight uint32
}

// Variant is the game the book is for.
func (b *Text) Variant() game.Variant { return b.variant }

// Len is the number of positions.
func (b *Text) Len() int { return len(b.positions) }

// PositionKey is what a text book keys a position by: its FEN without the
// halfmove clock and move number.
func PositionKey(pos game.Position) string {
	fields := strings.Fields(pos.FEN())
	if len(fields) > 2 {
		fields = fields[:len(fields)-2]
	}
	return strings.Join(fields, " ")
}

// Choices lists the position's book moves that are legal in it.
func (b *Text) Choices(pos game.Position) []Choice {
	if pos.Variant() != b.variant {
		return nil
	}
	var out []Choice
	for _, tm := range b.positions[PositionKey(pos)] {
		m, err := pos.ParseMove(tm.text)
		if err != nil {
			continue
		}
		out = append(out, Choice{Move: m, Weight: tm.weight})
	}
	return out
}

// ReadText reads a sakk text book, checking every line.
func ReadText(r io.Reader) (*Text, error) {
	sc := lineReader(r)
	b := &Text{positions: map[string][]textMove{}}
	line := 0
	next := func() (string, bool) {
		for sc.Scan() {
			line++
			text := strings.TrimSpace(sc.Text())
			if text != "" && !strings.HasPrefix(text, "#") {
				return text, true
			}
		}
		return "", false
	}
	if head, ok := next(); !ok || head != textMagic {
		return nil, fmt.Errorf("sakk book: line %d: want %q first", line, textMagic)
	}
	head, ok := next()
	name, found := strings.CutPrefix(head, "variant ")
	v, err := game.ParseVariant(name)
	if !ok || !found || err != nil {
		return nil, fmt.Errorf("sakk book: line %d: want \"variant chess\" or \"variant glinski\"", line)
	}
	b.variant = v
	for {
		text, ok := next()
		if !ok {
			break
		}
		fen, moves, found := strings.Cut(text, ";")
		fields := strings.Fields(moves)
		if !found || len(fields) == 0 || len(fields)%2 != 0 {
			return nil, fmt.Errorf("sakk book: line %d: want <FEN> ; <move> <weight> ...", line)
		}
		key := strings.Join(strings.Fields(fen), " ")
		if _, err := variant.FromFEN(b.variant, key+" 0 1"); err != nil {
			return nil, fmt.Errorf("sakk book: line %d: %v", line, err)
		}
		for i := 0; i < len(fields); i += 2 {
			w, err := strconv.ParseUint(fields[i+1], 10, 32)
			if err != nil || w == 0 {
				return nil, fmt.Errorf("sakk book: line %d: weight %q is not a positive integer", line, fields[i+1])
			}
			b.positions[key] = append(b.positions[key], textMove{text: fields[i], weight: uint32(w)})
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("sakk book: %v", err)
	}
	return b, nil
}

// Builder collects moves of games into a text book.
type Builder struct {
	variant   game.Variant
	positions map[string]*builderPosition
}

type builderPosition struct {
	games  int
	weight map[string]uint32
}

// NewBuilder starts an empty book for a game.
func NewBuilder(v game.Variant) *Builder {
	return &Builder{variant: v, positions: map[string]*builderPosition{}}
}

// Add records that move m was played in pos and earned the mover weight.
func (b *Builder) Add(pos game.Position, moveText string, weight uint32) {
	key := PositionKey(pos)
	p := b.positions[key]
	if p == nil {
		p = &builderPosition{weight: map[string]uint32{}}
		b.positions[key] = p
	}
	p.games++
	p.weight[moveText] += weight
}

// Write writes the positions reached in at least minGames games, each with
// its moves of positive weight (best first), and reports how many
// positions it wrote.
func (b *Builder) Write(w io.Writer, minGames int, comment string) (int, error) {
	keys := make([]string, 0, len(b.positions))
	for k, p := range b.positions {
		if p.games >= minGames {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	var out strings.Builder
	out.WriteString(textMagic + "\nvariant " + b.variant.String() + "\n")
	for _, line := range strings.Split(strings.TrimSpace(comment), "\n") {
		if line != "" {
			out.WriteString("# " + line + "\n")
		}
	}
	written := 0
	for _, k := range keys {
		p := b.positions[k]
		moves := make([]string, 0, len(p.weight))
		for m, wt := range p.weight {
			if wt > 0 {
				moves = append(moves, m)
			}
		}
		if len(moves) == 0 {
			continue
		}
		sort.Slice(moves, func(i, j int) bool {
			if p.weight[moves[i]] != p.weight[moves[j]] {
				return p.weight[moves[i]] > p.weight[moves[j]]
			}
			return moves[i] < moves[j]
		})
		out.WriteString(k + " ;")
		for _, m := range moves {
			out.WriteString(" " + m + " " + strconv.FormatUint(uint64(p.weight[m]), 10))
		}
		out.WriteString("\n")
		written++
	}
	_, err := io.WriteString(w, out.String())
	return written, err
}
