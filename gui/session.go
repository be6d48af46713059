package gui

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"time"

	"github.com/sakk-chess/sakk/bench/match"
	"github.com/sakk-chess/sakk/bench/pgn"
	"github.com/sakk-chess/sakk/board"
	"github.com/sakk-chess/sakk/engine"
	"github.com/sakk-chess/sakk/engine/variant"
	"github.com/sakk-chess/sakk/game"
	"github.com/sakk-chess/sakk/game/move"
)

// session is one browser tab: its game (start position, moves, the move
// shown), its own engine and the event streams listening to it.
type session struct {
	id   string
	opts *Options

	// cmd serialises the requests that change the game, so that a request
	// can stop the search and change the position without another request
	// starting a search in between. The search's callbacks never take it.
	cmd sync.Mutex

	mu            sync.Mutex // guards everything below
	start         engine.SearchBoard
	pos           engine.SearchBoard // start + moves[:cursor]
	moves         []move.Move
	played        []PlayedMove
	cursor        int
	stalemateDraw bool
	chess960      bool // a chess game from a Chess960 start (PGN Variant tag)
	players       [2]string
	ended         *Outcome // a time forfeit, resignation or a replayed game's result
	gen           int
	version       uint64 // of the last State handed out
	engine        *engine.Engine
	search        *search
	listeners     map[chan []byte]struct{}
	idleSince     time.Time // when the last event stream closed; zero while one is open
	games         []pgn.Game
}

// search is the running search of a session.
type search struct {
	purpose string // "move" or "analyse"
	gen     int    // the position it searches
	done    chan struct{}
}

func newSession(id string, opts *Options) *session {
	s := &session{id: id, opts: opts, engine: engine.New(), players: [2]string{"Human", "sakk"},
		listeners: map[chan []byte]struct{}{}, idleSince: time.Now()}
	s.setStart(board.New())
	return s
}

// setStart begins a new game from pos. Called with mu held (or before the
// session is shared).
func (s *session) setStart(pos engine.SearchBoard) {
	s.start = pos
	s.pos = engine.Clone(pos)
	s.moves, s.played, s.cursor, s.ended = nil, nil, 0, nil
	s.gen++
}

// reset starts a new game: the variant's start position, a FEN, or a
// Chess960 start (-1 picks one at random). On error nothing changes.
func (s *session) reset(req newRequest) error {
	v := s.start.Variant()
	if req.Variant != "" {
		var err error
		if v, err = game.ParseVariant(req.Variant); err != nil {
			return err
		}
	}
	fen := strings.TrimSpace(req.FEN)
	if req.Chess960 != nil {
		if v != game.Chess {
			return errors.New("Chess960 is a start position of chess, not of " + v.String())
		}
		if fen != "" {
			return errors.New("give either a FEN or a Chess960 number, not both")
		}
		n := *req.Chess960
		if n == -1 {
			n = rand.IntN(board.Chess960Positions)
		}
		var err error
		if fen, err = board.Chess960FEN(n); err != nil {
			return err
		}
	}
	pos, err := variant.Position(v, fen)
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.setStart(pos)
	s.chess960 = v == game.Chess && (req.Chess960 != nil || shredderCastling(fen))
	s.engine.NewGame()
	return nil
}

// shredderCastling says whether a FEN names castling rooks by file
// (HAha), as Chess960 positions are written.
func shredderCastling(fen string) bool {
	fields := strings.Fields(fen)
	return len(fields) > 2 && strings.ContainsAny(fields[2], "ABCDEFGHabcdefgh")
}

// play makes a move (UCI notation) in the shown position; moves after the
// shown one are dropped first. On error nothing changes.
func (s *session) play(text string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if o := s.outcomeLocked(); o.Over {
		return fmt.Errorf("the game is over: %s", o.Reason)
	}
	m, err := s.pos.ParseMove(text)
	if err != nil {
		return err
	}
	s.makeLocked(m)
	return nil
}

func (s *session) makeLocked(m move.Move) {
	// A move before the end starts a new line: the rest and a recorded end go.
	s.moves, s.played, s.ended = s.moves[:s.cursor], s.played[:s.cursor], nil
	from, to := moveCells(s.pos, m)
	s.played = append(s.played, PlayedMove{SAN: s.pos.SAN(m), UCI: s.pos.MoveString(m), From: from, To: to})
	s.pos.Make(m)
	s.moves = append(s.moves, m)
	s.cursor++
	s.gen++
}

