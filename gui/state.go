package gui

import (
	"github.com/sakk-chess/sakk/board"
	"github.com/sakk-chess/sakk/game"
	"github.com/sakk-chess/sakk/game/move"
	"github.com/sakk-chess/sakk/hexboard"
)

// State is everything the page shows of a session's game.
type State struct {
	Session       string            `json:"session"`
	Variant       string            `json:"variant"`
	Geometry      *Geometry         `json:"geometry"`
	FEN           string            `json:"fen"`
	StartFEN      string            `json:"startFen"`
	Pieces        map[string]string `json:"pieces"` // cell name -> FEN letter
	Side          string            `json:"side"`   // "w" or "b", to move
	Check         string            `json:"check"`  // the king's cell when in check
	Legal         []LegalMove       `json:"legal"`
	Moves         []PlayedMove      `json:"moves"`
	FirstMove     int               `json:"firstMove"` // full move number of the first move
	BlackFirst    bool              `json:"blackFirst"`
	Ply           int               `json:"ply"` // moves shown: the position after Moves[:Ply]
	Outcome       Outcome           `json:"outcome"`
	Searching     string            `json:"searching"` // "", "move" or "analyse"
	StalemateDraw bool              `json:"stalemateDraw"`
	Players       [2]string         `json:"players"`
	Gen           int               `json:"gen"` // changes whenever the shown position does
	// Version grows with every state the session hands out, so the page
	// can drop an answer that arrives after a newer event.
	Version uint64 `json:"version"`
}

// LegalMove is one way to move on the board: clicking From then To plays
// UCI (Promo is the promotion letter when the move promotes). A Chess960
// castling appears twice, onto the king's target and onto the rook.
type LegalMove struct {
	From  string `json:"from"`
	To    string `json:"to"`
	UCI   string `json:"uci"`
	Promo string `json:"promo,omitempty"`
}

// PlayedMove is one move of the game in PGN notation, with the cells to
// highlight.
type PlayedMove struct {
	SAN     string `json:"san"`
	UCI     string `json:"uci"`
	From    string `json:"from"`
	To      string `json:"to"`
	Comment string `json:"comment,omitempty"` // a replayed game's comment ({+0.31/12 0.123s})
}

// Outcome says whether and how the game ended.
type Outcome struct {
	Over         bool   `json:"over"`
	Result       string `json:"result"` // 1-0, 0-1, 1/2-1/2 or * (PGN)
	Reason       string `json:"reason"`
	GlinskiScore string `json:"glinskiScore,omitempty"` // 3/4-1/4 or 1/4-3/4
	Termination  string `json:"-"`
}

var colourNames = [2]string{"White", "Black"}

// outcomeOf judges a position by sakk's rules: mate, stalemate (Glinski's
// 3/4 unless stalemateDraw), threefold repetition, fifty moves, dead
// position.
func outcomeOf(pos game.Position, stalemateDraw bool) Outcome {
	o := pos.Outcome()
	winner := int(o.Winner & 1)
	decisive := [2]string{"1-0", "0-1"}
	switch o.Result {
	case game.Checkmate:
		return Outcome{Over: true, Result: decisive[winner], Reason: colourNames[winner] + " mates", Termination: "normal"}
	case game.Stalemate:
		if pos.Variant() != game.Glinski || stalemateDraw {
			return Outcome{Over: true, Result: "1/2-1/2", Reason: "Draw by stalemate", Termination: "normal"}
		}
		score := [2]string{"3/4-1/4", "1/4-3/4"}[winner]
		return Outcome{Over: true, Result: decisive[winner], GlinskiScore: score, Termination: "normal",
			Reason: "Stalemate: " + colourNames[winner] + " scores 3/4 (" + score + ")"}
	case game.Repetition:
		return Outcome{Over: true, Result: "1/2-1/2", Reason: "Draw by threefold repetition", Termination: "normal"}
	case game.FiftyMoves:
		return Outcome{Over: true, Result: "1/2-1/2", Reason: "Draw by the fifty-move rule", Termination: "normal"}
	case game.DeadPosition:
		return Outcome{Over: true, Result: "1/2-1/2", Reason: "Draw: neither side can mate (dead position)", Termination: "normal"}
	}
	return Outcome{Result: "*"}
}

// cellName names a square or cell of the position's board.
func cellName(pos game.Position, c int) string {
	if pos.Variant() == game.Glinski {
		return hexboard.CellName(c)
	}
	return board.SquareName(c)
}

// moveCells are the cells to highlight for a move: a castling king moves
// from its square to its target square.
func moveCells(pos game.Position, m move.Move) (from, to string) {
	from, to = cellName(pos, m.From()), cellName(pos, m.To())
	if m.IsCastle() {
		to = cellName(pos, castleTarget(m))
	}
	return from, to
}

// castleTarget is where a castling king lands (c- or g-file of its rank).
func castleTarget(m move.Move) int {
	file := 2
	if board.File(m.To()) > board.File(m.From()) {
		file = 6
	}
	return board.Square(file, board.Rank(m.From()))
}

// piecesOf maps each occupied cell to its FEN letter.
func piecesOf(pos game.Position) map[string]string {
	pieces := map[string]string{}
	add := func(name string, pt move.Piece, c move.Color) {
		if pt == move.NoPiece {
			return
		}
		letter := pt.Letter()
		if c == move.White {
			letter -= 'a' - 'A'
		}
		pieces[name] = string(letter)
	}
	switch p := pos.(type) {
	case *board.Position:
		for sq := 0; sq < 64; sq++ {
			pt, c := p.PieceAt(sq)
			add(board.SquareName(sq), pt, c)
		}
	case *hexboard.Position:
		for c := 0; c < hexboard.NumCells; c++ {
			pt, col := p.PieceAt(c)
			add(hexboard.CellName(c), pt, col)
		}
	}
	return pieces
}

// checkedKing is the cell of the side to move's king when it is in check.
func checkedKing(pos game.Position) string {
	if !pos.InCheck() {
		return ""
	}
	switch p := pos.(type) {
	case *board.Position:
		return board.SquareName(p.KingSquare(p.SideToMove()))
	case *hexboard.Position:
		return hexboard.CellName(p.KingCell(p.SideToMove()))
	}
	return ""
}

// legalMoves lists the position's moves as the board offers them.
func legalMoves(pos game.Position) []LegalMove {
	var list move.List
	pos.LegalMoves(&list)
	out := make([]LegalMove, 0, list.N+4)
	plain := map[[2]string]bool{}
	for _, m := range list.Slice() {
		if !m.IsCastle() {
			plain[[2]string{cellName(pos, m.From()), cellName(pos, m.To())}] = true
		}
	}
	for _, m := range list.Slice() {
		from, to := cellName(pos, m.From()), cellName(pos, m.To())
		lm := LegalMove{From: from, To: to, UCI: pos.MoveString(m)}
		if promo := m.Promotion(); promo != move.NoPiece {
			lm.Promo = string(promo.Letter())
		}
		if !m.IsCastle() {
			out = append(out, lm)
			continue
		}
		// King takes own rook always reads as castling; the king's target
		// square too, unless a plain king move goes there.
		lm.UCI = from + to
		out = append(out, lm)
		if target := cellName(pos, castleTarget(m)); target != from && target != to && !plain[[2]string{from, target}] {
			out = append(out, LegalMove{From: from, To: target, UCI: lm.UCI})
		}
	}
	return out
}

func sideName(c move.Color) string {
	if c == move.White {
		return "w"
	}
	return "b"
}
