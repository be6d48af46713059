package match

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/sakk-chess/sakk/bench/stats"
	"github.com/sakk-chess/sakk/game"
)

// flagGroup is one "-name value..." group of the command line.
type flagGroup struct {
	name   string
	values []string
}

// groupArgs splits cutechess-style arguments into groups. A token starting
// with "-" and a letter opens a group; the tokens after it are its values.
func groupArgs(args []string) ([]flagGroup, error) {
	var groups []flagGroup
	for _, arg := range args {
		if isFlag(arg) {
			groups = append(groups, flagGroup{name: strings.TrimLeft(arg, "-")})
			continue
		}
		if len(groups) == 0 {
			return nil, fmt.Errorf("unexpected argument %q (options start with -)", arg)
		}
		last := &groups[len(groups)-1]
		last.values = append(last.values, arg)
	}
	return groups, nil
}

func isFlag(arg string) bool {
	name := strings.TrimLeft(arg, "-")
	return len(name) < len(arg) && len(arg)-len(name) <= 2 && name != "" &&
		(name[0] >= 'a' && name[0] <= 'z' || name[0] >= 'A' && name[0] <= 'Z')
}

// keyValues reads "key=value" tokens.
func keyValues(g flagGroup) ([][2]string, error) {
	pairs := make([][2]string, 0, len(g.values))
	for _, token := range g.values {
		key, value, found := strings.Cut(token, "=")
		if !found || key == "" {
			return nil, fmt.Errorf("-%s: expected key=value, got %q", g.name, token)
		}
		pairs = append(pairs, [2]string{key, value})
	}
	return pairs, nil
}

// ParseArgs reads sakk match's command line (cutechess-cli/fastchess
// conventions) into a Config; Out is left for the caller.
func ParseArgs(args []string) (Config, error) {
	cfg := defaultConfig()
	groups, err := groupArgs(args)
	if err != nil {
		return cfg, err
	}
	var engines, each [][2]string
	var engineGroups [][][2]string
	for _, g := range groups {
		switch g.name {
		case "engine":
			if engines, err = keyValues(g); err == nil {
				engineGroups = append(engineGroups, engines)
			}
		case "each":
			var pairs [][2]string
			if pairs, err = keyValues(g); err == nil {
				each = append(each, pairs...)
			}
		default:
			err = cfg.applyFlag(g)
		}
		if err != nil {
			return cfg, err
		}
	}
	if err := cfg.buildEngines(engineGroups, each); err != nil {
		return cfg, err
	}
	return cfg, cfg.validate()
}

func defaultConfig() Config {
	site, _ := os.Hostname()
	return Config{
		Rules: Rules{
			Variant:      game.Chess,
			StartTimeout: 10 * time.Second,
			HangTimeout:  60 * time.Second,
		},
		Games: 1, Rounds: 1, Concurrency: 1,
		Seed:  uint64(time.Now().UnixNano()),
		Event: "sakk match",
		Site:  site,
	}
}

func (c *Config) applyFlag(g flagGroup) error {
	switch g.name {
	case "variant":
		return oneValue(g, func(v string) (err error) {
			c.Rules.Variant, err = game.ParseVariant(v)
			return err
		})
	case "games":
		return oneValue(g, positiveInt(&c.Games))
	case "rounds":
		return oneValue(g, positiveInt(&c.Rounds))
	case "concurrency":
		return oneValue(g, positiveInt(&c.Concurrency))
	case "maxmoves":
		return oneValue(g, positiveInt(&c.Rules.MaxMoves))
	case "tb":
		return oneValue(g, func(v string) error { c.Rules.TBPath = v; return nil })
	case "repeat":
		return c.applyRepeat(g)
	case "srand":
		return oneValue(g, func(v string) (err error) { c.Seed, err = strconv.ParseUint(v, 10, 64); return err })
	case "event":
		return oneValue(g, func(v string) error { c.Event = v; return nil })
	case "site":
		return oneValue(g, func(v string) error { c.Site = v; return nil })
	case "pgnout":
		return c.applyPGNOut(g)
	case "hang-timeout":
		return oneValue(g, func(v string) (err error) { c.Rules.HangTimeout, err = parsePositiveSeconds(v); return err })
	case "glinski-stalemate":
		return oneValue(g, func(v string) error {
			rule, err := game.ParseStalemateRule(v)
			c.Rules.StalemateDraw = rule == game.StalemateDraw
			return err
		})
	case "recover":
		return nil // crashed engines are always restarted
	case "strict-protocol":
		c.Strict = &StrictProtocol{Engines: g.values}
		return nil
	case "check-mate-pvs":
		if len(g.values) > 0 {
			return fmt.Errorf("-check-mate-pvs takes no value")
		}
		c.Rules.CheckMatePVs = true
		return nil
	case "openings":
		return c.applyOpenings(g)
	case "sprt":
		return c.applySPRT(g)
	case "draw":
		return c.applyDraw(g)
	case "resign":
		return c.applyResign(g)
	}
	return fmt.Errorf("unknown option -%s", g.name)
}

