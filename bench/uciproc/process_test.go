package uciproc

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The test binary doubles as a tiny UCI engine when UCIPROC_STUB is set.
func TestMain(m *testing.M) {
	if mode := os.Getenv("UCIPROC_STUB"); mode != "" {
		runStub(mode)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// runStub answers the handshake; on go it replies per mode: "ok" plays
// e2e4 with a score, "silent" says nothing, "crash" exits at once.
func runStub(mode string) {
	if mode == "nouci" {
		time.Sleep(time.Minute)
		return
	}
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		switch fields := strings.Fields(in.Text()); {
		case len(fields) == 0:
		case fields[0] == "uci":
			fmt.Println("id name stub-" + mode)
			fmt.Println("option name Hash type spin default 16 min 1 max 1024")
			fmt.Println("option name UCI_Variant type combo default chess var chess var glinski")
			fmt.Println("uciok")
		case fields[0] == "isready":
			fmt.Println("readyok")
		case fields[0] == "go" && mode == "ok":
			fmt.Println("info depth 1 score cp 20 pv e2e4")
			fmt.Println("info depth 2 score mate -3 nodes 10 pv e2e4 e7e5")
			fmt.Println("bestmove e2e4 ponder e7e5")
		case fields[0] == "go" && mode == "crash":
			os.Exit(3)
		case fields[0] == "go" && mode == "orphan":
			// A child that inherits stdout and outlives the engine.
			child := exec.Command("sleep", "30")
			child.Stdout = os.Stdout
			if err := child.Start(); err != nil {
				panic(err)
			}
			fmt.Printf("info string child %d\n", child.Process.Pid)
			os.Exit(3)
		case fields[0] == "quit":
			return
		}
	}
}

func stubSpec(t *testing.T, mode string) Spec {
	exe, err := os.Executable()
	require.NoError(t, err)
	t.Setenv("UCIPROC_STUB", mode)
	return Spec{Name: "stub-" + mode, Cmd: exe, Args: []string{"-test.run=^$"}}
}

func TestHandshakeAndGo(t *testing.T) {
	p, err := Start(stubSpec(t, "ok"), 5*time.Second)
	require.NoError(t, err)
	defer p.Quit(time.Second)

	assert.Equal(t, "stub-ok", p.ID)
	assert.True(t, p.SupportsOption("hash"))
	assert.True(t, p.SupportsOption("UCI_Variant"))
	assert.False(t, p.SupportsOption("Threads"))
	require.NoError(t, p.SetOption("Hash", "8"))
	require.NoError(t, p.IsReady(5*time.Second))

	answer, err := p.Go("go depth 2", time.Now().Add(5*time.Second))
	require.NoError(t, err)
	assert.Equal(t, "e2e4", answer.BestMove)
	assert.Equal(t, "e7e5", answer.Ponder)
	assert.Equal(t, 2, answer.Depth)
	assert.Equal(t, Score{Valid: true, MateIn: -3}, answer.Score)
	assert.Equal(t, "-M3", answer.Score.String())
	assert.True(t, p.Alive())
}

func TestSilentEngineTimesOut(t *testing.T) {
	p, err := Start(stubSpec(t, "silent"), 5*time.Second)
	require.NoError(t, err)
	defer p.Kill()
	start := time.Now()
	_, err = p.Go("go wtime 100 btime 100", time.Now().Add(200*time.Millisecond))
	assert.ErrorIs(t, err, ErrTimeout)
	assert.Less(t, time.Since(start), 2*time.Second)
}

func TestCrashingEngineIsSeen(t *testing.T) {
	p, err := Start(stubSpec(t, "crash"), 5*time.Second)
	require.NoError(t, err)
	defer p.Kill()
	_, err = p.Go("go depth 1", time.Now().Add(5*time.Second))
	assert.ErrorIs(t, err, ErrExited)
	p.Kill()
	assert.False(t, p.Alive())
}

func TestEngineWithoutUCIFailsToStart(t *testing.T) {
	_, err := Start(stubSpec(t, "nouci"), 300*time.Millisecond)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "handshake")

	_, err = Start(Spec{Name: "missing", Cmd: "/nonexistent/engine"}, time.Second)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "cannot start")
}

func TestScoreForms(t *testing.T) {
	assert.Equal(t, "+0.31", Score{Valid: true, CP: 31}.String())
	assert.Equal(t, "-1.05", Score{Valid: true, CP: -105}.String())
	assert.Equal(t, "+M5", Score{Valid: true, MateIn: 5}.String())
	assert.Equal(t, 99995, Score{Valid: true, MateIn: 5}.Centipawns())
	assert.Equal(t, -99997, Score{Valid: true, MateIn: -3}.Centipawns())

	var a Answer
	readInfo("info depth 7 seldepth 9 score cp -12 upperbound nodes 100 pv e2e4", &a)
	assert.Equal(t, 7, a.Depth)
	assert.Equal(t, -12, a.Score.CP)
	readInfo("info string score cp 999", &a)
	assert.Equal(t, -12, a.Score.CP, "info string is free text")
	readInfo("info depth x score cp", &a)
	assert.Equal(t, 7, a.Depth)
}

// An engine that dies while a child keeps its output open is seen as
// exited when the process ends, not when the output does (before: only at
// the deadline, as a timeout), and Kill takes the child with it (the
// engine runs in a process group of its own).
func TestDeadEngineWithLiveChild(t *testing.T) {
	p, err := Start(stubSpec(t, "orphan"), 5*time.Second)
	require.NoError(t, err)
	defer p.Kill()
	child := 0
	start := time.Now()
	require.NoError(t, p.Send("go depth 1"))
	_, err = p.WaitFor("bestmove", time.Now().Add(20*time.Second), func(line string) {
		if rest, ok := strings.CutPrefix(line, "info string child "); ok {
			child, _ = strconv.Atoi(rest)
		}
	})
	assert.ErrorIs(t, err, ErrExited)
	assert.Less(t, time.Since(start), 10*time.Second)
	require.Positive(t, child)
	assert.True(t, running(child), "the child outlives the engine")
	p.Kill()
	for deadline := time.Now().Add(5 * time.Second); running(child) && time.Now().Before(deadline); {
		time.Sleep(20 * time.Millisecond)
	}
	assert.False(t, running(child), "Kill leaves the engine's child running")
}

// running says whether a process exists and is not a zombie.
func running(pid int) bool {
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	_, after, _ := strings.Cut(string(stat), ") ")
	return !strings.HasPrefix(after, "Z")
}
