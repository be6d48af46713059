//go:build !unix

package uciproc

import "os/exec"

func ownGroup(*exec.Cmd)  {}
func killGroup(*exec.Cmd) {}
