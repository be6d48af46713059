package opengen

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/sakk-chess/sakk/engine/uci"
	"github.com/sakk-chess/sakk/engine/variant"
	"github.com/sakk-chess/sakk/game"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// small is a configuration that runs in well under a second.
func small() Config {
	return Config{Variant: game.Glinski, Count: 6, Seed: 3, MinPlies: 4, MaxPlies: 8,
		ScreenDepth: 2, ScreenMargin: 200, Depth: 5, Margin: 60}
}

func generate(t *testing.T, cfg Config, cached []Verdict) ([]Opening, []Verdict, Stats) {
	t.Helper()
	g, err := New(cfg, cached)
	require.NoError(t, err)
	var fresh []Verdict
	g.Record = func(v Verdict) error { fresh = append(fresh, v); return nil }
	var kept []Opening
	require.NoError(t, g.Run(func(o Opening) error { kept = append(kept, o); return nil }))
	return kept, fresh, g.Stats
}

func fens(book []Opening) []string {
	var out []string
	for _, o := range book {
		out = append(out, o.Pos.FEN())
	}
	return out
}

func TestConfigCheck(t *testing.T) {
	require.NoError(t, small().Check())
	for name, change := range map[string]func(*Config){
		"variant":    func(c *Config) { c.Variant = game.Glinski + 1 },
		"count":      func(c *Config) { c.Count = 0 },
		"plies":      func(c *Config) { c.MinPlies, c.MaxPlies = 5, 4 },
		"margin":     func(c *Config) { c.Margin = -1 },
		"no limit":   func(c *Config) { c.Depth = 0 },
		"two limits": func(c *Config) { c.Nodes = 1000 },
	} {
		cfg := small()
		change(&cfg)
		assert.Error(t, cfg.Check(), name)
		_, err := New(cfg, nil)
		assert.Error(t, err, name)
	}
}

func TestDrawIsDeterministic(t *testing.T) {
	cfg := small()
	a, err := cfg.Draw(17)
	require.NoError(t, err)
	b, err := cfg.Draw(17)
	require.NoError(t, err)
	require.NotNil(t, a)
	assert.Equal(t, a.Pos.FEN(), b.Pos.FEN())
	assert.Equal(t, a.Path, b.Path)
	plies := len(a.Path) + 1 // the path holds the positions after the start but before the last
	assert.GreaterOrEqual(t, plies, cfg.MinPlies)
	assert.LessOrEqual(t, plies, cfg.MaxPlies)
	other := cfg
	other.Seed++
	c, err := other.Draw(17)
	require.NoError(t, err)
	assert.NotEqual(t, a.Pos.FEN(), c.Pos.FEN(), "another seed, another opening")
}

