package match

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
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
	config   EngineConfig
	proc     *uciproc.Process
	chess960 bool // UCI_Chess960 as last set on proc

	mu     sync.Mutex // guards killed and the proc that kill sees
	live   *uciproc.Process
	killed bool
}

// kill ends the engine from another goroutine (the match is aborted); an
// engine started after it is killed at once.
func (p *player) kill() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.killed = true
	if p.live != nil {
		p.live.Kill()
	}
}

// track publishes proc for kill.
func (p *player) track(proc *uciproc.Process) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.live = proc
	if p.killed && proc != nil {
		proc.Kill()
	}
}

// wantsChess960 says whether the engine is configured with UCI_Chess960 on.
func (p *player) wantsChess960() bool {
	for _, o := range p.config.Options {
		if strings.EqualFold(o.Name, "UCI_Chess960") {
			return strings.EqualFold(o.Value, "true")
		}
	}
	return false
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
	p.track(proc)
	p.chess960 = p.wantsChess960()
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
		vars := p.proc.OptionVars("UCI_Variant")
		if !slices.ContainsFunc(vars, func(name string) bool { return strings.EqualFold(name, v.String()) }) {
			return fmt.Errorf("does not play %s: its UCI_Variant offers %s", v, listVariants(vars))
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

// newGame sends ucinewgame and waits until the engine is ready. It turns
// UCI_Chess960 on for a game that needs it (and off again after), when the
// engine offers the option.
func (p *player) newGame(chess960 bool, timeout time.Duration) error {
	if chess960 != p.chess960 && p.proc.SupportsOption("UCI_Chess960") {
		if err := p.proc.SetOption("UCI_Chess960", strconv.FormatBool(chess960)); err != nil {
			return err
		}
		p.chess960 = chess960
	}
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
