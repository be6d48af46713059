package train

import (
	"encoding/gob"
	"fmt"
	"math"
	"math/rand/v2"
	"os"

	"github.com/sakk-chess/sakk/engine/nnue"
	"github.com/sakk-chess/sakk/game"
)

// maxFloatWeight bounds every weight so the quantised net cannot overflow:
// output weights times QB fit MaxWeight, and a full board of first-layer
// weights times QA fits an int16 accumulator.
const maxFloatWeight = float32(nnue.MaxWeight) / nnue.QB

// Model is the float network the trainer fits.
type Model struct {
	Variant       game.Variant
	Inputs        int
	Hidden        int
	Buckets       int       // output buckets, by piece count (nnue.Bucket)
	W1            []float32 // Inputs x Hidden, input-major
	B1            []float32 // Hidden
	W2            []float32 // Buckets x 2*Hidden: per bucket the side to move's half, then the other's
	B2            []float32 // Buckets
	Epoch         int       // epochs done
	Step          int       // Adam steps done
	M, V          []float32
	BestHeldLoss  float64
	TrainedPoints int64
}

// params lays out every parameter in one vector: W1, B1, W2, B2.
func (m *Model) paramCount() int {
	return m.Inputs*m.Hidden + m.Hidden + m.Buckets*(2*m.Hidden+1)
}

// NewModel initialises a model with small random weights and the given
// number of output buckets (1 for the plain net).
func NewModel(v game.Variant, hidden, buckets int, seed uint64) *Model {
	inputs := nnue.Inputs(v)
	buckets = max(buckets, 1)
	m := &Model{Variant: v, Inputs: inputs, Hidden: hidden, Buckets: buckets,
		W1: make([]float32, inputs*hidden), B1: make([]float32, hidden),
		W2: make([]float32, 2*hidden*buckets), B2: make([]float32, buckets)}
	rng := rand.New(rand.NewPCG(seed, 0x5a4b))
	for i := range m.W1 {
		m.W1[i] = float32(rng.Float64()*2-1) * 0.1
	}
	for i := range m.B1 {
		m.B1[i] = 0.1
	}
	scale := float32(1 / math.Sqrt(float64(2*hidden)))
	for i := range m.W2 {
		m.W2[i] = float32(rng.Float64()*2-1) * scale
	}
	m.M = make([]float32, m.paramCount())
	m.V = make([]float32, m.paramCount())
	m.BestHeldLoss = math.Inf(1)
	return m
}

// Quantise rounds the model into an inference net.
func (m *Model) Quantise() *nnue.Net {
	n := &nnue.Net{Variant: m.Variant, Inputs: m.Inputs, Hidden: m.Hidden, Buckets: m.Buckets,
		FT: make([]int16, len(m.W1)), FTBias: make([]int16, len(m.B1)), Out: make([]int16, len(m.W2)),
		OutBias: make([]int32, m.Buckets)}
	for i, w := range m.W1 {
		n.FT[i] = round16(w * nnue.QA)
	}
	for i, b := range m.B1 {
		n.FTBias[i] = round16(b * nnue.QA)
	}
	for i, w := range m.W2 {
		n.Out[i] = round16(w * nnue.QB)
	}
	for i, b := range m.B2 {
		n.OutBias[i] = int32(math.Round(float64(b) * nnue.QA * nnue.QB))
	}
	return n
}

func round16(x float32) int16 {
	r := math.Round(float64(x))
	return int16(min(max(r, math.MinInt16), math.MaxInt16))
}

// Save writes a checkpoint (weights, Adam state, progress).
func (m *Model) Save(path string) error {
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	if err := gob.NewEncoder(f).Encode(m); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// LoadModel reads a checkpoint.
func LoadModel(path string) (*Model, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var m Model
	if err := gob.NewDecoder(f).Decode(&m); err != nil {
		return nil, fmt.Errorf("%s: not a checkpoint: %v", path, err)
	}
	if m.Buckets < 1 || m.Buckets > nnue.MaxBuckets ||
		len(m.W1) != m.Inputs*m.Hidden || len(m.B1) != m.Hidden || len(m.W2) != 2*m.Hidden*m.Buckets || len(m.B2) != m.Buckets ||
		len(m.M) != m.paramCount() || len(m.V) != m.paramCount() || m.Inputs != nnue.Inputs(m.Variant) {
		return nil, fmt.Errorf("%s: inconsistent checkpoint", path)
	}
	return &m, nil
}

// Evaluate is the float model's output in centipawns for position i of s
// (tests compare it with the quantised net).
func (m *Model) Evaluate(s *Set, i int) float64 {
	h := m.Hidden
	acc := make([]float32, 2*h)
	out, _, _ := m.forward(s, i, acc)
	return float64(out) * nnue.Scale
}

// bucket is position i's output bucket.
func (m *Model) bucket(s *Set, i int) int {
	return nnue.Bucket(int(s.Start[i+1]-s.Start[i]), nnue.MaxPiecesOf(m.Variant), m.Buckets)
}

// forward fills acc (2*Hidden: side to move's accumulator, then the other)
// for position i and returns the raw output (centipawns / Scale) and the
// output bucket used.
func (m *Model) forward(s *Set, i int, acc []float32) (float32, []float32, int) {
	h := m.Hidden
	us, them := acc[:h], acc[h:2*h]
	copy(us, m.B1)
	copy(them, m.B1)
	lo, hi := s.Start[i], s.Start[i+1]
	for _, f := range s.Us[lo:hi] {
		row := m.W1[int(f)*h : int(f)*h+h]
		for j := range us {
			us[j] += row[j]
		}
	}
	for _, f := range s.Them[lo:hi] {
		row := m.W1[int(f)*h : int(f)*h+h]
		for j := range them {
			them[j] += row[j]
		}
	}
	b := m.bucket(s, i)
	out := m.B2[b]
	w2 := m.W2[2*h*b : 2*h*(b+1)]
	for j, a := range acc[:2*h] {
		c := min(max(a, 0), 1)
		out += c * c * w2[j]
	}
	return out, acc, b
}