// goTo shows the position after ply moves.
func (s *session) goTo(ply int) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if ply < 0 || ply > len(s.moves) {
		return fmt.Errorf("ply %d: the game has %d moves", ply, len(s.moves))
	}
	for s.cursor > ply {
		s.pos.Unmake()
		s.cursor--
	}
	for s.cursor < ply {
		s.pos.Make(s.moves[s.cursor])
		s.cursor++
	}
	s.gen++
	return nil
}

// takeBack removes the last plies moves of the game.
func (s *session) takeBack(plies int) error {
	s.mu.Lock()
	n := len(s.moves)
	s.mu.Unlock()
	if plies < 1 || plies > n {
		return fmt.Errorf("cannot take back %d moves: the game has %d", plies, n)
	}
	if err := s.goTo(n - plies); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.moves, s.played, s.ended = s.moves[:s.cursor], s.played[:s.cursor], nil
	return nil
}

// end records a result the rules do not see: a time forfeit or resignation.
func (s *session) end(req endRequest) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if o := s.outcomeLocked(); o.Over {
		return fmt.Errorf("the game is already over: %s", o.Reason)
	}
	if s.cursor != len(s.moves) {
		return errors.New("the game can only end at its last move")
	}
	loser := 0
	if req.Loser == "b" {
		loser = 1
	}
	winner := 1 - loser
	o := Outcome{Over: true, Result: [2]string{"1-0", "0-1"}[winner]}
	switch req.Reason {
	case "time":
		o.Reason, o.Termination = colourNames[loser]+" loses on time", "time forfeit"
	default:
		o.Reason, o.Termination = colourNames[loser]+" resigns", "normal"
	}
	s.ended = &o
	s.gen++
	return nil
}

// outcomeLocked is how the shown position stands.
func (s *session) outcomeLocked() Outcome {
	if s.ended != nil && s.cursor == len(s.moves) {
		return *s.ended
	}
	return outcomeOf(s.pos, s.stalemateDraw)
}

// stateLocked is the page's view of the session.
func (s *session) stateLocked() State {
	pos := s.pos
	st := State{
		Session:       s.id,
		Variant:       pos.Variant().String(),
		Geometry:      geometries[pos.Variant()],
		FEN:           pos.FEN(),
		StartFEN:      s.start.FEN(),
		Pieces:        piecesOf(pos),
		Side:          sideName(pos.SideToMove()),
		Check:         checkedKing(pos),
		Moves:         append([]PlayedMove{}, s.played...),
		FirstMove:     s.start.FullmoveNumber(),
		BlackFirst:    s.start.SideToMove() == move.Black,
		Ply:           s.cursor,
		Outcome:       s.outcomeLocked(),
		StalemateDraw: s.stalemateDraw,
		Players:       s.players,
		Gen:           s.gen,
	}
	s.version++
	st.Version = s.version
	if !st.Outcome.Over {
		st.Legal = legalMoves(pos)
	} else {
		st.Legal = []LegalMove{}
	}
	if s.search != nil {
		st.Searching = s.search.purpose
	}
	return st
}

func (s *session) state() State {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.stateLocked()
}

// startSearch starts the engine on the shown position: "move" plays its
// best move when it ends, "analyse" runs until stopped (or the time bound)
// and reports lines. Call with cmd held and no search running.
func (s *session) startSearch(req goRequest) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if o := s.outcomeLocked(); o.Over {
		return fmt.Errorf("the game is over: %s", o.Reason)
	}
	opts := s.engine.Options()
	opts.HashMB = s.opts.HashMB
	opts.MultiPV = 1
	opts.GlinskiStalemateDraw = s.stalemateDraw
	var lim engine.Limits
	bound := s.opts.MaxMoveTime
	ms := func(n int) time.Duration { return time.Duration(n) * time.Millisecond }
	if req.Purpose == "analyse" {
		lim.Infinite = true
		bound = s.opts.MaxAnalysis
		opts.MultiPV = max(req.MultiPV, 1)
	} else {
		lim.MoveTime = min(ms(req.MoveTime), s.opts.MaxMoveTime)
		lim.WTime, lim.BTime, lim.WInc, lim.BInc = ms(req.WTime), ms(req.BTime), ms(req.WInc), ms(req.BInc)
		if lim.MoveTime == 0 && lim.WTime == 0 && lim.BTime == 0 {
			lim.MoveTime = time.Second
		}
	}
	s.engine.SetOptions(opts)
	sr := &search{purpose: req.Purpose, gen: s.gen, done: make(chan struct{})}
	s.search = sr
	root := engine.Clone(s.pos) // searched (the engine makes moves on it)
	shown := s.pos.Clone()      // for writing lines in SAN
	timer := time.AfterFunc(bound, func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		if s.search == sr {
			s.engine.Stop()
		}
	})
	s.broadcastLocked("state", s.stateLocked())
	s.engine.Go(root, lim, func(info engine.Info) { s.report(sr, shown, info) }, func(r engine.Result) {
		timer.Stop()
		s.finishSearch(sr, r)
	})
	return nil
}

