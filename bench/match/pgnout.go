package match

import (
	"io"
	"strconv"

	"github.com/sakk-chess/sakk/bench/pgn"
	"github.com/sakk-chess/sakk/game"
)

// PGNHeader holds the tags every game of a match shares.
type PGNHeader struct {
	Event, Site string
	TimeControl string
	Variant     game.Variant
}

// WritePGN writes a finished game: the seven tag roster, Variant for
// Glinski or Chess960 (Game.Chess960), FEN/SetUp when it did not start from
// the start position, GlinskiScore after a Glinski stalemate, then TimeControl, Termination and
// PlyCount. The reason the game ended closes the move text as a comment.
func WritePGN(w io.Writer, g *Game, header PGNHeader) error {
	out := &pgn.Game{Moves: g.Moves, Result: g.Result, Comment: g.Reason}
	out.SetTag("Event", header.Event)
	out.SetTag("Site", header.Site)
	out.SetTag("Date", g.Date.Format("2006.01.02"))
	out.SetTag("Round", strconv.Itoa(g.Number))
	out.SetTag("White", g.White)
	out.SetTag("Black", g.Black)
	out.SetTag("Result", g.Result)
	switch {
	case header.Variant == game.Glinski:
		out.SetTag("Variant", "Glinski")
	case g.Chess960:
		out.SetTag("Variant", "Chess960")
	}
	if g.StartFEN != "" {
		out.SetTag("FEN", g.StartFEN)
		out.SetTag("SetUp", "1")
	}
	if g.GlinskiScore != "" {
		out.SetTag("GlinskiScore", g.GlinskiScore)
	}
	out.SetTag("TimeControl", header.TimeControl)
	out.SetTag("Termination", g.Termination)
	out.SetTag("PlyCount", strconv.Itoa(len(g.Moves)))
	return pgn.Write(w, out, g.FirstMove, g.BlackFirst)
}
