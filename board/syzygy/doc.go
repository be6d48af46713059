// Package syzygy probes Syzygy endgame tablebases (.rtbw win/draw/loss and
// .rtbz distance-to-zero files) for orthodox chess positions. It is pure
// Go, written from the format's public description: files are
// memory-mapped, parsed once by Open with every offset checked, and then
// read-only, so any number of goroutines may probe one Tablebase at once
// (each with its own position). Probes allocate nothing.
//
// Layout: tables.go holds the index tables shared by every file, file.go
// the loading and header parsing, decode.go the Huffman/recursive-pairing
// decompression, probe.go the position-to-index encoding, search.go the
// capture search that en passant and the tables' "don't care" values
// require, root.go the ranking of root moves. docs/syzygy.md describes
// the whole.
package syzygy
