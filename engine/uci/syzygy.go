package uci

import (
	"fmt"
	"strconv"

	"github.com/sakk-chess/sakk/engine"
)

// TablebaseProber is a Searcher that can probe Syzygy tablebases
// (*engine.Engine is one). Only such an engine gets the Syzygy options.
type TablebaseProber interface {
	SetSyzygyPath(path string) error
	Tablebases() (wdl, dtz, pieces int)
	TablebaseOptions() engine.TablebaseOptions
	SetTablebaseOptions(o engine.TablebaseOptions)
}

// syzygyOptions are the tablebase options, named and meant as Stockfish's.
func (s *session) syzygyOptions() Options {
	tb, ok := s.eng.(TablebaseProber)
	if !ok {
		return nil
	}
	def := engine.DefaultTablebaseOptions()
	set := func(change func(o *engine.TablebaseOptions, v string)) func(string) error {
		return func(v string) error {
			o := tb.TablebaseOptions()
			change(&o, v)
			tb.SetTablebaseOptions(o)
			return nil
		}
	}
	atoi := func(v string) int { n, _ := strconv.Atoi(v); return n } // v is checked already
	return Options{
		{Name: "SyzygyPath", Kind: String, Default: "", Apply: func(v string) error { return s.setSyzygyPath(tb, v) }},
		{Name: "SyzygyProbeDepth", Kind: Spin, Default: strconv.Itoa(def.ProbeDepth), Min: 1, Max: engine.MaxProbeDepth,
			Apply: set(func(o *engine.TablebaseOptions, v string) { o.ProbeDepth = atoi(v) })},
		{Name: "Syzygy50MoveRule", Kind: Check, Default: strconv.FormatBool(def.Rule50),
			Apply: set(func(o *engine.TablebaseOptions, v string) { o.Rule50 = v == "true" })},
		{Name: "SyzygyProbeLimit", Kind: Spin, Default: strconv.Itoa(def.ProbeLimit), Min: 0, Max: engine.MaxProbeLimit,
			Apply: set(func(o *engine.TablebaseOptions, v string) { o.ProbeLimit = atoi(v) })},
	}
}

// setSyzygyPath loads the tables and says how many were found. Unreadable
// tables and missing directories are reported as an error (the tables that
// did load are used).
func (s *session) setSyzygyPath(tb TablebaseProber, path string) error {
	err := tb.SetSyzygyPath(path)
	if path != "" {
		wdl, dtz, pieces := tb.Tablebases()
		s.out.info(fmt.Sprintf("found %d tablebases (%d with DTZ), up to %d pieces", wdl, dtz, pieces))
	}
	return err
}
