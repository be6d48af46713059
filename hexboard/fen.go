package hexboard

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/sakk-chess/sakk/game"
	"github.com/sakk-chess/sakk/game/move"
)

// rankCells lists the cells of rank r (1..11) from file a to file l, in the
// order a hex FEN group names them.
func rankCells(r int) []int {
	var out []int
	for f := 0; f < NumFiles; f++ {
		if c := CellAt(f, r); c != NoCell {
			out = append(out, c)
		}
	}
	return out
}

var fenRanks [12][]int

func init() {
	for r := 1; r <= 11; r++ {
		fenRanks[r] = rankCells(r)
	}
}

const pieceLetters = " pnbrqk"

// FromFEN reads a position in hex FEN (described in docs/glinski.md).
func FromFEN(s string) (*Position, error) {
	p := &Position{}
	if err := p.parseFEN(s); err != nil {
		return nil, err
	}
	return p, nil
}

// SetFEN replaces the position (and clears the history); on error the position
// is unchanged.
func (p *Position) SetFEN(s string) error {
	q, err := FromFEN(s)
	if err != nil {
		return err
	}
	*p = *q
	return nil
}

// parseFEN fills the empty position p from s.
func (p *Position) parseFEN(s string) error {
	fields := strings.Fields(s)
	if len(fields) == 6 && fields[2] == "-" { // jaycoskey's castling placeholder
		fields = append(fields[:2], fields[3:]...)
	}
	if len(fields) == 0 {
		return errors.New("hex FEN: empty")
	}
	if len(fields) > 5 {
		return fmt.Errorf("hex FEN: %d fields, want at most 5", len(fields))
	}
	defaults := []string{"", "w", "-", "0", "1"}
	fields = append(fields, defaults[len(fields):]...)
	p.ep = NoCell
	if err := p.parseBoard(fields[0]); err != nil {
		return err
	}
	switch fields[1] {
	case "w":
		p.side = move.White
	case "b":
		p.side = move.Black
	default:
		return fmt.Errorf("hex FEN: side to move %q, want w or b", fields[1])
	}
	if err := p.parseEnPassant(fields[2]); err != nil {
		return err
	}
	var err error
	if p.halfmove, err = parseClock(fields[3], 0, "halfmove clock"); err != nil {
		return err
	}
	if p.fullmove, err = parseClock(fields[4], 1, "fullmove number"); err != nil {
		return err
	}
	if p.attackedBy(p.side, p.kings[p.side^1], p.Occupied()) {
		return errors.New("hex FEN: the side not to move is in check")
	}
	p.checkers = p.computeCheckers()
	p.key = p.ComputeKey()
	return nil
}

func (p *Position) parseBoard(board string) error {
	groups := strings.Split(board, "/")
	if len(groups) != 11 {
		return fmt.Errorf("hex FEN: board has %d groups, want 11", len(groups))
	}
	for i, g := range groups {
		if err := p.parseGroup(g, fenRanks[11-i]); err != nil {
			return fmt.Errorf("hex FEN: group %d (rank %d): %w", i+1, 11-i, err)
		}
	}
	for c := move.White; c <= move.Black; c++ {
		if n := p.counts[c][move.King]; n != 1 {
			return fmt.Errorf("hex FEN: %s has %d kings, want exactly 1", colorName(c), n)
		}
		p.kings[c] = p.Pieces(c, move.King).Lowest()
		if pawns := p.Pieces(c, move.Pawn).And(promotionMask[c]); pawns.Any() {
			return fmt.Errorf("hex FEN: %s pawn on its last cell %s", colorName(c), CellName(pawns.Lowest()))
		}
		if err := p.checkMaterial(c); err != nil {
			return err
		}
	}
	return nil
}

// startCounts is each side's material at the start, by piece type.
var startCounts = [7]int{0, 9, 2, 3, 2, 1, 1}

// checkMaterial rejects material no game can reach: more than 9 pawns, or
// more extra pieces than pawns that could have promoted. This also bounds the
// number of legal moves below move.MaxMoves.
func (p *Position) checkMaterial(c move.Color) error {
	pawns := p.counts[c][move.Pawn]
	if pawns > startCounts[move.Pawn] {
		return fmt.Errorf("hex FEN: %s has %d pawns, at most 9", colorName(c), pawns)
	}
	promoted := 0
	for pt := move.Knight; pt <= move.Queen; pt++ {
		promoted += max(0, p.counts[c][pt]-startCounts[pt])
	}
	if promoted > startCounts[move.Pawn]-pawns {
		return fmt.Errorf("hex FEN: %s has %d promoted pieces but only %d pawns could have promoted",
			colorName(c), promoted, startCounts[move.Pawn]-pawns)
	}
	return nil
}

