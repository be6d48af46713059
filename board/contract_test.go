package board_test

import (
	"github.com/sakk-chess/sakk/board"
	"github.com/sakk-chess/sakk/engine"
)

// The search's contract, checked at compile time.
var _ engine.SearchBoard = (*board.Position)(nil)
