package match

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/sakk-chess/sakk/bench/openings"
	"github.com/sakk-chess/sakk/bench/pgn"
	"github.com/sakk-chess/sakk/bench/uciproc"
	"github.com/sakk-chess/sakk/board/syzygy"
	"github.com/sakk-chess/sakk/game"
	"github.com/sakk-chess/sakk/game/move"
)

// Rules are the settings every game shares.
type Rules struct {
	Variant game.Variant
	// StalemateDraw scores a Glinski stalemate 1/2-1/2 instead of 3/4-1/4.
	StalemateDraw bool
	Draw          *DrawRule
	Resign        *ResignRule
	// MaxMoves adjudicates a draw after this many full moves (0: never).
	MaxMoves int
	// StartTimeout bounds uci/uciok and isready/readyok.
	StartTimeout time.Duration
	// HangTimeout bounds a move when no clock or st= does (depth=/nodes=).
	HangTimeout time.Duration
	// TBPath is a SyzygyPath: a game ends as soon as it reaches a position
	// those tables cover (orthodox chess only).
	TBPath string
	// CheckMatePVs also checks that a PV under a mate score is the mate
	// (fastchess's -check-mate-pvs).
	CheckMatePVs bool
	tablebases   *syzygy.Tablebase // loaded by Run
}

// Fault kinds: how an engine lost a game by misbehaving.
const (
	FaultIllegalMove = "illegal move"
	FaultTime        = "time forfeit"
	FaultCrash       = "crash"
	FaultNoAnswer    = "no answer"
	FaultProtocol    = "protocol fault"
)

// Game is a finished game.
type Game struct {
	Number      int // 1-based, in the order games were scheduled
	White       string
	Black       string
	WhiteEngine int // index of the -engine that played White
	StartFEN    string
	BlackFirst  bool
	FirstMove   int // full move number of the first move
	Moves       []pgn.Move
	Result      string // 1-0, 0-1, 1/2-1/2
	Reason      string // e.g. "White mates", "Black loses on time"
	Termination string // PGN Termination tag: normal, adjudication, time forfeit, rules infraction, abandoned
	// WhiteScore is White's points: 1, 3/4, 1/2, 1/4 or 0.
	WhiteScore float64
	// GlinskiScore is "3/4-1/4" or "1/4-3/4" after a Glinski stalemate.
	GlinskiScore string
	// Warnings are the protocol warnings of both engines, in the order
	// they came (fastchess's checks: protocol.go).
	Warnings []Warning
	// Chess960 says castling was written king-takes-rook (UCI_Chess960):
	// the opening is not a standard one (a Chess960 start), or an engine
	// had the option set. WritePGN tags such a chess game [Variant
	// "Chess960"]; sakk gui sets it for a game from a Chess960 start.
	Chess960 bool
	// FaultSide is the colour (0 White, 1 Black) that misbehaved, or -1.
	FaultSide int
	Fault     string
	Date      time.Time
}

// FirstEngineScore is the points of the first -engine in this game.
func (g *Game) FirstEngineScore() float64 {
	if g.WhiteEngine == 0 {
		return g.WhiteScore
	}
	return 1 - g.WhiteScore
}

// engineOf is the -engine (0 or 1) that played colour.
func (g *Game) engineOf(colour int) int {
	if colour == 0 {
		return g.WhiteEngine
	}
	return 1 - g.WhiteEngine
}

// gameState is a game in progress.
type gameState struct {
	rules   *Rules
	players [2]*player // by colour
	pos     game.Position
	uci     []string // every move so far in UCI notation, book included
	clocks  [2]Clock
	judge   adjudicator
	record  *Game
	// lastMate is each colour's last reported mate distance (0: the last
	// score was no mate), for the mate sign check.
	lastMate [2]int
}

// errAbort: the match cannot go on (an engine cannot be started).
var errAbort = errors.New("match aborted")

// playGame plays one game; it returns an error only when the match must
// stop (an engine that cannot start). Engines that misbehave lose the game
// and are stopped, so the next game restarts them.
func playGame(rules *Rules, players [2]*player, opening openings.Opening, number int, abort <-chan struct{}) (*Game, error) {
	s, err := newGameState(rules, players, opening, number)
	if err != nil {
		return nil, err
	}
	for side := range 2 {
		if err := players[side].ready(rules.Variant, rules.StartTimeout); err != nil {
			return nil, fmt.Errorf("%w: %v", errAbort, err)
		}
	}
	for side := range 2 {
		if err := players[side].newGame(s.record.Chess960, rules.StartTimeout); err != nil {
			s.forfeit(side, FaultNoAnswer, "does not answer isready")
			return s.record, nil
		}
	}
	for !s.over() && !aborted(abort) {
		s.playMove()
	}
	return s.record, nil
}

