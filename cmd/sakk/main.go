// Command sakk is the sakk chess engine: UCI on stdin/stdout with no
// arguments, and the perft, bench and match subcommands for people.
package main

func main() {}
