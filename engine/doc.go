// Package engine is sakk's search, shared by both boards: iterative
// deepening with principal variation search, quiescence, pruning and
// reductions, lazy SMP threads, move ordering tables and time management,
// behind the Engine API that the UCI loop, the bench and the tools drive.
//
// The hot search is written once against *board.Position in the templates
// search_chess.go and run_chess.go; go generate writes the Glinski copies
// (search_glinski.go, run_glinski.go) so that each board's small methods
// are called directly and inlined. Edit the templates, then regenerate.
package engine
