package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"

	"github.com/sakk-chess/sakk/bench/match"
)

func init() {
	register("match", "play UCI engines against each other (cutechess-cli style) with Elo and SPRT", runMatch)
}

const matchUsage = `Usage:
  sakk match -engine cmd=PATH [name=N] [args="..."] [option.NAME=VALUE ...]
             -engine cmd=PATH ... [-each KEY=VALUE ...] [options]

Plays two UCI engines against each other, as cutechess-cli and fastchess
do, checking every move with sakk's own move generator. Keys of -engine and
-each (-each applies to both engines; an -engine's own keys win):
  cmd=PATH  name=NAME  dir=DIR  args="ARGS"  proto=uci  option.NAME=VALUE
  tc=[MOVES/]TIME[+INC]   game clock in seconds (or M:SS), e.g. tc=10+0.1
  st=SECONDS  depth=N  nodes=N   per-move limits (with or without a clock)
  timemargin=MS   time an engine may overrun its clock or st= (default 100)

Options:
  -variant chess|glinski      the game (default chess)
  -games N  -rounds N         N games per round, N rounds (defaults 1, 1)
  -repeat                     play each opening twice, colours swapped
  -concurrency N              games at once (default 1)
  -openings file=F [format=epd|pgn] [order=random|sequential] [plies=N]
            [start=N]          opening book (file=builtin:glinski is sakk's own)
  -srand N                    seed for order=random
  -pgnout FILE                append the games to FILE
  -sprt elo0=E0 elo1=E1 [alpha=0.05] [beta=0.05]   stop when decided
  -draw movenumber=N movecount=N score=CP          draw adjudication
  -resign movecount=N score=CP [twosided=true]     resign adjudication
  -maxmoves N                 draw after N full moves
  -tb DIR[:DIR...]            adjudicate by Syzygy tablebases (chess): a game
                              ends as soon as it reaches a position they cover
  -glinski-stalemate three-quarters|draw
                              how a Glinski stalemate scores, as the UCI
                              option GlinskiStalemate (default three-quarters)
  -hang-timeout SECONDS       limit for a move without clock or st= (60)
  -strict-protocol [NAME...]  exit code 1 when the engines named (default:
                              both) had protocol warnings or faults other
                              than time forfeits
  -check-mate-pvs             also check that a PV under "score mate N" is
                              exactly the mate (fastchess's -check-mate-pvs)
  -event NAME  -site NAME     PGN tags

An illegal move, a time forfeit, a crash, a silent engine or a protocol
fault (a second bestmove, an output line over 4 MB) loses the game; the
engine is restarted and the match goes on. A game whose opening is not a
standard one, or with option.UCI_Chess960=true, is played in Chess960
notation (castling king-takes-rook). Ctrl-C finishes the games in progress;
a second Ctrl-C stops at once, keeping the finished games.

Every answer is checked as fastchess checks it (each info line's fields,
every PV legal and not past the end of the game, bestmove and ponder the
start of the last PV, a score given, mate scores of both engines
consistent); each warning is printed with its info line and position (the
first 5 of a kind per engine), and the summary counts them per engine.

Exit codes: 0 the match was played, 1 it was played but -strict-protocol
found warnings or faults, 2 bad arguments, openings or an engine that
cannot start.
`

func runMatch(args []string, stdout, stderr io.Writer) int {
	if slices.Contains(args, "-help") || slices.Contains(args, "--help") || slices.Contains(args, "-h") {
		fmt.Fprint(stdout, matchUsage)
		return exitOK
	}
	if len(args) == 0 {
		fmt.Fprint(stderr, matchUsage)
		return usageError(stderr, "sakk match", "two -engine options are needed")
	}
	cfg, err := match.ParseArgs(args)
	if err != nil {
		return usageError(stderr, "sakk match", err.Error())
	}
	cfg.Out = stdout
	ctx, abort, stop := interrupts(stderr)
	defer stop()
	cfg.Abort = abort
	summary, err := match.Run(ctx, cfg)
	if err != nil {
		fmt.Fprintf(stderr, "sakk match: %v\n", err)
		return exitUsage
	}
	if failures := summary.StrictFailures(cfg.Strict); len(failures) > 0 {
		for _, line := range failures {
			fmt.Fprintf(stderr, "sakk match: -strict-protocol: %s\n", line)
		}
		return exitFailure
	}
	return exitOK
}

// interrupts turns the first Ctrl-C into ctx's cancellation (the match ends
// after the games in progress) and the second into abort (engines killed,
// games in progress dropped; the PGN keeps the finished ones).
func interrupts(stderr io.Writer) (ctx context.Context, abort <-chan struct{}, stop func()) {
	signals := make(chan os.Signal, 2)
	signal.Notify(signals, os.Interrupt)
	ctx, cancel := context.WithCancel(context.Background())
	aborting := make(chan struct{})
	done := make(chan struct{})
	go func() {
		select {
		case <-signals:
		case <-done:
			return
		}
		fmt.Fprintln(stderr, "sakk match: interrupted: finishing the games in progress (Ctrl-C again to stop now)")
		cancel()
		select {
		case <-signals:
		case <-done:
			return
		}
		fmt.Fprintln(stderr, "sakk match: stopping now: the games in progress are dropped")
		close(aborting)
	}()
	return ctx, aborting, func() {
		signal.Stop(signals)
		close(done)
		cancel()
	}
}
