// Package datagen plays self-play games with a soft node limit per move and
// writes the quiet positions, labelled with the search score and the game's
// result, as training data for the NNUE trainer (engine/nnue/train).
//
// One line per position: "<FEN> | <score> | <result>", the score in
// centipawns and the result (1, 0.5, 0, or 0.75 / 0.25 for a Glinski
// stalemate) both from White's view. Glinski positions are in hex FEN.
package datagen

import (
	"bufio"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/sakk-chess/sakk/board"
	"github.com/sakk-chess/sakk/board/syzygy"
	"github.com/sakk-chess/sakk/engine"
	"github.com/sakk-chess/sakk/engine/nnue"
	"github.com/sakk-chess/sakk/engine/variant"
	"github.com/sakk-chess/sakk/game"
	"github.com/sakk-chess/sakk/game/move"
)

// Config says what to generate.
type Config struct {
	Variant     game.Variant
	Games       int    // games in the file when done (a rerun continues)
	Nodes       uint64 // soft node limit per move
	Threads     int    // games played at once, one search thread each
	Seed        uint64
	RandomPlies int // random legal moves before the engine plays
	Out         string
	HashMB      int
	Progress    time.Duration // between progress lines (0: 10 s)
	// UseNNUE plays with the variant's net (Net, or the built-in one)
	// instead of the hand-made evaluation.
	UseNNUE bool
	Net     *nnue.Net
	// Openings, if any, are FENs the games start from (game g from
	// Openings[g mod len], then RandomPlies random plies); otherwise the
	// variant's start position.
	Openings []string
	// Tablebases, if set, end a chess game as soon as it reaches a position
	// they cover, with their result (syzygy.Tablebase.Adjudicate); that
	// position and any after it are not written. The caller opens and
	// closes them. Not for Glinski.
	Tablebases *syzygy.Tablebase
}

// Adjudication and game-length limits.
const (
	maxPlies      = 400  // a game this long is a draw
	winScore      = 1000 // |score| at or above: decided
	winPlies      = 8    // consecutive plies both sides see it decided
	drawScore     = 10   // |score| at or below: dead level
	drawPlies     = 16   // consecutive plies level ...
	drawAfterPly  = 80   // ... after this many plies
	hardNodeRatio = 8    // the hard node limit is this many soft limits
)

// Line is one training position.
type Line struct {
	FEN    string
	Score  int     // centipawns, White's view
	Result float64 // White's score in the game
}

// String writes the line in the data format.
func (l Line) String() string {
	return fmt.Sprintf("%s | %d | %s", l.FEN, l.Score, strconv.FormatFloat(l.Result, 'f', -1, 64))
}

// ParseLine reads a line of the data format.
func ParseLine(s string) (Line, error) {
	parts := strings.Split(s, "|")
	if len(parts) != 3 {
		return Line{}, fmt.Errorf("want \"<FEN> | <score> | <result>\", got %q", s)
	}
	fen := strings.TrimSpace(parts[0])
	score, err := strconv.Atoi(strings.TrimSpace(parts[1]))
	if err != nil {
		return Line{}, fmt.Errorf("bad score in %q", s)
	}
	result, err := strconv.ParseFloat(strings.TrimSpace(parts[2]), 64)
	if err != nil || result < 0 || result > 1 {
		return Line{}, fmt.Errorf("bad result in %q", s)
	}
	if fen == "" {
		return Line{}, fmt.Errorf("no FEN in %q", s)
	}
	return Line{FEN: fen, Score: score, Result: result}, nil
}

// progressFile records how many games the data file holds, so a rerun
// continues where the last run stopped.
func progressFile(out string) string { return out + ".progress" }

type progress struct {
	variant string
	seed    uint64
	nodes   uint64
	plies   int
	games   int
}

func (p progress) String() string {
	return fmt.Sprintf("variant %s seed %d nodes %d random-plies %d games %d\n", p.variant, p.seed, p.nodes, p.plies, p.games)
}

func readProgress(path string) (progress, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return progress{}, err
	}
	var p progress
	_, err = fmt.Sscanf(string(data), "variant %s seed %d nodes %d random-plies %d games %d", &p.variant, &p.seed, &p.nodes, &p.plies, &p.games)
	if err != nil {
		return progress{}, fmt.Errorf("%s: unreadable progress record: %v", path, err)
	}
	return p, nil
}

// Stats is what a run did.
type Stats struct {
	Games     int // games written by this run
	Positions int // positions written by this run
	Total     int // games in the file now
}

