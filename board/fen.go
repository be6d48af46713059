package board

import (
	"errors"
	"fmt"
	"strings"

	"github.com/sakk-chess/sakk/game"
	"github.com/sakk-chess/sakk/game/move"
)

// pieceLetters maps a content to its FEN letter.
const pieceLetters = " PNBRQK  pnbrqk"

func pieceFromLetter(ch byte) (content, bool) {
	i := strings.IndexByte(pieceLetters, ch)
	if i <= 0 || ch == ' ' {
		return noContent, false
	}
	return content(i), true
}

var colorNames = [2]string{"white", "black"}

// SetFEN replaces the position with the one described by fen: six fields, or
// four (EPD style; the clocks default to 0 and 1). The castling field takes
// KQkq (X-FEN: K/Q mean the outermost rook on that side) or Shredder-FEN file
// letters (HAha). The history is cleared. On error the position is unchanged.
func (p *Position) SetFEN(fen string) error {
	oldPlacement, oldState := p.placement, p.states[0]
	oldSp, oldGamePly, oldRootPly := p.sp, p.gamePly, p.rootPly
	p.placement = placement{chess960: oldPlacement.chess960}
	p.sp, p.gamePly = 0, 0
	p.states[0] = state{}
	if err := p.parseFEN(fen); err != nil {
		p.placement, p.states[0] = oldPlacement, oldState
		p.sp, p.gamePly, p.rootPly = oldSp, oldGamePly, oldRootPly
		return fmt.Errorf("fen %q: %w", fen, err)
	}
	return nil
}

func (p *Position) parseFEN(fen string) error {
	fields := strings.Fields(fen)
	if len(fields) != 4 && len(fields) != 6 {
		return fmt.Errorf("want 6 fields (or 4, EPD style), got %d", len(fields))
	}
	if err := p.parsePlacement(fields[0]); err != nil {
		return err
	}
	switch fields[1] {
	case "w":
		p.side = move.White
	case "b":
		p.side = move.Black
	default:
		return fmt.Errorf("side to move %q is not w or b", fields[1])
	}
	st := p.st()
	st.epSquare = NoSquare
	castling, err := p.parseCastling(fields[2])
	if err != nil {
		return err
	}
	st.castling = castling
	ep, err := p.parseEnPassant(fields[3])
	if err != nil {
		return err
	}
	halfmove, fullmove := 0, 1
	if len(fields) == 6 {
		if halfmove, err = parseClock(fields[4], 0, game.MaxHalfmoveClock); err != nil {
			return fmt.Errorf("bad halfmove clock %q (want 0..%d)", fields[4], game.MaxHalfmoveClock)
		}
		if fullmove, err = parseClock(fields[5], 1, 100000); err != nil {
			return fmt.Errorf("bad fullmove number %q (want 1..100000)", fields[5])
		}
	}
	st.rule50 = uint32(halfmove)
	p.rootPly = 2*(fullmove-1) + int(p.side)
	them := p.side.Other()
	if p.AttackersTo(p.KingSquare(them), p.occupied)&p.byColor[p.side] != 0 {
		return fmt.Errorf("the side not to move (%s) is in check", colorNames[them])
	}
	st.checkers = p.computeCheckers()
	if ep != NoSquare && p.hasLegalEnPassant(p.KingSquare(p.side), ep) {
		st.epSquare = uint8(ep)
	}
	st.key = p.computeKey()
	p.rootEnPassant = p.besidePushedPawn(ep)
	return nil
}

// parsePlacement reads the board field (rank 8 first).
func (p *Position) parsePlacement(field string) error {
	ranks := strings.Split(field, "/")
	if len(ranks) != 8 {
		return fmt.Errorf("want 8 ranks, got %d", len(ranks))
	}
	for i, text := range ranks {
		rank := 7 - i
		file := 0
		for j := 0; j < len(text); j++ {
			ch := text[j]
			if ch >= '1' && ch <= '8' {
				if j > 0 && text[j-1] >= '1' && text[j-1] <= '8' {
					return fmt.Errorf("rank %d has two digits in a row (%q): one number counts a run of empty squares", rank+1, text)
				}
				file += int(ch - '0')
				continue
			}
			cp, ok := pieceFromLetter(ch)
			if !ok {
				return fmt.Errorf("bad piece letter %q in rank %d", ch, rank+1)
			}
			if file > 7 {
				return fmt.Errorf("rank %d covers more than 8 squares", rank+1)
			}
			if cp.piece() == move.Pawn && (rank == 0 || rank == 7) {
				return fmt.Errorf("pawn on %s: pawns cannot stand on the first or last rank", SquareName(Square(file, rank)))
			}
			p.putPiece(cp, Square(file, rank))
			file++
		}
		if file != 8 {
			return fmt.Errorf("rank %d covers %d squares, not 8", rank+1, file)
		}
	}
	for c := move.White; c <= move.Black; c++ {
		if n := p.Count(c, move.King); n != 1 {
			return fmt.Errorf("want exactly one %s king, got %d", colorNames[c], n)
		}
	}
	return nil
}

