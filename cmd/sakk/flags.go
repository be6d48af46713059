package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"
)

// newFlagSet returns a flag set that reports nothing itself, so that each
// command words its own errors (see parseFlags).
func newFlagSet(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs
}

// parseFlags parses a command's arguments. On -h/--help it prints usage to
// stdout; on any error, a message to stderr. done reports that the command
// should return code right away.
func parseFlags(fs *flag.FlagSet, args []string, usage string, stdout, stderr io.Writer) (done bool, code int) {
	if done, code := parseFlagsAndArgs(fs, args, usage, stdout, stderr); done {
		return done, code
	}
	if fs.NArg() > 0 {
		return true, unexpectedArgument(fs, stderr)
	}
	return false, exitOK
}

// parseFlagsAndArgs is parseFlags for a command that may take arguments
// after its options (fs.Args()).
func parseFlagsAndArgs(fs *flag.FlagSet, args []string, usage string, stdout, stderr io.Writer) (done bool, code int) {
	err := fs.Parse(args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		fmt.Fprint(stdout, usage)
		return true, exitOK
	case err != nil:
		return true, usageError(stderr, "sakk "+fs.Name(), flagErrorText(fs, err))
	}
	return false, exitOK
}

// unexpectedArgument reports the first argument a command does not take.
func unexpectedArgument(fs *flag.FlagSet, stderr io.Writer) int {
	return usageError(stderr, "sakk "+fs.Name(), fmt.Sprintf("unexpected argument %q", fs.Arg(0)))
}

// flagErrorText rewords the flag package's errors for people, naming
// options with the "--" the help text uses.
func flagErrorText(fs *flag.FlagSet, err error) string {
	text := err.Error()
	if name, ok := strings.CutPrefix(text, "flag provided but not defined: -"); ok {
		return "unknown option --" + name
	}
	if name, ok := strings.CutPrefix(text, "flag needs an argument: -"); ok {
		return "--" + name + " needs a value"
	}
	var value, name string
	for _, format := range []string{"invalid value %q for flag -%s", "invalid boolean value %q for -%s"} {
		if _, scanErr := fmt.Sscanf(text, format, &value, &name); scanErr == nil {
			name = strings.TrimSuffix(name, ":")
			return fmt.Sprintf("--%s: %q is not %s", name, value, flagKind(fs, name))
		}
	}
	return text
}

// flagKind names what a flag's value must be, for error messages.
func flagKind(fs *flag.FlagSet, name string) string {
	if f := fs.Lookup(name); f != nil {
		if getter, ok := f.Value.(flag.Getter); ok {
			switch getter.Get().(type) {
			case int:
				return "an integer"
			case uint64:
				return "a non-negative integer"
			case bool:
				return "true or false"
			case time.Duration:
				return "a duration such as 30s or 2m"
			}
		}
	}
	return "a valid value"
}
