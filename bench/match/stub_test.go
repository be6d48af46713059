package match

import (
	"bufio"
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/sakk-chess/sakk/engine/variant"
	"github.com/sakk-chess/sakk/game"
	"github.com/sakk-chess/sakk/game/move"
)

// The test binary doubles as a stub UCI engine when started as
// "<test binary> stub <behaviour>":
//
//	random   plays random legal moves
//	illegal  plays a random legal move, then an illegal one on its 3rd move
//	silent   never answers go
//	crash    exits on its 2nd go
//	chessonly  plays like random, but its UCI_Variant lacks glinski
//	badpv    plays like random, but its PV starts with another move
//	noscore, badinfo, badponder, illegalpv, matesign, matepv, runon,
//	shuffle  play like random with one kind of protocol warning
//	         (protocolLines says which)
//	castle   castles whenever it can, and otherwise plays random moves; it
//	         reads and writes castling king-takes-rook with UCI_Chess960 on
//	         and panics (crashes) on a castling move in the wrong notation
//	twice    answers its 2nd go with two bestmoves
//	flood    answers its 2nd go with 5 MB without a newline, then hangs
//	orphan   on its 2nd go starts a child that keeps its output open, and
//	         exits
func TestMain(m *testing.M) {
	if len(os.Args) == 3 && os.Args[1] == "stub" {
		runStub(os.Args[2])
		os.Exit(0)
	}
	os.Exit(m.Run())
}

type stub struct {
	behaviour string
	chess960  bool
	variant   game.Variant
	pos       game.Position
	moves     int
	rng       *rand.Rand
}

func runStub(behaviour string) {
	s := &stub{behaviour: behaviour, variant: game.Chess, rng: rand.New(rand.NewPCG(uint64(os.Getpid()), 7))}
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<20)
	for in.Scan() {
		if !s.handle(in.Text()) {
			return
		}
	}
}

func (s *stub) handle(line string) bool {
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return true
	}
	switch fields[0] {
	case "uci":
		fmt.Println("id name stub-" + s.behaviour)
		fmt.Println("option name Hash type spin default 16 min 1 max 64")
		if s.behaviour == "chessonly" {
			fmt.Println("option name UCI_Variant type combo default chess var chess var xiangqi")
		} else {
			fmt.Println("option name UCI_Variant type combo default chess var chess var glinski")
		}
		fmt.Println("option name UCI_Chess960 type check default false")
		fmt.Println("uciok")
	case "setoption":
		if len(fields) >= 5 && fields[2] == "UCI_Variant" {
			s.variant, _ = game.ParseVariant(fields[4])
		}
		if len(fields) >= 5 && fields[2] == "UCI_Chess960" {
			s.chess960 = fields[4] == "true"
		}
	case "isready":
		fmt.Println("readyok")
	case "position":
		s.setPosition(fields[1:])
	case "go":
		return s.answerGo()
	case "quit":
		return false
	}
	return true
}

func (s *stub) setPosition(fields []string) {
	var err error
	movesAt := len(fields)
	for i, f := range fields {
		if f == "moves" {
			movesAt = i
		}
	}
	if fields[0] == "startpos" {
		s.pos, err = variant.New(s.variant)
	} else {
		s.pos, err = variant.FromFEN(s.variant, strings.Join(fields[1:movesAt], " "))
	}
	if err != nil {
		panic(err)
	}
	if b, ok := s.pos.(interface{ SetChess960(bool) }); ok {
		b.SetChess960(s.chess960) // with it on, a king's step castling is an error
	}
	for _, text := range fields[min(movesAt+1, len(fields)):] {
		m, err := s.pos.ParseMove(text)
		if err != nil {
			panic(err)
		}
		s.pos.Make(m)
	}
}

