//go:build !linux

package engine

import "time"

// threadCPUTime is unavailable here: benchmarks fall back to wall time.
func threadCPUTime() time.Duration { return 0 }