// Run generates games until cfg.Games are in the file or ctx is cancelled.
// The file is appended to; games already counted in its progress record
// (written with the same variant, seed, node limit and random plies) are not
// played again, so an interrupted run resumed with the same arguments gives
// the same file as one run. Games go to the file whole and in order.
func Run(ctx context.Context, cfg Config, log io.Writer) (Stats, error) {
	if _, err := variant.New(cfg.Variant); err != nil {
		return Stats{}, err
	}
	if cfg.Tablebases != nil && cfg.Variant != game.Chess {
		return Stats{}, fmt.Errorf("tablebases are for chess, not %s", cfg.Variant)
	}
	for _, fen := range cfg.Openings {
		pos, err := variant.FromFEN(cfg.Variant, fen)
		if err != nil {
			return Stats{}, fmt.Errorf("opening %q: %v", fen, err)
		}
		if pos.Outcome().Result != game.Ongoing {
			return Stats{}, fmt.Errorf("opening %q: the game is already over", fen)
		}
	}
	if cfg.Threads < 1 {
		cfg.Threads = 1
	}
	if cfg.Nodes == 0 {
		return Stats{}, errors.New("the node limit must be positive")
	}
	if cfg.HashMB <= 0 {
		cfg.HashMB = 16
	}
	if cfg.Progress <= 0 {
		cfg.Progress = 10 * time.Second
	}
	want := progress{variant: cfg.Variant.String(), seed: cfg.Seed, nodes: cfg.Nodes, plies: cfg.RandomPlies}
	first := 0
	if info, err := os.Stat(cfg.Out); err == nil && info.Size() > 0 {
		have, err := readProgress(progressFile(cfg.Out))
		if err != nil {
			return Stats{}, fmt.Errorf("%s has data but no usable progress record (%v): use another --out", cfg.Out, err)
		}
		if have.variant != want.variant || have.seed != want.seed || have.nodes != want.nodes || have.plies != want.plies {
			return Stats{}, fmt.Errorf("%s was written with %s; rerun with the same settings or use another --out",
				cfg.Out, strings.TrimSpace(have.String()))
		}
		first = have.games
	}
	f, err := os.OpenFile(cfg.Out, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return Stats{}, err
	}
	defer f.Close()
	w := &writer{file: f, buf: bufio.NewWriter(f), prog: want, next: first, pending: map[int][]Line{}}
	w.prog.games = first
	if first >= cfg.Games {
		return Stats{Total: first}, nil
	}
	if err := w.saveProgress(cfg.Out); err != nil {
		return Stats{}, err
	}

	start := time.Now()
	var (
		mu       sync.Mutex
		nextGame = first
		wg       sync.WaitGroup
		firstErr error
	)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	for range cfg.Threads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			e, err := newEngine(cfg)
			if err != nil {
				mu.Lock()
				firstErr = err
				mu.Unlock()
				cancel()
				return
			}
			stopOnCancel := context.AfterFunc(ctx, e.Stop)
			defer stopOnCancel()
			for ctx.Err() == nil {
				mu.Lock()
				g := nextGame
				nextGame++
				mu.Unlock()
				if g >= cfg.Games {
					return
				}
				lines, _, err := playGame(ctx, e, cfg, g)
				if ctx.Err() != nil {
					return // an unfinished game is dropped
				}
				mu.Lock()
				if err == nil {
					err = w.add(g, lines, cfg.Out)
				}
				if err != nil && firstErr == nil {
					firstErr = err
					cancel()
				}
				mu.Unlock()
			}
		}()
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	ticker := time.NewTicker(cfg.Progress)
	defer ticker.Stop()
	report := func() {
		mu.Lock()
		defer mu.Unlock()
		elapsed := time.Since(start)
		played := w.next - first
		rate := float64(w.positions) / max(elapsed.Seconds(), 1e-9)
		eta := "?"
		if played > 0 {
			eta = (time.Duration(float64(elapsed) / float64(played) * float64(cfg.Games-w.next))).Round(time.Second).String()
		}
		fmt.Fprintf(log, "datagen: games %d/%d, positions %d, %.1f positions/s, elapsed %v, ETA %s\n",
			w.next, cfg.Games, w.positions, rate, elapsed.Round(time.Second), eta)
	}
loop:
	for {
		select {
		case <-done:
			break loop
		case <-ticker.C:
			report()
		}
	}
	report()
	stats := Stats{Games: w.next - first, Positions: w.positions, Total: w.next}
	if firstErr != nil {
		return stats, firstErr
	}
	return stats, nil
}

// writer puts finished games into the file in game order.
type writer struct {
	file      *os.File
	buf       *bufio.Writer
	prog      progress
	next      int // the next game to write
	pending   map[int][]Line
	positions int
}

// add takes game g's lines and writes every game that is now next in order,
// each one whole and flushed, then the progress record.
func (w *writer) add(g int, lines []Line, out string) error {
	w.pending[g] = lines
	wrote := false
	for {
		lines, ok := w.pending[w.next]
		if !ok {
			break
		}
		delete(w.pending, w.next)
		for _, l := range lines {
			w.buf.WriteString(l.String())
			w.buf.WriteByte('\n')
		}
		if err := w.buf.Flush(); err != nil {
			return err
		}
		w.positions += len(lines)
		w.next++
		wrote = true
	}
	if !wrote {
		return nil
	}
	if err := w.file.Sync(); err != nil {
		return err
	}
	w.prog.games = w.next
	return w.saveProgress(out)
}

