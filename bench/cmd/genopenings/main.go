// Command genopenings writes a balanced opening book made by sakk itself:
// short random openings, kept when a shallow search scores them within
// -margin centipawns. The output is the same for the same seed and build:
//
//	go run ./bench/cmd/genopenings -n 400 -seed 1 > bench/openings/glinski.epd
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
	count := flag.Int("n", 400, "openings to write")
	seed := flag.Uint64("seed", 1, "random seed")
	minPlies := flag.Int("min-plies", 6, "fewest random plies")
	maxPlies := flag.Int("max-plies", 10, "most random plies")
	depth := flag.Int("depth", 6, "depth of the search that scores an opening")
	margin := flag.Int("margin", 50, "largest |score| kept, in centipawns")
	flag.Parse()
	if *count < 1 || *minPlies < 1 || *maxPlies < *minPlies || *depth < 1 {
		fmt.Fprintln(os.Stderr, "genopenings: need -n, -min-plies, -depth >= 1 and -min-plies <= -max-plies")
		os.Exit(2)
	}
	player := playout.NewPlayer(*seed, 1, 0)
	seen := map[string]bool{}
	fmt.Printf("# %s openings: go run ./bench/cmd/genopenings -variant %s -n %d -seed %d -min-plies %d -max-plies %d -depth %d -margin %d\n",
		v, v, *count, *seed, *minPlies, *maxPlies, *depth, *margin)
	for written, tried := 0, 0; written < *count; tried++ {
		plies := *minPlies + player.Rng.IntN(*maxPlies-*minPlies+1)
		pos, err := player.PlayRandom(v, plies)
		if err != nil {
			fmt.Fprintln(os.Stderr, "genopenings:", err)
			os.Exit(2)
		}
		if pos == nil || seen[pos.FEN()] {
			continue
		}
		score, mate := player.Score(pos, *depth)
		if mate || score < -*margin || score > *margin {
			continue
		}
		seen[pos.FEN()] = true
		fmt.Printf("%s ; id \"sakk %d\"; c0 \"%+d cp at depth %d\"\n", pos.FEN(), written+1, score, *depth)
		written++
		if written%50 == 0 {
			fmt.Fprintf(os.Stderr, "genopenings: %d kept of %d tried\n", written, tried+1)
		}
	}
}
