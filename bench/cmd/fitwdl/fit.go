package main

import (
	"fmt"
	"io"
	"math"
	"sort"

	"github.com/sakk-chess/sakk/engine/wdl"
)

// logLikelihood is the weighted log-likelihood of the results under m.
func logLikelihood(m wdl.Model, samples []sample) float64 {
	const floor = 1e-9
	sum := 0.0
	for _, s := range samples {
		w, d, l := m.Probabilities(s.cp, s.share)
		sum += s.win*math.Log(max(w, floor)) + s.draw*math.Log(max(d, floor)) + s.loss*math.Log(max(l, floor))
	}
	return sum
}

// fit maximises the likelihood over (A0, A1, B0, B1) with Nelder-Mead from
// Stockfish-like starting values.
func fit(samples []sample, start int) wdl.Model {
	toModel := func(p [4]float64) wdl.Model {
		return wdl.Model{A0: p[0], A1: p[1], B0: p[2], B1: p[3], StartMaterial: start}
	}
	cost := func(p [4]float64) float64 {
		if p[2]+p[3]*wdl.MinShare < 1 || p[2]+p[3] < 1 {
			return math.Inf(1) // b must stay positive over the material range
		}
		return -logLikelihood(toModel(p), samples)
	}
	best := nelderMead(cost, [4]float64{200, 100, 80, 40}, [4]float64{50, 50, 20, 20}, 3000)
	return toModel(best)
}

// nelderMead minimises f from x0 with initial steps.
func nelderMead(f func([4]float64) float64, x0, step [4]float64, iterations int) [4]float64 {
	const n = 4
	type vertex struct {
		x [n]float64
		v float64
	}
	simplex := make([]vertex, n+1)
	simplex[0] = vertex{x0, f(x0)}
	for i := range n {
		x := x0
		x[i] += step[i]
		simplex[i+1] = vertex{x, f(x)}
	}
	combine := func(a [n]float64, b [n]float64, t float64) [n]float64 {
		var out [n]float64
		for i := range n {
			out[i] = a[i] + t*(b[i]-a[i])
		}
		return out
	}
	for range iterations {
		sort.Slice(simplex, func(i, j int) bool { return simplex[i].v < simplex[j].v })
		if math.Abs(simplex[n].v-simplex[0].v) < 1e-7*math.Abs(simplex[0].v) {
			break
		}
		var centroid [n]float64
		for _, s := range simplex[:n] {
			for i := range n {
				centroid[i] += s.x[i] / n
			}
		}
		worst := simplex[n]
		reflected := combine(centroid, worst.x, -1)
		fr := f(reflected)
		switch {
		case fr < simplex[0].v:
			expanded := combine(centroid, worst.x, -2)
			if fe := f(expanded); fe < fr {
				simplex[n] = vertex{expanded, fe}
			} else {
				simplex[n] = vertex{reflected, fr}
			}
		case fr < simplex[n-1].v:
			simplex[n] = vertex{reflected, fr}
		default:
			contracted := combine(centroid, worst.x, 0.5)
			if fc := f(contracted); fc < worst.v {
				simplex[n] = vertex{contracted, fc}
				continue
			}
			for i := 1; i <= n; i++ {
				x := combine(simplex[0].x, simplex[i].x, 0.5)
				simplex[i] = vertex{x, f(x)}
			}
		}
	}
	sort.Slice(simplex, func(i, j int) bool { return simplex[i].v < simplex[j].v })
	return simplex[0].x
}

// calibration prints observed against predicted results by score bucket.
func calibration(w io.Writer, m wdl.Model, samples []sample) {
	type bucket struct{ n, win, draw, loss, pw, pd, pl float64 }
	const width = 50
	buckets := map[int]*bucket{}
	for _, s := range samples {
		k := int(math.Floor(s.cp/width)) * width
		b := buckets[k]
		if b == nil {
			b = &bucket{}
			buckets[k] = b
		}
		pw, pd, pl := m.Probabilities(s.cp, s.share)
		b.n++
		b.win += s.win
		b.draw += s.draw
		b.loss += s.loss
		b.pw += pw
		b.pd += pd
		b.pl += pl
	}
	keys := make([]int, 0, len(buckets))
	for k := range buckets {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	fmt.Fprintln(w, "   score      n   observed W/D/L %    model W/D/L %")
	for _, k := range keys {
		b := buckets[k]
		if b.n < 200 || k < -600 || k >= 600 {
			continue
		}
		fmt.Fprintf(w, "%4d..%-4d %6.0f   %4.0f %4.0f %4.0f      %4.0f %4.0f %4.0f\n", k, k+width-1, b.n,
			100*b.win/b.n, 100*b.draw/b.n, 100*b.loss/b.n, 100*b.pw/b.n, 100*b.pd/b.n, 100*b.pl/b.n)
	}
}
