package train

import (
	"context"
	"io"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sakk-chess/sakk/bench/datagen"
	"github.com/sakk-chess/sakk/engine/nnue"
	"github.com/sakk-chess/sakk/engine/variant"
	"github.com/sakk-chess/sakk/game"
	"github.com/sakk-chess/sakk/game/move"
)

// generated makes a small data set with sakk datagen.
func generated(t *testing.T, v game.Variant, games int) (*Set, string) {
	t.Helper()
	out := filepath.Join(t.TempDir(), v.String()+".txt")
	_, err := datagen.Run(context.Background(), datagen.Config{Variant: v, Games: games, Nodes: 300, RandomPlies: 8, Seed: 5, Out: out}, io.Discard)
	require.NoError(t, err)
	set, err := Load(v, []string{out})
	require.NoError(t, err)
	require.Greater(t, set.Len(), 50)
	return set, out
}

func TestTrainingLowersTheLoss(t *testing.T) {
	for _, v := range game.Variants() {
		t.Run(v.String(), func(t *testing.T) {
			set, _ := generated(t, v, 3)
			m := NewModel(v, 32, 1, 1)
			cfg := Config{Epochs: 15, Batch: 64, LR: 0.005, Lambda: 0.3, Threads: 2}
			all, _ := set.Split(0)
			before := m.Loss(set, all, cfg)
			stats, err := Run(context.Background(), m, set, cfg, io.Discard)
			require.NoError(t, err)
			require.Len(t, stats, 15)
			after := m.Loss(set, all, cfg)
			t.Logf("%s: %d positions, loss %.5f -> %.5f", v, set.Len(), before, after)
			assert.Less(t, after, before*0.7, "the loss should fall clearly")
			assert.Less(t, stats[14].TrainLoss, stats[0].TrainLoss)
		})
	}
}

// The quantised net evaluates like the float model (within rounding), from
// either side to move.
func TestQuantisedNetMatchesModel(t *testing.T) {
	t.Run("one bucket", func(t *testing.T) { quantisedMatchesModel(t, 1) })
	t.Run("8 buckets", func(t *testing.T) { quantisedMatchesModel(t, 8) })
}

func quantisedMatchesModel(t *testing.T, buckets int) {
	set, path := generated(t, game.Chess, 2)
	m := NewModel(game.Chess, 64, buckets, 3)
	_, err := Run(context.Background(), m, set, Config{Epochs: 3, Batch: 32, LR: 0.01, Threads: 2}, io.Discard)
	require.NoError(t, err)
	net := m.Quantise()
	lines := readLines(t, path)
	var f nnue.Features
	n := min(set.Len(), 200)
	var sum float64
	for i := range n {
		l, err := datagen.ParseLine(lines[i])
		require.NoError(t, err)
		pos, err := variant.FromFEN(game.Chess, l.FEN)
		require.NoError(t, err)
		pos.(featurer).NNUEFeatures(&f)
		require.Equal(t, f.N, int(set.Start[i+1]-set.Start[i]), "the trainer counts the pieces as the engine does")
		got := net.Evaluate(&f, pos.SideToMove())
		want := m.Evaluate(set, i)
		// Rounding: about 6 cp on average here, more on large scores.
		assert.InDelta(t, want, float64(got), 15+math.Abs(want)*0.03, "%s (side %v)", l.FEN, pos.SideToMove() == move.White)
		sum += math.Abs(want - float64(got))
	}
	assert.Less(t, sum/float64(n), 10.0, "mean rounding error (about 6 cp)")
}

func TestCheckpointResumes(t *testing.T) {
	set, _ := generated(t, game.Glinski, 1)
	path := filepath.Join(t.TempDir(), "ckpt")
	m := NewModel(game.Glinski, 16, 4, 2)
	cfg := Config{Epochs: 2, Batch: 32, Threads: 1, Checkpoint: path}
	_, err := Run(context.Background(), m, set, cfg, io.Discard)
	require.NoError(t, err)
	back, err := LoadModel(path)
	require.NoError(t, err)
	assert.Equal(t, m, back)
	cfg.Epochs = 4
	stats, err := Run(context.Background(), back, set, cfg, io.Discard)
	require.NoError(t, err)
	require.Len(t, stats, 2, "a resumed run trains only the missing epochs")
	assert.Equal(t, 4, back.Epoch)
}

