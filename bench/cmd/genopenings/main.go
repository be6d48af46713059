// Command genopenings writes a balanced opening book made by sakk itself
// (bench/opengen; docs/glinski-openings.md): random openings of a few plies,
// kept when material is equal (or a pending recapture restores it) and a
// cheap search and then a deep verifying search score them near zero, with
// no opening repeating or lying on the way to another. The output is the
// same for the same flags and engine build; with -checkpoint an interrupted
// run resumes where it stopped:
//
//	go run ./bench/cmd/genopenings -seed 18 -depth 12 -checkpoint /tmp/ck.txt > /tmp/glinski.epd
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/sakk-chess/sakk/bench"
	"github.com/sakk-chess/sakk/bench/opengen"
	"github.com/sakk-chess/sakk/game"
)

func main() {
	cfg := opengen.Config{Variant: game.Glinski}
	flag.Func("variant", "chess or glinski (default glinski)", func(name string) (err error) {
		cfg.Variant, err = game.ParseVariant(name)
		return err
	})
	flag.IntVar(&cfg.Count, "n", 400, "openings to write")
	flag.Uint64Var(&cfg.Seed, "seed", 18, "random seed")
	flag.IntVar(&cfg.MinPlies, "min-plies", 6, "fewest random plies")
	flag.IntVar(&cfg.MaxPlies, "max-plies", 10, "most random plies")
	flag.IntVar(&cfg.ScreenDepth, "screen-depth", 6, "depth of the cheap first search (0: none)")
	flag.IntVar(&cfg.ScreenMargin, "screen-margin", 120, "largest |score| of the cheap search, centipawns")
	flag.IntVar(&cfg.Depth, "depth", 12, "depth of the verifying search (0: use -nodes)")
	flag.Uint64Var(&cfg.Nodes, "nodes", 0, "node budget of the verifying search instead of a depth")
	flag.IntVar(&cfg.Margin, "margin", 30, "largest |score| of the verifying search, centipawns")
	flag.IntVar(&cfg.MaxTries, "max-tries", 0, "candidates to draw at most (0: 1000 per opening)")
	checkpoint := flag.String("checkpoint", "", "file of finished verifying searches, read on start and appended to")
	flag.Parse()
	if err := run(cfg, *checkpoint, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "genopenings:", err)
		os.Exit(2)
	}
}

func run(cfg opengen.Config, checkpoint string, stdout io.Writer) error {
	if err := cfg.Check(); err != nil {
		return err
	}
	verdicts, err := readCheckpoint(checkpoint, cfg)
	if err != nil {
		return err
	}
	g, err := opengen.New(cfg, verdicts)
	if err != nil {
		return err
	}
	if checkpoint != "" {
		// Rewritten whole, so that a line torn by a crash is gone.
		file, err := os.Create(checkpoint)
		if err != nil {
			return err
		}
		defer file.Close()
		fmt.Fprintln(file, opengen.Header(cfg))
		for _, v := range verdicts {
			fmt.Fprintln(file, opengen.FormatVerdict(v))
		}
		g.Record = func(v opengen.Verdict) error {
			_, err := fmt.Fprintln(file, opengen.FormatVerdict(v))
			return err
		}
	}
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	fmt.Fprintf(out, "# sakk %s openings, made by: genopenings %s\n", cfg.Variant, flagsOf(cfg))
	signature, err := engineSignature()
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "# scored by the sakk build with %s\n", signature)
	fmt.Fprintf(out, "# kept: |score| <= %d cp at %s (side to move's view), equal material or a pending recapture\n", cfg.Margin, cfg.Verifying())
	err = g.Run(func(o opengen.Opening) error {
		line := fmt.Sprintf("%s ; id \"sakk %d\"; c0 \"%+d cp at %s\"", o.Pos.FEN(), g.Stats.Kept, o.Score, cfg.Verifying())
		if o.Recapture {
			line += fmt.Sprintf("; c1 \"recapture %s\"", o.Best)
		}
		fmt.Fprintln(out, line)
		if g.Stats.Kept%25 == 0 {
			fmt.Fprintf(os.Stderr, "genopenings: %d kept of %d drawn (%d verified)\n", g.Stats.Kept, g.Stats.Drawn, g.Stats.Verified)
		}
		return nil
	})
	s := g.Stats
	fmt.Fprintf(os.Stderr, "genopenings: drawn %d: game over %d, in check %d, repeats %d, material %d, screened out %d, "+
		"verified %d (%d from the checkpoint), out at verification %d, no recapture %d, kept %d; nodes: screen %d, verify %d\n",
		s.Drawn, s.Ended, s.InCheck, s.Repeat, s.Material, s.Screened, s.Verified, s.CachedVerdicts, s.Deep, s.NotRecapture, s.Kept, s.ScreenNodes, s.DeepNodes)
	return err
}

func readCheckpoint(path string, cfg opengen.Config) ([]opengen.Verdict, error) {
	if path == "" {
		return nil, nil
	}
	file, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer file.Close()
	return opengen.ReadCheckpoint(file, cfg)
}

// flagsOf writes the flags that reproduce cfg.
func flagsOf(cfg opengen.Config) string {
	verify := fmt.Sprintf("-depth %d", cfg.Depth)
	if cfg.Depth == 0 {
		verify = fmt.Sprintf("-depth 0 -nodes %d", cfg.Nodes)
	}
	return fmt.Sprintf("-variant %s -n %d -seed %d -min-plies %d -max-plies %d -screen-depth %d -screen-margin %d %s -margin %d",
		cfg.Variant, cfg.Count, cfg.Seed, cfg.MinPlies, cfg.MaxPlies, cfg.ScreenDepth, cfg.ScreenMargin, verify, cfg.Margin)
}

// engineSignature is sakk's bench signature ("Bench: <chess> <glinski>"):
// the book's scores hold for builds with this signature only, since an
// evaluation or search change moves them (docs/glinski-openings.md).
func engineSignature() (string, error) {
	summary, err := bench.Run(io.Discard, bench.Config{})
	if err != nil {
		return "", err
	}
	return summary.Signature(), nil
}