func (p *Position) parseGroup(g string, cells []int) error {
	n := 0
	for i := 0; i < len(g); {
		ch := g[i]
		if ch >= '0' && ch <= '9' {
			j := i
			for j < len(g) && g[j] >= '0' && g[j] <= '9' {
				j++
			}
			run, err := strconv.Atoi(g[i:j])
			if err != nil || g[i] == '0' || run > len(cells)-n {
				return fmt.Errorf("empty run %q does not fit in %d cells", g[i:j], len(cells))
			}
			n += run
			i = j
			continue
		}
		pt, c, ok := pieceFromLetter(ch)
		if !ok {
			return fmt.Errorf("bad piece letter %q", ch)
		}
		if n >= len(cells) {
			return fmt.Errorf("more than %d cells", len(cells))
		}
		p.putPiece(pt, c, cells[n])
		n++
		i++
	}
	if n != len(cells) {
		return fmt.Errorf("%d cells, want %d", n, len(cells))
	}
	return nil
}

func pieceFromLetter(ch byte) (move.Piece, move.Color, bool) {
	c := move.White
	if ch >= 'a' && ch <= 'z' {
		c = move.Black
		ch -= 'a' - 'A'
	}
	i := strings.IndexByte(" PNBRQK", ch)
	if i < 1 {
		return move.NoPiece, c, false
	}
	return move.Piece(i), c, true
}

func colorName(c move.Color) string {
	if c == move.White {
		return "White"
	}
	return "Black"
}

// parseEnPassant checks that the ep cell fits a double step just made by the
// side not to move: right cell, empty, its pawn beyond it, its start cell empty.
func (p *Position) parseEnPassant(s string) error {
	if s == "-" {
		return nil
	}
	cell, ok := ParseCell(s)
	if !ok {
		return fmt.Errorf("hex FEN: en passant cell %q is not a cell", s)
	}
	mover := p.side ^ 1
	start := int(pawnStep[mover^1][cell])
	pawnCell := int(pawnStep[mover][cell])
	switch {
	case start == NoCell || !pawnStart[mover].Has(start):
		return fmt.Errorf("hex FEN: en passant cell %s cannot follow a %s double step", s, colorName(mover))
	case p.cells[cell] != 0:
		return fmt.Errorf("hex FEN: en passant cell %s is occupied", s)
	case pawnCell == NoCell || p.cells[pawnCell] != makeContent(move.Pawn, mover):
		return fmt.Errorf("hex FEN: en passant cell %s has no %s pawn beyond it", s, colorName(mover))
	case p.cells[start] != 0:
		return fmt.Errorf("hex FEN: en passant cell %s: the double step's start cell %s is occupied", s, CellName(start))
	}
	p.ep = cell
	return nil
}

func parseClock(s string, min int, name string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < min || n > game.MaxHalfmoveClock || s[0] < '0' || s[0] > '9' {
		return 0, fmt.Errorf("hex FEN: bad %s %q", name, s)
	}
	return n, nil
}

// FEN writes the position in hex FEN. The ep cell is written after every
// double step, as hexchess.club does.
func (p *Position) FEN() string {
	var b strings.Builder
	for r := 11; r >= 1; r-- {
		empty := 0
		for _, c := range fenRanks[r] {
			x := p.cells[c]
			if x == 0 {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			b.WriteByte(pieceLetter(x))
		}
		if empty > 0 {
			b.WriteString(strconv.Itoa(empty))
		}
		if r > 1 {
			b.WriteByte('/')
		}
	}
	b.WriteString([]string{" w ", " b "}[p.side])
	b.WriteString(CellName(p.ep))
	b.WriteString(" " + strconv.Itoa(p.halfmove) + " " + strconv.Itoa(p.fullmove))
	return b.String()
}

func pieceLetter(x content) byte {
	l := pieceLetters[x.piece()]
	if x.color() == move.White {
		l -= 'a' - 'A'
	}
	return l
}
