package engine

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sakk-chess/sakk/board"
	"github.com/sakk-chess/sakk/game"
	"github.com/sakk-chess/sakk/game/move"
	"github.com/sakk-chess/sakk/hexboard"
)

// withClock sets the halfmove clock of a FEN made by hexFEN (" - 0 1").
func withClock(fen, clock string) string {
	return strings.TrimSuffix(fen, " 0 1") + " " + clock + " 80"
}

// The fifty-move rule inside the search, on both boards. A side a queen
// down whose every move reaches the 100th halfmove is drawn (score 0, not
// the queen's deficit); the side that is ahead must capture or push a pawn
// at once, even giving up its queen (or rook) for a knight; a mate on the 100th
// halfmove is still a mate.
func TestFiftyMoveRuleInSearch(t *testing.T) {
	e := New()

	// Black, a queen down, to move at halfmove 99: Ka7 draws.
	lost := chessPosition(t, "k7/8/8/8/8/8/1Q6/K7 b - - 99 80")
	var r Result
	for depth := 1; depth <= 6; depth++ { // depth 1: the quiescence search sees it too
		e.NewGame()
		r = e.Search(lost, Limits{Depth: depth}, nil)
		assert.Equal(t, 0, r.Score, "every move reaches the 100th halfmove (depth %d)", depth)
	}
	fresh := chessPosition(t, "k7/8/8/8/8/8/1Q6/K7 b - - 0 80")
	e.NewGame()
	assert.Less(t, e.Search(fresh, Limits{Depth: 6}, nil).Score, -500, "without the clock Black is lost")

	// The draw comes at exactly the 100th halfmove, not one later: after
	// Black's only move Ka7 (halfmove 100) White's king could take the
	// blocked g3 pawn, which would reset the clock and keep a won game
	// going.
	capture := "k7/8/8/8/7K/6p1/1Q4P1/8 b - - %d 80"
	e.NewGame()
	assert.Equal(t, 0, e.Search(chessPosition(t, fmt.Sprintf(capture, 99)), Limits{Depth: 6}, nil).Score,
		"Ka7 reaches the 100th halfmove")
	e.NewGame()
	assert.Less(t, e.Search(chessPosition(t, fmt.Sprintf(capture, 98)), Limits{Depth: 6}, nil).Score, -500,
		"at 98 White's Kxg3 comes at halfmove 99, in time")

	// The same with a quiet pawn push, which move-count pruning used to
	// skip at depths 3 to 7 (the search then said 0): at halfmove 99 only
	// h2-h3 or h2-h4 keeps White's win, at every depth.
	push := chessPosition(t, "k7/8/8/8/8/8/1Q5P/K7 b - - 98 80")
	for depth := 2; depth <= 9; depth++ {
		e.NewGame()
		var pv []move.Move
		r := e.Search(push, Limits{Depth: depth}, func(i Info) {
			if i.Depth == depth && len(i.PV) >= 2 {
				pv = append(pv[:0], i.PV...)
			}
		})
		assert.Less(t, r.Score, -500, "depth %d", depth)
		if assert.GreaterOrEqual(t, len(pv), 2, "depth %d", depth) {
			push.Make(pv[0])
			assert.Contains(t, []string{"h2h3", "h2h4"}, push.MoveString(pv[1]), "depth %d", depth)
			push.Unmake()
		}
	}

	// A check on the 100th halfmove that is not mate is a draw: Bd4+ f6
	// Bxf6# is a mate in two, but at 99 Bd4+ reaches the 100th halfmove
	// and Black, in check, can still move. (White has no capture and no
	// pawn move, so every move reaches it.)
	check := "7k/5p1p/8/2B5/8/8/8/1K4R1 w - - %d 80"
	e.NewGame()
	r = e.Search(chessPosition(t, fmt.Sprintf(check, 99)), Limits{Depth: 6}, nil)
	assert.Equal(t, 0, r.Score, "Bd4+ at halfmove 99 draws")
	assert.Zero(t, r.MateIn)
	e.NewGame()
	assert.Equal(t, 2, e.Search(chessPosition(t, fmt.Sprintf(check, 98)), Limits{Depth: 6}, nil).MateIn,
		"at 98 the pawn move f6 resets the clock in time")

	// Clock 98: Black's Ka7 makes 99 and any White reply (no capture, no
	// pawn, no mate) the 100th halfmove, two plies down.
	deep := chessPosition(t, "k7/8/8/8/8/8/1Q6/K7 b - - 98 80")
	e.NewGame()
	assert.Equal(t, 0, e.Search(deep, Limits{Depth: 6}, nil).Score)

	// White at halfmove 99 must take the knight (losing the queen to c6xd5):
	// every other move draws, while Q+R against a knight wins without the clock.
	ahead := chessPosition(t, "7k/8/2p5/3n4/8/8/8/R2QK3 w - - 99 80")
	e.NewGame()
	r = e.Search(ahead, Limits{Depth: 6}, nil)
	assert.Equal(t, "d1d5", ahead.MoveString(r.Best))
	assert.Positive(t, r.Score)
	e.NewGame()
	r = e.Search(chessPosition(t, "7k/8/2p5/3n4/8/8/8/R2QK3 w - - 0 80"), Limits{Depth: 6}, nil)
	assert.NotEqual(t, "d1d5", ahead.MoveString(r.Best), "without the clock the queen stays")

	// A mate on the 100th halfmove wins: Qh8 is a quiet move.
	mate := chessPosition(t, "k7/8/1K6/8/8/8/7Q/8 w - - 99 80")
	e.NewGame()
	r = e.Search(mate, Limits{Depth: 4}, nil)
	assert.Equal(t, 1, r.MateIn)

	// Glinski: a bare king against king and queen at halfmove 99 is drawn.
	gfen := withClock(hexFEN(t, map[string]byte{"f6": 'k', "c3": 'K', "a1": 'Q'}, "b"), "99")
	g := glinskiPosition(t, gfen)
	require.False(t, g.InCheck(), gfen)
	e.NewGame()
	assert.Equal(t, 0, e.Search(g, Limits{Depth: 5}, nil).Score, gfen)
	e.NewGame()
	g = glinskiPosition(t, withClock(hexFEN(t, map[string]byte{"f6": 'k', "c3": 'K', "a1": 'Q'}, "b"), "0"))
	assert.Less(t, e.Search(g, Limits{Depth: 5}, nil).Score, -500, "without the clock Black is lost")

	// Glinski: White at halfmove 99 gives the rook for the knight (Re1xe6,
	// Kf6xe6): every other move draws; without the clock it keeps the rook.
	gahead := hexFEN(t, map[string]byte{"f6": 'k', "e6": 'n', "c3": 'K', "e1": 'R', "a1": 'Q'}, "w")
	g = glinskiPosition(t, withClock(gahead, "99"))
	e.NewGame()
	r = e.Search(g, Limits{Depth: 5}, nil)
	assert.Equal(t, "e1e6", g.MoveString(r.Best), gahead)
	assert.Greater(t, r.Score, 300)
	g = glinskiPosition(t, gahead)
	e.NewGame()
	r = e.Search(g, Limits{Depth: 5}, nil)
	assert.NotEqual(t, "e1e6", g.MoveString(r.Best), "without the clock the rook stays")

	// Glinski: the knight mate in one of TestGlinskiStalemateScore still
	// mates at halfmove 99.
	g = glinskiPosition(t, withClock(hexFEN(t, map[string]byte{"a1": 'k', "c3": 'K', "i3": 'P', "e5": 'N'}, "w"), "99"))
	e.NewGame()
	r = e.Search(g, Limits{Depth: 4}, nil)
	assert.Equal(t, 1, r.MateIn)

	// Glinski: a stalemate given on the 100th halfmove ends the game
	// before the fifty-move rule does (hexboard's Outcome), so it keeps its
	// score: at halfmove 99 Kd4-c3 stalemates (the search used to call it
	// a fifty-move draw and push the pawn instead).
	g = glinskiPosition(t, withClock(hexFEN(t, map[string]byte{"a1": 'k', "d4": 'K', "i3": 'P'}, "w"), "99"))
	e.NewGame()
	r = e.Search(g, Limits{Depth: 5}, nil)
	assert.Equal(t, StalemateScore, r.Score)
	assert.Equal(t, "d4c3", g.MoveString(r.Best))
	g.Make(r.Best)
	assert.Equal(t, game.Stalemate, g.Outcome().Result)
	assert.Equal(t, 100, g.HalfmoveClock())
	g.Unmake()
}

