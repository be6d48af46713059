// Command bookplay sums self-play games (PGN from sakk match) by opening:
// White's score with its 95 % interval, the spread of White's score over
// openings, and the openings where one colour won every game
// (docs/glinski-openings.md):
//
//	go run ./bench/cmd/bookplay -min-games 4 -list /tmp/one-colour.epd pass1.pgn pass2.pgn
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/sakk-chess/sakk/bench/opengen"
	"github.com/sakk-chess/sakk/bench/pgn"
)

func main() {
	minGames := flag.Int("min-games", 2, "list an opening only when it has at least this many games, all won by one colour")
	list := flag.String("list", "", "write the listed openings to this EPD file")
	flag.Parse()
	if flag.NArg() == 0 || *minGames < 1 {
		fmt.Fprintln(os.Stderr, "usage: bookplay [-min-games N] [-list FILE] GAMES.pgn...")
		os.Exit(2)
	}
	if err := run(flag.Args(), *minGames, *list, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "bookplay:", err)
		os.Exit(2)
	}
}

func run(paths []string, minGames int, list string, out io.Writer) error {
	var games []pgn.Game
	for _, path := range paths {
		file, err := os.Open(path)
		if err != nil {
			return err
		}
		g, err := pgn.Read(bufio.NewReader(file))
		file.Close()
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		games = append(games, g...)
	}
	rep, err := opengen.ScorePlay(games)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "%d games from %d openings (%d with one game, %d unfinished games left out)\n",
		rep.Games, len(rep.Openings), rep.Incomplete, rep.Unfinished)
	fmt.Fprintf(out, "White +%d -%d =%d: White's score %.1f %% ± %.1f %% (95 %%, openings as samples)\n",
		rep.WhiteWins, rep.BlackWins, rep.Draws, 100*rep.WhiteScore, 100*rep.Margin95)
	fmt.Fprintf(out, "White's score per opening:")
	for _, k := range rep.SpreadKeys() {
		fmt.Fprintf(out, " %.3g: %d", k, rep.Spread[k])
	}
	fmt.Fprintln(out)
	fmt.Fprintf(out, "one colour won every game: White %d, Black %d openings (%.1f expected were the games independent)\n",
		rep.WhiteOnly, rep.BlackOnly, rep.ExpectedOneColour)
	var w io.Writer = io.Discard
	if list != "" {
		file, err := os.Create(list)
		if err != nil {
			return err
		}
		defer file.Close()
		w = file
	}
	for _, o := range rep.Openings {
		if (o.WhiteOnly || o.BlackOnly) && o.Games >= minGames {
			colour := "White"
			if o.BlackOnly {
				colour = "Black"
			}
			fmt.Fprintf(out, "  %s won all %d: %s\n", colour, o.Games, o.FEN)
			fmt.Fprintf(w, "%s ; c0 \"%s won all %d games\"\n", o.FEN, colour, o.Games)
		}
	}
	return nil
}
