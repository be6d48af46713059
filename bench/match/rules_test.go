package match

import (
	"bytes"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sakk-chess/sakk/bench/openings"
	"github.com/sakk-chess/sakk/bench/uciproc"
	"github.com/sakk-chess/sakk/game"
	"github.com/sakk-chess/sakk/game/move"
)

func TestParseClock(t *testing.T) {
	cases := map[string]TimeControl{
		"10+0.1":   {Base: 10 * time.Second, Increment: 100 * time.Millisecond},
		"40/60":    {Moves: 40, Base: time.Minute},
		"1:30+1":   {Base: 90 * time.Second, Increment: time.Second},
		"40/2:00":  {Moves: 40, Base: 2 * time.Minute},
		"0.5":      {Base: 500 * time.Millisecond},
		"inf":      {},
		"infinite": {},
	}
	for text, want := range cases {
		var tc TimeControl
		require.NoError(t, ParseClock(text, &tc), text)
		assert.Equal(t, want, tc, text)
	}
	for _, bad := range []string{"", "x", "0", "-5", "40/", "/60", "10+x", "0/60", "a:30"} {
		var tc TimeControl
		assert.Error(t, ParseClock(bad, &tc), bad)
	}
	assert.Equal(t, "40/60+0.5", TimeControl{Moves: 40, Base: time.Minute, Increment: 500 * time.Millisecond}.String())
	assert.Equal(t, "-", TimeControl{Depth: 3}.String())
}

func TestClock(t *testing.T) {
	tc := TimeControl{Moves: 2, Base: time.Second, Increment: 100 * time.Millisecond, Margin: 50 * time.Millisecond}
	c := NewClock(tc)
	assert.True(t, c.Spend(300*time.Millisecond))
	assert.Equal(t, 800*time.Millisecond, c.Remaining)
	assert.Equal(t, 1, c.MovesLeft)
	assert.True(t, c.Spend(800*time.Millisecond), "the period ends: a new one begins")
	assert.Equal(t, 1100*time.Millisecond, c.Remaining)
	assert.Equal(t, 2, c.MovesLeft)
	assert.Equal(t, 1150*time.Millisecond, c.Deadline(time.Hour))

	c = NewClock(TimeControl{Base: time.Second, Margin: 50 * time.Millisecond})
	assert.True(t, c.Spend(1040*time.Millisecond), "inside the margin")
	assert.Equal(t, time.Duration(0), c.Remaining)
	assert.False(t, c.Spend(60*time.Millisecond), "beyond the margin")

	fixed := NewClock(TimeControl{MoveTime: 100 * time.Millisecond, Margin: 10 * time.Millisecond})
	assert.True(t, fixed.Spend(105*time.Millisecond))
	assert.False(t, fixed.Spend(120*time.Millisecond))
	assert.Equal(t, 110*time.Millisecond, fixed.Deadline(time.Hour))

	depthOnly := NewClock(TimeControl{Depth: 3})
	assert.True(t, depthOnly.Spend(time.Hour))
	assert.Equal(t, time.Minute, depthOnly.Deadline(time.Minute))
}

func TestGoCommand(t *testing.T) {
	inc := TimeControl{Base: 10 * time.Second, Increment: 100 * time.Millisecond}
	clocks := [2]Clock{NewClock(inc), NewClock(inc)}
	clocks[1].Remaining = 9500 * time.Millisecond
	assert.Equal(t, "go wtime 10000 btime 9500 winc 100 binc 100", goCommand(clocks, 1))

	periods := TimeControl{Moves: 40, Base: time.Minute}
	assert.Equal(t, "go wtime 60000 btime 60000 movestogo 40", goCommand([2]Clock{NewClock(periods), NewClock(periods)}, 0))

	limits := TimeControl{MoveTime: 2 * time.Second, Depth: 5, Nodes: 1000}
	assert.Equal(t, "go movetime 2000 depth 5 nodes 1000", goCommand([2]Clock{NewClock(limits), NewClock(limits)}, 0))
}

func score(cp int) uciproc.Score { return uciproc.Score{Valid: true, CP: cp} }

func TestDrawAdjudication(t *testing.T) {
	a := adjudicator{draw: &DrawRule{MoveNumber: 10, MoveCount: 2, Score: 10}}
	for range 3 {
		a.record(0, score(5))
	}
	assert.False(t, a.drawn(40), "3 plies is less than 2 moves each")
	a.record(1, score(-10))
	assert.True(t, a.drawn(40))
	assert.False(t, a.drawn(19), "before move 10")
	a.record(0, score(11))
	assert.False(t, a.drawn(40), "a score beyond the bound restarts the count")
	a.record(1, uciproc.Score{})
	assert.Equal(t, 0, a.drawPlies, "no score: no evidence")
}

