package match

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/sakk-chess/sakk/bench/uciproc"
	"github.com/sakk-chess/sakk/engine/game"
)

// EngineConfig is one -engine, with the -each settings merged in.
type EngineConfig struct {
	uciproc.Spec
	Options []Option // sent in this order after the handshake
	TC      TimeControl
}

// Option is one UCI option to set (from option.Name=Value).
type Option struct{ Name, Value string }

// player is an engine process kept across games and restarted after a
// crash, a silence or a failed handshake.
type player struct {
	config EngineConfig
	proc   *uciproc.Process
}

// ready makes sure the engine runs with its options set for the variant.
func (p *player) ready(variantName string, timeout time.Duration) error {
	if p.proc != nil && p.proc.Alive() {
		return nil
	}
	proc, err := uciproc.Start(p.config.Spec, timeout)
	if err != nil {
		return err
	}
	p.proc = proc
	if err := p.configure(variantName, timeout); err != nil {
		p.stop()
		return fmt.Errorf("engine %s: %w", p.config.Name, err)
	}
	return nil
}

func (p *player) configure(variantName string, timeout time.Duration) error {
	if strings.EqualFold(variantName, game.Glinski) {
		if !p.proc.SupportsOption("UCI_Variant") {
			return fmt.Errorf("does not offer UCI_Variant, so it cannot play glinski")
		}
		vars := p.proc.OptionVars("UCI_Variant")
		if !slices.ContainsFunc(vars, func(v string) bool { return strings.EqualFold(v, game.Glinski) }) {
			return fmt.Errorf("does not play glinski: its UCI_Variant offers %s", listVariants(vars))
		}
		if err := p.proc.SetOption("UCI_Variant", game.Glinski); err != nil {
			return err
		}
	}
	for _, option := range p.config.Options {
		if !p.proc.SupportsOption(option.Name) {
			return fmt.Errorf("has no option %q", option.Name)
		}
		if err := p.proc.SetOption(option.Name, option.Value); err != nil {
			return err
		}
	}
	return p.proc.IsReady(timeout)
}

// listVariants shortens a long variant list for an error message.
func listVariants(vars []string) string {
	const shown = 12
	if len(vars) == 0 {
		return "no values"
	}
	if len(vars) <= shown {
		return strings.Join(vars, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(vars[:shown], ", "), len(vars)-shown)
}

// newGame sends ucinewgame and waits until the engine is ready.
func (p *player) newGame(timeout time.Duration) error {
	if err := p.proc.Send("ucinewgame"); err != nil {
		return err
	}
	return p.proc.IsReady(timeout)
}

// stop kills the engine; the next game starts a fresh one.
func (p *player) stop() {
	if p.proc != nil {
		p.proc.Kill()
		p.proc = nil
	}
}

// quit ends the engine politely at the end of the match.
func (p *player) quit() {
	if p.proc != nil {
		p.proc.Quit(time.Second)
		p.proc = nil
	}
}
