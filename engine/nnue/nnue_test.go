package nnue_test

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sakk-chess/sakk/board"
	"github.com/sakk-chess/sakk/engine/nnue"
	"github.com/sakk-chess/sakk/game"
	"github.com/sakk-chess/sakk/game/move"
	"github.com/sakk-chess/sakk/hexboard"
)

// randomNet is a one-bucket net with random weights in the trainer's ranges.
func randomNet(variant game.Variant, hidden int, seed uint64) *nnue.Net {
	return randomBucketNet(variant, hidden, 1, seed)
}

// randomBucketNet is a net with random weights and buckets output layers.
func randomBucketNet(variant game.Variant, hidden, buckets int, seed uint64) *nnue.Net {
	rng := rand.New(rand.NewPCG(seed, 7))
	inputs := nnue.Inputs(variant)
	n := &nnue.Net{Variant: variant, Inputs: inputs, Hidden: hidden, Buckets: buckets,
		FT: make([]int16, inputs*hidden), FTBias: make([]int16, hidden), Out: make([]int16, 2*hidden*buckets),
		OutBias: make([]int32, buckets)}
	for i := range n.OutBias {
		n.OutBias[i] = int32(rng.IntN(20001) - 10000)
	}
	for i := range n.FT {
		n.FT[i] = int16(rng.IntN(161) - 80)
	}
	for i := range n.FTBias {
		n.FTBias[i] = int16(rng.IntN(201) - 50)
	}
	for i := range n.Out {
		n.Out[i] = int16(rng.IntN(2*nnue.MaxWeight+1) - nnue.MaxWeight)
	}
	return n
}

// searchBoard is what these tests need from either board.
type searchBoard interface {
	game.Position
	NNUEFeatures(f *nnue.Features)
	NNUEDelta(m move.Move, d *nnue.Delta)
	MakeNull()
	UnmakeNull()
	Side() move.Color
}

var startFENs = map[game.Variant][]string{
	game.Chess: {
		board.StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", // castling, en passant
		"n1r1k2r/pP3ppp/8/2pP4/8/8/P4PPP/RN2K2R w KQk c6 0 1",                  // promotions, en passant
		"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",    // Chess960 castling
	},
	game.Glinski: {
		hexboard.StartFEN,
	},
}

func newPosition(t *testing.T, v game.Variant, fen string) searchBoard {
	t.Helper()
	if v == game.Chess {
		p, err := board.FromFEN(fen)
		require.NoError(t, err)
		p.SetChess960(true)
		return p
	}
	p, err := hexboard.FromFEN(fen)
	require.NoError(t, err)
	return p
}

// scratch is reused by refreshed.
var scratch nnue.Stack

func refreshed(net *nnue.Net, pos searchBoard) (white, black []int16) {
	var f nnue.Features
	pos.NNUEFeatures(&f)
	scratch.Reset(net, 1, &f)
	return scratch.Current()
}

// After every move of random games (with null moves and take-backs), the
// incrementally updated accumulators equal ones computed from scratch, and
// so do the evaluations.
// The test net has 8 output buckets, so the stack's piece count (which picks
// the bucket) is checked against the position's too.
func TestIncrementalEqualsRefresh(t *testing.T) {
	for _, v := range game.Variants() {
		t.Run(v.String(), func(t *testing.T) {
			net := randomBucketNet(v, 32, 8, 1)
			rng := rand.New(rand.NewPCG(2, 3))
			games, plies := 30, 160
			if testing.Short() {
				games = 6
			}
			checked := 0
			for g := range games {
				fens := startFENs[v]
				pos := newPosition(t, v, fens[g%len(fens)])
				var f nnue.Features
				pos.NNUEFeatures(&f)
				var s nnue.Stack
				s.Reset(net, plies+1, &f)
				var list move.List
				depth := 0
				for range plies {
					pos.LegalMoves(&list)
					if list.N == 0 {
						break
					}
					var d nnue.Delta
					switch r := rng.IntN(10); {
					case r == 0 && depth > 0:
						pos.Unmake() // take back (null moves are undone at once below)
						s.Pop()
						depth--
					case r == 1 && !pos.InCheck():
						pos.NNUEDelta(move.None, &d)
						s.Push(&d)
						pos.MakeNull()
						pos.UnmakeNull()
						s.Pop()
					default:
						m := list.Moves[rng.IntN(list.N)]
						pos.NNUEDelta(m, &d)
						s.Push(&d)
						pos.Make(m)
						depth++
					}
					if rng.IntN(3) > 0 { // leave some plies to lazy multi-ply catch-up
						w, b := s.Current()
						rw, rb := refreshed(net, pos)
						require.Equal(t, rw, w, "white accumulator after %s", pos.FEN())
						require.Equal(t, rb, b, "black accumulator after %s", pos.FEN())
						score, ok := s.Evaluate(pos.Side())
						require.True(t, ok)
						pos.NNUEFeatures(&f)
						require.Equal(t, net.Evaluate(&f, pos.Side()), score)
						checked++
					}
				}
			}
			assert.Greater(t, checked, games*20)
		})
	}
}

