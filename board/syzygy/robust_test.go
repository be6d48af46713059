package syzygy

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/sakk-chess/sakk/board"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// copyTable copies one test table (both files) into dir.
func copyTable(t *testing.T, dir, name string) {
	for _, ext := range []string{".rtbw", ".rtbz"} {
		data, err := os.ReadFile(filepath.Join(testDir, name+ext))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, name+ext), data, 0o644))
	}
}

func TestOpenPathList(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	copyTable(t, a, "KRvK")
	copyTable(t, b, "KQvKR")
	sep := string(filepath.ListSeparator)
	tb, errs := Open(a + sep + filepath.Join(a, "missing") + sep + b)
	require.Len(t, errs, 1, "the missing directory is reported")
	wdl, dtz := tb.Count()
	assert.Equal(t, 2, wdl)
	assert.Equal(t, 2, dtz)
	assert.Equal(t, 4, tb.MaxPieces())

	p, err := board.FromFEN("8/8/8/8/8/2k5/8/K6R w - - 0 1")
	require.NoError(t, err)
	w, ok := tb.ProbeWDL(p)
	assert.True(t, ok)
	assert.Equal(t, Win, w)

	// KQvKR is there, but capturing the queen reaches KRvK... and
	// capturing the rook reaches KQvK, which is missing: the probe fails.
	p, err = board.FromFEN("8/8/4k3/8/8/8/8/K1Q4r w - - 0 1")
	require.NoError(t, err)
	_, ok = tb.ProbeWDL(p)
	assert.False(t, ok, "a capture into a missing table fails the probe")
	require.NoError(t, tb.Close())
}

// TestBadFiles: a wrong magic, a truncated or garbled header is an error
// and the table is skipped; the others still load.
func TestBadFiles(t *testing.T) {
	good, err := os.ReadFile(filepath.Join(testDir, "KRvK.rtbw"))
	require.NoError(t, err)
	cases := map[string][]byte{
		"wrong magic":   append([]byte{1, 2, 3, 4}, good[4:]...),
		"truncated":     good[:len(good)/2],
		"header only":   good[:5],
		"empty":         {},
		"garbled sizes": garble(good, 6, 40),
	}
	for what, data := range cases {
		t.Run(what, func(t *testing.T) {
			dir := t.TempDir()
			copyTable(t, dir, "KQvK")
			require.NoError(t, os.WriteFile(filepath.Join(dir, "KRvK.rtbw"), data, 0o644))
			tb, errs := Open(dir)
			require.Len(t, errs, 1)
			t.Log(errs[0])
			n, _ := tb.Count()
			assert.Equal(t, 1, n, "only KQvK loads")
			p, _ := board.FromFEN("8/8/8/8/8/2k5/8/K6R w - - 0 1")
			_, ok := tb.ProbeWDL(p)
			assert.False(t, ok)
		})
	}
}

func garble(data []byte, from, to int) []byte {
	out := append([]byte(nil), data...)
	for i := from; i < to && i < len(out); i++ {
		out[i] ^= 0xA5
	}
	return out
}

// TestCorruptDataNeverPanics flips random bytes of real tables: loading
// may fail or succeed, probing may give nonsense, but nothing may crash.
func TestCorruptDataNeverPanics(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	rounds := 60
	if testing.Short() {
		rounds = 15
	}
	for round := range rounds {
		name := []string{"KRvK", "KPvKP", "KBNvK", "KQvKR"}[round%4]
		dir := t.TempDir()
		for _, ext := range []string{".rtbw", ".rtbz"} {
			data, err := os.ReadFile(filepath.Join(testDir, name+ext))
			require.NoError(t, err)
			limit := len(data)
			if round%2 == 0 {
				limit = min(limit, 512) // headers
			}
			for range 1 + rng.IntN(20) {
				data[rng.IntN(limit)] ^= byte(1 + rng.IntN(255))
			}
			require.NoError(t, os.WriteFile(filepath.Join(dir, name+ext), data, 0o644))
		}
		tb, _ := Open(dir)
		for range 200 {
			p := randomPosition(rng, name)
			tb.ProbeWDL(p)
			tb.ProbeDTZ(p)
		}
		require.NoError(t, tb.Close())
	}
}

// TestConcurrentProbes: several goroutines probe the same tables at once
// (run with -race) and agree with a single-threaded run.
func TestConcurrentProbes(t *testing.T) {
	tb := openTest(t)
	golden := readGolden(t)
	if testing.Short() {
		golden = golden[:700]
	}
	const threads = 4
	var wg sync.WaitGroup
	mismatches := make([]int, threads)
	for th := range threads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := th; i < len(golden); i += 1 + th {
				p, err := board.FromFEN(golden[i].fen)
				if err != nil {
					mismatches[th]++
					continue
				}
				w, ok1 := tb.ProbeWDL(p)
				d, ok2 := tb.ProbeDTZ(p)
				if !ok1 || !ok2 || w != golden[i].wdl || d != golden[i].dtz {
					mismatches[th]++
				}
			}
		}()
	}
	wg.Wait()
	assert.Equal(t, make([]int, threads), mismatches)
}

