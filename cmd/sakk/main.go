// Command sakk is the sakk chess engine: UCI on stdin/stdout with no
// arguments, and the perft, bench and match subcommands for people.
package main

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/sakk-chess/sakk/engine"
	"github.com/sakk-chess/sakk/game"
)

// Exit codes of every subcommand.
const (
	exitOK      = 0
	exitFailure = 1 // the command ran and found a problem (e.g. a perft mismatch)
	exitUsage   = 2 // bad arguments or unreadable input
)

// defaultCommand runs when sakk gets no subcommand: a GUI starts the engine
// with no arguments and expects UCI.
const defaultCommand = "uci"

// subcommand is one "sakk <name>" tool.
type subcommand struct {
	summary string
	run     func(args []string, stdout, stderr io.Writer) int
}

// subcommands is filled by each tool's file in init(), so main.go never
// needs to know them.
var subcommands = map[string]subcommand{}

// register adds a subcommand; run gets the arguments after its name and
// returns the exit code.
func register(name, summary string, run func(args []string, stdout, stderr io.Writer) int) {
	if _, taken := subcommands[name]; taken {
		panic("sakk: subcommand " + name + " registered twice")
	}
	subcommands[name] = subcommand{summary: summary, run: run}
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run is main without the process: it parses the global options, picks the
// subcommand and returns the exit code.
func run(args []string, stdout, stderr io.Writer) int {
	opts, rest, err := parseGlobalOptions(args)
	if err != nil {
		return usageError(stderr, "sakk", err.Error())
	}
	switch {
	case opts.help:
		printHelp(stdout)
		return exitOK
	case opts.version:
		fmt.Fprintf(stdout, "sakk %s\n", engine.Version)
		return exitOK
	}
	name := defaultCommand
	if len(rest) > 0 {
		name, rest = rest[0], rest[1:]
	}
	if name == "help" {
		return runHelp(rest, stdout, stderr)
	}
	cmd, ok := subcommands[name]
	if !ok {
		if name == defaultCommand {
			fmt.Fprintln(stderr, "sakk: this build has no UCI engine yet; see 'sakk --help' for the tools it has")
			return exitUsage
		}
		return usageError(stderr, "sakk", fmt.Sprintf("unknown command %q", name))
	}
	if opts.profile != "" {
		stop, err := startProfile(opts.profile, opts.profilePath, stderr)
		if err != nil {
			fmt.Fprintf(stderr, "sakk: --profile: %v\n", err)
			return exitUsage
		}
		defer stop()
	}
	return cmd.run(rest, stdout, stderr)
}

// runHelp serves "sakk help [command]".
func runHelp(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		printHelp(stdout)
		return exitOK
	}
	cmd, ok := subcommands[args[0]]
	if !ok {
		return usageError(stderr, "sakk help", fmt.Sprintf("unknown command %q", args[0]))
	}
	return cmd.run([]string{"--help"}, stdout, stderr)
}

// usageError reports bad arguments on stderr and returns exitUsage.
func usageError(stderr io.Writer, command, message string) int {
	fmt.Fprintf(stderr, "%s: %s\n", command, message)
	fmt.Fprintf(stderr, "Run '%s --help' for usage.\n", command)
	return exitUsage
}

func printHelp(w io.Writer) {
	fmt.Fprintf(w, `sakk %s: a chess engine for orthodox chess (with Chess960) and Glinski's
hexagonal chess.

Usage:
  sakk [options]                   speak UCI on stdin/stdout (for GUIs)
  sakk [options] <command> [args]  run one of the commands below
  sakk help <command>              show a command's own options

Commands:
`, engine.Version)
	names := make([]string, 0, len(subcommands))
	for name := range subcommands {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		fmt.Fprintf(w, "  %-8s %s\n", name, subcommands[name].summary)
	}
	fmt.Fprintf(w, `
Options (before the command):
  -h, --help            show this help
  --version             print "sakk <version>"
  --profile cpu|mem     write a pprof profile of the whole run to cpu.pprof or
                        mem.pprof in the current directory (or --profile-path);
                        read it with: go tool pprof <sakk binary> cpu.pprof
  --profile-path DIR    write the profile into DIR (created if missing)

Variants: %s.
Exit codes: 0 success, 1 the command found a problem (e.g. a perft
mismatch), 2 bad arguments or unreadable input.
`, strings.Join(game.VariantNames(), ", "))
}
