package main

import (
	"fmt"
	"io"
	"os"

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
	if err := uci.Run(os.Stdin, stdout, uci.Config{Log: stderr}); err != nil {
		fmt.Fprintf(stderr, "sakk: %v\n", err)
		return exitFailure
	}
	return exitOK
}
