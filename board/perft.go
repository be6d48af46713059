package board

import "github.com/sakk-chess/sakk/game/move"

// Perft counts the leaf nodes of the legal move tree to depth. The last ply
// is counted without making the moves (CountLegal).
func (p *Position) Perft(depth int) uint64 {
	switch {
	case depth <= 0:
		return 1
	case depth == 1:
		return uint64(p.CountLegal())
	}
	var list move.List
	p.generate(&list, genAll)
	var nodes uint64
	for _, m := range list.Moves[:list.N&(move.MaxMoves-1)] {
		p.Make(m)
		nodes += p.Perft(depth - 1)
		p.Unmake()
	}
	return nodes
}
