package main

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
)

// fitConfig says how to fit the weights.
type fitConfig struct {
	epochs       int
	rate         float64  // Adam step size, centipawns
	lambda       float64  // L2 pull toward the starting weights, per cp²
	tableLambda  float64  // the same for the tables named in tables; < 0: use lambda
	tables       []string // weight terms that get tableLambda
	holdout      float64  // share of the data kept out to measure overfitting
	seed         uint64
	freezeGroups []string // weight terms left unchanged
}

// loadSamples reads "FEN;result" lines into samples.
func loadSamples(m *model, paths []string) ([]sample, error) {
	var out []sample
	for _, path := range paths {
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		sc := bufio.NewScanner(f)
		for line := 1; sc.Scan(); line++ {
			text := strings.TrimSpace(sc.Text())
			if text == "" || text[0] == '#' {
				continue
			}
			fen, res, ok := strings.Cut(text, ";")
			if !ok {
				f.Close()
				return nil, fmt.Errorf("%s:%d: want FEN;result", path, line)
			}
			r, err := strconv.ParseFloat(strings.TrimSpace(res), 64)
			if err != nil || r < 0 || r > 1 {
				f.Close()
				return nil, fmt.Errorf("%s:%d: bad result %q", path, line, res)
			}
			fs, mgF, egF, err := m.features(strings.TrimSpace(fen))
			if err != nil {
				f.Close()
				return nil, fmt.Errorf("%s:%d: %v", path, line, err)
			}
			out = append(out, sample{features: fs, mgFactor: mgF, egFactor: egF, result: float32(r)})
		}
		f.Close()
		if err := sc.Err(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// params are the weights as floats: mg of weight i at 2i, eg at 2i+1.
type params []float64

func currentParams(m *model) params {
	p := make(params, 2*m.numWeights)
	for i := 0; i < m.numWeights; i++ {
		mg, eg := m.get(i)
		p[2*i], p[2*i+1] = float64(mg), float64(eg)
	}
	return p
}

func (p params) eval(s *sample) float64 {
	mg, eg := 0.0, 0.0
	for _, f := range s.features {
		mg += float64(f.coef) * p[2*f.index]
		eg += float64(f.coef) * p[2*f.index+1]
	}
	return mg*float64(s.mgFactor) + eg*float64(s.egFactor)
}

func sigmoid(k, e float64) float64 { return 1 / (1 + math.Pow(10, -k*e/400)) }

// loss is the mean squared error between the sigmoid of the evaluation and
// the result.
func loss(p params, k float64, data []sample) float64 {
	sum := 0.0
	for i := range data {
		d := float64(data[i].result) - sigmoid(k, p.eval(&data[i]))
		sum += d * d
	}
	return sum / float64(len(data))
}

// fitK finds the sigmoid scale that best fits the current weights (golden
// section search).
func fitK(p params, data []sample) float64 {
	lo, hi := 0.05, 4.0
	g := (math.Sqrt(5) - 1) / 2
	a, b := hi-g*(hi-lo), lo+g*(hi-lo)
	fa, fb := loss(p, a, data), loss(p, b, data)
	for hi-lo > 1e-4 {
		if fa < fb {
			hi, b, fb = b, a, fa
			a = hi - g*(hi-lo)
			fa = loss(p, a, data)
		} else {
			lo, a, fa = a, b, fb
			b = lo + g*(hi-lo)
			fb = loss(p, b, data)
		}
	}
	return (lo + hi) / 2
}

// fit runs full-batch Adam on the regularised loss and returns the weights.
func fit(m *model, data []sample, cfg fitConfig, log io.Writer) (params, error) {
	if len(data) < 100 {
		return nil, fmt.Errorf("only %d positions: too few to tune", len(data))
	}
	test, train := splitByBlocks(data, cfg.holdout, cfg.seed)

	start := currentParams(m)
	p := append(params(nil), start...)
	k := fitK(p, train)
	fmt.Fprintf(log, "%d training, %d held-out positions; K = %.4f\n", len(train), len(test), k)
	fmt.Fprintf(log, "start: train loss %.6f, held-out loss %.6f\n", loss(p, k, train), lossOrNaN(p, k, test))

	frozen := make([]bool, len(p))
	lambda := make([]float64, len(p))
	for _, t := range termRanges(m) {
		l := cfg.lambda
		if slices.Contains(cfg.tables, t.Name) && cfg.tableLambda >= 0 {
			l = cfg.tableLambda
		}
		for i := 2 * t.Start; i < 2*t.End; i++ {
			lambda[i] = l
		}
		for _, name := range cfg.freezeGroups {
			if t.Name == name {
				for i := t.Start; i < t.End; i++ {
					frozen[2*i], frozen[2*i+1] = true, true
				}
			}
		}
	}

	grad := make([]float64, len(p))
	mom, vel := make([]float64, len(p)), make([]float64, len(p))
	const beta1, beta2, eps = 0.9, 0.999, 1e-8
	dsig := k * math.Ln10 / 400
	for epoch := 1; epoch <= cfg.epochs; epoch++ {
		clear(grad)
		for i := range train {
			s := &train[i]
			sig := sigmoid(k, p.eval(s))
			// d(loss)/d(eval) for this sample, then spread over its features.
			g := -2 * (float64(s.result) - sig) * sig * (1 - sig) * dsig / float64(len(train))
			gm, ge := g*float64(s.mgFactor), g*float64(s.egFactor)
			for _, f := range s.features {
				grad[2*f.index] += gm * float64(f.coef)
				grad[2*f.index+1] += ge * float64(f.coef)
			}
		}
		for i := range p {
			if frozen[i] {
				continue
			}
			g := grad[i] + 2*lambda[i]*(p[i]-start[i])
			mom[i] = beta1*mom[i] + (1-beta1)*g
			vel[i] = beta2*vel[i] + (1-beta2)*g*g
			mHat := mom[i] / (1 - math.Pow(beta1, float64(epoch)))
			vHat := vel[i] / (1 - math.Pow(beta2, float64(epoch)))
			p[i] -= cfg.rate * mHat / (math.Sqrt(vHat) + eps)
		}
		if epoch%100 == 0 || epoch == cfg.epochs {
			fmt.Fprintf(log, "epoch %d: train loss %.6f, held-out loss %.6f\n", epoch, loss(p, k, train), lossOrNaN(p, k, test))
		}
	}
	return p, nil
}

func lossOrNaN(p params, k float64, data []sample) float64 {
	if len(data) == 0 {
		return math.NaN()
	}
	return loss(p, k, data)
}

// apply rounds the weights and stores them in the board's Weights.
func apply(m *model, p params) {
	for i := 0; i < m.numWeights; i++ {
		m.set(i, clampWeight(p[2*i]), clampWeight(p[2*i+1]))
	}
}

func clampWeight(x float64) int {
	return int(math.Round(math.Max(-30000, math.Min(30000, x))))
}

// holdoutBlock is how many consecutive positions go to the same side of the
// split: positions of one game are written together and are too alike to
// measure overfitting with, so whole runs of games are held out.
const holdoutBlock = 500

// splitByBlocks holds out a share of the data in blocks of consecutive
// positions, chosen at random.
func splitByBlocks(data []sample, share float64, seed uint64) (test, train []sample) {
	rng := rand.New(rand.NewPCG(seed, 7))
	for start := 0; start < len(data); start += holdoutBlock {
		block := data[start:min(start+holdoutBlock, len(data))]
		if rng.Float64() < share {
			test = append(test, block...)
		} else {
			train = append(train, block...)
		}
	}
	return test, train
}
