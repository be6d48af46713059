package uci

import (
	"fmt"
	"strconv"
	"time"

	"github.com/sakk-chess/sakk/engine"
	"github.com/sakk-chess/sakk/engine/nnue"
	"github.com/sakk-chess/sakk/game"
)

// optionTable declares sakk's options and binds each to the session or to
// engine.Options. Changing an engine option goes through Engine.SetOptions.
func (s *session) optionTable() Options {
	def := engine.DefaultOptions()
	setEngine := func(change func(o *engine.Options, v string)) func(string) error {
		return func(v string) error {
			o := s.eng.Options()
			change(&o, v)
			s.eng.SetOptions(o)
			return nil
		}
	}
	atoi := func(v string) int { n, _ := strconv.Atoi(v); return n } // v is checked already
	return append(Options{
		{Name: "Hash", Kind: Spin, Default: strconv.Itoa(def.HashMB), Min: engine.MinHashMB, Max: s.cfg.MaxHashMB,
			Apply: s.setHash},
		{Name: "Threads", Kind: Spin, Default: strconv.Itoa(def.Threads), Min: 1, Max: engine.MaxThreads,
			Apply: setEngine(func(o *engine.Options, v string) { o.Threads = atoi(v) })},
		{Name: "MultiPV", Kind: Spin, Default: strconv.Itoa(def.MultiPV), Min: 1, Max: engine.MaxMultiPV,
			Apply: setEngine(func(o *engine.Options, v string) { o.MultiPV = atoi(v) })},
		{Name: "Ponder", Kind: Check, Default: "false",
			Apply: func(v string) error { s.ponder = v == "true"; return nil }},
		{Name: "Move Overhead", Kind: Spin, Default: strconv.FormatInt(def.MoveOverhead.Milliseconds(), 10), Min: 0, Max: 5000,
			Apply: setEngine(func(o *engine.Options, v string) { o.MoveOverhead = time.Duration(atoi(v)) * time.Millisecond })},
		{Name: "Clear Hash", Kind: Button,
			Apply: func(string) error { s.eng.NewGame(); return nil }},
		{Name: "UCI_Chess960", Kind: Check, Default: "false",
			Apply: func(v string) error { s.chess960 = v == "true"; s.setChess960(s.pos); return nil }},
		{Name: "UCI_Variant", Kind: Combo, Default: game.Chess.String(), Vars: game.VariantNames(),
			Apply: s.setVariant},
		{Name: "UCI_LimitStrength", Kind: Check, Default: strconv.FormatBool(def.LimitStrength),
			Apply: setEngine(func(o *engine.Options, v string) { o.LimitStrength = v == "true" })},
		{Name: "UCI_Elo", Kind: Spin, Default: strconv.Itoa(def.Elo), Min: engine.MinElo, Max: engine.MaxElo,
			Apply: setEngine(func(o *engine.Options, v string) { o.Elo = atoi(v) })},
		{Name: "UCI_ShowWDL", Kind: Check, Default: "false",
			Apply: func(v string) error { s.showWDL = v == "true"; return nil }},
		{Name: "OwnBook", Kind: Check, Default: "false",
			Apply: func(v string) error { s.ownBook = v == "true"; return nil }},
		{Name: "BookFile", Kind: String, Default: "",
			Apply: s.loadBook},
		{Name: "BookDepth", Kind: Spin, Default: bookDepthDefault(), Min: 1, Max: maxBookDepth,
			Apply: func(v string) error { s.bookDepth = atoi(v); return nil }},
		{Name: "GlinskiStalemate", Kind: Combo, Default: stalemateRule(def.GlinskiStalemateDraw).String(), Vars: game.StalemateRuleNames(),
			Apply: setEngine(func(o *engine.Options, v string) {
				rule, _ := game.ParseStalemateRule(v) // the combo has checked v
				o.GlinskiStalemateDraw = rule == game.StalemateDraw
			})},
		{Name: "UseNNUE", Kind: Check, Default: strconv.FormatBool(def.UseNNUE),
			Apply: setEngine(func(o *engine.Options, v string) { o.UseNNUE = v == "true" })},
		{Name: "UseNNUEGlinski", Kind: Check, Default: strconv.FormatBool(def.UseNNUEGlinski),
			Apply: setEngine(func(o *engine.Options, v string) { o.UseNNUEGlinski = v == "true" })},
		{Name: "EvalFile", Kind: String, Default: "",
			Apply: func(v string) error { return s.loadNet(game.Chess, v) }},
		{Name: "EvalFileGlinski", Kind: String, Default: "",
			Apply: func(v string) error { return s.loadNet(game.Glinski, v) }},
	}, s.syzygyOptions()...)
}

// NetHolder is an engine whose nets the EvalFile options replace.
type NetHolder interface {
	SetNet(variant game.Variant, n *nnue.Net) error
	Net(variant game.Variant) *nnue.Net
}

// loadNet reads a net file for a variant ("" goes back to the built-in
// net). A file that is missing, corrupt or for the other variant is an
// error and the current net stays.
func (s *session) loadNet(variant game.Variant, path string) error {
	holder, ok := s.eng.(NetHolder)
	if !ok {
		return fmt.Errorf("this engine has no nets")
	}
	if path == "" {
		return holder.SetNet(variant, nil)
	}
	n, err := nnue.Load(path, variant)
	if err != nil {
		return err
	}
	if err := holder.SetNet(variant, n); err != nil {
		return err
	}
	s.out.info(fmt.Sprintf("loaded %s net %s (%s)", variant, path, n.Shape()))
	return nil
}

func stalemateRule(draw bool) game.StalemateRule {
	if draw {
		return game.StalemateDraw
	}
	return game.StalemateThreeQuarters
}

// setVariant switches the board and sets that variant's start position.
func (s *session) setVariant(name string) error {
	v, err := game.ParseVariant(name)
	if err != nil {
		return err
	}
	pos, err := s.cfg.NewPosition(v)
	if err != nil {
		return err
	}
	s.setChess960(pos)
	s.variant, s.pos, s.posErr = v, pos, nil
	return nil
}

// HashSetter is an engine that allocates its hash table when the option is
// set, and refuses a size it cannot have (engine.Engine does).
type HashSetter interface {
	SetHash(mb int) error
}

// setHash applies the Hash option: at once and checked when the engine can
// do that, so that a size beyond the machine's memory is an error here
// rather than a crash at the next isready or go.
func (s *session) setHash(v string) error {
	mb, _ := strconv.Atoi(v) // checked already
	if h, ok := s.eng.(HashSetter); ok {
		return h.SetHash(mb)
	}
	o := s.eng.Options()
	o.HashMB = mb
	s.eng.SetOptions(o)
	return nil
}
