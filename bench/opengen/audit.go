package opengen

import (
	"fmt"
	"io"
	"math"
	"sort"

	"github.com/sakk-chess/sakk/bench/openings"
	"github.com/sakk-chess/sakk/engine"
	"github.com/sakk-chess/sakk/engine/variant"
	"github.com/sakk-chess/sakk/game"
	"github.com/sakk-chess/sakk/game/move"
)

// MaterialKind sorts an opening by its material.
type MaterialKind uint8

const (
	Equal      MaterialKind = iota // the same piece counts
	Minor                          // the same but for a bishop against a knight
	Recapture                      // unequal, but a legal capture makes them Equal or Minor
	Unbalanced                     // unequal, and no capture mends it
	numKinds
)

func (k MaterialKind) String() string {
	return [...]string{"equal", "bishop for knight", "pending recapture", "unequal"}[k]
}

// Material sorts pos by its material.
func Material(pos game.Position) (MaterialKind, error) {
	b, err := BalanceOf(pos)
	switch {
	case err != nil || b == Identical:
		return Equal, err
	case b == MinorSwap:
		return Minor, nil
	}
	ok, err := canRestore(pos, MinorSwap)
	if ok {
		return Recapture, err
	}
	return Unbalanced, err
}

// AuditConfig says which openings of a book an audit searches.
type AuditConfig struct {
	Variant game.Variant
	Every   int    // search every Every-th opening (1: all; 0: none)
	Depth   int    // search depth (0: use Nodes)
	Nodes   uint64 // node budget (0: use Depth)
	Margin  int    // a searched |score| above this is counted as unbalanced
}

// AuditEntry is one opening of an audit.
type AuditEntry struct {
	Line     int
	FEN      string
	Material MaterialKind
	Searched bool
	Score    int // side to move's view
	Mate     bool
	// Restored: the search's first move mends unequal material (to Equal or Minor).
	Restored bool
}

// Audit is what an audit found.
type Audit struct {
	Entries []AuditEntry
	Kinds   [numKinds]int // by MaterialKind
}

// AuditBook sorts every opening of book by material and searches a sample
// (fresh hash and tables for each, one thread).
func AuditBook(book []openings.Opening, cfg AuditConfig, progress io.Writer) (Audit, error) {
	var a Audit
	e := engine.New()
	opts := e.Options()
	opts.Threads = 1
	e.SetOptions(opts)
	for i, o := range book {
		pos, err := searchable(o, cfg.Variant)
		if err != nil {
			return a, fmt.Errorf("line %d: %w", o.Line, err)
		}
		for _, text := range o.Moves {
			m, err := pos.ParseMove(text)
			if err != nil {
				return a, fmt.Errorf("line %d: %w", o.Line, err)
			}
			pos.Make(m)
		}
		kind, err := Material(pos)
		if err != nil {
			return a, err
		}
		a.Kinds[kind]++
		entry := AuditEntry{Line: o.Line, FEN: pos.FEN(), Material: kind}
		if cfg.Every > 0 && i%cfg.Every == 0 {
			e.NewGame()
			r := e.Search(pos, engine.Limits{Depth: cfg.Depth, Nodes: cfg.Nodes}, nil)
			entry.Searched, entry.Score, entry.Mate = true, r.Score, r.MateIn != 0
			if kind == Recapture || kind == Unbalanced {
				entry.Restored, err = restores(pos, r.Best, MinorSwap)
				if err != nil {
					return a, err
				}
			}
			if progress != nil {
				fmt.Fprintf(progress, "line %d: %s, %+d cp\n", o.Line, kind, r.Score)
			}
		}
		a.Entries = append(a.Entries, entry)
	}
	return a, nil
}

// searchable builds an opening's position (before its book moves) as a
// board the search takes.
func searchable(o openings.Opening, v game.Variant) (engine.SearchBoard, error) {
	return variant.Position(v, o.FEN)
}

// ScoreStats summarises the searched scores of an audit.
type ScoreStats struct {
	Searched  int
	Mates     int
	MeanAbs   float64 // over non-mate scores
	MaxAbs    int
	MeanWhite float64 // mean score from White's view
	Over      int     // |score| above the margin (mates included)
	Quantiles [3]int  // |score| at the 50th, 90th and 99th percentile
}

// Scores summarises the searched entries of a, with margin for Over.
func (a Audit) Scores(margin int) ScoreStats {
	var s ScoreStats
	var abss []int
	sum, white := 0, 0
	for _, en := range a.Entries {
		if !en.Searched {
			continue
		}
		s.Searched++
		if en.Mate {
			s.Mates++
			s.Over++
			continue
		}
		v := abs(en.Score)
		abss = append(abss, v)
		sum += v
		s.MaxAbs = max(s.MaxAbs, v)
		if v > margin {
			s.Over++
		}
		if sideOf(en.FEN) == move.Black {
			white -= en.Score
		} else {
			white += en.Score
		}
	}
	if len(abss) == 0 {
		return s
	}
	s.MeanAbs = float64(sum) / float64(len(abss))
	s.MeanWhite = float64(white) / float64(len(abss))
	sort.Ints(abss)
	for i, q := range []float64{0.5, 0.9, 0.99} {
		s.Quantiles[i] = abss[min(len(abss)-1, int(math.Ceil(q*float64(len(abss))))-1)]
	}
	return s
}

// sideOf reads the side to move from a FEN (both variants put it second).
func sideOf(fen string) move.Color {
	for i := 0; i+2 < len(fen); i++ {
		if fen[i] == ' ' {
			if fen[i+1] == 'b' {
				return move.Black
			}
			return move.White
		}
	}
	return move.White
}
