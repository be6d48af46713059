package uci

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sakk-chess/sakk/engine"
	"github.com/sakk-chess/sakk/engine/variant"
	"github.com/sakk-chess/sakk/game"
)

// TestSoak plays games between two real engines at very short clocks the
// way GUIs drive them: random Threads (1-8) and Hash, ponder searches ended
// by ponderhit or stop at random moments, go infinite stopped at random,
// clocks that run to 0 or below. It checks that every go gets exactly one
// bestmove, legal in the position sent, in time. Off by default:
//
//	SAKK_SOAK=10m go test ./engine/uci -run TestSoak -v -timeout 0
//
// (a duration, or a number of games). SAKK_SOAK_SEED picks the games.
func TestSoak(t *testing.T) {
	budget := os.Getenv("SAKK_SOAK")
	if budget == "" {
		t.Skip("set SAKK_SOAK=<duration or games> to run the soak test")
	}
	until := time.Now().Add(time.Hour * 24 * 365)
	maxGames := 1 << 30
	if d, err := time.ParseDuration(budget); err == nil {
		until = time.Now().Add(d)
	} else if n, err := strconv.Atoi(budget); err == nil {
		maxGames = n
	} else {
		t.Fatalf("SAKK_SOAK=%q: want a duration or a number of games", budget)
	}
	seed := uint64(time.Now().UnixNano())
	if s, err := strconv.ParseUint(os.Getenv("SAKK_SOAK_SEED"), 10, 64); err == nil {
		seed = s
	}
	rng := rand.New(rand.NewPCG(seed, 15))
	var f soakFigures
	start := time.Now()
	for f.games < maxGames && time.Now().Before(until) {
		soakGame(t, rng, &f)
	}
	t.Logf("soak (seed %d, %v): %s", seed, time.Since(start).Round(time.Second), f)
	if f.illegal+f.hangs+f.extraBest+f.wrongPos > 0 {
		t.Errorf("the engine misbehaved: %s", f)
	}
	if f.forfeits > 0 {
		t.Errorf("moves lost on time with %v or more on the clock: %s", soakFairClock, f)
	}
}

// soakFairClock: with less on the clock, an overrun is as much the loaded
// test machine's scheduling as the engine's (the answer takes two pipe
// hops and a goroutine wake-up); those are counted apart.
const soakFairClock = 100 * time.Millisecond

// soakHang is how much longer than its limit a bestmove may take before
// the engine counts as hung.
const soakHang = 30 * time.Second

type soakFigures struct {
	games, plies, gos, stops, ponderhits int
	forfeits                             int // over the clock, with soakFairClock or more on it
	lowOverruns                          int // over the clock, with less than soakFairClock on it
	illegal                              int // a bestmove not legal in the position sent
	late                                 int // a bestmove after the limit (clock + 3 s), within soakHang more
	hangs                                int // no bestmove at all
	extraBest                            int // a bestmove nobody asked for
	wrongPos                             int // 0000 while legal moves exist
	worstOver                            time.Duration
}

func (f soakFigures) String() string {
	return fmt.Sprintf("%d games, %d plies, %d go (%d stop, %d ponderhit), %d time forfeits, %d overruns of a clock under %v (worst %v), %d illegal moves, %d late answers, %d hangs, %d extra bestmoves, %d 0000 with legal moves",
		f.games, f.plies, f.gos, f.stops, f.ponderhits, f.forfeits, f.lowOverruns, soakFairClock, f.worstOver.Round(time.Millisecond), f.illegal, f.late, f.hangs, f.extraBest, f.wrongPos)
}

