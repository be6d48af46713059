package train

import (
	"context"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"runtime"
	"sync"
	"time"

	"github.com/sakk-chess/sakk/engine/nnue"
)

// Config says how to train.
type Config struct {
	Epochs    int     // epochs to reach (a resumed model counts its own)
	Batch     int     // positions per Adam step
	LR        float64 // Adam step size
	LRDrop    float64 // multiply LR by this every DropEvery epochs
	DropEvery int
	Lambda    float64 // weight of the game result in the target (1-Lambda: the score)
	EvalScale float64 // centipawns per unit before the sigmoid
	HeldOut   float64 // fraction of positions kept apart for the held-out loss
	Threads   int
	Seed      uint64
	Mirror    bool // also train on each training position mirrored left to right
	FlipSide  bool // also train on each with the other side to move (no tempo bias)
	// After each epoch: Checkpoint (if set) gets the model, Export (if set)
	// the quantised net, and ExportBest (if set) the quantised net when its
	// held-out loss is the lowest so far.
	Checkpoint string
	Export     func(n *nnue.Net) error
	ExportBest func(n *nnue.Net) error
}

// Defaults fills zero fields with the usual values.
func (c *Config) Defaults() {
	if c.Epochs == 0 {
		c.Epochs = 20
	}
	if c.Batch == 0 {
		c.Batch = 1024
	}
	if c.LR == 0 {
		c.LR = 0.001
	}
	if c.LRDrop == 0 {
		c.LRDrop = 0.3
	}
	if c.DropEvery == 0 {
		c.DropEvery = max(c.Epochs*3/4, 1)
	}
	if c.EvalScale == 0 {
		c.EvalScale = nnue.Scale
	}
	if c.Threads == 0 {
		c.Threads = runtime.GOMAXPROCS(0)
	}
}

// EpochStats is one epoch's report.
type EpochStats struct {
	Epoch      int
	TrainLoss  float64
	HeldLoss   float64
	Positions  int
	PerSecond  float64
	LearnRate  float64
	Duration   time.Duration
	Checkpoint bool
	Best       bool // the lowest held-out loss so far
	// ResultLoss and HCEResultLoss say how well the net and the hand-made
	// evaluation predict the held-out games' results (ResultLoss).
	ResultLoss    float64
	HCEResultLoss float64
}

// grads is one worker's gradient buffer and scratch.
type grads struct {
	g    []float32 // same layout as Model.M
	acc  []float32
	dacc []float32
	loss float64
}

// Run trains m on the positions of s until m.Epoch == cfg.Epochs or ctx is
// done, reporting each epoch to log. It returns the epochs' statistics.
func Run(ctx context.Context, m *Model, s *Set, cfg Config, log io.Writer) ([]EpochStats, error) {
	cfg.Defaults()
	if s.Variant != m.Variant {
		return nil, fmt.Errorf("the data is %s, the model %s", s.Variant, m.Variant)
	}
	trainIdx, heldIdx := s.Split(cfg.HeldOut)
	if len(trainIdx) == 0 {
		return nil, fmt.Errorf("no training positions")
	}
	if cfg.Mirror {
		trainIdx = s.AddMirrors(trainIdx)
	}
	if cfg.FlipSide {
		trainIdx = s.AddSideFlips(trainIdx)
	}
	workers := make([]*grads, cfg.Threads)
	for i := range workers {
		workers[i] = &grads{g: make([]float32, m.paramCount()), acc: make([]float32, 2*m.Hidden), dacc: make([]float32, 2*m.Hidden)}
	}
	hceLoss := math.NaN()
	if len(s.HCE) == s.Len() {
		hceLoss, _ = ResultLoss(s, heldIdx, func(i int) float64 { return float64(s.HCE[i]) })
	}
	var stats []EpochStats
	for m.Epoch < cfg.Epochs {
		if err := ctx.Err(); err != nil {
			return stats, nil
		}
		start := time.Now()
		lr := cfg.LR * math.Pow(cfg.LRDrop, float64(m.Epoch/cfg.DropEvery))
		rng := rand.New(rand.NewPCG(cfg.Seed, uint64(m.Epoch)))
		rng.Shuffle(len(trainIdx), func(i, j int) { trainIdx[i], trainIdx[j] = trainIdx[j], trainIdx[i] })
		var lossSum float64
		for b := 0; b < len(trainIdx); b += cfg.Batch {
			if ctx.Err() != nil {
				return stats, nil
			}
			batch := trainIdx[b:min(b+cfg.Batch, len(trainIdx))]
			lossSum += m.step(s, batch, workers, cfg, lr)
		}
		m.Epoch++
		m.TrainedPoints += int64(len(trainIdx))
		st := EpochStats{Epoch: m.Epoch, TrainLoss: lossSum / float64(len(trainIdx)), Positions: len(trainIdx), LearnRate: lr}
		st.HeldLoss = m.Loss(s, heldIdx, cfg)
		st.ResultLoss, st.HCEResultLoss = m.netResultLoss(s, heldIdx), hceLoss
		st.Duration = time.Since(start)
		st.PerSecond = float64(len(trainIdx)) / st.Duration.Seconds()
		if cfg.Checkpoint != "" {
			if err := m.Save(cfg.Checkpoint); err != nil {
				return stats, err
			}
			st.Checkpoint = true
		}
		if cfg.Export != nil {
			if err := cfg.Export(m.Quantise()); err != nil {
				return stats, err
			}
		}
		if len(heldIdx) > 0 && st.HeldLoss < m.BestHeldLoss {
			m.BestHeldLoss = st.HeldLoss
			st.Best = true
			if cfg.ExportBest != nil {
				if err := cfg.ExportBest(m.Quantise()); err != nil {
					return stats, err
				}
			}
		}
		stats = append(stats, st)
		if log != nil {
			held := "-"
			if len(heldIdx) > 0 {
				held = fmt.Sprintf("%.6f", st.HeldLoss)
			}
			result := ""
			if len(heldIdx) > 0 {
				result = fmt.Sprintf(", result loss %.5f (hand-made %.5f)", st.ResultLoss, st.HCEResultLoss)
			}
			best := ""
			if st.Best {
				best = " (best)"
			}
			fmt.Fprintf(log, "epoch %d/%d: train loss %.6f, held-out loss %s%s%s, %.0f positions/s, lr %.2g, %v\n",
				m.Epoch, cfg.Epochs, st.TrainLoss, held, best, result, st.PerSecond, lr, st.Duration.Round(time.Millisecond))
		}
	}
	return stats, nil
}

