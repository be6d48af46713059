package engine

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sakk-chess/sakk/board"
	"github.com/sakk-chess/sakk/engine/nnue"
	"github.com/sakk-chess/sakk/game"
	"github.com/sakk-chess/sakk/game/move"
	"github.com/sakk-chess/sakk/hexboard"
)

// testNet is a random net: enough to check the plumbing, not to play.
func testNet(variant game.Variant, seed uint64) *nnue.Net {
	rng := rand.New(rand.NewPCG(seed, 1))
	h := 32
	in := nnue.Inputs(variant)
	n := &nnue.Net{Variant: variant, Inputs: in, Hidden: h, FT: make([]int16, in*h), FTBias: make([]int16, h), Out: make([]int16, 2*h),
		OutBias: make([]int32, 1)}
	for i := range n.FT {
		n.FT[i] = int16(rng.IntN(81) - 40)
	}
	for i := range n.Out {
		n.Out[i] = int16(rng.IntN(2*nnue.MaxWeight+1) - nnue.MaxWeight)
	}
	return n
}

// handMadeEngine is a new engine that evaluates with the hand-made
// evaluation whatever the defaults: for tests whose expected figures (node
// counts, mate distances found at a given depth) were measured with it.
func handMadeEngine() *Engine {
	e := New()
	o := e.Options()
	o.UseNNUE, o.UseNNUEGlinski = false, false
	e.SetOptions(o)
	return e
}

func nnueEngine(t *testing.T, threads int) *Engine {
	t.Helper()
	e := New()
	o := e.Options()
	o.UseNNUE, o.UseNNUEGlinski, o.Threads = true, true, threads
	e.SetOptions(o)
	require.NoError(t, e.SetNet(game.Chess, testNet(game.Chess, 1)))
	require.NoError(t, e.SetNet(game.Glinski, testNet(game.Glinski, 2)))
	return e
}

func TestNNUESearchDoesNotAllocate(t *testing.T) {
	e := nnueEngine(t, 1)
	for _, pos := range []SearchBoard{board.New(), hexboard.New()} {
		e.Search(pos, Limits{Depth: 5}, nil) // allocates the hash, threads and accumulators
		allocs := testing.AllocsPerRun(3, func() {
			e.Search(pos, Limits{Depth: 5}, nil)
		})
		assert.Zero(t, allocs, pos.Variant())
	}
}

// The net really evaluates: a depth-1 search's score is the best child's
// net score, and switching UseNNUE off gives the hand-made search back.
func TestNNUESwitchesTheEvaluation(t *testing.T) {
	for _, pos := range []SearchBoard{board.New(), hexboard.New()} {
		v := pos.Variant()
		hce := handMadeEngine()
		want := hce.Search(pos, Limits{Depth: 6}, nil)
		e := nnueEngine(t, 1)
		got := e.Search(pos, Limits{Depth: 6}, nil)
		assert.NotEqual(t, want.Nodes, got.Nodes, "%s: a random net should search a different tree", v)
		o := e.Options()
		o.UseNNUE, o.UseNNUEGlinski = false, false
		e.SetOptions(o)
		e.NewGame()
		back := e.Search(pos, Limits{Depth: 6}, nil)
		assert.Equal(t, want.Nodes, back.Nodes, v)
		assert.Equal(t, want.Best, back.Best, v)
	}
}

func TestNNUEDepthOneScoreIsTheNets(t *testing.T) {
	pos := board.New()
	e := nnueEngine(t, 1)
	net := e.Net(game.Chess)
	res := e.Search(pos, Limits{Depth: 1}, nil)
	// Depth 1 ends in quiescence at each child; from the start position
	// no capture exists, so each child's score is its static net eval.
	best := -Infinity
	var list move.List
	pos.LegalMoves(&list)
	for _, m := range list.Slice() {
		pos.Make(m)
		var f nnue.Features
		pos.NNUEFeatures(&f)
		best = max(best, -clampEval(net.Evaluate(&f, pos.Side())))
		pos.Unmake()
	}
	assert.Equal(t, best, res.Score)
}

func TestSetNetChecksTheVariant(t *testing.T) {
	e := New()
	assert.Error(t, e.SetNet(game.Glinski, testNet(game.Chess, 3)))
	n := testNet(game.Chess, 3)
	require.NoError(t, e.SetNet(game.Chess, n))
	assert.Same(t, n, e.Net(game.Chess))
	require.NoError(t, e.SetNet(game.Chess, nil))
	assert.Same(t, nnue.Default(game.Chess), e.Net(game.Chess))
}

func TestNNUEWithHelperThreads(t *testing.T) {
	e := nnueEngine(t, 2)
	for _, pos := range []SearchBoard{board.New(), hexboard.New()} {
		r := e.Search(pos, Limits{Depth: 6}, nil)
		assert.NotZero(t, r.Best, pos.Variant())
	}
}

// Against a lone king the hand-made evaluation decides even with a net on
// (the net never saw such endings): the whole tree is evaluated the same,
// so the searches are identical, node for node.
func TestLoneKingEndingsUseTheHandMadeEvaluation(t *testing.T) {
	for _, pos := range []SearchBoard{
		chessPosition(t, "8/8/8/8/3Q4/8/3K3k/8 w - - 0 1"),
		chessPosition(t, "8/8/8/4k3/8/8/8/R3K3 b - - 0 1"),
		glinskiPosition(t, "1/Q2/5/7/9/11/2k8/11/11/11/6K4 w - 0 1"),
		glinskiPosition(t, "1/3/5/7/9/11/2k8/11/11/11/3RK6 b - 0 1"),
	} {
		want := handMadeEngine().Search(pos, Limits{Depth: 8}, nil)
		got := nnueEngine(t, 1).Search(pos, Limits{Depth: 8}, nil)
		assert.Equal(t, want.Nodes, got.Nodes, pos.FEN())
		assert.Equal(t, want.Best, got.Best, pos.FEN())
		assert.Equal(t, want.Score, got.Score, pos.FEN())
	}
	// With material on both sides the net decides (the control).
	pos := chessPosition(t, "8/8/8/4k3/8/7p/8/R3K3 b - - 0 1")
	want := handMadeEngine().Search(pos, Limits{Depth: 8}, nil)
	got := nnueEngine(t, 1).Search(pos, Limits{Depth: 8}, nil)
	assert.NotEqual(t, want.Nodes, got.Nodes)
}