func newGameState(rules *Rules, players [2]*player, opening openings.Opening, number int) (*gameState, error) {
	pos, err := opening.Position(rules.Variant)
	if err != nil {
		return nil, err
	}
	chess960 := nonStandardCastling(pos) || players[0].wantsChess960() || players[1].wantsChess960()
	if b, ok := pos.(chess960Board); ok {
		b.SetChess960(chess960) // moves are written and read king-takes-rook
	}
	s := &gameState{
		rules:   rules,
		players: players,
		pos:     pos,
		clocks:  [2]Clock{NewClock(players[0].config.TC), NewClock(players[1].config.TC)},
		judge:   adjudicator{draw: rules.Draw, resign: rules.Resign},
		record: &Game{
			Number:     number,
			White:      players[0].config.Name,
			Black:      players[1].config.Name,
			StartFEN:   opening.FEN,
			BlackFirst: pos.SideToMove() == move.Black,
			FirstMove:  pos.FullmoveNumber(),
			FaultSide:  -1,
			Date:       time.Now(),
			Chess960:   chess960,
		},
	}
	for _, text := range opening.Moves {
		m, err := pos.ParseMove(text)
		if err != nil {
			return nil, fmt.Errorf("opening at line %d: %w", opening.Line, err)
		}
		s.play(m, "book")
	}
	return s, nil
}

// chess960Board is a board with Chess960 castling notation (orthodox
// chess; Glinski has no castling).
type chess960Board interface {
	SetChess960(on bool)
}

// nonStandardCastling says whether a position has a castling right whose
// king or rook does not stand where orthodox chess has it: then castling
// must be sent king-takes-rook, since the king's step may be no move at
// all (c1c1). The board's FEN shows such rights as file letters.
func nonStandardCastling(pos game.Position) bool {
	b, ok := pos.(chess960Board)
	if !ok {
		return false
	}
	b.SetChess960(false)
	fields := strings.Fields(pos.FEN())
	return len(fields) > 2 && strings.Trim(fields[2], "KQkq-") != ""
}

// play makes a legal move and records it.
func (s *gameState) play(m move.Move, comment string) {
	s.record.Moves = append(s.record.Moves, pgn.Move{Text: s.pos.SAN(m), Comment: comment})
	s.uci = append(s.uci, s.pos.MoveString(m))
	s.pos.Make(m)
}

func (s *gameState) positionCommand() string {
	var b strings.Builder
	if s.record.StartFEN == "" {
		b.WriteString("position startpos")
	} else {
		b.WriteString("position fen " + s.record.StartFEN)
	}
	if len(s.uci) > 0 {
		b.WriteString(" moves " + strings.Join(s.uci, " "))
	}
	return b.String()
}

// playMove asks the side to move for its move and plays it, or ends the
// game when the engine misbehaves.
func (s *gameState) playMove() {
	side := int(s.pos.SideToMove())
	proc := s.players[side].proc
	switch err := proc.Idle(s.rules.StartTimeout); {
	case errors.Is(err, uciproc.ErrProtocol):
		s.forfeit(side, FaultProtocol, "breaks the protocol: "+proc.Fault())
		return
	case errors.Is(err, uciproc.ErrExited):
		s.forfeit(side, FaultCrash, "disconnects (the engine exited)")
		return
	case err != nil:
		s.forfeit(side, FaultNoAnswer, "does not answer isready")
		return
	}
	if err := proc.Send(s.positionCommand()); err != nil {
		s.forfeit(side, FaultCrash, "disconnects")
		return
	}
	deadline := time.Now().Add(s.clocks[side].Deadline(s.rules.HangTimeout))
	answer, err := proc.Go(goCommand(s.clocks, side), deadline)
	switch {
	case errors.Is(err, uciproc.ErrProtocol):
		s.forfeit(side, FaultProtocol, "breaks the protocol: "+proc.Fault())
		return
	case errors.Is(err, uciproc.ErrExited):
		s.forfeit(side, FaultCrash, "disconnects (the engine exited)")
		return
	case errors.Is(err, uciproc.ErrTimeout) && !s.players[side].config.TC.HasClock() && s.players[side].config.TC.MoveTime == 0:
		s.forfeit(side, FaultNoAnswer, fmt.Sprintf("does not answer (no bestmove in %s)", s.rules.HangTimeout))
		return
	case errors.Is(err, uciproc.ErrTimeout) || err == nil && !s.clocks[side].Spend(answer.Elapsed):
		s.forfeit(side, FaultTime, "loses on time")
		return
	}
	m, err := s.pos.ParseMove(answer.BestMove)
	if err != nil {
		s.forfeit(side, FaultIllegalMove, fmt.Sprintf("makes an illegal move: %s", answer.BestMove))
		return
	}
	s.checkProtocol(side, &answer)
	s.judge.record(side, answer.Score)
	s.play(m, moveComment(answer))
}

