package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sakk-chess/sakk/engine"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// runSakk runs the CLI in-process and returns its exit code and output.
func runSakk(args ...string) (code int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	code = run(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

// withSubcommand registers a subcommand for one test.
func withSubcommand(t *testing.T, name string, run func(args []string, stdout, stderr io.Writer) int) {
	t.Helper()
	old, had := subcommands[name]
	delete(subcommands, name)
	register(name, "a test command", run)
	t.Cleanup(func() {
		delete(subcommands, name)
		if had {
			subcommands[name] = old
		}
	})
}

func echoArgs(args []string, stdout, _ io.Writer) int {
	io.WriteString(stdout, strings.Join(args, ",")+"\n")
	return 3
}

func TestHelpListsEverySubcommand(t *testing.T) {
	for _, arg := range []string{"--help", "-h", "help", "-help"} {
		code, out, errOut := runSakk(arg)
		assert.Equal(t, exitOK, code, arg)
		assert.Empty(t, errOut, arg)
		for name := range subcommands {
			assert.Contains(t, out, "\n  "+name+" ", arg)
		}
		assert.Contains(t, out, "--profile cpu|mem", arg)
		assert.Contains(t, out, "current directory", arg, "help says where profiles go")
	}
}

func TestVersion(t *testing.T) {
	code, out, _ := runSakk("--version")
	assert.Equal(t, exitOK, code)
	assert.Equal(t, "sakk "+engine.Version+"\n", out)
}

func TestDispatchPassesArgumentsAndExitCode(t *testing.T) {
	withSubcommand(t, "echo", echoArgs)
	code, out, _ := runSakk("echo", "a", "--b")
	assert.Equal(t, 3, code)
	assert.Equal(t, "a,--b\n", out)
}

func TestNoArgumentsRunsUCI(t *testing.T) {
	withSubcommand(t, defaultCommand, echoArgs)
	code, out, _ := runSakk()
	assert.Equal(t, 3, code)
	assert.Equal(t, "\n", out)
}

func TestNoUCIRegisteredIsAClearError(t *testing.T) {
	if old, had := subcommands[defaultCommand]; had {
		delete(subcommands, defaultCommand)
		t.Cleanup(func() { subcommands[defaultCommand] = old })
	}
	code, out, errOut := runSakk()
	assert.Equal(t, exitUsage, code)
	assert.Empty(t, out)
	assert.Contains(t, errOut, "no UCI engine")
}

func TestBadGlobalArgumentsExit2(t *testing.T) {
	for args, want := range map[string]string{
		"frobnicate":        `unknown command "frobnicate"`,
		"--frobnicate":      "unknown option --frobnicate",
		"--profile":         "--profile needs a value",
		"--profile gpu x":   `--profile takes cpu or mem, not "gpu"`,
		"--version=yes":     "takes no value",
		"help frobnicate":   `unknown command "frobnicate"`,
		"--profile-path= x": "--profile-path needs a directory",
	} {
		code, out, errOut := runSakk(strings.Fields(args)...)
		assert.Equal(t, exitUsage, code, args)
		assert.Empty(t, out, args)
		assert.Contains(t, errOut, want, args)
	}
}

func TestHelpForOneCommand(t *testing.T) {
	code, out, _ := runSakk("help", "perft")
	assert.Equal(t, exitOK, code)
	assert.Contains(t, out, "sakk perft --suite FILE")
}

func TestProfileWritesFile(t *testing.T) {
	withSubcommand(t, "echo", echoArgs)
	for _, mode := range []string{"cpu", "mem"} {
		dir := filepath.Join(t.TempDir(), "profiles")
		code, out, errOut := runSakk("--profile", mode, "--profile-path", dir, "echo", "x")
		assert.Equal(t, 3, code, mode)
		assert.Equal(t, "x\n", out, mode)
		path := filepath.Join(dir, mode+".pprof")
		assert.Contains(t, errOut, mode+" profile written to "+path)
		info, err := os.Stat(path)
		require.NoError(t, err, mode)
		assert.Positive(t, info.Size(), mode)
	}
}

func TestProfileIntoUnwritablePathExit2(t *testing.T) {
	withSubcommand(t, "echo", echoArgs)
	file := filepath.Join(t.TempDir(), "plain-file")
	require.NoError(t, os.WriteFile(file, nil, 0o644))
	code, _, errOut := runSakk("--profile=cpu", "--profile-path="+file, "echo")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "sakk: --profile:")
}
