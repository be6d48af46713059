//go:build !unix

package syzygy

// mapFile reads the whole file: this platform has no syscall.Mmap.
func mapFile(name string) (data []byte, unmap func() error, err error) {
	return readFile(name)
}
