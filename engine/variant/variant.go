// Package variant maps each game.Variant to its board, so that the CLI, the
// UCI layer and the tools create positions without knowing the board
// packages. The positions are engine.SearchBoards: the search takes them
// as they are.
package variant

import (
	"fmt"

	"github.com/sakk-chess/sakk/board"
	"github.com/sakk-chess/sakk/engine"
	"github.com/sakk-chess/sakk/game"
	"github.com/sakk-chess/sakk/hexboard"
)

// New returns the start position of variant v.
func New(v game.Variant) (engine.SearchBoard, error) {
	switch v {
	case game.Chess:
		return board.New(), nil
	case game.Glinski:
		return hexboard.New(), nil
	}
	return nil, unknown(v)
}

// FromFEN reads a position of variant v: FEN (4 or 6 fields, X-FEN or
// Shredder-FEN castling) for chess, hex FEN for Glinski.
func FromFEN(v game.Variant, fen string) (engine.SearchBoard, error) {
	switch v {
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
	return nil, unknown(v)
}

// Position is the start position of variant v when fen is empty, else the
// position fen describes.
func Position(v game.Variant, fen string) (engine.SearchBoard, error) {
	if fen == "" {
		return New(v)
	}
	return FromFEN(v, fen)
}

func unknown(v game.Variant) error { return fmt.Errorf("no board for %v", v) }