// checkProtocol records the warnings about a legal answer of side.
func (s *gameState) checkProtocol(side int, answer *uciproc.Answer) {
	position := s.positionCommand()
	w := checkAnswer(s.pos, answer, side, position, s.rules.CheckMatePVs)
	w = append(w, mateSign(s.lastMate[1-side], answer.Score.MateIn, side, position)...)
	s.lastMate[side] = answer.Score.MateIn
	s.record.Warnings = append(s.record.Warnings, w...)
}

// moveComment is cutechess's "{+0.31/12 0.123s}".
func moveComment(answer uciproc.Answer) string {
	elapsed := fmt.Sprintf("%.3fs", answer.Elapsed.Seconds())
	if !answer.Score.Valid {
		return elapsed
	}
	return fmt.Sprintf("%s/%d %s", answer.Score, answer.Depth, elapsed)
}

var colourNames = [2]string{"White", "Black"}

// forfeit ends the game: side loses because its engine misbehaved; the
// engine is stopped (a crashed or silent one must restart anyway).
func (s *gameState) forfeit(side int, fault, what string) {
	termination := map[string]string{
		FaultIllegalMove: "rules infraction",
		FaultTime:        "time forfeit",
		FaultCrash:       "abandoned",
		FaultNoAnswer:    "abandoned",
		FaultProtocol:    "rules infraction",
	}[fault]
	s.finish(1-side, fmt.Sprintf("%s (%s) %s", colourNames[side], s.players[side].config.Name, what), termination)
	s.record.FaultSide, s.record.Fault = side, fault
	if fault != FaultIllegalMove {
		s.players[side].stop()
	}
}

// finish records a decisive result for winner, or a draw when winner is -1.
func (s *gameState) finish(winner int, reason, termination string) {
	r := s.record
	r.Reason, r.Termination = reason, termination
	switch winner {
	case 0:
		r.Result, r.WhiteScore = "1-0", 1
	case 1:
		r.Result, r.WhiteScore = "0-1", 0
	default:
		r.Result, r.WhiteScore = "1/2-1/2", 0.5
	}
}

// over decides whether the game has ended (by the rules or adjudication)
// and records why.
func (s *gameState) over() bool {
	if s.record.Result != "" {
		return true
	}
	if outcome := s.pos.Outcome(); outcome.Result != game.Ongoing {
		s.finishByRules(outcome)
		return true
	}
	if winner, reason, ok := s.tablebaseVerdict(); ok {
		s.finish(winner, reason, "adjudication")
		return true
	}
	plies := len(s.record.Moves)
	switch loser := s.judge.loser(); {
	case loser >= 0:
		s.finish(1-loser, colourNames[loser]+" resigns (adjudication)", "adjudication")
	case s.judge.drawn(plies):
		s.finish(-1, "Draw by adjudication (scores near zero)", "adjudication")
	case s.rules.MaxMoves > 0 && plies >= 2*s.rules.MaxMoves:
		s.finish(-1, fmt.Sprintf("Draw by adjudication (%d moves played)", s.rules.MaxMoves), "adjudication")
	default:
		return false
	}
	return true
}

func (s *gameState) finishByRules(outcome game.Outcome) {
	winner := int(outcome.Winner)
	switch outcome.Result {
	case game.Checkmate:
		s.finish(winner, colourNames[winner]+" mates", "normal")
	case game.Stalemate:
		s.finishStalemate(winner)
	case game.Repetition:
		s.finish(-1, "Draw by 3-fold repetition", "normal")
	case game.FiftyMoves:
		s.finish(-1, "Draw by fifty moves rule", "normal")
	default:
		s.finish(-1, "Draw by dead position", "normal")
	}
}

// finishStalemate scores Glinski stalemates 3/4-1/4 for the side that gives
// it (PGN result 1-0 / 0-1 with a GlinskiScore tag), unless the rules say
// draw; orthodox stalemate is a draw.
func (s *gameState) finishStalemate(winner int) {
	if s.rules.Variant != game.Glinski || s.rules.StalemateDraw {
		s.finish(-1, "Draw by stalemate", "normal")
		return
	}
	s.finish(winner, "", "normal")
	if winner == 0 {
		s.record.WhiteScore, s.record.GlinskiScore = 0.75, "3/4-1/4"
	} else {
		s.record.WhiteScore, s.record.GlinskiScore = 0.25, "1/4-3/4"
	}
	s.record.Reason = "stalemate: " + s.record.GlinskiScore
}
