package uci

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sakk-chess/sakk/engine"
	"github.com/sakk-chess/sakk/engine/variant"
	"github.com/sakk-chess/sakk/game"
	"github.com/sakk-chess/sakk/game/move"
)

// randomGame plays random legal moves from the start position (a random
// move a shuffling knight or king makes now and then, so that positions
// repeat) and returns the "position" command, the position it sets, and
// whether it is still going on. With fifty set, the game starts from the
// start position's FEN with a halfmove clock close to 100.
func randomGame(rng *rand.Rand, variantName game.Variant, fifty bool) (string, game.Position) {
	pos, err := variant.New(variantName)
	if err != nil {
		panic(err)
	}
	cmd := "position startpos"
	if fifty {
		fields := strings.Fields(pos.FEN())
		clock := fmt.Sprint(80 + rng.IntN(20))
		if variantName == game.Chess {
			fields[4] = clock
		} else {
			fields[len(fields)-2] = clock
		}
		fen := strings.Join(fields, " ")
		pos, err = variant.FromFEN(variantName, fen)
		if err != nil {
			panic(err)
		}
		cmd = "position fen " + fen
	}
	var moves []string
	plies := rng.IntN(60)
	var list move.List
	for range plies {
		if pos.Outcome().Result != game.Ongoing {
			break
		}
		pos.LegalMoves(&list)
		m := list.Moves[rng.IntN(list.N)]
		if rng.IntN(3) == 0 { // prefer a reversible move: repetitions, fifty-move draws
			for _, q := range list.Slice() {
				if q.Piece() != move.Pawn && q.Captured() == move.NoPiece && rng.IntN(2) == 0 {
					m = q
					break
				}
			}
		}
		moves = append(moves, pos.MoveString(m))
		pos.Make(m)
	}
	if len(moves) > 0 {
		cmd += " moves " + strings.Join(moves, " ")
	}
	return cmd, pos
}

// pvOf returns the PV and multipv number of an info line (nil without pv).
func pvOf(line string) (pv []string, multipv string) {
	fields := strings.Fields(line)
	for i, f := range fields {
		if f == "multipv" && i+1 < len(fields) {
			multipv = fields[i+1]
		}
		if f == "pv" {
			return fields[i+1:], multipv
		}
	}
	return nil, multipv
}

// checkPV plays a reported PV on pos: every move legal, and no move after
// a position where the game has ended (fifty-move rule, threefold
// repetition, dead position, mate).
func checkPV(t *testing.T, pos game.Position, pv []string, where string) {
	t.Helper()
	p := pos.Clone()
	for i, text := range pv {
		if r := p.Outcome().Result; r != game.Ongoing {
			t.Errorf("%s: PV continues after %v at move %d (%s): %v", where, r, i+1, text, pv)
			return
		}
		m, err := p.ParseMove(text)
		if !assert.NoError(t, err, "%s: PV move %d %s", where, i+1, text) {
			return
		}
		p.Make(m)
	}
}

// Over many short searches of random positions in both games, with every
// kind of ending (node limit, depth, movetime, stop, MultiPV, strength
// limit), the last PV
// starts with the bestmove, the ponder move is its second move, and no PV
// plays on past a drawn position.
func TestLastPVStartsWithBestMove(t *testing.T) {
	searches := 2000
	if testing.Short() {
		searches = 300
	}
	rng := rand.New(rand.NewPCG(14, 1))
	s := startSession(t, Config{})
	s.send("uci")
	s.untilLine("uciok")
	for variantName, perVariant := range map[game.Variant]int{game.Chess: searches / 2, game.Glinski: searches / 2} {
		s.send("setoption name UCI_Variant value " + variantName.String())
		for i := range perVariant {
			multiPV := 1
			if rng.IntN(4) == 0 {
				multiPV = 1 + rng.IntN(4)
			}
			cmd, pos := randomGame(rng, variantName, rng.IntN(3) == 0)
			if pos.Outcome().Result != game.Ongoing {
				continue // a game over: no GUI asks for a move
			}
			var limit string
			stop := false
			switch rng.IntN(5) {
			case 0:
				limit = fmt.Sprintf("depth %d", 1+rng.IntN(6))
			case 1:
				limit = fmt.Sprintf("movetime %d", 1+rng.IntN(10))
			case 2:
				limit, stop = "infinite", true
			default:
				limit = fmt.Sprintf("nodes %d", 1+rng.IntN(6000))
			}
			if rng.IntN(20) == 0 {
				s.send("ucinewgame")
			}
			limited := rng.IntN(5) == 0
			s.send(fmt.Sprintf("setoption name UCI_LimitStrength value %v", limited),
				fmt.Sprintf("setoption name UCI_Elo value %d", engine.MinElo+rng.IntN(engine.MaxElo-engine.MinElo+1)))
			s.send(fmt.Sprintf("setoption name MultiPV value %d", multiPV), cmd, "go "+limit)
			var early []string
			if stop {
				early = s.sync()
				s.send("stop")
			}
			best, lines := s.bestmove()
			lines = append(early, lines...)
			where := fmt.Sprintf("%s search %d (%s; go %s; MultiPV %d; limited %v)", variantName, i, cmd, limit, multiPV, limited)
			var last []string
			for _, l := range lines {
				if !strings.HasPrefix(l, "info") {
					continue
				}
				require.False(t, strings.HasPrefix(l, "info string error"), "%s: %s", where, l)
				pv, mpv := pvOf(l)
				if pv == nil {
					continue
				}
				checkPV(t, pos, pv, where)
				if mpv == "1" {
					last = pv
				}
			}
			fields := strings.Fields(best)
			require.NotEmpty(t, last, "%s: no PV before %s", where, best)
			require.GreaterOrEqual(t, len(fields), 2, where)
			assert.Equal(t, last[0], fields[1], "%s: bestmove is not the last PV's first move", where)
			if len(fields) == 4 {
				require.GreaterOrEqual(t, len(last), 2, "%s: ponder %s but the last PV has one move", where, fields[3])
				assert.Equal(t, last[1], fields[3], "%s: ponder is not the last PV's second move", where)
			} else {
				assert.Len(t, fields, 2, "%s: %s", where, best)
				assert.Len(t, last, 1, "%s: the last PV %v has a second move but bestmove no ponder", where, last)
			}
			if t.Failed() {
				t.FailNow()
			}
		}
	}
}
