package engine

import (
	"syscall"
	"time"
)

// threadCPUTime is the CPU time of the calling OS thread: node rates measured
// with it do not depend on how busy the machine is.
func threadCPUTime() time.Duration {
	var ru syscall.Rusage
	const rusageThread = 1 // RUSAGE_THREAD
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
