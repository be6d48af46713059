// Package book reads opening books: PolyGlot .bin books for orthodox chess
// and sakk's own text books, which work for both games (Glinski has no
// PolyGlot keys). The UCI options OwnBook, BookFile and BookDepth use it;
// `sakk book` writes text books.
package book

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"os"

	"github.com/sakk-chess/sakk/game"
	"github.com/sakk-chess/sakk/game/move"
)

// Choice is one book move with its weight (how often or how well it was
// played; the chance of choosing it is proportional to the weight).
type Choice struct {
	Move   move.Move
	Weight uint32
}

// Book gives the book moves of a position.
type Book interface {
	// Variant is the game the book is for.
	Variant() game.Variant
	// Choices lists the legal book moves of pos (none if it is not in the
	// book or is of another game).
	Choices(pos game.Position) []Choice
}

// Pick chooses a book move at random, in proportion to the weights (moves
// of weight 0 are never chosen). ok is false when the book has no move.
func Pick(b Book, pos game.Position, rng *rand.Rand) (m move.Move, ok bool) {
	choices := b.Choices(pos)
	var total uint64
	for _, c := range choices {
		total += uint64(c.Weight)
	}
	if total == 0 {
		return move.None, false
	}
	r := rng.Uint64N(total)
	for _, c := range choices {
		if r < uint64(c.Weight) {
			return c.Move, true
		}
		r -= uint64(c.Weight)
	}
	return move.None, false // not reached
}

// Open reads a book file: PolyGlot if its contents are PolyGlot entries
// (a multiple of 16 bytes that is not text), otherwise a sakk text book.
func Open(path string) (Book, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if bytes.HasPrefix(data, []byte(textMagic)) {
		return ReadText(bytes.NewReader(data))
	}
	if len(data)%entrySize == 0 {
		return ParsePolyglot(data)
	}
	return nil, fmt.Errorf("%s is neither a PolyGlot book (%d bytes is no multiple of %d) nor a sakk book (no %q line)",
		path, len(data), entrySize, textMagic)
}

// lineReader reads lines of any length.
func lineReader(r io.Reader) *bufio.Scanner {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	return sc
}
