package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/pkg/profile"
)

// startProfile starts a pprof profile ("cpu" or "mem") written to dir, and
// returns the function that finishes it and says where it went. The file is
// created up front because pkg/profile would exit the process on failure.
func startProfile(mode, dir string, stderr io.Writer) (stop func(), err error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	path := filepath.Join(dir, mode+".pprof")
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	f.Close()
	kind := profile.CPUProfile
	if mode == "mem" {
		kind = profile.MemProfile
	}
	p := profile.Start(kind, profile.ProfilePath(dir), profile.Quiet, profile.NoShutdownHook)
	return func() {
		p.Stop()
		fmt.Fprintf(stderr, "sakk: %s profile written to %s\n", mode, path)
	}, nil
}
