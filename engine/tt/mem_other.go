//go:build !linux

package tt

// allocate uses the Go heap where sakk does not map memory itself; a
// failure there is fatal, so Resize checks nothing more than the size.
func allocate(n uint64) ([]entry, error) { return make([]entry, n), nil }

func release([]entry) {}

// freshIsZero: heap memory may be reused, so Clear writes the table.
const freshIsZero = false

// availableMemory is unknown on this system: no check.
func availableMemory() (uint64, bool) { return 0, false }