// randomPositions plays n random games of up to plies moves from start
// (seeded, so the set is fixed) and keeps the positions that have at least
// three legal moves.
func randomPositions(t *testing.T, start func() SearchBoard, n, plies int) []SearchBoard {
	t.Helper()
	rng := rand.New(rand.NewPCG(16, uint64(n)))
	var out []SearchBoard
	for len(out) < n {
		pos := start()
		var list move.List
		for range 4 + rng.IntN(plies) {
			list.Clear()
			pos.LegalMoves(&list)
			if list.N == 0 {
				break
			}
			pos.Make(list.Moves[rng.IntN(list.N)])
		}
		list.Clear()
		pos.LegalMoves(&list)
		if list.N >= 3 && pos.Outcome().Result.String() == "ongoing" {
			out = append(out, Clone(pos))
		}
	}
	return out
}

func bothGames(t *testing.T, n int) []SearchBoard {
	t.Helper()
	if testing.Short() {
		n /= 2
	}
	chess := randomPositions(t, func() SearchBoard { return board.New() }, n, 30)
	return append(chess, randomPositions(t, func() SearchBoard { return hexboard.New() }, n, 30)...)
}

// finalLines runs a fixed-depth search and returns the last report of each
// MultiPV line at that depth.
func finalLines(e *Engine, pos SearchBoard, lim Limits, lines int) (Result, []Info) {
	last := make([]Info, lines+1)
	r := e.Search(pos, lim, func(i Info) {
		if i.CurrMove == move.None && i.Depth == lim.Depth && i.MultiPV <= lines {
			last[i.MultiPV] = i
			last[i.MultiPV].PV = append([]move.Move(nil), i.PV...)
		}
	})
	return r, last[1:]
}

