package tt

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"syscall"
	"unsafe"
)

// allocate maps n zeroed entries straight from the kernel. Unlike make, a
// mapping that cannot be had is an error, not a fatal out-of-memory, and
// its pages cost nothing until the search first touches them.
func allocate(n uint64) ([]entry, error) {
	mem, err := syscall.Mmap(-1, 0, int(n*entryBytes), syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		return nil, err
	}
	// Huge pages where the kernel allows them on request: fewer TLB misses
	// on random probes. Only a hint; failure changes nothing.
	_ = syscall.Madvise(mem, madvHugePage)
	return unsafe.Slice((*entry)(unsafe.Pointer(unsafe.SliceData(mem))), n), nil
}

// madvHugePage is MADV_HUGEPAGE, which package syscall does not name.
const madvHugePage = 14

// release returns a table from allocate to the kernel.
func release(entries []entry) {
	if len(entries) > 0 {
		syscall.Munmap(unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(entries))), len(entries)*entryBytes))
	}
}

// freshIsZero: a new mapping is zero, so Clear can swap the table for a
// new one instead of writing every byte.
const freshIsZero = true

// availableMemory is how many bytes the process could still get: the
// kernel's MemAvailable, lowered to what a cgroup limit leaves.
func availableMemory() (uint64, bool) {
	avail, ok := meminfo("MemAvailable:")
	if !ok {
		return 0, false
	}
	if limit, used, ok := cgroupMemory(); ok && limit > used {
		avail = min(avail, limit-used)
	}
	return avail, true
}

// meminfo reads one /proc/meminfo figure in bytes.
func meminfo(key string) (uint64, bool) {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0, false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) >= 2 && fields[0] == key {
			kb, err := strconv.ParseUint(fields[1], 10, 64)
			return kb << 10, err == nil
		}
	}
	return 0, false
}

// cgroupMemory reads a cgroup v2 memory limit and usage, if there is a limit.
func cgroupMemory() (limit, used uint64, ok bool) {
	read := func(name string) (uint64, bool) {
		b, err := os.ReadFile("/sys/fs/cgroup/" + name)
		if err != nil {
			return 0, false
		}
		n, err := strconv.ParseUint(strings.TrimSpace(string(b)), 10, 64)
		return n, err == nil // "max" (no limit) fails here
	}
	limit, ok1 := read("memory.max")
	used, ok2 := read("memory.current")
	return limit, used, ok1 && ok2
}
