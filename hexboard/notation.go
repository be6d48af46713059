package hexboard

import (
	"fmt"
	"strings"

	"github.com/sakk-chess/sakk/game/move"
)

// MoveString writes a move in engine notation: from, to, and a lowercase
// promotion letter (f5f6, f10f11q, c7b7n). The null move is "0000".
func (p *Position) MoveString(m move.Move) string {
	return FormatMove(m)
}

// FormatMove writes a move in engine notation without needing a position.
func FormatMove(m move.Move) string {
	if m == move.None {
		return "0000"
	}
	s := CellName(m.From()) + CellName(m.To())
	if pr := m.Promotion(); pr != move.NoPiece {
		s += string(pr.Letter())
	}
	return s
}

// ParseMove reads a move in engine notation (optional "-" between the cells
// and "=" before the promotion letter) and checks it against the legal moves.
func (p *Position) ParseMove(s string) (move.Move, error) {
	from, to, promo, err := splitMove(s, false)
	if err != nil {
		return move.None, err
	}
	return p.findMove(s, from, to, promo)
}

// SAN writes a legal move for PGN. Glinski has no standard algebraic form in
// wide use, so it is the engine notation (f5f6, f10f11q).
func (p *Position) SAN(m move.Move) string { return p.MoveString(m) }

// ParseSAN reads a move written as SAN writes it, also accepting "-", "x"
// between the cells, "=" before the promotion letter, an uppercase promotion
// letter and a trailing "+", "#", "!" or "?".
func (p *Position) ParseSAN(s string) (move.Move, error) {
	from, to, promo, err := splitMove(strings.TrimRight(s, "+#!?"), true)
	if err != nil {
		return move.None, err
	}
	return p.findMove(s, from, to, promo)
}

func (p *Position) findMove(s string, from, to int, promo move.Piece) (move.Move, error) {
	var list move.List
	p.generate(&list, genAll, CellMask(from))
	for _, m := range list.Slice() {
		if m.To() == to && m.Promotion() == promo {
			return m, nil
		}
	}
	if promo == move.NoPiece && promotionMask[p.side].Has(to) && p.cells[from].piece() == move.Pawn {
		return move.None, fmt.Errorf("move %q: a promotion needs a piece letter (q, r, b, n)", s)
	}
	return move.None, fmt.Errorf("move %q is not legal here", s)
}

func joinWhy(what, why string) string {
	if why == "" {
		return what
	}
	return what + ": " + why
}

// splitMove reads cell, [-|x], cell, [=], [promotion letter]. Digits are taken
// greedily: a cell is a file letter and one or two digits.
func splitMove(s string, allowX bool) (from, to int, promo move.Piece, err error) {
	bad := func(why string) (int, int, move.Piece, error) {
		return NoCell, NoCell, move.NoPiece, fmt.Errorf("move %q: %s", s, why)
	}
	i := 0
	// readCell reads a cell name at i, or says why there is none.
	readCell := func() (int, string) {
		start := i
		if i >= len(s) || fileIndex(s[i]) < 0 {
			if i < len(s) && (s[i] == 'j' || s[i] == 'J') {
				return NoCell, "Glinski has no j-file (files a to i, k, l)"
			}
			return NoCell, ""
		}
		i++
		for i < len(s) && i-start < 3 && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		c, ok := ParseCell(s[start:i])
		if !ok {
			if i-start > 1 {
				f := fileIndex(s[start])
				return NoCell, fmt.Sprintf("Glinski has no cell %s (the %c-file runs %c1 to %c%d)",
					s[start:i], s[start], s[start], s[start], FileLength(f))
			}
			return NoCell, ""
		}
		return c, ""
	}
	var why string
	if from, why = readCell(); from == NoCell {
		return bad(joinWhy("no origin cell", why))
	}
	if i < len(s) && (s[i] == '-' || allowX && s[i] == 'x') {
		i++
	}
	if to, why = readCell(); to == NoCell {
		return bad(joinWhy("no destination cell", why))
	}
	if i < len(s) && s[i] == '=' {
		i++
		if i == len(s) {
			return bad("no piece after =")
		}
	}
	if i < len(s) {
		l := s[i]
		if l >= 'A' && l <= 'Z' {
			l += 'a' - 'A'
		}
		switch l {
		case 'q', 'r', 'b', 'n':
			promo = move.Piece(strings.IndexByte(pieceLetters, l))
		default:
			return bad("bad promotion letter")
		}
		i++
	}
	if i != len(s) {
		return bad("unexpected text after the move")
	}
	return from, to, promo, nil
}
