package baseline

import (
	"bufio"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/sakk-chess/sakk/engine/variant"
	"github.com/sakk-chess/sakk/game"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// session runs the UCI loop on a pipe and reads its answers line by line.
type session struct {
	t     *testing.T
	in    *io.PipeWriter
	lines chan string
	done  chan struct{}
}

func startSession(t *testing.T) *session {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	s := &session{t: t, in: inW, lines: make(chan string, 1000), done: make(chan struct{})}
	go func() {
		Run(inR, outW)
		outW.Close()
		close(s.done)
	}()
	go func() {
		scanner := bufio.NewScanner(outR)
		for scanner.Scan() {
			s.lines <- scanner.Text()
		}
		close(s.lines)
	}()
	return s
}

func (s *session) send(line string) {
	_, err := io.WriteString(s.in, line+"\n")
	require.NoError(s.t, err)
}

// waitFor reads lines until one starts with prefix and returns it.
func (s *session) waitFor(prefix string) string {
	timeout := time.After(10 * time.Second)
	for {
		select {
		case line, ok := <-s.lines:
			require.True(s.t, ok, "engine stopped before %q", prefix)
			if strings.HasPrefix(line, prefix) {
				return line
			}
		case <-timeout:
			s.t.Fatalf("no %q line within 10 s", prefix)
		}
	}
}

func (s *session) quit() {
	s.send("quit")
	select {
	case <-s.done:
	case <-time.After(5 * time.Second):
		s.t.Fatal("quit did not end Run")
	}
}

func TestAnswersUCIAndIsReady(t *testing.T) {
	s := startSession(t)
	s.send("uci")
	assert.Equal(t, "id name baseline", s.waitFor("id name"))
	assert.Contains(t, s.waitFor("option name UCI_Variant"), "var glinski")
	s.waitFor("uciok")
	s.send("isready")
	s.waitFor("readyok")
	s.quit()
}

func TestPlaysALegalMoveInBothVariants(t *testing.T) {
	for _, v := range game.Variants() {
		s := startSession(t)
		s.send("setoption name UCI_Variant value " + v.String())
		s.send("ucinewgame")
		pos, err := variant.New(v)
		require.NoError(t, err)
		var played []string
		for ply := 0; ply < 6; ply++ {
			s.send("position startpos moves " + strings.Join(played, " "))
			s.send("go wtime 1000 btime 1000 winc 10 binc 10")
			best := strings.TrimPrefix(s.waitFor("bestmove "), "bestmove ")
			m, err := pos.ParseMove(best)
			require.NoError(t, err, "%s ply %d: %s", v, ply, best)
			pos.Make(m)
			played = append(played, best)
		}
		s.quit()
	}
}

func TestStopEndsAnInfiniteSearch(t *testing.T) {
	s := startSession(t)
	s.send("setoption name UCI_Variant value glinski")
	s.send("position startpos")
	s.send("go infinite")
	time.Sleep(50 * time.Millisecond)
	s.send("stop")
	best := strings.TrimPrefix(s.waitFor("bestmove "), "bestmove ")
	pos, _ := variant.New(game.Glinski)
	_, err := pos.ParseMove(best)
	assert.NoError(t, err)
	s.quit()
}

// searchFEN searches a position to depth and returns the move and the score
// of the last finished iteration.
func searchFEN(t *testing.T, v game.Variant, fen string, depth int) (string, int) {
	pos, err := variant.FromFEN(v, fen)
	require.NoError(t, err)
	score := 0
	best := NewSearcher(pos.Clone(), []uint64{pos.Key()}).Search(Limits{Depth: depth},
		func(info Info) { score = info.Score })
	return pos.MoveString(best), score
}

func TestFindsMateInOne(t *testing.T) {
	best, score := searchFEN(t, game.Chess, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 3)
	assert.Equal(t, "a1a8", best)
	assert.Equal(t, Mate-1, score)

	// Glinski corner mate: Black king a1, White king c3, the knight b1 goes
	// to c4 (b1c4 is the only mating move here, checked with the generator).
	best, score = searchFEN(t, game.Glinski, "1/3/5/7/9/11/11/11/2K8/11/kN9 w - 0 1", 3)
	assert.Equal(t, "b1c4", best)
	assert.Equal(t, Mate-1, score)

	// The move generator agrees that it is mate.
	pos, err := variant.FromFEN(game.Glinski, "1/3/5/7/9/11/11/11/2K8/11/kN9 w - 0 1")
	require.NoError(t, err)
	m, err := pos.ParseMove("b1c4")
	require.NoError(t, err)
	pos.Make(m)
	assert.Equal(t, game.Checkmate, pos.Outcome().Result)
}

func TestGlinskiStalemateIsALargeSubMatePlus(t *testing.T) {
	// Kd4-c3 takes every cell from the Black king on a1 without check.
	best, score := searchFEN(t, game.Glinski, "1/3/5/7/9/11/11/3K7/11/11/k10 w - 0 1", 2)
	assert.Equal(t, "d4c3", best)
	assert.Equal(t, StalemateScore-1, score)
	assert.Less(t, score, Mate-MaxPly)

	// Scored where it happens: the stalemated side loses StalemateScore in
	// Glinski, nothing in orthodox chess.
	glinski, err := variant.FromFEN(game.Glinski, "1/3/5/7/9/11/11/11/2K8/11/k10 b - 0 1")
	require.NoError(t, err)
	require.Equal(t, game.Stalemate, glinski.Outcome().Result)
	assert.Equal(t, -StalemateScore+3, NewSearcher(glinski, nil).noMoves(3))
	chess, err := variant.FromFEN(game.Chess, "k7/8/1Q6/8/8/8/8/K7 b - - 0 1")
	require.NoError(t, err)
	require.Equal(t, game.Stalemate, chess.Outcome().Result)
	assert.Equal(t, 0, NewSearcher(chess, nil).noMoves(3))
}

func TestTimeControlMovesInTime(t *testing.T) {
	s := startSession(t)
	s.send("setoption name UCI_Variant value glinski")
	s.send("position startpos")
	start := time.Now()
	s.send("go movetime 200")
	s.waitFor("bestmove ")
	assert.Less(t, time.Since(start), 2*time.Second)
	s.quit()
}