// target is the blend of the game result and the score's win probability,
// from the side to move's view.
func target(s *Set, i int, cfg *Config) float32 {
	p := 1 / (1 + math.Exp(-float64(s.Score[i])/cfg.EvalScale))
	return float32(cfg.Lambda*float64(s.Result[i]) + (1-cfg.Lambda)*p)
}

// Loss is the mean squared error on positions idx (NaN if none).
func (m *Model) Loss(s *Set, idx []int32, cfg Config) float64 {
	cfg.Defaults()
	if len(idx) == 0 {
		return math.NaN()
	}
	var mu sync.Mutex
	var sum float64
	var wg sync.WaitGroup
	chunk := (len(idx) + cfg.Threads - 1) / cfg.Threads
	for lo := 0; lo < len(idx); lo += chunk {
		part := idx[lo:min(lo+chunk, len(idx))]
		wg.Add(1)
		go func() {
			defer wg.Done()
			acc := make([]float32, 2*m.Hidden)
			var local float64
			for _, i := range part {
				out, _, _ := m.forward(s, int(i), acc)
				p := sigmoid(out * float32(nnue.Scale/cfg.EvalScale))
				d := float64(p - target(s, int(i), &cfg))
				local += d * d
			}
			mu.Lock()
			sum += local
			mu.Unlock()
		}()
	}
	wg.Wait()
	return sum / float64(len(idx))
}

func sigmoid(x float32) float32 { return float32(1 / (1 + math.Exp(-float64(x)))) }

// step does one Adam step on a batch and returns the batch's summed loss.
func (m *Model) step(s *Set, batch []int32, workers []*grads, cfg Config, lr float64) float64 {
	var wg sync.WaitGroup
	chunk := (len(batch) + len(workers) - 1) / len(workers)
	used := 0
	for w := 0; w*chunk < len(batch); w++ {
		part := batch[w*chunk : min((w+1)*chunk, len(batch))]
		gr := workers[w]
		used++
		wg.Add(1)
		go func() {
			defer wg.Done()
			clear(gr.g)
			gr.loss = 0
			for _, i := range part {
				m.backward(s, int(i), gr, &cfg)
			}
		}()
	}
	wg.Wait()
	// Sum the workers' gradients into the first, in parallel over slices.
	total := workers[0].g
	n := len(total)
	part := (n + len(workers) - 1) / len(workers)
	for lo := 0; lo < n; lo += part {
		hi := min(lo+part, n)
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, gr := range workers[1:used] {
				src := gr.g[lo:hi]
				dst := total[lo:hi]
				for k := range dst {
					dst[k] += src[k]
				}
			}
		}()
	}
	wg.Wait()
	loss := 0.0
	for _, gr := range workers[:used] {
		loss += gr.loss
	}
	m.adam(total, float32(1/float64(len(batch))), lr, len(workers))
	return loss
}

