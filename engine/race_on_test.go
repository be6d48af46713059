//go:build race

package engine

// raceEnabled: the race detector slows the search down 10-100 times, so
// timing tests only check that the search ends, not how fast.
const raceEnabled = true
