package main

import (
	"fmt"
	"io"
	"os"

	"github.com/sakk-chess/sakk/bench"
	"github.com/sakk-chess/sakk/engine/uci"
)

func init() {
	register("uci", "speak UCI on stdin/stdout (what sakk does with no command)", runUCI)
}

const uciUsage = `Usage:
  sakk            (or: sakk uci)

Speaks the Universal Chess Interface on stdin/stdout until "quit" or the end
of the input, for chess GUIs and match tools. Type "uci" for the options.
Besides the standard commands it knows "d" (the board), "eval", "bench" and
"go perft N". Diagnostics go to stderr; stdout carries only the protocol.
`

func runUCI(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		if args[0] == "-h" || args[0] == "--help" {
			fmt.Fprint(stdout, uciUsage)
			return exitOK
		}
		return usageError(stderr, "sakk uci", fmt.Sprintf("unexpected argument %q", args[0]))
	}
	cfg := uci.Config{
		Log: stderr,
		// "bench" over UCI is "sakk bench" with its defaults.
		Bench: func(w io.Writer) error { _, err := bench.Run(w, bench.Config{}); return err },
	}
	if err := uci.Run(os.Stdin, stdout, cfg); err != nil {
		fmt.Fprintf(stderr, "sakk: %v\n", err)
		return exitFailure
	}
	return exitOK
}
