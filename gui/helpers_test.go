package gui

import (
	"strconv"
	"strings"

	"github.com/sakk-chess/sakk/game"
	"github.com/sakk-chess/sakk/game/move"
	"github.com/sakk-chess/sakk/hexboard"
)

// glinskiFEN writes a hex FEN with these pieces (cell name -> FEN letter).
func glinskiFEN(pieces map[string]byte, side string) string {
	var groups []string
	for r := 11; r >= 1; r-- {
		var b strings.Builder
		empty := 0
		for f := 0; f < hexboard.NumFiles; f++ {
			c := hexboard.CellAt(f, r)
			if c == hexboard.NoCell {
				continue
			}
			if p, ok := pieces[hexboard.CellName(c)]; ok {
				if empty > 0 {
					b.WriteString(strconv.Itoa(empty))
					empty = 0
				}
				b.WriteByte(p)
			} else {
				empty++
			}
		}
		if empty > 0 {
			b.WriteString(strconv.Itoa(empty))
		}
		groups = append(groups, b.String())
	}
	return strings.Join(groups, "/") + " " + side + " - 0 1"
}

// uniqueEnding is the only legal move that ends the game with result
// ("" if none or several do).
func uniqueEnding(pos game.Position, result game.Result) string {
	var list move.List
	pos.LegalMoves(&list)
	found := ""
	for _, m := range list.Slice() {
		text := pos.MoveString(m)
		pos.Make(m)
		ends := pos.Outcome().Result == result
		pos.Unmake()
		if ends {
			if found != "" {
				return ""
			}
			found = text
		}
	}
	return found
}
