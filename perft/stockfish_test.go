package perft

import (
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/sakk-chess/sakk/bench/uciproc"
	"github.com/sakk-chess/sakk/board"
	"github.com/sakk-chess/sakk/game/move"
)

// findStockfish finds Debian's stockfish (in /usr/games). CI installs it
// (.ci/run), so there a missing one fails the test instead of skipping it.
func findStockfish(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"stockfish", "/usr/games/stockfish"} {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("stockfish is not installed (CI must have it: apt-get install stockfish)")
	}
	t.Skip("stockfish is not installed")
	return ""
}

// stockfishDivide runs "go perft depth" on fen and returns the count per
// root move and the total.
func stockfishDivide(t *testing.T, sf *uciproc.Process, fen string, depth int) (map[string]uint64, uint64) {
	t.Helper()
	require.NoError(t, sf.Send("position fen "+fen))
	require.NoError(t, sf.Send("go perft "+strconv.Itoa(depth)))
	counts := map[string]uint64{}
	line, err := sf.WaitFor("Nodes", time.Now().Add(time.Minute), func(line string) {
		mv, n, ok := strings.Cut(line, ": ")
		if !ok {
			return
		}
		if count, err := strconv.ParseUint(strings.TrimSpace(n), 10, 64); err == nil {
			counts[mv] = count
		}
	})
	require.NoError(t, err, fen)
	total, err := strconv.ParseUint(strings.TrimSpace(strings.TrimPrefix(line, "Nodes searched:")), 10, 64)
	require.NoError(t, err, line)
	return counts, total
}

// chess960Start is Chess960 start position number n (0..959) in
// Shredder-FEN, by the standard numbering.
func chess960Start(n int) string {
	var rank [8]byte
	free := func(k int) int { // the k-th empty file
		for f := range rank {
			if rank[f] == 0 {
				if k == 0 {
					return f
				}
				k--
			}
		}
		panic("no free file")
	}
	rank[(n%4)*2+1] = 'B' // light-squared bishop on b, d, f or h
	n /= 4
	rank[(n%4)*2] = 'B' // dark-squared bishop on a, c, e or g
	n /= 4
	rank[free(n%6)] = 'Q'
	n /= 6
	knights := [10][2]int{{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}}[n]
	a, b := free(knights[0]), free(knights[1])
	rank[a], rank[b] = 'N', 'N'
	left, king, right := free(0), free(1), free(2)
	rank[left], rank[king], rank[right] = 'R', 'K', 'R'
	white := string(rank[:])
	castling := strings.ToUpper(string(rune('a'+right))) + strings.ToUpper(string(rune('a'+left))) +
		string(rune('a'+right)) + string(rune('a'+left))
	return fmt.Sprintf("%s/pppppppp/8/8/8/8/PPPPPPPP/%s w %s - 0 1", strings.ToLower(white), white, castling)
}

// A differential perft: positions from random games (from the standard
// start and from random Chess960 starts) counted by sakk and by Stockfish's
// "go perft", root move by root move, at depth 3 (depth 2 where the tree
// is large). 500 positions; 60 with -short.
func TestPerftAgainstStockfish(t *testing.T) {
	sf, err := uciproc.Start(uciproc.Spec{Name: "stockfish", Cmd: findStockfish(t)}, 10*time.Second)
	require.NoError(t, err)
	defer sf.Quit(2 * time.Second)
	require.NoError(t, sf.SetOption("UCI_Chess960", "true"))
	require.NoError(t, sf.IsReady(10*time.Second))
	rng := rand.New(rand.NewPCG(16, 2026))
	positions := 500
	if testing.Short() {
		positions = 60
	}
	checked, castles, enPassants, promotions := 0, 0, 0, 0
	for game := 0; checked < positions; game++ {
		start := board.StartFEN
		if game%2 == 1 {
			start = chess960Start(rng.IntN(960))
		}
		pos, err := board.FromFEN(start)
		require.NoError(t, err, start)
		pos.SetChess960(true) // king-takes-rook castling, as Stockfish writes it in this mode
		plies := 1 + rng.IntN(120)
		var list move.List
		for ply := 0; ply < plies && checked < positions; ply++ {
			pos.LegalMoves(&list)
			if list.N == 0 {
				break
			}
			if ply%6 == 5 || ply == plies-1 {
				fen := pos.FEN()
				depth := 3
				if list.N > 40 {
					depth = 2
				}
				want, total := stockfishDivide(t, sf, fen, depth)
				got := map[string]uint64{}
				var sum uint64
				for _, root := range Divide(pos, depth) {
					got[root.Move] = root.Nodes
					sum += root.Nodes
				}
				require.Equal(t, want, got, "divide at depth %d of %s", depth, fen)
				require.Equal(t, total, sum, fen)
				checked++
			}
			m := pickMove(rng, list.Slice())
			switch {
			case m.IsCastle():
				castles++
			case m.IsEnPassant():
				enPassants++
			case m.IsPromotion():
				promotions++
			}
			pos.Make(m)
		}
	}
	t.Logf("%d positions agree with Stockfish; the games played %d castlings, %d en-passant captures, %d promotions",
		checked, castles, enPassants, promotions)
}

// pickMove plays a castling, en-passant capture or promotion when there is
// one, half of the time, and otherwise any move: random games reach the
// positions where move generators go wrong more often that way.
func pickMove(rng *rand.Rand, moves []move.Move) move.Move {
	if rng.IntN(2) == 0 {
		var special []move.Move
		for _, m := range moves {
			if m.IsCastle() || m.IsEnPassant() || m.IsPromotion() {
				special = append(special, m)
			}
		}
		if len(special) > 0 {
			return special[rng.IntN(len(special))]
		}
	}
	return moves[rng.IntN(len(moves))]
}
