package bisect

// Stub engines: this test binary, run again with SAKK_BISECT_STUB set, is a
// small engine that counts with sakk's own generator plus one planted fault,
// speaking UCI or answering one perftree call.

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/sakk-chess/sakk/board"
	"github.com/sakk-chess/sakk/engine/variant"
	"github.com/sakk-chess/sakk/game"
	"github.com/sakk-chess/sakk/game/move"
	"github.com/sakk-chess/sakk/hexboard"
)

// stubEnv selects the stub: "uci:<fault>" or "perftree:<fault>".
const stubEnv = "SAKK_BISECT_STUB"

// Faults a stub can plant.
const (
	faultNone          = "none"
	faultNoEnPassant   = "no-en-passant"
	faultCastleCheck   = "castle-through-check" // chess: the king's path is not tested
	faultNoKnightPromo = "no-knight-promotion"
	faultDoubleStep    = "double-step-wrong-cell" // glinski: also from the cell ahead of the start
	faultSilent        = "silent"                 // UCI: never answers go perft
	faultExit          = "exit"                   // UCI: exits on go perft
	faultWrongTotal    = "wrong-total"            // the total is one more than the lines' sum
	faultSearch        = "search"                 // UCI: answers go perft with a search
)

func TestMain(m *testing.M) {
	if spec := os.Getenv(stubEnv); spec != "" {
		protocol, fault, _ := strings.Cut(spec, ":")
		if protocol == "perftree" {
			os.Exit(stubPerftree(os.Args[1:], fault, os.Stdout))
		}
		stubUCI(os.Stdin, os.Stdout, fault)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// stubCommand is the command line that runs this binary as a stub.
func stubCommand(protocol, fault string) string {
	return fmt.Sprintf("env %s=%s:%s %s", stubEnv, protocol, fault, strconv.Quote(os.Args[0]))
}

// faultyMoves is the stub's move generator: sakk's legal moves with the fault.
func faultyMoves(pos game.Position, fault string, list *move.List) {
	var legal move.List
	pos.LegalMoves(&legal)
	list.Clear()
	for _, m := range legal.Slice() {
		switch {
		case fault == faultNoEnPassant && m.IsEnPassant():
		case fault == faultNoKnightPromo && m.Promotion() == move.Knight:
		default:
			list.Add(m)
		}
	}
	switch p := pos.(type) {
	case *board.Position:
		if fault == faultCastleCheck {
			addCastlingThroughCheck(p, list)
		}
	case *hexboard.Position:
		if fault == faultDoubleStep {
			addDoubleStepsFromWrongCell(p, list)
		}
	}
}

// addCastlingThroughCheck adds castling moves that only fail because the
// king passes over an attacked square: rights held, not in check, the
// squares between empty, the king's landing square safe.
func addCastlingThroughCheck(p *board.Position, list *move.List) {
	if p.InCheck() {
		return
	}
	us := p.Side()
	king := p.KingSquare(us)
	rank := board.Rank(king)
	for side := 0; side <= 1; side++ {
		if p.CastlingRights()&(1<<(int(us)*2+side)) == 0 {
			continue
		}
		rook := p.CastlingRook(us, side)
		kingTo, rookTo := board.Square(6, rank), board.Square(5, rank)
		if side == 1 {
			kingTo, rookTo = board.Square(2, rank), board.Square(3, rank)
		}
		others := p.Occupied() &^ (board.Bit(king) | board.Bit(rook))
		lo := min(king, rook, kingTo, rookTo)
		hi := max(king, rook, kingTo, rookTo)
		blocked := false
		for sq := lo; sq <= hi; sq++ {
			blocked = blocked || others&board.Bit(sq) != 0
		}
		if blocked || p.IsAttacked(kingTo, us.Other(), others|board.Bit(rookTo)) {
			continue
		}
		m := move.New(king, rook, move.King, move.NoPiece, move.NoPiece, move.FlagCastle)
		if !contains(list, m) {
			list.Add(m)
		}
	}
}

// addDoubleStepsFromWrongCell adds a double step for a pawn one cell ahead
// of its start cell, when both cells ahead are empty and the king stays safe.
func addDoubleStepsFromWrongCell(p *hexboard.Position, list *move.List) {
	us := p.Side()
	dir := 1
	if us == move.Black {
		dir = -1
	}
	starts := hexboard.PawnStartCells(us)
	occupied := p.Occupied()
	for pawns := p.Pieces(us, move.Pawn); pawns.Any(); {
		cell := pawns.PopLowest()
		file, rank := hexboard.File(cell), hexboard.Rank(cell)
		behind := hexboard.CellAt(file, rank-dir)
		one, two := hexboard.CellAt(file, rank+dir), hexboard.CellAt(file, rank+2*dir)
		if behind == hexboard.NoCell || !starts.Has(behind) || one == hexboard.NoCell || two == hexboard.NoCell ||
			occupied.Has(one) || occupied.Has(two) || hexboard.PromotionDistance(us, two) == 0 {
			continue
		}
		m := move.New(cell, two, move.Pawn, move.NoPiece, move.NoPiece, move.FlagDoublePush)
		p.Make(m)
		exposed := p.IsAttacked(us.Other(), p.KingCell(us))
		p.Unmake()
		if !exposed {
			list.Add(m)
		}
	}
}

func contains(list *move.List, m move.Move) bool {
	for _, l := range list.Slice() {
		if l == m {
			return true
		}
	}
	return false
}

// stubCount is perft with the faulty generator.
func stubCount(pos game.Position, fault string, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var list move.List
	faultyMoves(pos, fault, &list)
	if depth == 1 {
		return uint64(list.N)
	}
	var nodes uint64
	for _, m := range list.Slice() {
		pos.Make(m)
		nodes += stubCount(pos, fault, depth-1)
		pos.Unmake()
	}
	return nodes
}

// stubDivide writes each root move of the faulty generator with its count,
// in the stub's own quirky spelling: promotion letters upper case.
func stubDivide(pos game.Position, fault string, depth int, separator string) (lines []string, total uint64) {
	var list move.List
	faultyMoves(pos, fault, &list)
	for _, m := range list.Slice() {
		name := pos.MoveString(m)
		if m.IsPromotion() {
			name = name[:len(name)-1] + strings.ToUpper(name[len(name)-1:])
		}
		pos.Make(m)
		n := stubCount(pos, fault, depth-1)
		pos.Unmake()
		lines = append(lines, name+separator+strconv.FormatUint(n, 10))
		total += n
	}
	return lines, total
}

// stubPosition reads a FEN (Glinski if it has 11 ranks) and plays moves,
// which may be king-takes-rook castling or carry upper-case promotions.
func stubPosition(fen string, moves []string, chess960 bool) (game.Position, error) {
	name := game.Chess
	if strings.Count(strings.Fields(fen)[0], "/") == 10 {
		name = game.Glinski
	}
	pos, err := variant.FromFEN(name, fen)
	if err != nil {
		return nil, err
	}
	if b, ok := pos.(*board.Position); ok {
		b.SetChess960(chess960 || strings.Trim(strings.Fields(pos.FEN())[2], "KQkq-") != "")
	}
	_, err = PlayMoves(pos, moves)
	return pos, err
}

// stubPerftree answers "depth fen moves".
func stubPerftree(args []string, fault string, out io.Writer) int {
	if len(args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: depth fen [moves]")
		return 2
	}
	depth, err := strconv.Atoi(args[0])
	var moves []string
	if len(args) > 2 {
		moves = strings.Fields(args[2])
	}
	pos, posErr := stubPosition(args[1], moves, false)
	if err != nil || posErr != nil {
		fmt.Fprintln(os.Stderr, "bad arguments:", err, posErr)
		return 2
	}
	lines, total := stubDivide(pos, fault, depth, " ")
	if fault == faultWrongTotal {
		total++
	}
	fmt.Fprintf(out, "%s\n\n%d\n", strings.Join(lines, "\n"), total)
	return 0
}

// stubUCI is a minimal UCI loop around the faulty generator.
func stubUCI(in io.Reader, out io.Writer, fault string) {
	var fen string
	var moves []string
	chess960 := false
	scanner := bufio.NewScanner(in)
	for scanner.Scan() {
		words := strings.Fields(scanner.Text())
		if len(words) == 0 {
			continue
		}
		switch words[0] {
		case "uci":
			fmt.Fprintln(out, "id name stub ("+fault+")\nuciok")
		case "isready":
			fmt.Fprintln(out, "readyok")
		case "setoption":
			if len(words) == 5 && strings.EqualFold(words[2], "UCI_Chess960") {
				chess960 = words[4] == "true"
			}
		case "position":
			if len(words) < 3 || words[1] != "fen" {
				continue
			}
			rest := strings.Join(words[2:], " ")
			f, m, _ := strings.Cut(rest, " moves ")
			fen, moves = f, strings.Fields(m)
		case "go":
			switch fault {
			case faultSilent:
				continue
			case faultExit:
				return
			case faultSearch:
				fmt.Fprintln(out, "info depth 1 score cp 20 nodes 20 pv e2e4\nbestmove e2e4")
				continue
			}
			depth, _ := strconv.Atoi(words[len(words)-1])
			pos, err := stubPosition(fen, moves, chess960)
			if err != nil {
				fmt.Fprintln(out, "info string error:", err)
				continue
			}
			fmt.Fprintln(out, "info string counting with fault", fault)
			lines, total := stubDivide(pos, fault, depth, ": ")
			if fault == faultWrongTotal {
				total++
			}
			fmt.Fprintf(out, "%s\n\nNodes searched: %d\n\n", strings.Join(lines, "\n"), total)
		case "quit":
			return
		}
	}
}
