package board

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/sakk-chess/sakk/game/move"
	"github.com/stretchr/testify/require"
)

// snapshot is everything Make changes and Unmake must restore.
type snapshot struct {
	byType   [8]uint64
	byColor  [2]uint64
	occupied uint64
	squares  [64]content
	side     move.Color
	counts   [16]int8
	material [2]int32
	sp       int
	gamePly  int
	state    state
}

func takeSnapshot(p *Position) snapshot {
	return snapshot{p.byType, p.byColor, p.occupied, p.squares, p.side, p.counts, p.material, p.sp, p.gamePly, *p.st()}
}

// checkFromScratch compares the incremental key, checkers, counts, material
// and bitboards with a recomputation from the mailbox.
func checkFromScratch(p *Position, scratch *Position) error {
	var fresh placement
	for sq, cp := range p.squares {
		if cp != noContent {
			fresh.putPiece(cp, sq)
		}
	}
	switch {
	case fresh.byType != p.byType || fresh.byColor != p.byColor || fresh.occupied != p.occupied:
		return fmt.Errorf("bitboards differ from the mailbox")
	case fresh.counts != p.counts:
		return fmt.Errorf("counts %v, recomputed %v", p.counts, fresh.counts)
	case fresh.material != p.material:
		return fmt.Errorf("material %v, recomputed %v", p.material, fresh.material)
	case p.computeKey() != p.Key():
		return fmt.Errorf("key %x, recomputed %x", p.Key(), p.computeKey())
	case p.computeCheckers() != p.Checkers():
		return fmt.Errorf("checkers %x, recomputed %x", p.Checkers(), p.computeCheckers())
	}
	// The FEN parser must agree on the key (same en passant convention).
	if err := scratch.SetFEN(p.FEN()); err != nil {
		return fmt.Errorf("own FEN rejected: %w", err)
	}
	if scratch.Key() != p.Key() {
		return fmt.Errorf("key %x, from FEN %x", p.Key(), scratch.Key())
	}
	return nil
}

// checkGenerators: LegalMoves is Captures plus Quiets, CountLegal agrees,
// and IsLegal accepts each generated move.
func checkGenerators(p *Position) error {
	var all, captures, quiets move.List
	p.LegalMoves(&all)
	p.Captures(&captures)
	p.Quiets(&quiets)
	if all.N != captures.N+quiets.N || all.N != p.CountLegal() {
		return fmt.Errorf("%d legal, %d captures + %d quiets, %d counted", all.N, captures.N, quiets.N, p.CountLegal())
	}
	for _, m := range all.Slice() {
		if !p.IsLegal(m) {
			return fmt.Errorf("IsLegal rejects generated %s", p.MoveString(m))
		}
	}
	for _, m := range captures.Slice() {
		if !contains(&all, m) || !m.IsTactical() {
			return fmt.Errorf("capture %s is not a tactical legal move", p.MoveString(m))
		}
	}
	for _, m := range quiets.Slice() {
		if !contains(&all, m) || m.IsTactical() {
			return fmt.Errorf("quiet %s is not a quiet legal move", p.MoveString(m))
		}
	}
	return nil
}

func contains(list *move.List, m move.Move) bool {
	for _, legal := range list.Slice() {
		if legal == m {
			return true
		}
	}
	return false
}

// walk plays every move to depth, checking the invariants after each Make
// and that Unmake restores the exact state. Moves of the parent are offered
// to IsLegal in each child to exercise moves from another position.
func walk(t *testing.T, p, scratch *Position, depth int, parentMoves []move.Move, rng *rand.Rand) {
	var list move.List
	p.LegalMoves(&list)
	for _, m := range parentMoves {
		if p.IsLegal(m) != contains(&list, m) {
			t.Fatalf("%s: IsLegal(%s) wrong", p.FEN(), p.MoveString(m))
		}
	}
	for i := 0; i < 4; i++ {
		m := move.Move(rng.Uint32() >> rng.IntN(8))
		if p.IsLegal(m) != contains(&list, m) {
			t.Fatalf("%s: IsLegal(%#x) wrong", p.FEN(), uint32(m))
		}
	}
	if err := checkGenerators(p); err != nil {
		t.Fatalf("%s: %v", p.FEN(), err)
	}
	if depth == 0 {
		return
	}
	moves := append([]move.Move(nil), list.Slice()...)
	for _, m := range moves {
		before := takeSnapshot(p)
		p.Make(m)
		if err := checkFromScratch(p, scratch); err != nil {
			t.Fatalf("after %s from %s: %v", p.MoveString(m), p.FEN(), err)
		}
		walk(t, p, scratch, depth-1, moves, rng)
		p.Unmake()
		if after := takeSnapshot(p); after != before {
			t.Fatalf("%s: Unmake(%s) did not restore the position", p.FEN(), p.MoveString(m))
		}
	}
}

// walkDepth is 4 where that tree has at most 100,000 leaves, else 3 (the
// biggest depth-3 tree in the suites, Kiwipete's, has 97,862).
func walkDepth(c perftCase) int {
	if n, ok := c.counts[4]; ok && n <= 100_000 {
		return 4
	}
	return 3
}

// TestIncrementalStateMatchesRecomputation walks the suite positions and
// checks every node.
func TestIncrementalStateMatchesRecomputation(t *testing.T) {
	files := []string{"chess-standard.epd", "chess-tricky.epd", "chess-cpw.epd"}
	for _, file := range files {
		t.Run(file, func(t *testing.T) {
			t.Parallel()
			for _, c := range loadPerftFile(t, file) {
				p, err := FromFEN(c.fen)
				require.NoError(t, err)
				walk(t, p, new(Position), walkDepth(c), nil, rand.New(rand.NewPCG(1, 2)))
			}
		})
	}
	t.Run("chess960", func(t *testing.T) {
		t.Parallel()
		for i, c := range loadPerftFile(t, "chess960-fischer.epd") {
			if i%16 != 0 {
				continue
			}
			p, err := FromFEN(c.fen)
			require.NoError(t, err)
			p.SetChess960(true)
			walk(t, p, new(Position), 2, nil, rand.New(rand.NewPCG(1, 2)))
		}
	})
}

// TestCorruptedStateIsDetected makes sure the recomputation check can fail.
func TestCorruptedStateIsDetected(t *testing.T) {
	p := New()
	p.st().key ^= 1
	require.Error(t, checkFromScratch(p, new(Position)))
	p = New()
	p.material[move.White]++
	require.Error(t, checkFromScratch(p, new(Position)))
	p = New()
	p.st().checkers = 1
	require.Error(t, checkFromScratch(p, new(Position)))
}
