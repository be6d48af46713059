package uci

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sakk-chess/sakk/engine"
	"github.com/sakk-chess/sakk/engine/variant"
	"github.com/sakk-chess/sakk/game"
	"github.com/sakk-chess/sakk/game/move"
)

// findPolyglot returns Debian's polyglot. CI installs it, so there its
// absence fails the test; elsewhere the test is skipped.
func findPolyglot(t *testing.T) string {
	for _, p := range []string{"polyglot", "/usr/games/polyglot"} {
		if path, err := exec.LookPath(p); err == nil {
			return path
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("polyglot is not installed (CI must have it: apt-get install polyglot)")
	}
	t.Skip("polyglot is not installed")
	return ""
}

// buildSakk compiles cmd/sakk into dir and returns the binary's path.
func buildSakk(t *testing.T, dir string) string {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		goTool = filepath.Join(runtime.GOROOT(), "bin", "go")
	}
	bin := filepath.Join(dir, "sakk")
	out, err := exec.Command(goTool, "build", "-o", bin, "github.com/sakk-chess/sakk/cmd/sakk").CombinedOutput()
	require.NoError(t, err, "go build: %s", out)
	return bin
}

// TestPolyglotPlaysAGame has a real third-party client drive sakk: Debian's
// polyglot (a UCI-to-xboard adapter) loads it, and the test plays White
// through polyglot's xboard side, checking every reply on its own board.
func TestPolyglotPlaysAGame(t *testing.T) {
	polyglot := findPolyglot(t) // first: on CI a missing polyglot fails even with -short
	if testing.Short() {
		t.Skip("builds the binary and plays a game")
	}
	dir := t.TempDir()
	buildSakk(t, dir)
	ini := filepath.Join(dir, "sakk.ini")
	logFile := filepath.Join(dir, "polyglot.log")
	require.NoError(t, os.WriteFile(ini, []byte(fmt.Sprintf(`[PolyGlot]
EngineDir = %s
EngineCommand = ./sakk
Book = false
Log = true
LogFile = %s
[Engine]
Hash = 16
Threads = 2
`, dir, logFile)), 0o644))

	cmd := exec.Command(polyglot, ini)
	cmd.Dir = dir
	stdin, err := cmd.StdinPipe()
	require.NoError(t, err)
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	defer func() {
		if cmd.ProcessState == nil {
			cmd.Process.Kill()
		}
		if t.Failed() {
			if log, err := os.ReadFile(logFile); err == nil {
				t.Logf("polyglot log (end):\n%s", lastLines(string(log), 40))
			}
		}
	}()

	lines := make(chan string, 1024)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			lines <- sc.Text()
		}
	}()
	var transcript []string
	send := func(cmds ...string) {
		for _, c := range cmds {
			_, err := io.WriteString(stdin, c+"\n")
			require.NoError(t, err)
		}
	}
	waitFor := func(what string, match func(string) bool) string {
		t.Helper()
		deadline := time.After(20 * time.Second)
		for {
			select {
			case l, ok := <-lines:
				require.True(t, ok, "polyglot ended while waiting for %s", what)
				transcript = append(transcript, l)
				assert.NotContains(t, strings.ToLower(l), "illegal", l)
				assert.NotContains(t, strings.ToLower(l), "error", l)
				if match(l) {
					return l
				}
			case <-deadline:
				t.Fatalf("no %s from polyglot; transcript:\n%s", what, lastLines(strings.Join(transcript, "\n"), 30))
			}
		}
	}

	send("xboard", "protover 2")
	waitFor("feature done=1", func(l string) bool { return l == "feature done=1" })
	assert.Contains(t, transcript, `feature myname="sakk `+engine.Version+`"`)
	usermove := "usermove "
	if !containsText(transcript, "usermove=1") {
		usermove = ""
	}

	send("new", "level 0 0:10 0", "post")
	board, err := variant.New(game.Chess)
	require.NoError(t, err)
	plan := []string{"e2e4", "g1f3", "f1c4", "b1c3", "d2d3", "c1g5", "e1g1", "a2a3"}
	for i, want := range plan {
		ours := chooseMove(board, want)
		mv, err := board.ParseMove(ours)
		require.NoError(t, err)
		board.Make(mv)
		send("time 1000", "otim 1000", usermove+ours)
		reply := waitFor("a move", func(l string) bool {
			return strings.HasPrefix(l, "move ") || strings.Contains(l, "{")
		})
		if !strings.HasPrefix(reply, "move ") {
			t.Logf("game over after %d moves: %s", i+1, reply)
			break
		}
		theirs := strings.TrimPrefix(reply, "move ")
		mv, err = board.ParseMove(theirs)
		require.NoError(t, err, "sakk's move %s (via polyglot) is not legal in %s", theirs, board.FEN())
		board.Make(mv)
		if board.Outcome().Result != game.Ongoing {
			break
		}
	}
	send("ping 42")
	waitFor("pong 42", func(l string) bool { return l == "pong 42" })
	send("quit")
	select {
	case err := <-exited:
		assert.NoError(t, err)
	case <-time.After(10 * time.Second):
		t.Fatal("polyglot did not exit after quit")
	}
	t.Logf("final position: %s", board.FEN())
}

// chooseMove plays the planned move when it is legal, else the first legal
// move (the engine's replies may have changed the board).
func chooseMove(pos game.Position, want string) string {
	if _, err := pos.ParseMove(want); err == nil {
		return want
	}
	var list move.List
	pos.LegalMoves(&list)
	return pos.MoveString(list.Moves[0])
}

func lastLines(s string, n int) string {
	l := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return strings.Join(l[max(0, len(l)-n):], "\n")
}