func TestSpecialPositions(t *testing.T) {
	tb := openTest(t)
	for _, c := range []struct {
		fen string
		wdl WDL
		dtz int
		ok  bool
	}{
		{"8/8/8/8/8/2k5/8/K7 w - - 0 1", Draw, 0, true},      // KvK
		{"k7/2Q5/1K6/8/8/8/8/8 b - - 0 1", Draw, 0, true},    // stalemate
		{"k7/1Q6/1K6/8/8/8/8/8 b - - 0 1", Loss, -1, true},   // checkmated
		{"r3k3/8/8/8/8/8/8/4K3 w q - 0 1", Draw, 0, false},   // castling rights
		{"8/8/8/8/2krrq2/8/8/4K3 w - - 0 1", Draw, 0, false}, // no 6-piece table
		{"8/8/8/8/8/8/8/K1k5 b - - 0 1", Draw, 0, true},      // only kings
		{"8/8/8/3k4/3pP3/8/8/4K3 b - e3 0 1", Draw, 0, true}, // ep capture draws
		{"8/8/8/8/8/5k2/8/5K1Q b - - 0 1", Loss, 0, true},    // not checked for DTZ
	} {
		p, err := board.FromFEN(c.fen)
		require.NoError(t, err, c.fen)
		w, ok := tb.ProbeWDL(p)
		assert.Equal(t, c.ok, ok, c.fen)
		if !ok {
			continue
		}
		assert.Equal(t, c.wdl, w, c.fen)
		d, ok := tb.ProbeDTZ(p)
		assert.True(t, ok, c.fen)
		if c.dtz != 0 || c.wdl == Draw {
			assert.Equal(t, c.dtz, d, c.fen)
		}
	}
}

// TestProbeAllocs: a probe allocates nothing.
func TestProbeAllocs(t *testing.T) {
	tb := openTest(t)
	p, err := board.FromFEN("8/8/8/3k4/3pP3/8/5R2/4K3 b - e3 0 1")
	require.NoError(t, err)
	allocs := testing.AllocsPerRun(100, func() {
		tb.ProbeWDL(p)
		tb.ProbeDTZ(p)
	})
	assert.Zero(t, allocs)
}

func benchPositions(b *testing.B) []*board.Position {
	golden := readGolden(b)
	var ps []*board.Position
	for i := 0; i < len(golden); i += 7 {
		p, err := board.FromFEN(golden[i].fen)
		require.NoError(b, err)
		ps = append(ps, p)
	}
	return ps
}

// BenchmarkProbeWDL measures one WDL probe (capture search included) over
// positions of every table.
func BenchmarkProbeWDL(b *testing.B) {
	tb := openTest(b)
	ps := benchPositions(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		tb.ProbeWDL(ps[i%len(ps)])
	}
}

// BenchmarkProbeDTZ is the same for DTZ.
func BenchmarkProbeDTZ(b *testing.B) {
	tb := openTest(b)
	ps := benchPositions(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		tb.ProbeDTZ(ps[i%len(ps)])
	}
}

// TestEnPassantDecides: positions where the en passant capture changes the
// result (values checked with fathom), each with and without the ep right.
func TestEnPassantDecides(t *testing.T) {
	tb := openTest(t)
	for _, c := range []struct {
		fen     string
		wdl     WDL
		dtz     int
		noEPWDL WDL
		noEPDTZ int
	}{
		{"8/8/K7/1Pp5/8/k7/8/8 w - c6 0 1", Win, 1, Draw, 0},
		{"8/4K3/7k/6pP/8/8/8/8 w - g6 0 1", Draw, 0, Loss, -1},
		{"8/8/8/8/PpK5/8/8/4k3 b - a3 0 1", Draw, 0, Loss, -1},
	} {
		withEP, err := board.FromFEN(c.fen)
		require.NoError(t, err)
		require.NotEqual(t, board.NoSquare, withEP.EnPassant())
		fields := strings.Fields(c.fen)
		fields[3] = "-"
		noEP, err := board.FromFEN(strings.Join(fields, " "))
		require.NoError(t, err)
		for _, v := range []struct {
			p   *board.Position
			wdl WDL
			dtz int
		}{{withEP, c.wdl, c.dtz}, {noEP, c.noEPWDL, c.noEPDTZ}} {
			w, ok := tb.ProbeWDL(v.p)
			require.True(t, ok)
			d, ok := tb.ProbeDTZ(v.p)
			require.True(t, ok)
			assert.Equal(t, v.wdl, w, v.p.FEN())
			assert.Equal(t, v.dtz, d, v.p.FEN())
		}
	}
}
