package board

import (
	"fmt"
	"strings"

	"github.com/sakk-chess/sakk/game/move"
)

// Castling moves are stored with From = king square and To = castling rook
// square, in standard chess and Chess960 alike. In UCI notation they are
// written as the king's two-square step (e1g1) unless Chess960 notation is
// on, where the king takes its own rook (e1h1).

// castleKingTarget is where the king lands for a castling move.
func castleKingTarget(m move.Move) int {
	file := 2
	if castleSide(m.From(), m.To()) == castleKingSide {
		file = 6
	}
	return Square(file, Rank(m.From()))
}

// MoveString writes a move in UCI notation ("0000" for no move). Castling
// is the king's step, or king-takes-rook in Chess960 mode and wherever the
// step would read as a plain king move (some Chess960 positions).
func (p *Position) MoveString(m move.Move) string {
	if m == move.None {
		return "0000"
	}
	to := m.To()
	if m.IsCastle() && !p.chess960 {
		kingTo := castleKingTarget(m)
		step := move.New(m.From(), kingTo, move.King, p.squares[kingTo&63].piece(), move.NoPiece, 0)
		if !p.IsLegal(step) {
			to = kingTo
		}
	}
	s := SquareName(m.From()&63) + SquareName(to&63)
	if promo := m.Promotion(); promo != move.NoPiece {
		s += string(promo.Letter())
	}
	return s
}

// missingSquare finds, in text that reads as coordinates (a letter and one
// or two digits, twice), a name that is no square: "k1" or "g10" in a
// move meant for another board. "" when there is none.
func missingSquare(s string) string {
	for i := 0; i < len(s); {
		if s[i] < 'a' || s[i] > 'z' {
			return ""
		}
		j := i + 1
		for j < len(s) && j-i <= 2 && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		if j == i+1 {
			return "" // a promotion letter or text that is no coordinate
		}
		if _, ok := ParseSquare(s[i:j]); !ok {
			return s[i:j]
		}
		i = j
	}
	return ""
}

// ParseMove reads a UCI move and checks it against the legal moves. Castling
// is king-takes-rook in Chess960 mode; otherwise either the king's step or
// king-takes-rook (a plain king move wins if both read the same).
func (p *Position) ParseMove(s string) (move.Move, error) {
	if name := missingSquare(s); name != "" {
		return move.None, fmt.Errorf("move %q: chess has no square %s (files a to h, ranks 1 to 8)", s, name)
	}
	if len(s) != 4 && len(s) != 5 {
		return move.None, fmt.Errorf("move %q: want 4 or 5 characters like e2e4 or e7e8q", s)
	}
	from, okFrom := ParseSquare(s[0:2])
	to, okTo := ParseSquare(s[2:4])
	if !okFrom || !okTo {
		return move.None, fmt.Errorf("move %q: bad square", s)
	}
	promo := move.NoPiece
	if len(s) == 5 {
		switch s[4] | 0x20 {
		case 'n':
			promo = move.Knight
		case 'b':
			promo = move.Bishop
		case 'r':
			promo = move.Rook
		case 'q':
			promo = move.Queen
		default:
			return move.None, fmt.Errorf("move %q: bad promotion piece %q", s, s[4])
		}
	}
	var list move.List
	p.LegalMoves(&list)
	castle := move.None
	for _, m := range list.Slice() {
		if m.From() != from || m.Promotion() != promo {
			continue
		}
		switch {
		case !m.IsCastle():
			if m.To() == to {
				return m, nil
			}
		case m.To() == to || (!p.chess960 && castleKingTarget(m) == to):
			castle = m
		}
	}
	if castle != move.None {
		return castle, nil
	}
	return move.None, fmt.Errorf("move %q is not legal in %s", s, p.FEN())
}

// SAN writes a legal move in Standard Algebraic Notation (Nf3, exd5, O-O,
// e8=Q+, Raxd1#).
func (p *Position) SAN(m move.Move) string {
	var sb strings.Builder
	piece := m.Piece()
	switch {
	case m.IsCastle():
		if castleSide(m.From(), m.To()) == castleKingSide {
			sb.WriteString("O-O")
		} else {
			sb.WriteString("O-O-O")
		}
	case piece == move.Pawn:
		if m.IsCapture() {
			sb.WriteByte(byte('a' + File(m.From())))
			sb.WriteByte('x')
		}
		sb.WriteString(SquareName(m.To() & 63))
		if promo := m.Promotion(); promo != move.NoPiece {
			sb.WriteByte('=')
			sb.WriteByte(promo.Letter() - 'a' + 'A')
		}
	default:
		sb.WriteByte(piece.Letter() - 'a' + 'A')
		sb.WriteString(p.disambiguation(m))
		if m.IsCapture() {
			sb.WriteByte('x')
		}
		sb.WriteString(SquareName(m.To() & 63))
	}
	p.Make(m)
	if p.InCheck() {
		if p.CountLegal() == 0 {
			sb.WriteByte('#')
		} else {
			sb.WriteByte('+')
		}
	}
	p.Unmake()
	return sb.String()
}

