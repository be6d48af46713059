package hexboard

import "github.com/sakk-chess/sakk/game/move"

// Perft counts the leaf nodes of the legal move tree to depth (bulk counting
// at the last ply; depth 0 returns 1).
func (p *Position) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	if depth == 1 {
		return uint64(p.CountLegal())
	}
	var list move.List
	p.generate(&list, genAll, Board)
	var nodes uint64
	for _, m := range list.Moves[:list.N] {
		p.Make(m)
		nodes += p.Perft(depth - 1)
		p.Unmake()
	}
	return nodes
}