// soakGame plays one game; engines are fresh sessions with random options.
func soakGame(t *testing.T, rng *rand.Rand, f *soakFigures) {
	v := game.Chess
	if rng.IntN(3) == 0 {
		v = game.Glinski
	}
	var players [2]*testSession
	for side := range players {
		s := startSession(t, Config{Engine: engine.New(), MaxHashMB: 64})
		s.send("setoption name UCI_Variant value "+v.String(),
			"setoption name Threads value "+strconv.Itoa(1+rng.IntN(8)),
			"setoption name Hash value "+strconv.Itoa(1<<rng.IntN(6)),
			"setoption name Move Overhead value "+strconv.Itoa(rng.IntN(30)),
			"setoption name Ponder value true", "ucinewgame")
		s.sync()
		players[side] = s
	}
	defer func() {
		for _, s := range players {
			s.in.Close()
		}
	}()
	pos, _ := variant.New(v)
	var moves []string
	clock := [2]time.Duration{time.Duration(200+rng.IntN(1800)) * time.Millisecond, 0}
	clock[1] = clock[0]
	inc := time.Duration(rng.IntN(30)) * time.Millisecond
	f.games++
	for ply := 0; ply < 160 && pos.Outcome().Result == game.Ongoing; ply++ {
		side := int(pos.SideToMove())
		s := players[side]
		s.send("position startpos moves " + strings.Join(moves, " "))
		clocks := fmt.Sprintf("wtime %d btime %d winc %d binc %d", clock[0].Milliseconds(), clock[1].Milliseconds(), inc.Milliseconds(), inc.Milliseconds())
		var best string
		var used time.Duration
		var ok bool
		switch mode := rng.IntN(10); {
		case mode < 2: // ponder, then ponderhit or stop at a random moment
			s.send("go ponder " + clocks)
			f.gos++
			time.Sleep(time.Duration(rng.IntN(40)) * time.Millisecond)
			if rng.IntN(2) == 0 {
				f.ponderhits++
				begin := time.Now()
				s.send("ponderhit")
				best, ok = soakBestmove(s, clock[side]+2*time.Second)
				used = time.Since(begin)
			} else {
				f.stops++
				s.send("stop")
				if _, ok = soakBestmove(s, 2*time.Second); ok {
					begin := time.Now()
					s.send("go " + clocks)
					f.gos++
					best, ok = soakBestmove(s, clock[side]+2*time.Second)
					used = time.Since(begin)
				}
			}
		case mode < 3: // go infinite, stopped at a random moment
			begin := time.Now()
			s.send("go infinite")
			f.gos++
			time.Sleep(time.Duration(rng.IntN(30)) * time.Millisecond)
			f.stops++
			s.send("stop")
			best, ok = soakBestmove(s, 2*time.Second)
			_ = begin // no clock: nothing to forfeit
		default:
			begin := time.Now()
			s.send("go " + clocks)
			f.gos++
			best, ok = soakBestmove(s, clock[side]+2*time.Second)
			used = time.Since(begin)
		}
		if !ok {
			// Late or never? A loaded machine can stall a process for
			// seconds; a hang never answers.
			late := time.Now()
			if _, ok = soakBestmove(s, soakHang); ok {
				f.late++
				t.Logf("late: bestmove %v after the limit (%s)", time.Since(late).Round(time.Millisecond), v)
			} else {
				f.hangs++
				t.Logf("hang: %s to move after %s", v, strings.Join(moves, " "))
			}
			return
		}
		if n := count(s.sync(), "bestmove"); n > 0 {
			f.extraBest += n
		}
		fields := strings.Fields(best)
		m, err := pos.ParseMove(fields[1])
		if fields[1] == "0000" {
			f.wrongPos++
			return
		}
		if err != nil {
			f.illegal++
			t.Logf("illegal %s after %s", best, strings.Join(moves, " "))
			return
		}
		if clock[side] > 0 && used > clock[side] {
			if clock[side] >= soakFairClock {
				f.forfeits++
			} else {
				f.lowOverruns++
			}
			f.worstOver = max(f.worstOver, used-clock[side])
			t.Logf("over the clock by %v (clock %v, %s)", used-clock[side], clock[side], v)
		}
		clock[side] -= used // below 0: the flag is down, play on: the engine must cope
		clock[side] += inc
		pos.Make(m)
		moves = append(moves, fields[1])
		f.plies++
		if rng.IntN(40) == 0 { // a GUI whose margin is spent sends negative times
			clock[side] = -time.Duration(rng.IntN(5000)) * time.Millisecond
		}
		if clock[side] <= 0 && rng.IntN(4) == 0 {
			clock[side] = time.Duration(rng.IntN(500)) * time.Millisecond // time added back
		}
		clock[side] = max(clock[side], -5*time.Second)
	}
}

// soakBestmove waits for the next bestmove line; false after limit.
func soakBestmove(s *testSession, limit time.Duration) (string, bool) {
	deadline := time.After(max(limit, 0) + time.Second)
	for {
		select {
		case l, ok := <-s.lines:
			if !ok {
				return "", false
			}
			if strings.HasPrefix(l, "bestmove ") {
				return l, true
			}
		case <-deadline:
			return "", false
		}
	}
}
