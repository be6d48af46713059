package match

import (
	"strings"
	"testing"
	"time"

	"github.com/sakk-chess/sakk/game"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseArgsFull(t *testing.T) {
	cfg, err := ParseArgs(strings.Fields(
		"-engine cmd=./sakk name=new option.Hash=32 -engine cmd=/usr/games/stockfish option.Threads=1" +
			" -each tc=10+0.1 option.Hash=16 timemargin=200 -variant Glinski -games 2 -rounds 50 -repeat" +
			" -concurrency 2 -openings file=book.epd format=epd order=random plies=8 start=3 -pgnout out.pgn" +
			" -sprt elo0=0 elo1=5 alpha=0.05 beta=0.1 -draw movenumber=40 movecount=8 score=10" +
			" -resign movecount=3 score=1000 twosided=true -srand 42 -maxmoves 200 -glinski-stalemate draw -recover"))
	require.NoError(t, err)
	assert.Equal(t, game.Glinski, cfg.Rules.Variant)
	assert.Equal(t, 100, cfg.TotalGames())
	assert.True(t, cfg.Repeat)
	assert.Equal(t, 2, cfg.Concurrency)
	assert.Equal(t, Book{File: "book.epd", Format: "epd", Random: true, Plies: 8, Start: 3}, cfg.Book)
	assert.Equal(t, "out.pgn", cfg.PGNOut)
	require.NotNil(t, cfg.SPRT)
	assert.Equal(t, 0.1, cfg.SPRT.Beta)
	assert.Equal(t, &DrawRule{MoveNumber: 40, MoveCount: 8, Score: 10}, cfg.Rules.Draw)
	assert.Equal(t, &ResignRule{MoveCount: 3, Score: 1000, TwoSided: true}, cfg.Rules.Resign)
	assert.Equal(t, uint64(42), cfg.Seed)
	assert.Equal(t, 200, cfg.Rules.MaxMoves)
	assert.True(t, cfg.Rules.StalemateDraw)

	first, second := cfg.Engines[0], cfg.Engines[1]
	assert.Equal(t, "new", first.Name)
	assert.Equal(t, "stockfish", second.Name)
	assert.Equal(t, []Option{{"Hash", "32"}}, first.Options, "-engine wins over -each")
	assert.Equal(t, []Option{{"Hash", "16"}, {"Threads", "1"}}, second.Options)
	assert.Equal(t, 10*time.Second, second.TC.Base)
	assert.Equal(t, 200*time.Millisecond, second.TC.Margin)
}

func TestParseArgsEngineArgsAndNames(t *testing.T) {
	cfg, err := ParseArgs([]string{"-engine", "cmd=sakk", `args=--threads 2 "a b"`, "-engine", "cmd=sakk",
		"-each", "st=0.5", "-pgnout", "file=x.pgn"})
	require.NoError(t, err)
	assert.Equal(t, []string{"--threads", "2", "a b"}, cfg.Engines[0].Args)
	assert.Equal(t, "sakk", cfg.Engines[0].Name)
	assert.Equal(t, "sakk-2", cfg.Engines[1].Name, "names must tell the engines apart")
	assert.Equal(t, 500*time.Millisecond, cfg.Engines[1].TC.MoveTime)
	assert.Equal(t, "x.pgn", cfg.PGNOut)
	assert.Equal(t, 1, cfg.TotalGames())
}

// A -pgnout path may contain '=' (a run named after its settings).
func TestParseArgsPGNOutPaths(t *testing.T) {
	for args, want := range map[string]string{
		"out.pgn":                "out.pgn",
		"file=out.pgn":           "out.pgn",
		"runs/tc=10+0.1.pgn":     "runs/tc=10+0.1.pgn",
		"file=runs/elo=1500.pgn": "runs/elo=1500.pgn",
	} {
		cfg, err := ParseArgs(append(strings.Fields("-engine cmd=a -engine cmd=b -each depth=1 -pgnout"), args))
		if assert.NoError(t, err, args) {
			assert.Equal(t, want, cfg.PGNOut, args)
		}
	}
}

func TestParseArgsErrors(t *testing.T) {
	two := "-engine cmd=a -engine cmd=b -each depth=1 "
	for args, message := range map[string]string{
		"-engine cmd=a -each tc=1":                 "exactly two",
		"-engine cmd=a -engine cmd=b":              "no time control",
		"-engine name=a -engine cmd=b -each tc=1":  "cmd= is missing",
		two + "-variant shogi":                     "unknown variant",
		two + "-games 0":                           "positive",
		two + "-games":                             "one value",
		two + "-sprt elo0=5 elo1=0":                "elo1",
		two + "-sprt elo0=x":                       "bad number",
		two + "-openings order=random":             "file=",
		two + "-openings file=a format=txt":        "format",
		two + "-draw movenumber=1":                 "movecount",
		two + "-resign movecount=3":                "score",
		two + "-glinski-stalemate maybe":           "known: three-quarters, draw",
		two + "-glinski-stalemate 3/4":             "known: three-quarters, draw",
		two + "-frobnicate":                        "unknown option",
		two + "-repeat 3":                          "twice",
		two + "-pgnout nodes=true":                 "fastchess setting",
		two + "-pgnout a.pgn b.pgn":                "unexpected",
		two + "-pgnout":                            "file name",
		"stray -engine cmd=a":                      "unexpected argument",
		"-engine cmd=a tc=1+x -engine cmd=b":       "tc=1+x",
		"-engine cmd=a bogus -engine cmd=b":        "key=value",
		"-engine cmd=a proto=xboard -engine cmd=b": "proto=uci",
		`-engine cmd=a args="x -engine cmd=b`:      "quote",
	} {
		_, err := ParseArgs(strings.Fields(args))
		if assert.Error(t, err, args) {
			assert.Contains(t, err.Error(), message, args)
		}
	}
}

// The header names each engine's limits when they differ.
func TestDescribeLimits(t *testing.T) {
	cfg, err := ParseArgs(strings.Fields("-engine cmd=a name=a nodes=5000 -engine cmd=b name=b depth=8"))
	require.NoError(t, err)
	assert.Equal(t, "a nodes=5000 / b depth=8", describeLimits(cfg.Engines))
	cfg, err = ParseArgs(strings.Fields("-engine cmd=a -engine cmd=b -each tc=10+0.1"))
	require.NoError(t, err)
	assert.Equal(t, "tc=10+0.1", describeLimits(cfg.Engines))
}
