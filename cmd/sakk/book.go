package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/sakk-chess/sakk/bench/pgn"
	"github.com/sakk-chess/sakk/engine/book"
	"github.com/sakk-chess/sakk/engine/variant"
	"github.com/sakk-chess/sakk/game"
	"github.com/sakk-chess/sakk/game/move"
)

func init() {
	register("book", "build an opening book (sakk text format, either game) from PGN games", runBook)
}

const bookUsage = `Usage:
  sakk book [--variant chess|glinski] [--plies N] [--min-games N] --out FILE GAMES.pgn...

Builds a sakk text book (the format BookFile reads, for either game) from
PGN games such as sakk match writes. Every move of the first N plies of a
game counts for its position with the mover's result: 4 for a win, 3 for
a Glinski stalemate given (3/4), 2 for a draw, 1 for a stalemate suffered,
0 for a loss. A position goes in the book when at least --min-games games
reached it, with the moves whose weight is above 0. Games lost by a
forfeit and games without a result are left out.

Options:
  --variant NAME   chess or glinski (default glinski); every game must be of it
  --plies N        plies of each game to take (default 16)
  --min-games N    games that must reach a position (default 2)
  --out FILE       the book to write

Exit codes: 0 written, 2 bad arguments or unreadable games.
`

func runBook(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("book")
	variantName := fs.String("variant", game.Glinski.String(), "")
	plies := fs.Int("plies", 16, "")
	minGames := fs.Int("min-games", 2, "")
	out := fs.String("out", "", "")
	err := fs.Parse(args)
	v, variantErr := game.ParseVariant(*variantName)
	switch {
	case errors.Is(err, flag.ErrHelp):
		fmt.Fprint(stdout, bookUsage)
		return exitOK
	case err != nil:
		return usageError(stderr, "sakk book", flagErrorText(fs, err))
	case variantErr != nil:
		return usageError(stderr, "sakk book", fmt.Sprintf("--variant must be chess or glinski, got %q", *variantName))
	case *plies < 1 || *minGames < 1:
		return usageError(stderr, "sakk book", "--plies and --min-games must be at least 1")
	case *out == "":
		return usageError(stderr, "sakk book", "--out FILE is needed")
	case fs.NArg() == 0:
		return usageError(stderr, "sakk book", "no PGN files given")
	}
	b := book.NewBuilder(v)
	games := 0
	for _, path := range fs.Args() {
		n, err := addGames(b, v, path, *plies)
		if err != nil {
			return usageError(stderr, "sakk book", err.Error())
		}
		games += n
	}
	f, err := os.Create(*out)
	if err != nil {
		return usageError(stderr, "sakk book", err.Error())
	}
	comment := fmt.Sprintf("built by sakk book --variant %s --plies %d --min-games %d from %d games", v, *plies, *minGames, games)
	positions, err := b.Write(f, *minGames, comment)
	if closeErr := f.Close(); err == nil {
		err = closeErr
	}
	if err != nil {
		return usageError(stderr, "sakk book", err.Error())
	}
	fmt.Fprintf(stdout, "%s: %d positions from %d games\n", *out, positions, games)
	return exitOK
}

// addGames adds the games of one PGN file and returns how many it used.
func addGames(b *book.Builder, variantName game.Variant, path string, plies int) (int, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	games, err := pgn.Read(f)
	if err != nil {
		return 0, fmt.Errorf("%s: %v", path, err)
	}
	used := 0
	for i := range games {
		g := &games[i]
		if strings.EqualFold(g.Tag("Variant"), "glinski") != (variantName == game.Glinski) {
			return 0, fmt.Errorf("%s: the game at line %d is not a %s game", path, g.Line, variantName)
		}
		points, ok := whitePoints(g)
		if !ok {
			continue
		}
		var pos game.Position
		pos, err = variant.Position(variantName, g.Tag("FEN"))
		if err != nil {
			return 0, fmt.Errorf("%s: game at line %d: %v", path, g.Line, err)
		}
		for ply, mv := range g.Moves {
			if ply >= plies {
				break
			}
			m, err := pos.ParseSAN(mv.Text)
			if err != nil {
				return 0, fmt.Errorf("%s: game at line %d, move %d %q: %v", path, g.Line, ply+1, mv.Text, err)
			}
			weight := points
			if pos.SideToMove() == move.Black {
				weight = 4 - points
			}
			b.Add(pos, pos.MoveString(m), uint32(weight))
			pos.Make(m)
		}
		used++
	}
	return used, nil
}

// whitePoints is White's result in quarter points (a Glinski stalemate is
// 3/4); ok is false for games to leave out.
func whitePoints(g *pgn.Game) (int, bool) {
	switch g.Tag("Termination") {
	case "rules infraction", "time forfeit", "abandoned":
		return 0, false
	}
	stalemate := g.Tag("GlinskiScore") != ""
	switch g.Result {
	case "1-0":
		if stalemate {
			return 3, true
		}
		return 4, true
	case "0-1":
		if stalemate {
			return 1, true
		}
		return 0, true
	case "1/2-1/2":
		return 2, true
	}
	return 0, false
}