// parseCastling reads KQkq / HAha / - and sets up each right's geometry.
func (p *Position) parseCastling(field string) (uint8, error) {
	if field == "-" {
		return 0, nil
	}
	var rights uint8
	for i := 0; i < len(field); i++ {
		ch := field[i]
		c := move.White
		lower := ch | 0x20
		if ch >= 'a' {
			c = move.Black
		}
		backRank := 7 * int(c)
		king := p.KingSquare(c)
		if lower != 'k' && lower != 'q' && (lower < 'a' || lower > 'h') {
			return 0, fmt.Errorf("bad castling character %q", ch)
		}
		if Rank(king) != backRank {
			return 0, fmt.Errorf("castling right %q but the %s king is not on its back rank", ch, colorNames[c])
		}
		rooks := p.Pieces(c, move.Rook) & RankMask(backRank)
		rook := NoSquare
		switch lower {
		case 'k': // outermost rook on the h side
			for f := 7; f > File(king); f-- {
				if rooks&Bit(Square(f, backRank)) != 0 {
					rook = Square(f, backRank)
					break
				}
			}
		case 'q': // outermost rook on the a side
			for f := 0; f < File(king); f++ {
				if rooks&Bit(Square(f, backRank)) != 0 {
					rook = Square(f, backRank)
					break
				}
			}
		default:
			if sq := Square(int(lower-'a'), backRank); rooks&Bit(sq) != 0 {
				rook = sq
			}
		}
		if rook == NoSquare {
			return 0, fmt.Errorf("castling right %q but no %s rook stands there", ch, colorNames[c])
		}
		idx := castleIndex(c, castleSide(king, rook))
		if rights&(1<<idx) != 0 {
			return 0, fmt.Errorf("castling field %q gives one right twice", field)
		}
		rights |= 1 << idx
		p.setupCastling(c, king, rook)
	}
	return rights, nil
}

// setupCastling records the squares of one right and which squares'
// changes remove it.
func (p *Position) setupCastling(c move.Color, king, rook int) {
	side := castleSide(king, rook)
	idx := castleIndex(c, side)
	backRank := 7 * int(c)
	kingTo, rookTo := Square(6, backRank), Square(5, backRank)
	if side == castleQueenSide {
		kingTo, rookTo = Square(2, backRank), Square(3, backRank)
	}
	kingPath := betweenMask[king][kingTo] | Bit(kingTo)
	rookPath := betweenMask[rook][rookTo] | Bit(rookTo)
	p.castleSetups[idx] = castleSetup{
		kingFrom: king, kingTo: kingTo, rookFrom: rook, rookTo: rookTo,
		mustBeEmpty: (kingPath | rookPath) &^ (Bit(king) | Bit(rook)),
		kingPath:    kingPath,
	}
	p.castleMask[rook] |= 1 << idx
	p.castleMask[king] |= 3 << (2 * int(c))
}

// parseEnPassant checks the square against the board. The caller keeps it
// only when an en passant capture is legal (as Make does), so keys agree.
func (p *Position) parseEnPassant(field string) (int, error) {
	if field == "-" {
		return NoSquare, nil
	}
	ep, ok := ParseSquare(field)
	if !ok {
		return NoSquare, fmt.Errorf("bad en passant square %q", field)
	}
	us, them := p.side, p.side.Other()
	wantRank := 5 - 3*int(us) // rank 6 with White to move, 3 with Black
	if Rank(ep) != wantRank {
		return NoSquare, fmt.Errorf("en passant square %s is on the wrong rank for %s to move", field, colorNames[us])
	}
	forward := pawnGeometries[us].forward
	pushed := ep - forward // where the double-stepped pawn stands
	origin := ep + forward // where it came from
	if p.squares[pushed] != makeContent(move.Pawn, them) {
		return NoSquare, fmt.Errorf("en passant square %s but no %s pawn on %s could have just moved two squares",
			field, colorNames[them], SquareName(pushed))
	}
	if p.occupied&(Bit(ep)|Bit(origin)) != 0 {
		return NoSquare, fmt.Errorf("en passant square %s but %s or %s is not empty", field, field, SquareName(origin))
	}
	return ep, nil
}

var errClock = errors.New("bad clock")

// parseClock reads a decimal number in [lo, hi] (digits only).
func parseClock(s string, lo, hi int) (int, error) {
	if s == "" || len(s) > 7 {
		return 0, errClock
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, errClock
		}
		n = n*10 + int(s[i]-'0')
	}
	if n < lo || n > hi {
		return 0, errClock
	}
	return n, nil
}

// FEN writes the position. Castling is KQkq in standard positions (kings on
// the e-file, castling rooks on the a- and h-files, Chess960 notation off),
// Shredder-FEN file letters (HAha) otherwise.
func (p *Position) FEN() string {
	var sb strings.Builder
	for rank := 7; rank >= 0; rank-- {
		empty := 0
		for file := 0; file < 8; file++ {
			cp := p.squares[Square(file, rank)]
			if cp == noContent {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteByte(byte('0' + empty))
				empty = 0
			}
			sb.WriteByte(pieceLetters[cp])
		}
		if empty > 0 {
			sb.WriteByte(byte('0' + empty))
		}
		if rank > 0 {
			sb.WriteByte('/')
		}
	}
	sb.WriteString([]string{" w ", " b "}[p.side])
	sb.WriteString(p.castlingField())
	sb.WriteByte(' ')
	sb.WriteString(SquareName(int(p.st().epSquare)))
	fmt.Fprintf(&sb, " %d %d", p.HalfmoveClock(), p.FullmoveNumber())
	return sb.String()
}

func (p *Position) castlingField() string {
	rights := p.st().castling
	if rights == 0 {
		return "-"
	}
	standard := !p.chess960
	for idx := 0; idx < 4; idx++ {
		setup := &p.castleSetups[idx]
		rookFile := 7 * (1 - idx&1) // h for king side, a for queen side
		if rights&(1<<idx) != 0 && (File(setup.kingFrom) != 4 || File(setup.rookFrom) != rookFile) {
			standard = false
		}
	}
	var out []byte
	for idx := 0; idx < 4; idx++ {
		if rights&(1<<idx) == 0 {
			continue
		}
		letter := byte('A' + File(p.castleSetups[idx].rookFrom))
		if standard {
			letter = "KQ"[idx&1]
		}
		if idx >= 2 {
			letter |= 0x20 // Black: lower case
		}
		out = append(out, letter)
	}
	return string(out)
}
