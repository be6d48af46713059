package match

import (
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/sakk-chess/sakk/bench/stats"
	"github.com/sakk-chess/sakk/game"
)

// Summary is the match so far, from the first engine's point of view.
type Summary struct {
	Names  [2]string
	Total  int // games scheduled
	Games  int
	Wins   int // Glinski stalemates given count here (scored 3/4)
	Losses int // and stalemates suffered here (scored 1/4)
	Draws  int
	Points float64
	// StalematesGiven / StalematesSuffered: Glinski stalemates at 3/4-1/4.
	StalematesGiven, StalematesSuffered int
	Paired                              bool // -repeat: pentanomial statistics
	Pentanomial                         stats.Pentanomial
	GameTally, PairTally                stats.Tally
	SPRT                                *stats.SPRT
	LLR                                 float64
	Decision                            stats.Decision
	// Faults counts engine misbehaviour: Faults[engine][kind].
	Faults [2]map[string]int
	// Warnings counts protocol warnings: Warnings[engine][kind].
	Warnings [2][numWarningKinds]int

	tcText  string
	variant game.Variant
	pending map[int]float64 // first game of an unfinished pair: its score
	started time.Time
	// shown counts the warnings printed in full, by engine and kind.
	shown [2][numWarningKinds]int
}

// warningsShown bounds the warnings of one engine and kind printed in full;
// the rest are only counted.
const warningsShown = 5

func newSummary(cfg *Config) *Summary {
	return &Summary{
		Names:   [2]string{cfg.Engines[0].Name, cfg.Engines[1].Name},
		Total:   cfg.TotalGames(),
		Paired:  cfg.Repeat,
		SPRT:    cfg.SPRT,
		Faults:  [2]map[string]int{{}, {}},
		tcText:  cfg.Engines[0].TC.Describe(),
		variant: cfg.Rules.Variant,
		pending: map[int]float64{},
		started: time.Now(),
	}
}

func (s *Summary) add(g *Game) {
	score := g.FirstEngineScore()
	s.Games++
	s.Points += score
	s.GameTally.Add(score)
	switch {
	case score > 0.5:
		s.Wins++
	case score < 0.5:
		s.Losses++
	default:
		s.Draws++
	}
	if g.GlinskiScore != "" {
		if score > 0.5 {
			s.StalematesGiven++
		} else {
			s.StalematesSuffered++
		}
	}
	for _, w := range g.Warnings {
		s.Warnings[g.engineOf(w.Side)][w.Kind]++
	}
	if g.FaultSide >= 0 {
		s.Faults[g.engineOf(g.FaultSide)][g.Fault]++
	}
	s.addToPair(g.Number-1, score)
	if s.SPRT != nil {
		s.LLR = s.SPRT.LLR(s.Tally())
		s.Decision = s.SPRT.Decide(s.LLR)
	}
}

func (s *Summary) addToPair(index int, score float64) {
	if !s.Paired {
		return
	}
	pair := index / 2
	first, ok := s.pending[pair]
	if !ok {
		s.pending[pair] = score
		return
	}
	delete(s.pending, pair)
	s.Pentanomial.Add(first + score)
	s.PairTally.Add((first + score) / 2)
}

// Tally is the sample the estimates use: pairs when games are paired (and
// a pair has finished), single games otherwise.
func (s *Summary) Tally() stats.Tally {
	if s.Paired && s.PairTally.N > 0 {
		return s.PairTally
	}
	return s.GameTally
}

// Elo and its 95% margin, and the likelihood of superiority.
func (s *Summary) Elo() (elo, margin float64) {
	t := s.Tally()
	return t.Elo(), t.EloMargin()
}

// LOS counts a stalemate given as a win and one suffered as a loss.
func (s *Summary) LOS() float64 { return stats.LOS(float64(s.Wins), float64(s.Losses)) }

// WarningCount is the number of protocol warnings of engine (0 or 1).
func (s *Summary) WarningCount(engine int) int {
	n := 0
	for _, count := range s.Warnings[engine] {
		n += count
	}
	return n
}

// StrictProtocol names the engines whose protocol warnings and faults fail
// the match (-strict-protocol [NAME...]; none named: both). A time forfeit
// does not: it says as much about a loaded machine as about the engine.
type StrictProtocol struct{ Engines []string }

// StrictFailures says, one line per engine concerned, what makes the match
// fail under strict: protocol warnings and faults other than time
// forfeits. None: the match passes.
func (s *Summary) StrictFailures(strict *StrictProtocol) []string {
	if strict == nil {
		return nil
	}
	var failures []string
	for engine, name := range s.Names {
		if len(strict.Engines) > 0 && !slices.Contains(strict.Engines, name) {
			continue
		}
		faults := maps.Clone(s.Faults[engine])
		delete(faults, FaultTime)
		if s.WarningCount(engine) == 0 && len(faults) == 0 {
			continue
		}
		line := fmt.Sprintf("%s: warnings %s", name, s.warningLine(engine))
		if len(faults) > 0 {
			line += ", faults " + faultLine(faults)
		}
		failures = append(failures, line)
	}
	return failures
}

