// Command genbench writes bench positions made by sakk's own play: each is
// a playout from the start position of a varied length (random moves mixed
// with shallow searches). The output is the same for the same seed and
// build:
//
//	go run ./bench/cmd/genbench -variant glinski -n 48 -seed 1 > bench/positions/glinski.epd
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/sakk-chess/sakk/bench/playout"
	"github.com/sakk-chess/sakk/game"
)

func main() {
	v := game.Glinski
	flag.Func("variant", "chess or glinski (default glinski)", func(name string) (err error) {
		v, err = game.ParseVariant(name)
		return err
	})
	count := flag.Int("n", 48, "positions to write")
	seed := flag.Uint64("seed", 1, "random seed")
	minPlies := flag.Int("min-plies", 4, "shortest playout")
	maxPlies := flag.Int("max-plies", 110, "longest playout")
	randomShare := flag.Float64("random", 0.2, "share of random moves")
	depth := flag.Int("depth", 3, "search depth for the other moves")
	flag.Parse()
	if *count < 1 || *minPlies < 0 || *maxPlies < *minPlies {
		fmt.Fprintln(os.Stderr, "genbench: need -n >= 1 and 0 <= -min-plies <= -max-plies")
		os.Exit(2)
	}
	player := playout.NewPlayer(*seed, *randomShare, *depth)
	fmt.Printf("# %s bench positions: go run ./bench/cmd/genbench -variant %s -n %d -seed %d -min-plies %d -max-plies %d -random %g -depth %d\n",
		v, v, *count, *seed, *minPlies, *maxPlies, *randomShare, *depth)
	for written, attempt := 0, 0; written < *count; attempt++ {
		// Lengths spread evenly over the range, so openings, middlegames
		// and endgames all appear.
		plies := *minPlies + written*(*maxPlies-*minPlies)/max(*count-1, 1)
		pos, err := player.Play(v, plies)
		if err != nil {
			fmt.Fprintln(os.Stderr, "genbench:", err)
			os.Exit(2)
		}
		if pos == nil {
			continue // the game ended early: play another
		}
		fmt.Printf("%s ; id \"playout %d, %d plies\"\n", pos.FEN(), attempt+1, plies)
		written++
	}
}
