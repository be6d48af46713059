package hexboard_test

import (
	"github.com/sakk-chess/sakk/engine"
	"github.com/sakk-chess/sakk/hexboard"
)

// The position must satisfy the search's board contract.
var _ engine.SearchBoard = (*hexboard.Position)(nil)
