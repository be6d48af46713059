package engine

// The per-board searches are generated from the *_chess.go templates.
//go:generate go run ./internal/gen