func oneValue(g flagGroup, set func(string) error) error {
	if len(g.values) != 1 {
		return fmt.Errorf("-%s takes one value, got %d", g.name, len(g.values))
	}
	if err := set(g.values[0]); err != nil {
		return fmt.Errorf("-%s: %w", g.name, err)
	}
	return nil
}

func positiveInt(target *int) func(string) error {
	return func(v string) error {
		n, err := strconv.Atoi(v)
		if err != nil || n <= 0 {
			return fmt.Errorf("expected a positive whole number, got %q", v)
		}
		*target = n
		return nil
	}
}

func parsePositiveSeconds(v string) (time.Duration, error) {
	d, err := parseSeconds(v)
	if err == nil && d <= 0 {
		err = fmt.Errorf("must be positive")
	}
	return d, err
}

func (c *Config) applyRepeat(g flagGroup) error {
	if len(g.values) > 1 || len(g.values) == 1 && g.values[0] != "2" {
		return fmt.Errorf("-repeat plays each opening twice; it takes no value or 2")
	}
	c.Repeat = true
	return nil
}

// fastchessPGNKeys are fastchess's -pgnout settings other than file=,
// which sakk does not offer: refused by name rather than taken as a path.
var fastchessPGNKeys = map[string]bool{
	"notation": true, "nodes": true, "seldepth": true, "nps": true, "hashfull": true,
	"tbhits": true, "timeleft": true, "latency": true, "pv": true, "match_line": true, "min": true,
}

func (c *Config) applyPGNOut(g flagGroup) error {
	for _, v := range g.values {
		key, value, found := strings.Cut(v, "=")
		switch {
		case found && key == "file":
			c.PGNOut = value
		case found && fastchessPGNKeys[key]:
			return fmt.Errorf("-pgnout: %q is a fastchess setting sakk does not offer (sakk writes each move's score, depth and time)", v)
		case c.PGNOut == "":
			c.PGNOut = v // a path, which may contain '='
		default:
			return fmt.Errorf("-pgnout: unexpected %q (give a file name or file=NAME)", v)
		}
	}
	if c.PGNOut == "" {
		return fmt.Errorf("-pgnout needs a file name")
	}
	return nil
}

func (c *Config) applyOpenings(g flagGroup) error {
	pairs, err := keyValues(g)
	if err != nil {
		return err
	}
	for _, kv := range pairs {
		key, value := kv[0], kv[1]
		switch key {
		case "file":
			c.Book.File = value
		case "format":
			if value != "epd" && value != "pgn" {
				return fmt.Errorf("-openings format must be epd or pgn, not %q", value)
			}
			c.Book.Format = value
		case "order":
			if value != "random" && value != "sequential" {
				return fmt.Errorf("-openings order must be random or sequential, not %q", value)
			}
			c.Book.Random = value == "random"
		case "plies":
			err = positiveInt(&c.Book.Plies)(value)
		case "start":
			err = positiveInt(&c.Book.Start)(value)
		case "policy":
		default:
			return fmt.Errorf("-openings: unknown key %q", key)
		}
		if err != nil {
			return fmt.Errorf("-openings %s: %w", key, err)
		}
	}
	if c.Book.File == "" {
		return fmt.Errorf("-openings needs file=")
	}
	return nil
}

func (c *Config) applySPRT(g flagGroup) error {
	pairs, err := keyValues(g)
	if err != nil {
		return err
	}
	sprt := stats.SPRT{Alpha: 0.05, Beta: 0.05}
	fields := map[string]*float64{"elo0": &sprt.Elo0, "elo1": &sprt.Elo1, "alpha": &sprt.Alpha, "beta": &sprt.Beta}
	for _, kv := range pairs {
		if kv[0] == "model" {
			if kv[1] != "logistic" {
				return fmt.Errorf("-sprt: only model=logistic is supported")
			}
			continue
		}
		target, ok := fields[kv[0]]
		if !ok {
			return fmt.Errorf("-sprt: unknown key %q", kv[0])
		}
		if *target, err = strconv.ParseFloat(kv[1], 64); err != nil {
			return fmt.Errorf("-sprt %s: bad number %q", kv[0], kv[1])
		}
	}
	if err := sprt.Validate(); err != nil {
		return err
	}
	c.SPRT = &sprt
	return nil
}

func (c *Config) applyDraw(g flagGroup) error {
	rule := DrawRule{}
	err := intKeys(g, map[string]*int{"movenumber": &rule.MoveNumber, "movecount": &rule.MoveCount, "score": &rule.Score}, nil)
	if err == nil && rule.MoveCount <= 0 {
		err = fmt.Errorf("-draw needs movecount= greater than 0")
	}
	c.Rules.Draw = &rule
	return err
}

func (c *Config) applyResign(g flagGroup) error {
	rule := ResignRule{}
	err := intKeys(g, map[string]*int{"movecount": &rule.MoveCount, "score": &rule.Score}, &rule.TwoSided)
	if err == nil && (rule.MoveCount <= 0 || rule.Score <= 0) {
		err = fmt.Errorf("-resign needs movecount= and score= greater than 0")
	}
	c.Rules.Resign = &rule
	return err
}

