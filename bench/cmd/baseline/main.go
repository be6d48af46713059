// Command baseline is a plain alpha-beta + material UCI engine for chess and
// Glinski hexagonal chess, the yardstick opponent for sakk (see bench/baseline).
package main

import (
	"os"

	"github.com/sakk-chess/sakk/bench/baseline"
)

func main() { baseline.Run(os.Stdin, os.Stdout) }