// The net's two perspectives agree: a position and its colour-flipped
// mirror image get the same score from the side to move.
func TestMirroredPositionScoresTheSame(t *testing.T) {
	net := randomNet(game.Chess, 64, 5)
	a := newPosition(t, game.Chess, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	b := newPosition(t, game.Chess, "r3k2r/pppbbppp/2n2q1P/1P2p3/3pn3/BN2PNP1/P1PPQPB1/R3K2R b KQkq - 0 1")
	var fa, fb nnue.Features
	a.NNUEFeatures(&fa)
	b.NNUEFeatures(&fb)
	assert.Equal(t, net.Evaluate(&fa, move.White), net.Evaluate(&fb, move.Black))

	hnet := randomNet(game.Glinski, 64, 6)
	start := newPosition(t, game.Glinski, hexboard.StartFEN)
	start.NNUEFeatures(&fa)
	w, bl := refreshed(hnet, start)
	assert.Equal(t, w, bl, "the Glinski start position looks the same to both sides")
}

// One-bucket nets are written in format version 1 (the bytes the shipped
// nets have), others in version 2; both read back exactly.
func TestFileRoundTrip(t *testing.T) {
	for _, v := range game.Variants() {
		for _, buckets := range []int{1, 4, 8, nnue.MaxBuckets} {
			net := randomBucketNet(v, 48, buckets, 9)
			var buf bytes.Buffer
			require.NoError(t, nnue.Write(&buf, net))
			assert.Equal(t, nnue.Size(net.Inputs, net.Hidden, buckets), buf.Len())
			version := binary.LittleEndian.Uint32(buf.Bytes()[8:])
			assert.Equal(t, uint32(min(buckets, 2)), version, "format version of a %d-bucket net", buckets)
			back, err := nnue.Parse(buf.Bytes())
			require.NoError(t, err)
			assert.Equal(t, net, back)
		}
	}
}

// Each bucket covers a run of piece counts, fewest pieces first; every count
// a board can hold has one.
func TestBuckets(t *testing.T) {
	for _, v := range game.Variants() {
		most := nnue.MaxPiecesOf(v)
		assert.Equal(t, 0, nnue.Bucket(2, most, 8))
		assert.Equal(t, 7, nnue.Bucket(most, most, 8))
		assert.Equal(t, 0, nnue.Bucket(most, most, 1))
		seen := map[int]bool{}
		for n := 3; n <= most; n++ {
			b := nnue.Bucket(n, most, 8)
			assert.GreaterOrEqual(t, b, nnue.Bucket(n-1, most, 8))
			seen[b] = true
		}
		assert.Len(t, seen, 8, "%v: every bucket is used", v)
	}
	assert.Equal(t, "768 x 32", randomNet(game.Chess, 32, 1).Shape())
	assert.Equal(t, "1092 x 32, 8 output buckets", randomBucketNet(game.Glinski, 32, 8, 1).Shape())
	// The buckets' output layers are really used: the same accumulators
	// score differently with 3 and with 32 pieces.
	net := randomBucketNet(game.Chess, 32, 8, 3)
	pos := newPosition(t, game.Chess, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	var f nnue.Features
	pos.NNUEFeatures(&f)
	full := net.Evaluate(&f, move.White)
	f.N = 3 // the first three pieces only: another bucket, other accumulators
	assert.NotEqual(t, full, net.Evaluate(&f, move.White))
}

func TestBadFilesAreRejected(t *testing.T) {
	net := randomNet(game.Chess, 32, 4)
	var buf bytes.Buffer
	require.NoError(t, nnue.Write(&buf, net))
	good := buf.Bytes()
	corrupt := func(at int) []byte {
		b := bytes.Clone(good)
		b[at] ^= 0x40
		return b
	}
	cases := map[string][]byte{
		"empty":         nil,
		"truncated":     good[:len(good)-100],
		"header only":   good[:40],
		"bad magic":     corrupt(0),
		"bad version":   corrupt(8),
		"bad variant":   corrupt(12),
		"bad inputs":    corrupt(16),
		"flipped bit":   corrupt(1000),
		"trailing data": append(bytes.Clone(good), 0),
	}
	// Version 2 headers with a bad bucket count.
	bucketNet := randomBucketNet(game.Chess, 32, 4, 4)
	var bbuf bytes.Buffer
	require.NoError(t, nnue.Write(&bbuf, bucketNet))
	for name, count := range map[string]uint32{"no buckets": 0, "one bucket in version 2": 1, "too many buckets": nnue.MaxBuckets + 1, "other bucket count": 8} {
		b := bytes.Clone(bbuf.Bytes())
		binary.LittleEndian.PutUint32(b[40:], count)
		body := len(b) - 4
		binary.LittleEndian.PutUint32(b[body:], crc32.ChecksumIEEE(b[:body])) // a valid checksum: the count is what is wrong
		cases[name] = b
	}
	for name, data := range cases {
		_, err := nnue.Parse(data)
		assert.Error(t, err, name)
	}
	path := t.TempDir() + "/chess.nnue"
	require.NoError(t, writeFile(path, good))
	_, err := nnue.Load(path, game.Glinski)
	assert.ErrorContains(t, err, "not a glinski")
	_, err = nnue.Load(path+".missing", game.Chess)
	assert.Error(t, err)
	loaded, err := nnue.Load(path, game.Chess)
	require.NoError(t, err)
	assert.Equal(t, net.FT, loaded.FT)
}

// Along random games, every legal move of every position is made and taken
// back with the accumulators checked after it, so each kind of move the
// games ever allow (captures, en passant, promotions, castling) is covered.
func TestEveryLegalMoveUpdatesExactly(t *testing.T) {
	for _, v := range game.Variants() {
		t.Run(v.String(), func(t *testing.T) {
			net := randomNet(v, 16, 11)
			rng := rand.New(rand.NewPCG(4, 5))
			games := 12
			if testing.Short() {
				games = 4
			}
			kinds := map[string]int{}
			var list move.List
			for g := range games {
				fens := startFENs[v]
				pos := newPosition(t, v, fens[g%len(fens)])
				var f nnue.Features
				pos.NNUEFeatures(&f)
				var s nnue.Stack
				s.Reset(net, 300, &f)
				for range 200 {
					pos.LegalMoves(&list)
					if list.N == 0 || pos.Outcome().Result != game.Ongoing {
						break
					}
					moves := append([]move.Move(nil), list.Moves[:list.N]...)
					for _, m := range moves {
						switch {
						case m.IsEnPassant():
							kinds["en passant"]++
						case m&move.FlagCastle != 0:
							kinds["castling"]++
						case m.Promotion() != move.NoPiece:
							kinds["promotion"]++
						case m.Captured() != move.NoPiece:
							kinds["capture"]++
						}
						var d nnue.Delta
						pos.NNUEDelta(m, &d)
						s.Push(&d)
						pos.Make(m)
						w, b := s.Current()
						rw, rb := refreshed(net, pos)
						require.Equal(t, rw, w, "white accumulator after %s", pos.FEN())
						require.Equal(t, rb, b, "black accumulator after %s", pos.FEN())
						pos.Unmake()
						s.Pop()
					}
					m := moves[rng.IntN(len(moves))]
					var d nnue.Delta
					pos.NNUEDelta(m, &d)
					s.Push(&d)
					pos.Make(m)
				}
			}
			t.Logf("%s: moves checked by kind: %v", v, kinds)
			assert.Positive(t, kinds["capture"])
			assert.Positive(t, kinds["promotion"])
			assert.Positive(t, kinds["en passant"])
			if v == game.Chess {
				assert.Positive(t, kinds["castling"])
			}
		})
	}
}