func (s *Summary) printProgress(w io.Writer, g *Game) {
	s.printWarnings(w, g)
	fmt.Fprintf(w, "Finished game %d (%s vs %s): %s {%s}\n", g.Number, g.White, g.Black, g.Result, g.Reason)
	elo, margin := s.Elo()
	fmt.Fprintf(w, "Score of %s vs %s: %d - %d - %d  [%.3f] %d/%d  Elo %s +/- %s  ETA %s\n",
		s.Names[0], s.Names[1], s.Wins, s.Losses, s.Draws, s.Points/float64(s.Games),
		s.Games, s.Total, formatElo(elo), formatMargin(margin), formatDuration(s.eta()))
}

func (s *Summary) eta() time.Duration {
	if s.Games == 0 {
		return 0
	}
	perGame := time.Since(s.started) / time.Duration(s.Games)
	return perGame * time.Duration(max(s.Total-s.Games, 0))
}

// Print writes the final report in fastchess's form.
func (s *Summary) Print(w io.Writer) {
	rule := strings.Repeat("-", 50)
	elo, margin := s.Elo()
	fmt.Fprintln(w, rule)
	fmt.Fprintf(w, "Results of %s vs %s (%s, %s):\n", s.Names[0], s.Names[1], s.tcText, s.variant)
	fmt.Fprintf(w, "Elo: %s +/- %s\n", formatElo(elo), formatMargin(margin))
	fmt.Fprintf(w, "LOS: %.2f %%\n", 100*s.LOS())
	fmt.Fprintf(w, "Games: %d, Wins: %d, Losses: %d, Draws: %d, Points: %.2f (%.2f %%)\n",
		s.Games, s.Wins, s.Losses, s.Draws, s.Points, 100*s.scoreRatio())
	if s.Paired {
		p := s.Pentanomial
		fmt.Fprintf(w, "Ptnml(0-2): [%d, %d, %d, %d, %d]\n", p[0], p[1], p[2], p[3], p[4])
	}
	if s.StalematesGiven+s.StalematesSuffered > 0 {
		fmt.Fprintf(w, "Stalemates (3/4-1/4): given %d, suffered %d\n", s.StalematesGiven, s.StalematesSuffered)
	}
	if s.SPRT != nil {
		lower, upper := s.SPRT.Bounds()
		fmt.Fprintf(w, "LLR: %.2f (%.2f, %.2f) [%.2f, %.2f] %s\n", s.LLR, lower, upper, s.SPRT.Elo0, s.SPRT.Elo1, s.Decision)
	}
	for engine, faults := range s.Faults {
		if line := faultLine(faults); line != "" {
			fmt.Fprintf(w, "Faults of %s: %s\n", s.Names[engine], line)
		}
	}
	for engine := range s.Warnings {
		fmt.Fprintf(w, "Warnings of %s: %s\n", s.Names[engine], s.warningLine(engine))
	}
	fmt.Fprintln(w, rule)
}

// warningLine is "0" or "3 (bestmove not first in last PV 2, no score 1)".
func (s *Summary) warningLine(engine int) string {
	total := s.WarningCount(engine)
	if total == 0 {
		return "0"
	}
	var parts []string
	for kind, n := range s.Warnings[engine] {
		if n > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", WarningKind(kind), n))
		}
	}
	return fmt.Sprintf("%d (%s)", total, strings.Join(parts, ", "))
}

// printWarnings writes a game's warnings as fastchess does (the warning,
// the info line, the position), the first few of each kind per engine.
func (s *Summary) printWarnings(w io.Writer, g *Game) {
	for _, warning := range g.Warnings {
		engine := g.engineOf(warning.Side)
		s.shown[engine][warning.Kind]++
		switch n := s.shown[engine][warning.Kind]; {
		case n > warningsShown:
			continue
		case n == warningsShown:
			fmt.Fprintf(w, "Warning; %s - %s from %s (game %d; further ones of this kind are only counted)\n",
				warning.Kind, warning.Detail, s.Names[engine], g.Number)
		default:
			fmt.Fprintf(w, "Warning; %s - %s from %s (game %d)\n", warning.Kind, warning.Detail, s.Names[engine], g.Number)
		}
		if warning.Info != "" {
			fmt.Fprintf(w, "Info; %s\n", warning.Info)
		}
		fmt.Fprintf(w, "Position; %s\n", warning.Position)
	}
}

func (s *Summary) scoreRatio() float64 {
	if s.Games == 0 {
		return 0
	}
	return s.Points / float64(s.Games)
}

func faultLine(faults map[string]int) string {
	var parts []string
	for kind, count := range faults {
		parts = append(parts, fmt.Sprintf("%s %d", kind, count))
	}
	sort.Strings(parts)
	return strings.Join(parts, ", ")
}

func formatElo(elo float64) string {
	if math.IsInf(elo, 0) {
		return map[bool]string{true: "+inf", false: "-inf"}[elo > 0]
	}
	if math.Abs(elo) < 0.005 {
		elo = 0 // no "-0.00"
	}
	return fmt.Sprintf("%.2f", elo)
}

func formatMargin(margin float64) string {
	if math.IsInf(margin, 0) || math.IsNaN(margin) {
		return "inf"
	}
	return fmt.Sprintf("%.2f", margin)
}
