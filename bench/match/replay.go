package match

import (
	"fmt"
	"strings"

	"github.com/sakk-chess/sakk/bench/pgn"
	"github.com/sakk-chess/sakk/engine"
	"github.com/sakk-chess/sakk/engine/variant"
	"github.com/sakk-chess/sakk/game"
	"github.com/sakk-chess/sakk/game/move"
)

// GameVariant is the variant a PGN game is played in: Glinski when its
// Variant tag says so, orthodox chess (Chess960 included) otherwise.
func GameVariant(g *pgn.Game) game.Variant {
	if strings.EqualFold(strings.TrimSpace(g.Tag("Variant")), game.Glinski.String()) {
		return game.Glinski
	}
	return game.Chess
}

// Replay checks a PGN game move by move with sakk's move generator, from its
// FEN tag or the start position, and returns the start position and the
// moves. The error names the first move that is not legal.
func Replay(g *pgn.Game, v game.Variant) (engine.SearchBoard, []move.Move, error) {
	start, err := variant.Position(v, g.Tag("FEN"))
	if err != nil {
		return nil, nil, err
	}
	pos := start.Clone()
	moves := make([]move.Move, 0, len(g.Moves))
	for i, m := range g.Moves {
		mv, err := pos.ParseSAN(m.Text)
		if err != nil {
			return nil, nil, fmt.Errorf("move %d %q: %w", i+1, m.Text, err)
		}
		pos.Make(mv)
		moves = append(moves, mv)
	}
	return start, moves, nil
}
