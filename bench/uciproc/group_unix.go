//go:build unix

package uciproc

import (
	"os/exec"
	"syscall"
)

// ownGroup starts the engine in a process group of its own: a Ctrl-C at
// the terminal reaches the match runner (which finishes its games) but not
// the engines, and killGroup can end an engine together with its children.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killGroup kills the engine's process group: children that an engine
// started (and that may hold its output open) die with it.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}
