// Command bookcheck audits an opening book (EPD or PGN, either variant):
// how many openings have equal material, a pending recapture, or unequal
// material, and what sakk's search scores a sample of them
// (docs/glinski-openings.md):
//
//	go run ./bench/cmd/bookcheck -variant glinski -book builtin:glinski -every 1 -depth 12
//	go run ./bench/cmd/bookcheck -variant chess -book chess-8moves.epd -every 80 -depth 12
package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/sakk-chess/sakk/bench/opengen"
	"github.com/sakk-chess/sakk/bench/openings"
	"github.com/sakk-chess/sakk/game"
)

func main() {
	cfg := opengen.AuditConfig{Variant: game.Glinski}
	flag.Func("variant", "chess or glinski (default glinski)", func(name string) (err error) {
		cfg.Variant, err = game.ParseVariant(name)
		return err
	})
	book := flag.String("book", "builtin:glinski", "EPD or PGN file, or builtin:glinski")
	format := flag.String("format", "", "epd or pgn (default: from the file name)")
	flag.IntVar(&cfg.Every, "every", 0, "search every n-th opening (1: all, 0: none)")
	flag.IntVar(&cfg.Depth, "depth", 12, "search depth (0: use -nodes)")
	flag.Uint64Var(&cfg.Nodes, "nodes", 0, "node budget instead of a depth")
	flag.IntVar(&cfg.Margin, "margin", 30, "|score| above which an opening counts as unbalanced")
	verbose := flag.Bool("v", false, "print every searched opening and every unequal one")
	flag.Parse()
	if err := run(cfg, *book, *format, *verbose, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "bookcheck:", err)
		os.Exit(2)
	}
}

func run(cfg opengen.AuditConfig, path, format string, verbose bool, out io.Writer) error {
	if cfg.Every < 0 || cfg.Margin < 0 || (cfg.Every > 0 && (cfg.Depth > 0) == (cfg.Nodes > 0)) {
		return fmt.Errorf("need -every >= 0, -margin >= 0 and exactly one of -depth and -nodes")
	}
	book, err := openings.Load(path, format, cfg.Variant, 0)
	if err != nil {
		return err
	}
	var progress io.Writer
	if verbose {
		progress = os.Stderr
	}
	audit, err := opengen.AuditBook(book, cfg, progress)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "%s: %d openings: material equal %d, bishop for knight %d, pending recapture %d, unequal %d\n",
		path, len(book), audit.Kinds[opengen.Equal], audit.Kinds[opengen.Minor], audit.Kinds[opengen.Recapture], audit.Kinds[opengen.Unbalanced])
	if verbose {
		for _, en := range audit.Entries {
			if en.Material == opengen.Recapture || en.Material == opengen.Unbalanced {
				fmt.Fprintf(out, "  line %d: %s: %s\n", en.Line, en.Material, en.FEN)
			}
		}
	}
	if cfg.Every == 0 {
		return nil
	}
	limit := fmt.Sprintf("depth %d", cfg.Depth)
	if cfg.Depth == 0 {
		limit = fmt.Sprintf("%d nodes", cfg.Nodes)
	}
	s := audit.Scores(cfg.Margin)
	fmt.Fprintf(out, "searched %d (every %d-th) at %s: mean |score| %.1f cp, max %d, median %d, 90th percentile %d, 99th %d; "+
		"|score| > %d: %d (mates %d); mean from White's view %+.1f cp\n",
		s.Searched, cfg.Every, limit, s.MeanAbs, s.MaxAbs, s.Quantiles[0], s.Quantiles[1], s.Quantiles[2], cfg.Margin, s.Over, s.Mates, s.MeanWhite)
	byKind := [4][2]int{} // searched, of them over the margin
	restored := 0
	for _, en := range audit.Entries {
		if !en.Searched {
			continue
		}
		byKind[en.Material][0]++
		if en.Mate || en.Score > cfg.Margin || en.Score < -cfg.Margin {
			byKind[en.Material][1]++
		}
		if en.Restored {
			restored++
		}
	}
	for k := opengen.Equal; k <= opengen.Unbalanced; k++ {
		fmt.Fprintf(out, "  %s: %d searched, %d over the margin\n", k, byKind[k][0], byKind[k][1])
	}
	fmt.Fprintf(out, "  unequal material mended by the search's first move: %d of %d searched\n",
		restored, byKind[opengen.Recapture][0]+byKind[opengen.Unbalanced][0])
	return nil
}
