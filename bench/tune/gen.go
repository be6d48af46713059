package main

import (
	"bufio"
	"cmp"
	"fmt"
	"io"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/sakk-chess/sakk/engine"
	"github.com/sakk-chess/sakk/engine/variant"
	"github.com/sakk-chess/sakk/game"
	"github.com/sakk-chess/sakk/game/move"
)

// genConfig says how to generate labelled positions by self-play.
type genConfig struct {
	variant     game.Variant
	games       int
	nodes       uint64 // per move
	randomPlies int    // random moves at the start of each game
	workers     int
	seed        uint64
	maxPlies    int
}

// record is one position of a game, labelled with the game's result later.
type record struct {
	fen  string
	side move.Color
}

// generate plays cfg.games self-play games and writes "FEN;result" lines
// (result from White's view) for the quiet positions of each game.
func generate(cfg genConfig, out io.Writer, log io.Writer) error {
	w := bufio.NewWriter(out)
	defer w.Flush()
	var mu sync.Mutex
	next, written := 0, 0
	var wg sync.WaitGroup
	var firstErr error
	start := time.Now()
	for id := 0; id < cfg.workers; id++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			e := engine.New()
			opts := e.Options()
			opts.HashMB = 8
			e.SetOptions(opts)
			for {
				mu.Lock()
				g := next
				next++
				mu.Unlock()
				if g >= cfg.games {
					return
				}
				rng := rand.New(rand.NewPCG(cfg.seed, uint64(g)))
				recs, result, err := playGame(e, cfg, rng)
				mu.Lock()
				if err != nil && firstErr == nil {
					firstErr = err
				}
				for _, r := range recs {
					fmt.Fprintf(w, "%s;%g\n", r.fen, result)
					written++
				}
				if (g+1)%20 == 0 {
					fmt.Fprintf(log, "%d games, %d positions, %v\n", g+1, written, time.Since(start).Round(time.Second))
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return firstErr
}

// playGame plays one game from the start position after a few random
// moves; it returns the recorded positions and White's result.
func playGame(e *engine.Engine, cfg genConfig, rng *rand.Rand) ([]record, float64, error) {
	pos, err := variant.New(cfg.variant)
	if err != nil {
		return nil, 0, err
	}
	var list move.List
	for i := 0; i < cfg.randomPlies; i++ {
		pos.LegalMoves(&list)
		if list.N == 0 {
			break
		}
		pos.Make(list.Moves[rng.IntN(list.N)])
	}
	e.NewGame()
	var recs []record
	winStreak, drawStreak := 0, 0
	for ply := 0; ; ply++ {
		if o := pos.Outcome(); o.Result != game.Ongoing {
			return recs, o.WhiteScore(cfg.variant), nil
		}
		if ply >= cfg.maxPlies {
			return recs, 0.5, nil
		}
		res := e.Search(pos, engine.Limits{Nodes: cfg.nodes}, nil)
		if res.Best == move.None {
			return recs, 0.5, nil
		}
		white := res.Score
		if res.MateIn != 0 {
			white = 10000 * cmp.Compare(res.MateIn, 0)
		}
		if pos.SideToMove() == move.Black {
			white = -white
		}
		// Adjudicate clear results and dead-level endings to save time.
		if white >= 1000 || white <= -1000 {
			if winStreak*cmp.Compare(white, 0) >= 0 {
				winStreak += cmp.Compare(white, 0)
			} else {
				winStreak = cmp.Compare(white, 0)
			}
		} else {
			winStreak = 0
		}
		if white > -15 && white < 15 && ply > 120 {
			drawStreak++
		} else {
			drawStreak = 0
		}
		switch {
		case winStreak >= 8:
			return recs, 1, nil
		case winStreak <= -8:
			return recs, 0, nil
		case drawStreak >= 20:
			return recs, 0.5, nil
		}
		if !pos.InCheck() && !res.Best.IsTactical() && white > -1500 && white < 1500 {
			recs = append(recs, record{pos.FEN(), pos.SideToMove()})
		}
		pos.Make(res.Best)
	}
}