func TestEqualMaterial(t *testing.T) {
	for _, tc := range []struct {
		variant game.Variant
		fen     string
		equal   bool
	}{
		{game.Chess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", true},
		{game.Chess, "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2", false},
		{game.Chess, "r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK1NR w KQkq - 0 1", false}, // bishop for a knight
		{game.Glinski, "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - 0 1", true},
		{game.Glinski, "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBK1RP1 w - 0 1", false},
	} {
		pos, err := variant.FromFEN(tc.variant, tc.fen)
		require.NoError(t, err, tc.fen)
		equal, err := EqualMaterial(pos)
		require.NoError(t, err)
		assert.Equal(t, tc.equal, equal, tc.fen)
	}
}

func TestPendingRecapture(t *testing.T) {
	// 1. e4 d5 2. exd5: Black is a pawn down and Qxd5 (or Nf6 later) wins it back.
	pos, err := variant.FromFEN(game.Chess, "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2")
	require.NoError(t, err)
	ok, err := canRestore(pos, Identical)
	require.NoError(t, err)
	assert.True(t, ok)
	recapture, err := pos.ParseMove("d8d5")
	require.NoError(t, err)
	ok, err = restores(pos, recapture, Identical)
	require.NoError(t, err)
	assert.True(t, ok)
	quiet, err := pos.ParseMove("g8f6")
	require.NoError(t, err)
	ok, err = restores(pos, quiet, Identical)
	require.NoError(t, err)
	assert.False(t, ok, "a quiet move restores nothing")
	assert.Equal(t, "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2", pos.FEN(), "restores takes its move back")

	// 4. Bxc6: taking back leaves a bishop for a knight, which is not
	// identical material but is a minor-piece swap.
	pos, err = variant.FromFEN(game.Chess, "r1bqkbnr/1ppp1ppp/p1B5/4p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 0 4")
	require.NoError(t, err)
	ok, err = canRestore(pos, Identical)
	require.NoError(t, err)
	assert.False(t, ok)
	ok, err = canRestore(pos, MinorSwap)
	require.NoError(t, err)
	assert.True(t, ok)
	dxc6, err := pos.ParseMove("d7c6")
	require.NoError(t, err)
	pos.Make(dxc6)
	b, err := BalanceOf(pos)
	require.NoError(t, err)
	assert.Equal(t, MinorSwap, b)

	// White a knight up with nothing to take back: no recapture.
	pos, err = variant.FromFEN(game.Chess, "r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1")
	require.NoError(t, err)
	ok, err = canRestore(pos, Identical)
	require.NoError(t, err)
	assert.False(t, ok)
}

func TestGeneratedBook(t *testing.T) {
	cfg := small()
	book, fresh, stats := generate(t, cfg, nil)
	require.Len(t, book, cfg.Count)
	assert.Equal(t, cfg.Count, stats.Kept)
	assert.Len(t, fresh, stats.Verified, "every verifying search is recorded")
	keys := map[uint64]bool{}
	for _, o := range book {
		assert.LessOrEqual(t, abs(o.Score), cfg.Margin, o.Pos.FEN())
		assert.LessOrEqual(t, abs(o.ScreenScore), cfg.ScreenMargin, o.Pos.FEN())
		assert.False(t, o.Mate)
		assert.False(t, o.Pos.InCheck())
		assert.False(t, keys[o.Pos.Key()], "repeated %s", o.Pos.FEN())
		keys[o.Pos.Key()] = true
		equal, err := EqualMaterial(o.Pos)
		require.NoError(t, err)
		assert.Equal(t, !equal, o.Recapture, o.Pos.FEN())
		if o.Recapture {
			m, err := o.Pos.ParseMove(o.Best)
			require.NoError(t, err)
			ok, err := restores(o.Pos, m, Identical)
			require.NoError(t, err)
			assert.True(t, ok, "the verifying move of %s restores material", o.Pos.FEN())
		}
	}
	for _, o := range book {
		for _, k := range o.Path {
			assert.False(t, keys[k], "an opening lies on the way to %s", o.Pos.FEN())
		}
	}

	again, _, _ := generate(t, cfg, nil)
	assert.Equal(t, fens(book), fens(again), "same seed, same book")
}

func TestCheckpointResume(t *testing.T) {
	cfg := small()
	book, fresh, _ := generate(t, cfg, nil)
	var file strings.Builder
	fmt.Fprintln(&file, Header(cfg))
	for _, v := range fresh {
		fmt.Fprintln(&file, FormatVerdict(v))
	}
	verdicts, err := ReadCheckpoint(strings.NewReader(file.String()), cfg)
	require.NoError(t, err)
	assert.Equal(t, fresh, verdicts)

	// Half the verdicts and a torn line, as after a crash: the rest is
	// searched again and the book is the same.
	lines := strings.Split(strings.TrimSpace(file.String()), "\n")
	cut := len(lines) / 2
	torn := strings.Join(lines[:cut], "\n") + "\n" + lines[cut][:3]
	partial, err := ReadCheckpoint(strings.NewReader(torn), cfg)
	require.NoError(t, err)
	require.Len(t, partial, cut-1)
	resumed, searched, stats := generate(t, cfg, partial)
	assert.Equal(t, fens(book), fens(resumed))
	assert.Equal(t, cut-1, stats.CachedVerdicts)
	assert.Len(t, searched, len(fresh)-(cut-1))

	other := cfg
	other.Margin++
	_, err = ReadCheckpoint(strings.NewReader(file.String()), other)
	assert.ErrorContains(t, err, "another configuration")
	_, err = ReadCheckpoint(strings.NewReader(Header(cfg)+"\nnonsense\n3 4 0 a1a2 9\n"), cfg)
	assert.ErrorContains(t, err, "line 2")
}

func TestRepeatsAreRefused(t *testing.T) {
	// One or two random plies: few distinct positions, so candidates
	// repeat kept openings or pass through them.
	cfg := Config{Variant: game.Glinski, Count: 25, Seed: 1, MinPlies: 1, MaxPlies: 2,
		Depth: 1, Margin: 10000}
	book, _, stats := generate(t, cfg, nil)
	assert.Positive(t, stats.Repeat)
	finals := map[uint64]bool{}
	for _, o := range book {
		require.False(t, finals[o.Pos.Key()])
		finals[o.Pos.Key()] = true
	}
	for _, o := range book {
		for _, k := range o.Path {
			assert.False(t, finals[k], "%s passes through a kept opening", o.Pos.FEN())
		}
	}
}

// TestScoreIsUCIScore is the check behind issue 18: the generator's score
// of an opening is exactly what sakk's UCI search says at the same depth
// after "ucinewgame" and "position fen". (The old book disagreed with the
// UCI search only because the evaluation was retuned after it was made.)
func TestScoreIsUCIScore(t *testing.T) {
	cfg := small()
	cfg.Count = 3
	book, _, _ := generate(t, cfg, nil)
	for _, o := range book {
		got := uciScore(t, cfg.Variant, o.Pos.FEN(), cfg.Depth)
		assert.Equal(t, fmt.Sprintf("score cp %d", o.Score), got, o.Pos.FEN())
	}
}

// uciScore runs sakk's UCI loop in-process and returns the "score ..." of
// the last info line at depth.
func uciScore(t *testing.T, v game.Variant, fen string, depth int) string {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	ended := make(chan struct{})
	go func() {
		defer close(ended)
		outW.CloseWithError(uci.Run(inR, outW, uci.Config{Log: io.Discard}))
	}()
	defer func() {
		inW.Close()
		go io.Copy(io.Discard, outR)
		<-ended
	}()
	go func() {
		fmt.Fprintf(inW, "setoption name UCI_Variant value %v\nucinewgame\nposition fen %s\ngo depth %d\n", v, fen, depth)
	}()
	lines := make(chan string)
	go func() {
		defer close(lines)
		scanner := bufio.NewScanner(outR)
		for scanner.Scan() {
			lines <- scanner.Text()
			if strings.HasPrefix(scanner.Text(), "bestmove") {
				return
			}
		}
	}()
	score := ""
	prefix := fmt.Sprintf("info depth %d ", depth)
	deadline := time.After(30 * time.Second)
	for {
		select {
		case line, ok := <-lines:
			if !ok {
				require.NotEmpty(t, score, "no info line at depth %d", depth)
				return score
			}
			if i := strings.Index(line, " score "); strings.HasPrefix(line, prefix) && i >= 0 {
				fields := strings.Fields(line[i+1:])
				score = strings.Join(fields[:3], " ")
			}
		case <-deadline:
			t.Fatal("no bestmove from the UCI loop")
		}
	}
}