// MultiPV over random positions of both games: the lines of the final
// depth come best first with distinct first moves, and line 1 is the
// result. Line 1's score is not asserted equal to the single-PV score of
// the same depth: the other lines reorder the root moves and fill the TT,
// and the shallow non-PV pruning then gives another answer (at depth 4 on
// 48 of these 200 positions, by up to 7 pawns; at depth 1 on none).
func TestMultiPVOrderingRandomPositions(t *testing.T) {
	const depth, lines = 4, 3
	multi := New()
	multi.SetOptions(Options{HashMB: 16, Threads: 1, MultiPV: lines})
	for _, pos := range bothGames(t, 100) {
		fen := pos.FEN()
		var list move.List
		pos.LegalMoves(&list)
		want := min(lines, list.N)

		multi.NewGame()
		r, got := finalLines(multi, pos, Limits{Depth: depth}, lines)
		seen := map[move.Move]bool{}
		for n := range want {
			require.NotEmpty(t, got[n].PV, "%s line %d", fen, n+1)
			assert.True(t, legal(pos, got[n].PV[0]), fen)
			seen[got[n].PV[0]] = true
			if n > 0 {
				assert.LessOrEqual(t, got[n].Score, got[n-1].Score, "%s line %d", fen, n+1)
			}
		}
		assert.Len(t, seen, want, "%s: distinct first moves", fen)
		assert.Equal(t, r.Best, got[0].PV[0], fen)
		assert.Equal(t, r.Score, got[0].Score, fen)
		assert.Equal(t, fen, pos.FEN(), "the search leaves the board as it was")
	}
}

