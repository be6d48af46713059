package match

import (
	"fmt"
	"time"

	"github.com/sakk-chess/sakk/bench/uciproc"
	"github.com/sakk-chess/sakk/game"
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
func (p *player) ready(v game.Variant, timeout time.Duration) error {
	if p.proc != nil && p.proc.Alive() {
		return nil
	}
	proc, err := uciproc.Start(p.config.Spec, timeout)
	if err != nil {
		return err
	}
	p.proc = proc
	if err := p.configure(v, timeout); err != nil {
		p.stop()
		return fmt.Errorf("engine %s: %w", p.config.Name, err)
	}
	return nil
}

func (p *player) configure(v game.Variant, timeout time.Duration) error {
	if v == game.Glinski {
		if !p.proc.SupportsOption("UCI_Variant") {
			return fmt.Errorf("does not offer UCI_Variant, so it cannot play glinski")
		}
		if err := p.proc.SetOption("UCI_Variant", v.String()); err != nil {
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
