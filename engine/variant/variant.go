// Package variant maps variant names to boards, so that the CLI, the UCI
// layer and the tools create positions without knowing the board packages.
package variant

import (
	"fmt"
	"strings"

	"github.com/sakk-chess/sakk/board"
	"github.com/sakk-chess/sakk/game"
	"github.com/sakk-chess/sakk/hexboard"
)

// Names lists the supported variants, in the spelling UCI_Variant uses.
func Names() []string { return []string{game.Chess, game.Glinski} }

// New returns the start position of the named variant (case-insensitive).
func New(name string) (game.Position, error) {
	switch normalize(name) {
	case game.Chess:
		return board.New(), nil
	case game.Glinski:
		return hexboard.New(), nil
	}
	return nil, unknown(name)
}

// FromFEN reads a position of the named variant: FEN (4 or 6 fields, X-FEN
// or Shredder-FEN castling) for chess, hex FEN for Glinski.
func FromFEN(name, fen string) (game.Position, error) {
	switch normalize(name) {
	case game.Chess:
		pos, err := board.FromFEN(fen)
		if err != nil {
			return nil, err
		}
		return pos, nil
	case game.Glinski:
		pos, err := hexboard.FromFEN(fen)
		if err != nil {
			return nil, err
		}
		return pos, nil
	}
	return nil, unknown(name)
}

// Valid says whether name (in any case) is a supported variant.
func Valid(name string) bool {
	n := normalize(name)
	return n == game.Chess || n == game.Glinski
}

func normalize(name string) string { return strings.ToLower(strings.TrimSpace(name)) }

func unknown(name string) error {
	return fmt.Errorf("unknown variant %q (known: %s)", name, strings.Join(Names(), ", "))
}