// searchmoves over random positions of both games, with one and with three
// lines: the best move and every reported first move is in the set.
func TestSearchMovesRandomPositions(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 6))
	for _, multiPV := range []int{1, 3} {
		e := New()
		e.SetOptions(Options{HashMB: 16, Threads: 1, MultiPV: multiPV})
		for _, pos := range bothGames(t, 100) {
			fen := pos.FEN()
			var list move.List
			pos.LegalMoves(&list)
			all := list.Slice()
			rng.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
			set := append([]move.Move(nil), all[:1+rng.IntN(min(3, len(all)-1))]...)
			in := map[move.Move]bool{}
			for _, m := range set {
				in[m] = true
			}
			e.NewGame()
			r, got := finalLines(e, pos, Limits{Depth: 4, SearchMoves: set}, multiPV)
			assert.True(t, in[r.Best], "%s: best %v not in %v", fen, r.Best, set)
			for n := range min(multiPV, len(set)) {
				require.NotEmpty(t, got[n].PV, "%s line %d", fen, n+1)
				assert.True(t, in[got[n].PV[0]], "%s line %d", fen, n+1)
			}
		}
	}
}

// Repetition on the Glinski board, with the game history
// Kf6-f7 Qa1-b1 Kf7-f6 Qb1-a1: Black, a queen down, repeats with Kf6-f7
// (score 0); one ply later White, to move, keeps the win by not repeating.
func TestGlinskiRepetition(t *testing.T) {
	fen := hexFEN(t, map[string]byte{"f6": 'k', "c3": 'K', "a1": 'Q'}, "b")
	play := func(moves ...string) SearchBoard {
		pos := glinskiPosition(t, fen)
		for _, s := range moves {
			m, err := pos.ParseMove(s)
			require.NoError(t, err, s)
			pos.Make(m)
		}
		return pos
	}
	e := New()
	assert.Less(t, e.Search(play(), Limits{Depth: 5}, nil).Score, -500, "without history Black is lost")

	pos := play("f6f7", "a1b1", "f7f6", "b1a1")
	e.NewGame()
	r := e.Search(pos, Limits{Depth: 5}, nil)
	assert.Equal(t, 0, r.Score)
	pos.Make(r.Best)
	assert.True(t, pos.IsRepetition(), "Black repeats")
	pos.Unmake()

	pos = play("f6f7", "a1b1", "f7f6", "b1a1", "f6f7")
	e.NewGame()
	r = e.Search(pos, Limits{Depth: 5}, nil)
	assert.Greater(t, r.Score, 500)
	pos.Make(r.Best)
	assert.False(t, pos.IsRepetition(), "White does not repeat")
}

// The side ahead avoids a repetition: in the orthodox position of
// TestRepetitionInGameHistory, White to move after Kb8-a7 (history Ka8-a7
// Qb2-b3 Ka7-a8 Qb3-b2 Ka8-a7) must not play Qb2-b3 again.
func TestWinningSideAvoidsRepetition(t *testing.T) {
	pos := chessPosition(t, "k7/7p/8/8/8/8/1Q6/K7 b - - 0 1")
	for _, s := range []string{"a8a7", "b2b3", "a7a8", "b3b2", "a8a7"} {
		m, err := pos.ParseMove(s)
		require.NoError(t, err)
		pos.Make(m)
	}
	e := New()
	r := e.Search(pos, Limits{Depth: 6}, nil)
	assert.Greater(t, r.Score, 500)
	pos.Make(r.Best)
	assert.False(t, pos.IsRepetition())
}

// A repetition one ply from the root of a depth-1 search is seen by the
// quiescence search (search hands depth 0 to it before its own checks).
func TestRepetitionAtTheHorizon(t *testing.T) {
	chess := chessPosition(t, "k7/7p/8/8/8/8/1Q6/K7 b - - 0 1")
	glinski := glinskiPosition(t, hexFEN(t, map[string]byte{"f6": 'k', "c3": 'K', "a1": 'Q'}, "b"))
	for _, tc := range []struct {
		pos   SearchBoard
		moves []string
	}{
		{chess, []string{"a8a7", "b2b3", "a7a8", "b3b2"}},
		{glinski, []string{"f6f7", "a1b1", "f7f6", "b1a1"}},
	} {
		for _, s := range tc.moves {
			m, err := tc.pos.ParseMove(s)
			require.NoError(t, err, s)
			tc.pos.Make(m)
		}
		e := New()
		r := e.Search(tc.pos, Limits{Depth: 1}, nil)
		assert.Equal(t, 0, r.Score, tc.pos.Variant())
		assert.Equal(t, tc.moves[0], tc.pos.MoveString(r.Best), tc.pos.Variant())
	}
}
