// Package match is sakk's match runner, in the manner of cutechess-cli and
// fastchess: it plays UCI engines against each other as subprocesses,
// keeps the clocks, checks every move with sakk's own move generators,
// adjudicates, writes PGN and reports Elo, LOS, pentanomial counts and SPRT.
package match

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"sync"
	"time"

	"github.com/sakk-chess/sakk/bench/openings"
	"github.com/sakk-chess/sakk/bench/stats"
)

// Book says where openings come from (cutechess-cli's -openings).
type Book struct {
	File   string // "" plays every game from the start position
	Format string // epd or pgn ("" from the file name)
	Random bool   // order=random (shuffled with Config.Seed)
	Plies  int    // PGN: book moves kept per line (0: all)
	Start  int    // 1-based index of the first opening
}

// Config is a whole match.
type Config struct {
	Engines     [2]EngineConfig
	Rules       Rules
	Games       int  // games per round
	Rounds      int  // rounds
	Repeat      bool // each opening is played twice, colours swapped
	Concurrency int  // games played at once
	Book        Book
	Seed        uint64
	PGNOut      string      // "" writes no PGN
	SPRT        *stats.SPRT // nil: no test
	Event, Site string
	// Strict, when set, makes protocol warnings and faults fail the match
	// (Summary.StrictFailures); nil: they are only reported.
	Strict *StrictProtocol
	Out    io.Writer // progress and summary
	// Abort, when closed, stops the match at once (a second Ctrl-C): the
	// engines are killed and the games in progress dropped; finished games
	// stay counted and in the PGN. nil: never.
	Abort <-chan struct{}
}

// TotalGames is the number of games scheduled.
func (c *Config) TotalGames() int { return c.Games * c.Rounds }

// job is one scheduled game.
type job struct {
	index   int // 0-based
	opening openings.Opening
	swapped bool // the second engine plays White
}

type finished struct {
	game *Game
	err  error
	// handled is closed once the game has been counted (and the match
	// perhaps stopped), so that the worker never starts another game the
	// SPRT has made unnecessary.
	handled chan struct{}
}

// Run plays the match and returns its summary. It stops early when the
// SPRT decides or ctx is cancelled (games in progress are finished and
// counted). Errors are for things that stop the match: unreadable openings,
// an engine that cannot start, an unwritable PGN file.
func Run(ctx context.Context, cfg Config) (*Summary, error) {
	book, err := loadBook(&cfg)
	if err != nil {
		return nil, err
	}
	if err := loadTablebases(&cfg.Rules); err != nil {
		return nil, err
	}
	if cfg.Rules.tablebases != nil {
		defer cfg.Rules.tablebases.Close()
	}
	pgnFile, err := openPGN(cfg.PGNOut)
	if err != nil {
		return nil, err
	}
	if pgnFile != nil {
		defer pgnFile.Close()
	}
	summary := newSummary(&cfg)
	fmt.Fprintf(cfg.Out, "Started %s vs %s: %d games, %s, %s\n", cfg.Engines[0].Name, cfg.Engines[1].Name,
		cfg.TotalGames(), describeLimits(cfg.Engines), cfg.Rules.Variant)

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	if cfg.Abort != nil {
		go func() {
			select {
			case <-cfg.Abort:
				cancel() // no new games either
			case <-ctx.Done():
			}
		}()
	}
	results := make(chan finished)
	jobs := schedule(ctx, &cfg, book)
	var workers sync.WaitGroup
	for range max(cfg.Concurrency, 1) {
		workers.Add(1)
		go func() {
			defer workers.Done()
			work(ctx, &cfg, jobs, results)
		}()
	}
	go func() { workers.Wait(); close(results) }()

	var firstErr error
	for result := range results {
		if result.err != nil {
			firstErr = cmpErr(firstErr, result.err)
			cancel()
			close(result.handled)
			continue
		}
		if err := writeGame(pgnFile, &cfg, result.game); err != nil {
			firstErr = cmpErr(firstErr, err)
			cancel()
		}
		summary.add(result.game)
		summary.printProgress(cfg.Out, result.game)
		if summary.Decision != stats.Continue {
			cancel()
		}
		close(result.handled)
	}
	if summary.Games > 0 || firstErr == nil {
		summary.Print(cfg.Out) // no empty report when the first game could not start
	}
	return summary, firstErr
}