func TestBadDataIsRejected(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "bad.txt")
	require.NoError(t, writeFile(path, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 12 | 0.5\nnot a line\n"))
	_, err := Load(game.Chess, []string{path})
	assert.ErrorContains(t, err, "bad.txt:2")
	_, err = Load(game.Glinski, []string{path})
	assert.ErrorContains(t, err, "bad.txt:1", "a chess FEN is no Glinski position")
}

// A mirrored position has the inputs of the mirrored FEN.
func TestMirrorsAreTheMirroredPositions(t *testing.T) {
	dir := t.TempDir()
	for v, pair := range map[game.Variant][2]string{
		game.Chess: {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b - - 0 1",
			"r2k3r/1bpqpp1p/1pnp2nb/3NP3/3P2p1/p1Q2N2/PPPBBPPP/R2K3R b - - 0 1"},
		game.Glinski: {"1/q1k/5/7/p7p/2P8/P10/11/2p8/p10/1P2Q1K2P1 w - 0 1", ""},
	} {
		path := filepath.Join(dir, v.String())
		text := pair[0] + " | 10 | 1\n"
		require.NoError(t, writeFile(path, text))
		set, err := Load(v, []string{path})
		require.NoError(t, err)
		idx := set.AddMirrors([]int32{0})
		require.Len(t, idx, 2)
		if pair[1] == "" {
			// Glinski: mirroring twice is the identity, and the mirror differs.
			set.AddMirrors([]int32{1})
			assert.Equal(t, set.Us[set.Start[0]:set.Start[1]], set.Us[set.Start[2]:set.Start[3]])
			assert.NotEqual(t, set.Us[set.Start[0]:set.Start[1]], set.Us[set.Start[1]:set.Start[2]])
			continue
		}
		require.NoError(t, writeFile(path, pair[1]+" | 10 | 1\n"))
		want, err := Load(v, []string{path})
		require.NoError(t, err)
		assert.ElementsMatch(t, want.Us, set.Us[set.Start[1]:set.Start[2]])
		assert.ElementsMatch(t, want.Them, set.Them[set.Start[1]:set.Start[2]])
		assert.Equal(t, set.Score[0], set.Score[1])
	}
}

func TestSideFlipSwapsPerspectives(t *testing.T) {
	path := filepath.Join(t.TempDir(), "d")
	require.NoError(t, writeFile(path, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1 | 40 | 0.5\n"+
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 | 40 | 0.5\n"))
	set, err := Load(game.Chess, []string{path})
	require.NoError(t, err)
	idx := set.AddSideFlips([]int32{0})
	require.Equal(t, []int32{0, 2}, idx)
	// The flip of the Black-to-move line is the White-to-move line.
	assert.Equal(t, set.Us[set.Start[1]:set.Start[2]], set.Us[set.Start[2]:set.Start[3]])
	assert.Equal(t, set.Them[set.Start[1]:set.Start[2]], set.Them[set.Start[2]:set.Start[3]])
	assert.Equal(t, set.Score[1], set.Score[2])
	assert.Equal(t, set.Result[1], set.Result[2])
}

func TestResultLoss(t *testing.T) {
	s := &Set{Result: []float32{1, 0, 1, 0.5}}
	idx := []int32{0, 1, 2, 3}
	// An evaluation of 0 predicts 0.5 everywhere: errors 0.5, 0.5, 0.5, 0.
	loss, _ := ResultLoss(s, idx, func(int) float64 { return 0 })
	assert.InDelta(t, 0.75/4, loss, 1e-12)
	// One that knows the results does far better, at the steepest scale.
	sure := []float64{2000, -2000, 2000, 0}
	loss, k := ResultLoss(s, idx, func(i int) float64 { return sure[i] })
	assert.Less(t, loss, 1e-6)
	assert.Equal(t, resultScales[0], k)
	// Wrong signs are worse than no opinion.
	loss, _ = ResultLoss(s, idx, func(i int) float64 { return -sure[i] })
	assert.Greater(t, loss, 0.75/4)
	loss, _ = ResultLoss(s, nil, func(int) float64 { return 0 })
	assert.True(t, math.IsNaN(loss))
}

// Load keeps the hand-made evaluation of each position (side to move's
// view), and the augmentations keep it in step.
func TestLoadKeepsHandMadeEval(t *testing.T) {
	for _, v := range game.Variants() {
		set, path := generated(t, v, 2)
		require.Len(t, set.HCE, set.Len())
		lines := readLines(t, path)
		pos, err := variant.New(v)
		require.NoError(t, err)
		for i, line := range lines[:10] {
			fen, _, _ := strings.Cut(line, "|")
			require.NoError(t, pos.SetFEN(strings.TrimSpace(fen)))
			assert.Equal(t, float32(pos.Evaluate()), set.HCE[i], "%s line %d", v, i+1)
		}
		idx := []int32{0, 1}
		flipped := set.AddSideFlips(idx)
		assert.Equal(t, -set.HCE[0], set.HCE[flipped[2]])
		mirrored := set.AddMirrors(idx)
		assert.Equal(t, set.HCE[1], set.HCE[mirrored[3]])
	}
}
