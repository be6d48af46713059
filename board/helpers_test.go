package board

// Helpers only the tests use.

// Between is the set of squares strictly between a and b when they share a
// rank, file or diagonal, else empty.
func Between(a, b int) uint64 { return betweenMask[a&63][b&63] }