// finishSearch runs when the engine has its result: a "move" search plays
// it if the position has not changed meanwhile.
func (s *session) finishSearch(sr *search, r engine.Result) {
	s.mu.Lock()
	if s.search == sr {
		s.search = nil
		if sr.purpose == "move" && sr.gen == s.gen && r.Best != move.None {
			s.makeLocked(r.Best)
		}
		s.broadcastLocked("state", s.stateLocked())
	}
	s.mu.Unlock()
	close(sr.done)
}

// stopSearch stops the running search, if any, and waits for it; a "move"
// search then plays nothing. Call with cmd held.
func (s *session) stopSearch() {
	s.mu.Lock()
	sr := s.search
	s.search = nil
	s.mu.Unlock()
	if sr == nil {
		return
	}
	s.engine.Stop()
	<-sr.done
	s.mu.Lock()
	s.broadcastLocked("state", s.stateLocked())
	s.mu.Unlock()
}

// Info is one progress report for the page: scores from White's view, the
// line in PGN notation and its first move as an arrow.
type Info struct {
	Purpose string   `json:"purpose"`
	Gen     int      `json:"gen"`
	Depth   int      `json:"depth"`
	Sel     int      `json:"seldepth"`
	MultiPV int      `json:"multipv"`
	Score   int      `json:"score"` // centipawns, White's view
	Mate    int      `json:"mate"`  // moves to mate, > 0 White mates
	Bound   string   `json:"bound"` // "", "lower" or "upper" (White's view)
	Nodes   uint64   `json:"nodes"`
	NPS     uint64   `json:"nps"`
	TimeMs  int64    `json:"timeMs"`
	PV      []string `json:"pv"`
	From    string   `json:"from"`
	To      string   `json:"to"`
}

// report turns an engine report into an "info" event. It runs on the
// search goroutine; shown is a copy of the root only it uses.
func (s *session) report(sr *search, shown game.Position, info engine.Info) {
	if len(info.PV) == 0 {
		return
	}
	out := Info{Purpose: sr.purpose, Gen: sr.gen, Depth: info.Depth, Sel: info.SelDepth, MultiPV: info.MultiPV,
		Score: info.Score, Mate: info.MateIn, Nodes: info.Nodes, NPS: info.NPS, TimeMs: info.Time.Milliseconds()}
	lower, upper := "lower", "upper"
	if shown.SideToMove() == move.Black {
		out.Score, out.Mate = -out.Score, -out.Mate
		lower, upper = upper, lower
	}
	switch info.Bound {
	case engine.BoundLower:
		out.Bound = lower
	case engine.BoundUpper:
		out.Bound = upper
	}
	out.From, out.To = moveCells(shown, info.PV[0])
	made := 0
	for _, m := range info.PV {
		if !isLegal(shown, m) {
			break
		}
		out.PV = append(out.PV, shown.SAN(m))
		shown.Make(m)
		made++
	}
	for ; made > 0; made-- {
		shown.Unmake()
	}
	s.mu.Lock()
	if s.search == sr {
		s.broadcastLocked("info", out)
	}
	s.mu.Unlock()
}

func isLegal(pos game.Position, m move.Move) bool {
	var list move.List
	pos.LegalMoves(&list)
	for _, legal := range list.Slice() {
		if legal == m {
			return true
		}
	}
	return false
}

// broadcastLocked sends an event to every open stream; a stream that has
// fallen far behind misses it rather than blocking the engine.
func (s *session) broadcastLocked(kind string, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		return
	}
	msg := []byte("event: " + kind + "\ndata: " + string(data) + "\n\n")
	for ch := range s.listeners {
		select {
		case ch <- msg:
		default:
		}
	}
}

// listen opens an event stream; the returned function closes it and
// reports whether it was the last one.
func (s *session) listen() (<-chan []byte, func() bool) {
	ch := make(chan []byte, 256)
	s.mu.Lock()
	s.listeners[ch] = struct{}{}
	s.idleSince = time.Time{}
	s.mu.Unlock()
	return ch, func() bool {
		s.mu.Lock()
		defer s.mu.Unlock()
		delete(s.listeners, ch)
		if len(s.listeners) == 0 {
			s.idleSince = time.Now()
			return true
		}
		return false
	}
}

