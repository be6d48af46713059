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

// Divide returns the perft count below each legal move (for debugging
// against reference counts).
func (p *Position) Divide(depth int) map[string]uint64 {
	out := map[string]uint64{}
	var list move.List
	p.LegalMoves(&list)
	for _, m := range list.Slice() {
		p.Make(m)
		out[p.MoveString(m)] = p.Perft(depth - 1)
		p.Unmake()
	}
	return out
}
