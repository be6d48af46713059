package main

import (
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"

	"github.com/sakk-chess/sakk/bench/pgn"
	"github.com/sakk-chess/sakk/engine/variant"
	"github.com/sakk-chess/sakk/engine/wdl"
	"github.com/sakk-chess/sakk/game"
	"github.com/sakk-chess/sakk/game/move"
)

// sample is one position: the mover's score, the material share and the
// mover's result as weights of win, draw and loss (summing to 1).
type sample struct {
	cp, share       float64
	win, draw, loss float64
}

type dataset struct {
	samples []sample
	games   int
	start   int // the start position's material
	engines map[string]bool
}

func (d *dataset) describe() string {
	names := make([]string, 0, len(d.engines))
	for n := range d.engines {
		names = append(names, n)
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}

// maxScore leaves out scores beyond which the game is decided anyway (and
// mates, which the model does not cover).
const maxScore = 2000

// load reads the games of one variant and turns every scored move into a
// sample. Games that ended by a forfeit or without a result are skipped.
func load(variantName game.Variant, paths []string) (*dataset, error) {
	startPos, err := variant.New(variantName)
	if err != nil {
		return nil, err
	}
	d := &dataset{start: wdl.Material(startPos.FEN()), engines: map[string]bool{}}
	for _, path := range paths {
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		games, err := pgn.Read(f)
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
		for i := range games {
			g := &games[i]
			if strings.EqualFold(g.Tag("Variant"), "glinski") != (variantName == game.Glinski) {
				return nil, fmt.Errorf("%s: game at line %d is not a %s game", path, g.Line, variantName)
			}
			white, ok := whiteResult(g)
			if !ok {
				continue
			}
			if err := d.addGame(variantName, g, white); err != nil {
				return nil, fmt.Errorf("%s: game at line %d: %v", path, g.Line, err)
			}
		}
	}
	return d, nil
}

// whiteResult is White's result as win/draw/loss weights. A Glinski
// stalemate (GlinskiScore 3/4-1/4) is worth 3/4 to the side that gave it:
// half a win and half a draw, so that the expected score W + D/2 is 3/4.
func whiteResult(g *pgn.Game) ([3]float64, bool) {
	switch g.Tag("Termination") {
	case "rules infraction", "time forfeit", "abandoned":
		return [3]float64{}, false
	}
	switch g.Result {
	case "1-0":
		if g.Tag("GlinskiScore") != "" {
			return [3]float64{0.5, 0.5, 0}, true
		}
		return [3]float64{1, 0, 0}, true
	case "0-1":
		if g.Tag("GlinskiScore") != "" {
			return [3]float64{0, 0.5, 0.5}, true
		}
		return [3]float64{0, 0, 1}, true
	case "1/2-1/2":
		return [3]float64{0, 1, 0}, true
	}
	return [3]float64{}, false
}

func (d *dataset) addGame(variantName game.Variant, g *pgn.Game, white [3]float64) error {
	pos, err := variant.Position(variantName, g.Tag("FEN"))
	if err != nil {
		return err
	}
	d.games++
	d.engines[g.Tag("White")] = true
	d.engines[g.Tag("Black")] = true
	for i, mv := range g.Moves {
		if cp, ok := commentScore(mv.Comment); ok && abs(cp) < maxScore {
			r := white
			if pos.SideToMove() == move.Black {
				r = [3]float64{white[2], white[1], white[0]}
			}
			d.samples = append(d.samples, sample{cp: float64(cp), share: float64(wdl.Material(pos.FEN())) / float64(d.start),
				win: r[0], draw: r[1], loss: r[2]})
		}
		m, err := pos.ParseSAN(mv.Text)
		if err != nil {
			return fmt.Errorf("move %d %s: %v", i+1, mv.Text, err)
		}
		pos.Make(m)
	}
	return nil
}

// commentScore reads cutechess's "+0.31/7 0.004s" (mate scores such as
// "+M5/9" are not read).
func commentScore(comment string) (int, bool) {
	text, _, ok := strings.Cut(strings.TrimSpace(comment), "/")
	if !ok || strings.ContainsAny(text, "Mm") {
		return 0, false
	}
	v, err := strconv.ParseFloat(text, 64)
	if err != nil {
		return 0, false
	}
	if v < 0 {
		return int(v*100 - 0.5), true
	}
	return int(v*100 + 0.5), true
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