// disambiguation is the file, rank or square needed to tell m from other
// legal moves of the same piece type to the same square.
func (p *Position) disambiguation(m move.Move) string {
	var list move.List
	p.LegalMoves(&list)
	others, sameFile, sameRank := 0, false, false
	for _, o := range list.Slice() {
		if o.Piece() != m.Piece() || o.To() != m.To() || o.From() == m.From() || o.IsCastle() {
			continue
		}
		others++
		sameFile = sameFile || File(o.From()) == File(m.From())
		sameRank = sameRank || Rank(o.From()) == Rank(m.From())
	}
	from := SquareName(m.From() & 63)
	switch {
	case others == 0:
		return ""
	case !sameFile:
		return from[:1]
	case !sameRank:
		return from[1:]
	}
	return from
}

// ParseSAN reads a move in SAN. It tolerates check and annotation marks
// (+ # ! ?), an "e.p." suffix, 0-0 for O-O, a missing or extra x, a missing
// = before the promotion piece and over-specified origins (Ng1f3).
func (p *Position) ParseSAN(s string) (move.Move, error) {
	text := strings.TrimSpace(s)
	text = strings.TrimSpace(strings.TrimSuffix(strings.TrimSuffix(text, "e.p."), "ep"))
	text = strings.TrimRight(text, "+#!?")
	if text == "" {
		return move.None, fmt.Errorf("san %q: empty move", s)
	}
	var list move.List
	p.LegalMoves(&list)
	switch strings.ReplaceAll(text, "0", "O") {
	case "O-O", "O-O-O":
		side := castleKingSide
		if len(text) == 5 {
			side = castleQueenSide
		}
		for _, m := range list.Slice() {
			if m.IsCastle() && castleSide(m.From(), m.To()) == side {
				return m, nil
			}
		}
		return move.None, fmt.Errorf("san %q: castling is not legal here", s)
	}

	piece := move.Pawn
	if i := strings.IndexByte("NBRQK", text[0]); i >= 0 {
		piece = move.Knight + move.Piece(i)
		text = text[1:]
	}
	promo := move.NoPiece
	if n := len(text); n >= 3 && piece == move.Pawn {
		if i := strings.IndexByte("NBRQnbrq", text[n-1]); i >= 0 && text[n-2] != 'x' {
			promo = move.Knight + move.Piece(i%4)
			text = strings.TrimSuffix(text[:n-1], "=")
		}
	}
	if len(text) < 2 {
		return move.None, fmt.Errorf("san %q: no destination square", s)
	}
	to, ok := ParseSquare(text[len(text)-2:])
	if !ok {
		return move.None, fmt.Errorf("san %q: bad destination square", s)
	}
	origin := strings.NewReplacer("x", "", "-", "", ":", "").Replace(text[:len(text)-2])
	fromFile, fromRank := -1, -1
	for i := 0; i < len(origin); i++ {
		switch ch := origin[i]; {
		case ch >= 'a' && ch <= 'h' && fromFile < 0:
			fromFile = int(ch - 'a')
		case ch >= '1' && ch <= '8' && fromRank < 0:
			fromRank = int(ch - '1')
		default:
			return move.None, fmt.Errorf("san %q: cannot read %q", s, origin)
		}
	}
	if piece == move.Pawn && fromFile < 0 {
		fromFile = File(to) // a plain pawn move stays on its file
	}
	found := move.None
	for _, m := range list.Slice() {
		if m.IsCastle() || m.Piece() != piece || m.To() != to || m.Promotion() != promo ||
			(fromFile >= 0 && File(m.From()) != fromFile) || (fromRank >= 0 && Rank(m.From()) != fromRank) {
			continue
		}
		if found != move.None {
			return move.None, fmt.Errorf("san %q is ambiguous in %s", s, p.FEN())
		}
		found = m
	}
	if found == move.None {
		return move.None, fmt.Errorf("san %q is not a legal move in %s", s, p.FEN())
	}
	return found, nil
}