// backward adds position i's loss gradient to gr.
func (m *Model) backward(s *Set, i int, gr *grads, cfg *Config) {
	h := m.Hidden
	out, acc, b := m.forward(s, i, gr.acc)
	k := float32(nnue.Scale / cfg.EvalScale)
	p := sigmoid(out * k)
	d := p - target(s, i, cfg)
	gr.loss += float64(d * d)
	dout := 2 * d * p * (1 - p) * k

	g := gr.g
	nW1 := m.Inputs * h
	gB1 := g[nW1 : nW1+h]
	nW2 := 2 * h * m.Buckets
	gW2 := g[nW1+h+2*h*b : nW1+h+2*h*(b+1)]
	g[nW1+h+nW2+b] += dout
	dacc := gr.dacc[:2*h]
	w2 := m.W2[2*h*b : 2*h*(b+1)]
	for j, a := range acc[:2*h] {
		if a <= 0 {
			dacc[j] = 0
			continue
		}
		c := min(a, 1)
		gW2[j] += dout * c * c
		if a >= 1 {
			dacc[j] = 0
		} else {
			dacc[j] = dout * w2[j] * 2 * c
		}
	}
	dUs, dThem := dacc[:h], dacc[h:2*h]
	for j := range gB1 {
		gB1[j] += dUs[j] + dThem[j]
	}
	lo, hi := s.Start[i], s.Start[i+1]
	for _, f := range s.Us[lo:hi] {
		row := g[int(f)*h : int(f)*h+h]
		for j := range row {
			row[j] += dUs[j]
		}
	}
	for _, f := range s.Them[lo:hi] {
		row := g[int(f)*h : int(f)*h+h]
		for j := range row {
			row[j] += dThem[j]
		}
	}
}

// adam applies one Adam step with the summed gradient g (scaled by
// gradScale), clipping every weight to the quantisable range.
func (m *Model) adam(g []float32, gradScale float32, lr float64, threads int) {
	m.Step++
	const beta1, beta2, eps = 0.9, 0.999, 1e-8
	c1 := 1 - math.Pow(beta1, float64(m.Step))
	c2 := 1 - math.Pow(beta2, float64(m.Step))
	stepSize := float32(lr * math.Sqrt(c2) / c1)
	nW1 := m.Inputs * m.Hidden
	h := m.Hidden
	nW2 := 2 * h * m.Buckets
	n := len(g)
	var wg sync.WaitGroup
	part := (n + threads - 1) / threads
	for lo := 0; lo < n; lo += part {
		hi := min(lo+part, n)
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := lo; k < hi; k++ {
				gk := g[k] * gradScale
				m.M[k] = beta1*m.M[k] + (1-beta1)*gk
				m.V[k] = beta2*m.V[k] + (1-beta2)*gk*gk
				delta := stepSize * m.M[k] / (float32(math.Sqrt(float64(m.V[k]))) + eps)
				switch {
				case k < nW1:
					m.W1[k] = clip(m.W1[k] - delta)
				case k < nW1+h:
					m.B1[k-nW1] = clip(m.B1[k-nW1] - delta)
				case k < nW1+h+nW2:
					m.W2[k-nW1-h] = clip(m.W2[k-nW1-h] - delta)
				default:
					m.B2[k-nW1-h-nW2] -= delta
				}
			}
		}()
	}
	wg.Wait()
}

func clip(w float32) float32 { return min(max(w, -maxFloatWeight), maxFloatWeight) }

// resultScales are the centipawns per sigmoid unit tried by ResultLoss.
var resultScales = []float64{100, 150, 200, 250, 300, 350, 400, 500, 600, 800, 1000}

// ResultLoss is how well an evaluation predicts the game results of the
// positions idx: the mean squared error between sigmoid(eval/k) and the
// result, at the k of resultScales that fits best (so evaluations on
// different scales compare fairly). eval(i) is position i's evaluation in
// centipawns, side to move's view. It returns the loss and that k; NaN if
// idx is empty.
func ResultLoss(s *Set, idx []int32, eval func(i int) float64) (loss, k float64) {
	if len(idx) == 0 {
		return math.NaN(), 0
	}
	evals := make([]float64, len(idx))
	for n, i := range idx {
		evals[n] = eval(int(i))
	}
	loss = math.Inf(1)
	for _, scale := range resultScales {
		var sum float64
		for n, i := range idx {
			d := 1/(1+math.Exp(-evals[n]/scale)) - float64(s.Result[i])
			sum += d * d
		}
		if l := sum / float64(len(idx)); l < loss {
			loss, k = l, scale
		}
	}
	return loss, k
}

// netResultLoss is ResultLoss of the float model on idx.
func (m *Model) netResultLoss(s *Set, idx []int32) float64 {
	acc := make([]float32, 2*m.Hidden)
	loss, _ := ResultLoss(s, idx, func(i int) float64 {
		out, _, _ := m.forward(s, i, acc)
		return float64(out) * nnue.Scale
	})
	return loss
}