func cmpErr(first, next error) error {
	if first != nil {
		return first
	}
	return next
}

func loadBook(cfg *Config) ([]openings.Opening, error) {
	if cfg.Book.File == "" {
		return []openings.Opening{{}}, nil
	}
	book, err := openings.Load(cfg.Book.File, cfg.Book.Format, cfg.Rules.Variant, cfg.Book.Plies)
	if err != nil {
		return nil, err
	}
	if cfg.Book.Random {
		rng := rand.New(rand.NewPCG(cfg.Seed, 0x5a4b))
		rng.Shuffle(len(book), func(i, j int) { book[i], book[j] = book[j], book[i] })
	}
	if start := cfg.Book.Start - 1; start > 0 {
		book = append(book[start%len(book):], book[:start%len(book)]...)
	}
	return book, nil
}

func openPGN(path string) (*os.File, error) {
	if path == "" {
		return nil, nil
	}
	return os.OpenFile(path, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
}

func writeGame(file *os.File, cfg *Config, g *Game) error {
	if file == nil {
		return nil
	}
	header := PGNHeader{
		Event:       cfg.Event,
		Site:        cfg.Site,
		TimeControl: cfg.Engines[g.WhiteEngine].TC.String(),
		Variant:     cfg.Rules.Variant,
	}
	return WritePGN(file, g, header)
}

// schedule hands out the games in order until all are given or ctx ends.
// Engines swap colours every game; with Repeat, games 2k and 2k+1 share an
// opening, otherwise every game takes the next one.
func schedule(ctx context.Context, cfg *Config, book []openings.Opening) <-chan job {
	jobs := make(chan job)
	go func() {
		defer close(jobs)
		for i := range cfg.TotalGames() {
			openingIndex := i
			if cfg.Repeat {
				openingIndex = i / 2
			}
			next := job{index: i, opening: book[openingIndex%len(book)], swapped: i%2 == 1}
			select {
			case jobs <- next:
			case <-ctx.Done():
				return
			}
		}
	}()
	return jobs
}

// work plays jobs with one pair of engine processes.
func work(ctx context.Context, cfg *Config, jobs <-chan job, results chan<- finished) {
	engines := [2]*player{{config: cfg.Engines[0]}, {config: cfg.Engines[1]}}
	defer engines[0].quit()
	defer engines[1].quit()
	if cfg.Abort != nil {
		done := make(chan struct{})
		defer close(done)
		go func() {
			select {
			case <-cfg.Abort:
				engines[0].kill()
				engines[1].kill()
			case <-done:
			}
		}()
	}
	for j := range jobs {
		if ctx.Err() != nil {
			continue // stopped: let the scheduler wind down
		}
		byColour := [2]*player{engines[0], engines[1]}
		if j.swapped {
			byColour[0], byColour[1] = engines[1], engines[0]
		}
		g, err := playGame(&cfg.Rules, byColour, j.opening, j.index+1, cfg.Abort)
		if aborted(cfg.Abort) {
			continue // a game cut short by the abort is not a result
		}
		if err != nil {
			handled := make(chan struct{})
			results <- finished{err: err, handled: handled}
			<-handled
			for range jobs {
			}
			return
		}
		if j.swapped {
			g.WhiteEngine = 1
		}
		handled := make(chan struct{})
		results <- finished{game: g, handled: handled}
		<-handled
	}
}

// aborted says whether abort (which may be nil) is closed.
func aborted(abort <-chan struct{}) bool {
	select {
	case <-abort:
		return true
	default:
		return false
	}
}

// IsAbort says whether an error from Run came from an engine that could not
// be started or configured.
func IsAbort(err error) bool { return errors.Is(err, errAbort) }

func formatDuration(d time.Duration) string {
	d = d.Round(time.Second)
	h, m, s := int(d.Hours()), int(d.Minutes())%60, int(d.Seconds())%60
	return fmt.Sprintf("%d:%02d:%02d", h, m, s)
}

// describeLimits is the header's limits: once when both engines have the
// same, else each engine's after its name.
func describeLimits(engines [2]EngineConfig) string {
	first, second := engines[0].TC.Describe(), engines[1].TC.Describe()
	if first == second {
		return first
	}
	return engines[0].Name + " " + first + " / " + engines[1].Name + " " + second
}