func TestResignAdjudication(t *testing.T) {
	a := adjudicator{resign: &ResignRule{MoveCount: 2, Score: 500}}
	a.record(1, score(-600))
	assert.Equal(t, -1, a.loser())
	a.record(1, uciproc.Score{Valid: true, MateIn: -4})
	assert.Equal(t, 1, a.loser())
	a.record(1, score(-100))
	assert.Equal(t, -1, a.loser())

	twoSided := adjudicator{resign: &ResignRule{MoveCount: 2, Score: 500, TwoSided: true}}
	twoSided.record(0, score(-700))
	twoSided.record(1, score(200))
	twoSided.record(0, score(-700))
	twoSided.record(1, score(800))
	assert.Equal(t, -1, twoSided.loser(), "the winner agreed only once")
	twoSided.record(0, score(-700))
	twoSided.record(1, score(900))
	assert.Equal(t, 0, twoSided.loser())
}

func stalemateState(t *testing.T, v game.Variant, drawRule bool) *gameState {
	players := [2]*player{{config: EngineConfig{}}, {config: EngineConfig{}}}
	players[0].config.Name, players[1].config.Name = "w", "b"
	s, err := newGameState(&Rules{Variant: v, StalemateDraw: drawRule}, players, openingsStart(), 1)
	require.NoError(t, err)
	return s
}

func TestStalemateScoring(t *testing.T) {
	s := stalemateState(t, game.Glinski, false)
	s.finishByRules(game.Outcome{Result: game.Stalemate, Winner: move.Black})
	assert.Equal(t, "0-1", s.record.Result)
	assert.Equal(t, 0.25, s.record.WhiteScore)
	assert.Equal(t, "1/4-3/4", s.record.GlinskiScore)
	assert.Equal(t, "stalemate: 1/4-3/4", s.record.Reason)

	s = stalemateState(t, game.Glinski, false)
	s.finishByRules(game.Outcome{Result: game.Stalemate, Winner: move.White})
	assert.Equal(t, "1-0", s.record.Result)
	assert.Equal(t, 0.75, s.record.WhiteScore)

	s = stalemateState(t, game.Glinski, true)
	s.finishByRules(game.Outcome{Result: game.Stalemate, Winner: move.White})
	assert.Equal(t, "1/2-1/2", s.record.Result)
	assert.Empty(t, s.record.GlinskiScore)

	s = stalemateState(t, game.Chess, false)
	s.finishByRules(game.Outcome{Result: game.Stalemate, Winner: move.White})
	assert.Equal(t, "1/2-1/2", s.record.Result)
}

func TestSummaryCountsStalematesAndPairs(t *testing.T) {
	cfg := &Config{Games: 4, Rounds: 1, Repeat: true}
	s := newSummary(cfg)
	s.add(&Game{Number: 1, WhiteScore: 0.75, GlinskiScore: "3/4-1/4", FaultSide: -1})
	s.add(&Game{Number: 2, WhiteEngine: 1, WhiteScore: 1, FaultSide: -1}) // the second engine wins with White
	s.add(&Game{Number: 3, WhiteScore: 1, FaultSide: -1})
	s.add(&Game{Number: 4, WhiteEngine: 1, WhiteScore: 0, FaultSide: 0, Fault: FaultTime})
	assert.Equal(t, 4, s.Games)
	assert.Equal(t, 3, s.Wins)
	assert.Equal(t, 1, s.Losses)
	assert.Equal(t, 2.75, s.Points)
	assert.Equal(t, 1, s.StalematesGiven)
	assert.Equal(t, 1, s.Faults[1][FaultTime], "White in game 4 is the second engine")
	assert.Equal(t, [5]int{0, 0, 1, 0, 1}, [5]int(s.Pentanomial), "0.75+0 rounds to 1 point; 1+1 = 2")
	assert.Equal(t, 2.0, s.PairTally.N)
	assert.InDelta(t, (0.375+1)/2, s.Tally().Mean(), 1e-12)
}

func openingsStart() openings.Opening { return openings.Opening{} }

func TestPGNOfAGlinskiStalemate(t *testing.T) {
	s := stalemateState(t, game.Glinski, false)
	m, err := s.pos.ParseMove("f5f6")
	require.NoError(t, err)
	s.play(m, "+0.10/5 0.010s")
	s.finishByRules(game.Outcome{Result: game.Stalemate, Winner: move.White})
	var out bytes.Buffer
	require.NoError(t, WritePGN(&out, s.record, PGNHeader{Event: "e", Site: "s", TimeControl: "10+0.1", Variant: game.Glinski}))
	text := out.String()
	for _, want := range []string{`[Result "1-0"]`, `[Variant "Glinski"]`, `[GlinskiScore "3/4-1/4"]`,
		`[Termination "normal"]`, `[PlyCount "1"]`, "1. f5f6 {+0.10/5 0.010s} {stalemate: 3/4-1/4} 1-0"} {
		assert.Contains(t, text, want)
	}
	assert.NotContains(t, text, "[FEN ")
}
