package engine

// Version is sakk's version, shared by the CLI (--version) and the UCI
// "id name" line. Release builds set it with
//
//	go build -ldflags "-X github.com/sakk-chess/sakk/engine.Version=1.2.3" ./cmd/sakk
var Version = "0.1.0-dev"
