package uci

import (
	"fmt"
	"strconv"
	"strings"
)

// Kind is the UCI type of an option.
type Kind uint8

const (
	Spin   Kind = iota // integer in [Min, Max]
	Check              // true or false
	Combo              // one of Vars
	String             // any text (may be empty: "<empty>" is sent for it)
	Button             // no value: setting it triggers an action
)

func (k Kind) String() string {
	return [...]string{"spin", "check", "combo", "string", "button"}[k]
}

// Option is one row of the option table: its UCI declaration and the function
// that applies a checked value. Names are matched case-insensitively, with
// runs of whitespace treated as one space.
type Option struct {
	Name    string
	Kind    Kind
	Default string   // canonical spelling; "" for Button
	Min     int      // Spin only
	Max     int      // Spin only
	Vars    []string // Combo only
	// Apply receives the value in canonical spelling ("true"/"false",
	// decimal, the Vars entry as declared, "" for a button). An error leaves
	// the option as it was.
	Apply func(value string) error
}

// Declaration is the "option name ..." line that "uci" prints.
func (o *Option) Declaration() string {
	var b strings.Builder
	fmt.Fprintf(&b, "option name %s type %s", o.Name, o.Kind)
	switch o.Kind {
	case Spin:
		fmt.Fprintf(&b, " default %s min %d max %d", o.Default, o.Min, o.Max)
	case Check:
		fmt.Fprintf(&b, " default %s", o.Default)
	case Combo:
		fmt.Fprintf(&b, " default %s", o.Default)
		for _, v := range o.Vars {
			fmt.Fprintf(&b, " var %s", v)
		}
	case String:
		def := o.Default
		if def == "" {
			def = "<empty>"
		}
		fmt.Fprintf(&b, " default %s", def)
	}
	return b.String()
}

// Canonical checks a value given in a setoption command and returns it in
// canonical spelling. hasValue is false when the command had no "value".
func (o *Option) Canonical(value string, hasValue bool) (string, error) {
	if o.Kind == Button {
		if hasValue {
			return "", fmt.Errorf("%s is a button and takes no value", o.Name)
		}
		return "", nil
	}
	if !hasValue || (value == "" && o.Kind != String) {
		return "", fmt.Errorf("%s needs a value (setoption name %s value <%s>)", o.Name, o.Name, o.Kind)
	}
	switch o.Kind {
	case Spin:
		n, err := strconv.Atoi(value)
		if err != nil {
			return "", fmt.Errorf("%s takes an integer from %d to %d, got %s", o.Name, o.Min, o.Max, quote(value))
		}
		if n < o.Min || n > o.Max {
			return "", fmt.Errorf("%s must be between %d and %d, got %d", o.Name, o.Min, o.Max, n)
		}
		return strconv.Itoa(n), nil
	case Check:
		switch strings.ToLower(value) {
		case "true":
			return "true", nil
		case "false":
			return "false", nil
		}
		return "", fmt.Errorf("%s takes true or false, got %s", o.Name, quote(value))
	case Combo:
		for _, v := range o.Vars {
			if strings.EqualFold(v, value) {
				return v, nil
			}
		}
		return "", fmt.Errorf("%s takes one of %s, got %s", o.Name, strings.Join(o.Vars, ", "), quote(value))
	case String:
		if value == "<empty>" {
			return "", nil
		}
		return value, nil
	}
	return "", fmt.Errorf("%s has an unknown type", o.Name)
}

// Options is the option table in the order "uci" declares it.
type Options []*Option

// Find looks an option up by name, ignoring case and extra whitespace.
func (t Options) Find(name string) *Option {
	name = strings.Join(strings.Fields(name), " ")
	for _, o := range t {
		if strings.EqualFold(o.Name, name) {
			return o
		}
	}
	return nil
}

// Names lists the option names, for error messages.
func (t Options) Names() string {
	names := make([]string, len(t))
	for i, o := range t {
		names[i] = o.Name
	}
	return strings.Join(names, ", ")
}

// Set parses the arguments of "setoption" (everything after the command
// word: "name <id> [value <x>]") and applies the value. Name and value may
// be several words; their tokens are joined with single spaces.
func (t Options) Set(args []string) error {
	if len(args) == 0 || !strings.EqualFold(args[0], "name") {
		return fmt.Errorf("setoption needs: setoption name <id> [value <x>]")
	}
	args = args[1:]
	valueAt := -1
	for i, a := range args {
		if strings.EqualFold(a, "value") {
			valueAt = i
			break
		}
	}
	nameTokens := args
	var value string
	hasValue := valueAt >= 0
	if hasValue {
		nameTokens = args[:valueAt]
		value = strings.Join(args[valueAt+1:], " ")
	}
	if len(nameTokens) == 0 {
		return fmt.Errorf("setoption has no option name")
	}
	name := strings.Join(nameTokens, " ")
	o := t.Find(name)
	if o == nil {
		return fmt.Errorf("unknown option %s (options: %s)", quote(name), t.Names())
	}
	v, err := o.Canonical(value, hasValue)
	if err != nil {
		return err
	}
	if o.Apply != nil {
		if err := o.Apply(v); err != nil {
			return fmt.Errorf("%s: %v", o.Name, err)
		}
	}
	return nil
}