// saveProgress replaces the progress record atomically.
func (w *writer) saveProgress(out string) error {
	tmp := progressFile(out) + ".tmp"
	if err := os.WriteFile(tmp, []byte(w.prog.String()), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, progressFile(out))
}

// playGame plays game number g (its random opening comes from the seed and
// g alone) and returns its kept positions with the result filled in, and
// the FEN of the position where the game ended.
func playGame(ctx context.Context, e *engine.Engine, cfg Config, g int) ([]Line, string, error) {
	rng := rand.New(rand.NewPCG(cfg.Seed, uint64(g)))
	pos, err := openingPosition(cfg, g, rng)
	if err != nil {
		return nil, "", err
	}
	e.NewGame()
	var lines []Line
	result := 0.5
	winStreak, drawStreak := 0, 0
	soft := cfg.Nodes
	var res engine.Result
	stopAtSoft := func(info engine.Info) {
		if len(info.PV) > 0 && info.Nodes >= soft {
			e.Stop()
		}
	}
	for ply := 0; ; ply++ {
		if o := pos.Outcome(); o.Result != game.Ongoing {
			result = o.WhiteScore(cfg.Variant)
			break
		}
		if r, ok := tablebaseResult(cfg.Tablebases, pos); ok {
			result = r
			break
		}
		if ply >= maxPlies {
			break
		}
		res = e.Search(pos, engine.Limits{Nodes: soft * hardNodeRatio}, stopAtSoft)
		if ctx.Err() != nil {
			return nil, "", ctx.Err()
		}
		if res.Best == move.None {
			break
		}
		white := res.Score
		if res.MateIn != 0 {
			white = 100000 * cmp.Compare(res.MateIn, 0)
		}
		if pos.SideToMove() == move.Black {
			white = -white
		}
		if abs(white) >= winScore {
			if winStreak*cmp.Compare(white, 0) > 0 {
				winStreak += cmp.Compare(white, 0)
			} else {
				winStreak = cmp.Compare(white, 0)
			}
		} else {
			winStreak = 0
		}
		if abs(white) <= drawScore && ply >= drawAfterPly {
			drawStreak++
		} else {
			drawStreak = 0
		}
		if winStreak >= winPlies {
			result = 1
			break
		}
		if winStreak <= -winPlies {
			result = 0
			break
		}
		if drawStreak >= drawPlies {
			break
		}
		if res.MateIn == 0 && !pos.InCheck() && !res.Best.IsTactical() {
			lines = append(lines, Line{FEN: pos.FEN(), Score: white})
		}
		pos.Make(res.Best)
	}
	for i := range lines {
		lines[i].Result = result
	}
	return lines, pos.FEN(), nil
}

// tablebaseResult is White's score for a chess position the tables cover.
func tablebaseResult(tb *syzygy.Tablebase, pos engine.SearchBoard) (float64, bool) {
	p, isChess := pos.(*board.Position)
	if tb == nil || !isChess {
		return 0, false
	}
	r, ok := tb.Adjudicate(p)
	if !ok {
		return 0, false
	}
	if p.SideToMove() == move.Black {
		r = -r
	}
	return 0.5 + 0.5*float64(r), true
}

// openingPosition plays cfg.RandomPlies random legal moves from game g's
// opening, trying again (with the same generator) when the game ends on
// the way.
func openingPosition(cfg Config, g int, rng *rand.Rand) (engine.SearchBoard, error) {
	var list move.List
	for try := 0; ; try++ {
		if try == 10000 {
			return nil, fmt.Errorf("game %d: no %d random plies from its opening leave a game in play", g, cfg.RandomPlies)
		}
		var pos engine.SearchBoard
		var err error
		if len(cfg.Openings) > 0 {
			pos, err = variant.FromFEN(cfg.Variant, cfg.Openings[g%len(cfg.Openings)])
		} else {
			pos, err = variant.New(cfg.Variant)
		}
		if err != nil {
			return nil, err
		}
		ok := true
		for range cfg.RandomPlies {
			pos.LegalMoves(&list)
			if list.N == 0 {
				ok = false
				break
			}
			pos.Make(list.Moves[rng.IntN(list.N)])
		}
		pos.LegalMoves(&list)
		if ok && list.N > 0 && pos.Outcome().Result == game.Ongoing {
			return pos, nil
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// newEngine is one game thread's engine, set up as cfg says: its hash, and
// the net (cfg.Net, or the built-in one) or the hand-made evaluation.
func newEngine(cfg Config) (*engine.Engine, error) {
	e := engine.New()
	opts := e.Options()
	opts.HashMB = cfg.HashMB
	opts.UseNNUE, opts.UseNNUEGlinski = cfg.UseNNUE, cfg.UseNNUE
	e.SetOptions(opts)
	if cfg.Net != nil {
		if err := e.SetNet(cfg.Variant, cfg.Net); err != nil {
			return nil, err
		}
	}
	return e, nil
}