// intKeys reads key=integer tokens (and twosided=true|false when allowed).
func intKeys(g flagGroup, keys map[string]*int, twoSided *bool) error {
	pairs, err := keyValues(g)
	if err != nil {
		return err
	}
	for _, kv := range pairs {
		if kv[0] == "twosided" && twoSided != nil {
			if *twoSided, err = strconv.ParseBool(kv[1]); err != nil {
				return fmt.Errorf("-%s twosided: %q is not true or false", g.name, kv[1])
			}
			continue
		}
		target, ok := keys[kv[0]]
		if !ok {
			return fmt.Errorf("-%s: unknown key %q", g.name, kv[0])
		}
		n, err := strconv.Atoi(kv[1])
		if err != nil || n < 0 {
			return fmt.Errorf("-%s %s: bad number %q", g.name, kv[0], kv[1])
		}
		*target = n
	}
	return nil
}

// buildEngines applies -each to both engines, then each -engine's own keys
// (which win).
func (c *Config) buildEngines(engineGroups [][][2]string, each [][2]string) error {
	if len(engineGroups) != 2 {
		return fmt.Errorf("give exactly two -engine groups, got %d", len(engineGroups))
	}
	for i, own := range engineGroups {
		engine := EngineConfig{TC: TimeControl{Margin: DefaultTimeMargin}}
		for _, kv := range append(append([][2]string{}, each...), own...) {
			if err := engine.apply(kv[0], kv[1]); err != nil {
				return fmt.Errorf("engine %d: %w", i+1, err)
			}
		}
		if engine.Cmd == "" {
			return fmt.Errorf("engine %d: cmd= is missing", i+1)
		}
		if engine.Name == "" {
			engine.Name = filepath.Base(engine.Cmd)
		}
		c.Engines[i] = engine
	}
	if c.Engines[0].Name == c.Engines[1].Name {
		c.Engines[1].Name += "-2"
	}
	return nil
}

func (e *EngineConfig) apply(key, value string) error {
	var err error
	switch key {
	case "cmd":
		e.Cmd = value
	case "name":
		e.Name = value
	case "dir":
		e.Dir = value
	case "args":
		e.Args, err = splitCommandLine(value)
	case "proto":
		if value != "uci" {
			err = fmt.Errorf("only proto=uci is supported")
		}
	case "tc":
		err = ParseClock(value, &e.TC)
	case "st":
		e.TC.MoveTime, err = parsePositiveSeconds(value)
	case "depth":
		e.TC.Depth, err = strconv.Atoi(value)
	case "nodes":
		e.TC.Nodes, err = strconv.ParseUint(value, 10, 64)
	case "timemargin":
		var msValue int
		msValue, err = strconv.Atoi(value)
		e.TC.Margin = time.Duration(msValue) * time.Millisecond
	default:
		name, isOption := strings.CutPrefix(key, "option.")
		if !isOption || name == "" {
			return fmt.Errorf("unknown key %q", key)
		}
		e.setOption(name, value)
	}
	if err != nil {
		return fmt.Errorf("%s=%s: %w", key, value, err)
	}
	return nil
}

func (e *EngineConfig) setOption(name, value string) {
	for i := range e.Options {
		if strings.EqualFold(e.Options[i].Name, name) {
			e.Options[i].Value = value
			return
		}
	}
	e.Options = append(e.Options, Option{Name: name, Value: value})
}

// splitCommandLine splits args="..." into words, honouring quotes.
func splitCommandLine(text string) ([]string, error) {
	var words []string
	var word strings.Builder
	var quote rune
	inWord := false
	for _, r := range text {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			word.WriteRune(r)
		case r == '"' || r == '\'':
			quote, inWord = r, true
		case r == ' ' || r == '\t':
			if inWord {
				words = append(words, word.String())
				word.Reset()
				inWord = false
			}
		default:
			word.WriteRune(r)
			inWord = true
		}
	}
	if quote != 0 {
		return nil, fmt.Errorf("unclosed quote in %q", text)
	}
	if inWord {
		words = append(words, word.String())
	}
	return words, nil
}

func (c *Config) validate() error {
	if c.Strict != nil {
		for _, name := range c.Strict.Engines {
			if name != c.Engines[0].Name && name != c.Engines[1].Name {
				return fmt.Errorf("-strict-protocol: no engine is named %q (the engines are %s and %s)", name, c.Engines[0].Name, c.Engines[1].Name)
			}
		}
	}
	for i, engine := range c.Engines {
		if !engine.TC.Limited() {
			return fmt.Errorf("engine %d (%s) has no time control: give tc=, st=, depth= or nodes= (in -each or -engine)", i+1, engine.Name)
		}
		if engine.TC.Depth < 0 || engine.TC.Margin < 0 {
			return fmt.Errorf("engine %d (%s): depth and timemargin must not be negative", i+1, engine.Name)
		}
	}
	return nil
}
