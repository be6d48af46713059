// Package openings reads opening books for sakk match (EPD positions or PGN
// move sequences, for either variant), checking every position and move with
// sakk's own move generator, and carries sakk's own Glinski book.
package openings

import (
	"bufio"
	_ "embed"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/sakk-chess/sakk/bench/pgn"
	"github.com/sakk-chess/sakk/engine/variant"
	"github.com/sakk-chess/sakk/game"
)

// Opening is a start for a game: a position (FEN "" for the variant's start
// position) and book moves in UCI notation to play from it.
type Opening struct {
	FEN   string
	Moves []string
	Line  int // where it was read (1-based), for messages
}

// Position builds the opening's position before its book moves.
func (o Opening) Position(v game.Variant) (game.Position, error) {
	return variant.Position(v, o.FEN)
}

//go:embed glinski.epd
var glinskiBook string

// GlinskiBookName is the pseudo file name that selects the built-in book.
const GlinskiBookName = "builtin:glinski"

// Glinski returns sakk's own Glinski book, made by bench/cmd/genopenings
// (docs/glinski-openings.md).
func Glinski() ([]Opening, error) {
	return Read(strings.NewReader(glinskiBook), "epd", game.Glinski, 0)
}

// Load reads a book file; format is "epd", "pgn" or "" (from the file's
// extension). plies > 0 keeps only the first plies book moves of PGN lines.
func Load(path, format string, v game.Variant, plies int) ([]Opening, error) {
	if path == GlinskiBookName {
		return Glinski()
	}
	if format == "" {
		format = strings.TrimPrefix(strings.ToLower(filepath.Ext(path)), ".")
	}
	file, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	book, err := Read(file, format, v, plies)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return book, nil
}

// Read parses a book. Every line (EPD) or game (PGN) is checked; the first
// bad one stops the reading with an error naming its line.
func Read(r io.Reader, format string, v game.Variant, plies int) ([]Opening, error) {
	var book []Opening
	var err error
	switch strings.ToLower(format) {
	case "epd", "fen":
		book, err = readEPD(r, v)
	case "pgn":
		book, err = readPGN(r, v, plies)
	default:
		return nil, fmt.Errorf("unknown opening format %q (epd or pgn)", format)
	}
	if err == nil && len(book) == 0 {
		err = fmt.Errorf("no openings found")
	}
	return book, err
}

func readEPD(r io.Reader, v game.Variant) ([]Opening, error) {
	var book []Opening
	scanner := bufio.NewScanner(r)
	scanner.Buffer(make([]byte, 64*1024), 1024*1024)
	for line := 1; scanner.Scan(); line++ {
		text := strings.TrimSpace(scanner.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		fen := positionFields(text, v)
		pos, err := variant.FromFEN(v, fen)
		if err != nil {
			return nil, fmt.Errorf("line %d: %q: %w", line, text, err)
		}
		if err := playable(pos); err != nil {
			return nil, fmt.Errorf("line %d: %q: %w", line, text, err)
		}
		book = append(book, Opening{FEN: pos.FEN(), Line: line})
	}
	return book, scanner.Err()
}

// positionFields cuts the EPD operations off a line: the variant's fixed
// position fields (4 for chess, 3 for Glinski: board, side, ep), plus the two
// move counters when they follow.
func positionFields(text string, v game.Variant) string {
	text, _, _ = strings.Cut(text, ";")
	fields := strings.Fields(text)
	core := 4
	if v == game.Glinski {
		core = 3
	}
	if len(fields) <= core {
		return strings.Join(fields, " ")
	}
	n := core
	for n < len(fields) && n < core+2 && isCounter(fields[n]) {
		n++
	}
	if n == core+1 { // a halfmove clock alone: keep the position fields only
		n = core
	}
	return strings.Join(fields[:n], " ")
}

func isCounter(s string) bool {
	_, err := strconv.Atoi(s)
	return err == nil
}

// playable rejects positions where the game is already over.
func playable(pos game.Position) error {
	if outcome := pos.Outcome(); outcome.Result != game.Ongoing {
		return fmt.Errorf("the game is already over (%s)", outcome.Result)
	}
	return nil
}

func readPGN(r io.Reader, v game.Variant, plies int) ([]Opening, error) {
	games, err := pgn.Read(r)
	if err != nil {
		return nil, err
	}
	book := make([]Opening, 0, len(games))
	for _, g := range games {
		opening, err := pgnOpening(g, v, plies)
		if err != nil {
			return nil, fmt.Errorf("game at line %d: %w", g.Line, err)
		}
		book = append(book, opening)
	}
	return book, nil
}

func pgnOpening(g pgn.Game, v game.Variant, plies int) (Opening, error) {
	opening := Opening{FEN: g.Tag("FEN"), Line: g.Line}
	pos, err := opening.Position(v)
	if err != nil {
		return opening, err
	}
	if opening.FEN != "" {
		opening.FEN = pos.FEN()
	}
	for i, m := range g.Moves {
		if plies > 0 && i >= plies {
			break
		}
		mv, err := pos.ParseSAN(m.Text)
		if err != nil {
			return opening, fmt.Errorf("move %d %q: %w", i+1, m.Text, err)
		}
		opening.Moves = append(opening.Moves, pos.MoveString(mv))
		pos.Make(mv)
	}
	return opening, playable(pos)
}
