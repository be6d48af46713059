//go:build unix

package syzygy

import (
	"os"
	"syscall"
)

// mapFile maps a whole file read-only; unmap releases it. An empty or
// unmappable file is read into memory instead.
func mapFile(name string) (data []byte, unmap func() error, err error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, nil, err
	}
	size := info.Size()
	if size <= 0 || size != int64(int(size)) {
		return readFile(name)
	}
	data, err = syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return readFile(name)
	}
	return data, func() error { return syscall.Munmap(data) }, nil
}