func (s *stub) answerGo() bool {
	s.moves++
	switch {
	case s.behaviour == "silent":
		return true
	case s.behaviour == "crash" && s.moves >= 2:
		os.Exit(3)
	case s.behaviour == "illegal" && s.moves >= 3:
		fmt.Println("bestmove a1a1")
		return true
	case s.behaviour == "flood" && s.moves >= 2:
		os.Stdout.Write(bytes.Repeat([]byte("x"), 5<<20))
		select {}
	case s.behaviour == "orphan" && s.moves >= 2:
		child := exec.Command("sleep", "20")
		child.Stdout = os.Stdout
		if err := child.Start(); err != nil {
			panic(err)
		}
		os.Exit(3)
	}
	var list move.List
	s.pos.LegalMoves(&list)
	m := list.Moves[s.rng.IntN(list.N)]
	if s.behaviour == "castle" {
		for _, c := range list.Slice() {
			if c.IsCastle() {
				m = c
			}
		}
	}
	if s.behaviour == "twice" && s.moves == 2 {
		fmt.Println("bestmove " + s.pos.MoveString(m))
	}
	pv := s.pos.MoveString(m)
	if s.behaviour == "badpv" && list.N > 1 {
		pv = s.pos.MoveString(list.Moves[(s.rng.IntN(list.N-1)+1+indexOf(list.Slice(), m))%list.N])
	}
	if lines, ok := s.protocolLines(&list, &m); ok {
		fmt.Println(strings.Join(lines, "\n"))
		return true
	}
	fmt.Println("info depth 1 score cp 0 nodes 1 pv " + pv)
	fmt.Println("bestmove " + s.pos.MoveString(m))
	return true
}

// protocolLines is the answer of a stub that breaks one rule of fastchess's
// protocol check; it may change the move played.
func (s *stub) protocolLines(list *move.List, m *move.Move) ([]string, bool) {
	best := s.pos.MoveString(*m)
	switch s.behaviour {
	case "noscore": // as sakk's book moves once did
		return []string{"info depth 1 nodes 0 time 0 pv " + best, "bestmove " + best}, true
	case "badinfo":
		return []string{"info depth one score cp 0 nodes 1 pv " + best, "bestmove " + best}, true
	case "badponder": // ponders on a move that is not the PV's second
		return []string{"info depth 1 score cp 0 pv " + best, "bestmove " + best + " ponder " + best}, true
	case "illegalpv":
		return []string{"info depth 1 score cp 0 pv " + best + " " + best, "bestmove " + best}, true
	case "matesign": // always claims the mate for itself
		return []string{"info depth 1 score mate 3 pv " + best, "bestmove " + best}, true
	case "matepv": // a mate score over a one-move PV
		return []string{"info depth 1 score mate 2 pv " + best, "bestmove " + best}, true
	case "runon":
		*m = s.endingMove(list, *m)
		return []string{"info depth 1 score cp 0 pv " + strings.Join(s.runOn(*m), " "), "bestmove " + s.pos.MoveString(*m)}, true
	case "shuffle":
		return []string{"info depth 9 score cp 0 pv " + strings.Join(s.shuffle(*m), " "), "bestmove " + best}, true
	}
	return nil, false
}

// endingMove prefers a move that mates or stalemates.
func (s *stub) endingMove(list *move.List, fallback move.Move) move.Move {
	for _, m := range list.Slice() {
		s.pos.Make(m)
		over := s.pos.Outcome().Result
		s.pos.Unmake()
		if over == game.Checkmate || over == game.Stalemate {
			return m
		}
	}
	return fallback
}

// runOn is a PV of m and random moves that ignores the end of the game
// (after a mate or stalemate it plays m backwards).
func (s *stub) runOn(m move.Move) []string {
	pos := s.pos.Clone()
	pv := []string{pos.MoveString(m)}
	pos.Make(m)
	for len(pv) < 6 {
		var list move.List
		pos.LegalMoves(&list)
		if list.N == 0 {
			return append(pv, pv[0][2:4]+pv[0][:2])
		}
		next := list.Moves[s.rng.IntN(list.N)]
		pv = append(pv, pos.MoveString(next))
		pos.Make(next)
	}
	return pv
}

// shuffle is m, a reply, both taken back, twice, and m again: a PV past a
// threefold repetition when m and a reply can be taken back (chess only),
// otherwise just m.
func (s *stub) shuffle(m move.Move) []string {
	pos := s.pos.Clone()
	first := pos.MoveString(m)
	pos.Make(m)
	var replies move.List
	pos.LegalMoves(&replies)
	for _, r := range replies.Slice() {
		reply := pos.MoveString(r)
		pv := []string{first, reply, first[2:4] + first[:2], reply[2:4] + reply[:2]}
		pv = append(append(pv, pv...), first)
		check := s.pos.Clone()
		if legalLine(check, pv) {
			return pv
		}
	}
	return []string{first}
}

func legalLine(pos game.Position, pv []string) bool {
	for _, text := range pv {
		m, err := pos.ParseMove(text)
		if err != nil {
			return false
		}
		pos.Make(m)
	}
	return true
}

func indexOf(list []move.Move, m move.Move) int {
	for i, l := range list {
		if l == m {
			return i
		}
	}
	return 0
}