// idle says since when the session has had no event stream (zero: it has one).
func (s *session) idle() time.Time {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.idleSince
}

// setOptions changes the stalemate rule or the players' names.
func (s *session) setOptions(req optionsRequest) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if req.StalemateDraw != nil {
		s.stalemateDraw = *req.StalemateDraw
	}
	if req.White != nil {
		s.players[0] = *req.White
	}
	if req.Black != nil {
		s.players[1] = *req.Black
	}
	s.gen++
}

// pgnGame is the game as `sakk match` would write it.
func (s *session) pgnGame() (*match.Game, match.PGNHeader) {
	s.mu.Lock()
	defer s.mu.Unlock()
	end := s.pos.Clone()
	for i := s.cursor; i < len(s.moves); i++ {
		end.Make(s.moves[i])
	}
	o := outcomeOf(end, s.stalemateDraw)
	if s.ended != nil {
		o = *s.ended
	}
	g := &match.Game{Number: 1, White: s.players[0], Black: s.players[1],
		BlackFirst: s.start.SideToMove() == move.Black, FirstMove: s.start.FullmoveNumber(),
		Result: o.Result, Reason: o.Reason, Termination: o.Termination, GlinskiScore: o.GlinskiScore,
		Date: time.Now(), FaultSide: -1, Chess960: s.chess960}
	if !o.Over {
		g.Result, g.Termination = "*", "unterminated"
	}
	if fresh, _ := variant.New(s.start.Variant()); fresh.FEN() != s.start.FEN() {
		g.StartFEN = s.start.FEN()
	}
	for _, p := range s.played {
		g.Moves = append(g.Moves, pgn.Move{Text: p.SAN})
	}
	return g, match.PGNHeader{Event: "sakk gui", Site: "sakk gui", TimeControl: "-", Variant: s.start.Variant()}
}

// GameSummary describes one game of an uploaded PGN file.
type GameSummary struct {
	Index   int    `json:"index"`
	Title   string `json:"title"`
	Variant string `json:"variant"`
	Plies   int    `json:"plies"`
	Result  string `json:"result"`
	Error   string `json:"error,omitempty"`
}

// loadPGN keeps the games of a PGN file for replay and describes them.
func (s *session) loadPGN(games []pgn.Game) []GameSummary {
	out := make([]GameSummary, len(games))
	for i := range games {
		g := &games[i]
		v := match.GameVariant(g)
		title := fmt.Sprintf("%d. %s – %s", i+1, orDash(g.Tag("White")), orDash(g.Tag("Black")))
		if round := g.Tag("Round"); round != "" {
			title += " (round " + round + ")"
		}
		out[i] = GameSummary{Index: i, Title: title, Variant: v.String(), Plies: len(g.Moves), Result: g.Result}
		if _, _, err := match.Replay(g, v); err != nil {
			out[i].Error = err.Error()
		}
	}
	s.mu.Lock()
	s.games = games
	s.mu.Unlock()
	return out
}

func orDash(s string) string {
	if s == "" {
		return "?"
	}
	return s
}

// replay loads game n of the uploaded PGN, showing its start position.
func (s *session) replay(n int) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if n < 0 || n >= len(s.games) {
		return fmt.Errorf("game %d: the uploaded PGN has %d games", n, len(s.games))
	}
	g := &s.games[n]
	start, moves, err := match.Replay(g, match.GameVariant(g))
	if err != nil {
		return fmt.Errorf("game %d: %w", n+1, err)
	}
	s.setStart(start)
	for i, m := range moves {
		s.makeLocked(m)
		s.played[i].Comment = g.Moves[i].Comment
	}
	if o := outcomeOf(s.pos, s.stalemateDraw); !o.Over && g.Result != "*" && g.Result != "" {
		reason := g.Comment
		if len(g.Moves) > 0 && g.Moves[len(g.Moves)-1].Comment != "" {
			reason = g.Moves[len(g.Moves)-1].Comment
		}
		s.ended = &Outcome{Over: true, Result: g.Result, Reason: strings.TrimSpace(g.Result + " " + reason)}
	}
	s.players = [2]string{orDash(g.Tag("White")), orDash(g.Tag("Black"))}
	s.chess960 = strings.EqualFold(g.Tag("Variant"), "Chess960")
	for s.cursor > 0 {
		s.pos.Unmake()
		s.cursor--
	}
	s.gen++
	s.engine.NewGame()
	return nil
}
