//go:build unix

package nnue

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time this process has used so far. On the shared,
// loaded machine it measures a kernel better than the wall clock does: the
// time the benchmark spends waiting for a core is not in it.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
