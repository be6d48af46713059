package hexboard

import (
	"testing"

	"github.com/sakk-chess/sakk/game/move"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// snapshot is everything of a position except its history stack.
type snapshot struct {
	byColor  [2]Mask
	byPiece  [7]Mask
	cells    [128]content
	kings    [2]int
	side     move.Color
	ep       int
	halfmove int
	fullmove int
	key      uint64
	checkers Mask
	counts   [2][7]int
	material [2]int
	ply      int
}

func snap(p *Position) snapshot {
	return snapshot{p.byColor, p.byPiece, p.cells, p.kings, p.side, p.ep, p.halfmove,
		p.fullmove, p.key, p.checkers, p.counts, p.material, p.ply}
}

// checkFromScratch recomputes every incrementally kept field from the cells.
func checkFromScratch(t *testing.T, p *Position) bool {
	var counts [2][7]int
	var material [2]int
	var byColor [2]Mask
	var byPiece [7]Mask
	for c := 0; c < NumCells; c++ {
		if x := p.cells[c]; x != 0 {
			counts[x.color()][x.piece()]++
			material[x.color()] += PieceValue[x.piece()]
			byColor[x.color()] = byColor[x.color()].Or(CellMask(c))
			byPiece[x.piece()] = byPiece[x.piece()].Or(CellMask(c))
		}
	}
	// Checkers the slow way: every enemy piece's attack set.
	var checkers Mask
	occ := p.Occupied()
	for m := p.byColor[p.side^1]; m.Any(); {
		c := m.PopLowest()
		if Attacks(p.cells[c].piece(), p.side^1, c, occ).Has(p.kings[p.side]) {
			checkers = checkers.Or(CellMask(c))
		}
	}
	want := snapshot{byColor, byPiece, p.cells, p.kings, p.side, p.ep, p.halfmove,
		p.fullmove, p.ComputeKey(), checkers, counts, material, p.ply}
	want.kings = [2]int{p.Pieces(move.White, move.King).Lowest(), p.Pieces(move.Black, move.King).Lowest()}
	if got := snap(p); got != want { // plain == first: testify's reflection is slow
		return assert.Equal(t, want, got, "incremental state differs from a recomputation")
	}
	return true
}

// verifyTree walks the legal move tree checking every node; it stops at the
// first failure so one bug does not print a million messages.
func verifyTree(t *testing.T, p *Position, depth int) bool {
	if !checkFromScratch(t, p) {
		t.Logf("at %s", p.FEN())
		return false
	}
	if depth == 0 {
		return true
	}
	var list move.List
	p.LegalMoves(&list)
	for _, m := range list.Slice() {
		before := snap(p)
		p.Make(m)
		ok := verifyTree(t, p, depth-1)
		p.Unmake()
		if after := snap(p); !ok || after != before {
			assert.Equal(t, before, after, "Unmake of %s", FormatMove(m))
			t.Logf("after %s", FormatMove(m))
			return false
		}
	}
	return true
}

func TestIncrementalStateMatchesRecomputation(t *testing.T) {
	for _, c := range loadPerftSuite(t) {
		p, err := FromFEN(c.fen)
		require.NoError(t, err)
		depth := 3
		if c.counts[4] <= 300_000 {
			depth = 4
		}
		verifyTree(t, p, depth)
	}
}

func TestMakeUnmakeNull(t *testing.T) {
	p := New()
	before := snap(p)
	p.MakeNull()
	assert.Equal(t, move.Black, p.Side())
	assert.Equal(t, p.ComputeKey(), p.Key())
	p.UnmakeNull()
	assert.Equal(t, before, snap(p))
}

func TestCapturesPlusQuietsEqualLegal(t *testing.T) {
	for _, c := range loadPerftSuite(t) {
		p, err := FromFEN(c.fen)
		require.NoError(t, err)
		var all, captures, quiets move.List
		p.LegalMoves(&all)
		p.Captures(&captures)
		p.Quiets(&quiets)
		assert.ElementsMatch(t, all.Slice(), append(captures.Slice(), quiets.Slice()...), c.id)
		for _, m := range captures.Slice() {
			assert.True(t, m.IsTactical(), FormatMove(m))
		}
		for _, m := range quiets.Slice() {
			assert.False(t, m.IsTactical(), FormatMove(m))
		}
		for _, m := range all.Slice() {
			assert.True(t, p.IsLegal(m), FormatMove(m))
			assert.False(t, p.IsLegal(m^1<<17), "wrong piece %s", FormatMove(m))
		}
	}
}

func TestIsLegalAnyValue(t *testing.T) {
	p := New()
	var list move.List
	p.LegalMoves(&list)
	legal := map[move.Move]bool{}
	for _, m := range list.Slice() {
		legal[m] = true
	}
	seed := uint32(12345)
	for i := 0; i < 200000; i++ {
		seed = seed*1664525 + 1013904223
		m := move.Move(seed)
		if i%2 == 0 {
			m = list.Moves[i%list.N] ^ move.Move(1)<<(seed%32)
		}
		assert.Equal(t, legal[m], p.IsLegal(m), "%08x", uint32(m))
	}
}

func TestRepetitionAndOutcome(t *testing.T) {
	p := New()
	cycle := []string{"h1i3", "h9i6", "i3h1", "i6h9"}
	for _, s := range cycle {
		m, err := p.ParseMove(s)
		require.NoError(t, err)
		p.Make(m)
	}
	assert.True(t, p.IsRepetition())
	assert.Equal(t, "ongoing", p.Outcome().Result.String())
	for _, s := range cycle {
		m, err := p.ParseMove(s)
		require.NoError(t, err)
		p.Make(m)
	}
	assert.Equal(t, "threefold repetition", p.Outcome().Result.String())

	require.NoError(t, p.SetFEN("1/3/5/7/9/11/2k8/11/11/11/6K4 w - 0 1"))
	assert.True(t, p.IsDead())
	assert.Equal(t, "dead position", p.Outcome().Result.String())

	require.NoError(t, p.SetFEN("1/Q2/5/7/9/11/2k8/11/11/11/6K4 w - 100 80"))
	assert.Equal(t, "50-move rule", p.Outcome().Result.String())
	assert.False(t, p.IsDead())
}

func TestStalemateWinner(t *testing.T) {
	// The White king on c3 covers every neighbour of a1, without check.
	p := New()
	require.NoError(t, p.SetFEN(fenWith(t, map[string]byte{"a1": 'k', "c3": 'K', "f5": 'P'}, "b")))
	var list move.List
	p.LegalMoves(&list)
	if list.N == 0 && !p.InCheck() {
		out := p.Outcome()
		assert.Equal(t, "stalemate", out.Result.String())
		assert.Equal(t, move.White, out.Winner)
		return
	}
	t.Fatalf("expected stalemate, got %d moves, check %v", list.N, p.InCheck())
}

func TestCountLegalMatchesGeneration(t *testing.T) {
	for _, c := range loadPerftSuite(t) {
		p, err := FromFEN(c.fen)
		require.NoError(t, err)
		failed := false
		forEachNode(p, 3, func() {
			var list move.List
			p.LegalMoves(&list)
			if !failed && !assert.Equal(t, list.N, p.CountLegal(), p.FEN()) {
				failed = true
			}
		})
	}
}
