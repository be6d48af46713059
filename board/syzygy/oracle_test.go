package syzygy

import (
	"bufio"
	"cmp"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/sakk-chess/sakk/board"
	"github.com/sakk-chess/sakk/game/move"
	"github.com/stretchr/testify/require"
)

const testDir = "testdata"

var (
	testTBOnce sync.Once
	testTB     *Tablebase
)

// openTest loads the test tables once per test binary.
func openTest(t testing.TB) *Tablebase {
	testTBOnce.Do(func() {
		tb, errs := Open(testDir)
		if len(errs) > 0 {
			panic(fmt.Sprint(errs))
		}
		testTB = tb
	})
	return testTB
}

// tableNames lists the test tables by name.
func tableNames(t testing.TB) []string {
	files, err := filepath.Glob(filepath.Join(testDir, "*.rtbw"))
	require.NoError(t, err)
	var names []string
	for _, f := range files {
		names = append(names, strings.TrimSuffix(filepath.Base(f), ".rtbw"))
	}
	sort.Strings(names)
	return names
}

// randomPosition places the material of table name at random (colours
// swapped half the time) and returns a legal position where the side to
// move has a legal move. For tables with pawns on both sides it sometimes
// sets up an en passant capture.
func randomPosition(rng *rand.Rand, name string) *board.Position {
	counts, ok := parseName(name)
	if !ok {
		panic(name)
	}
	for {
		if rng.IntN(2) == 1 {
			counts[0], counts[1] = counts[1], counts[0]
		}
		var squares [64]byte
		side := rng.IntN(2)
		ep := "-"
		placed := [2][7]int{}
		free := func(sq int) bool { return squares[sq] == 0 }
		if counts[0][1] > 0 && counts[1][1] > 0 && rng.IntN(3) == 0 {
			// The side not to move has just pushed a pawn two squares
			// next to one of ours.
			file := rng.IntN(8)
			other := file + 1
			if file == 7 || (file > 0 && rng.IntN(2) == 0) {
				other = file - 1
			}
			pusher := 1 - side
			rank := 3 // White pawn on the fourth rank
			behind := 2
			if pusher == 1 {
				rank, behind = 4, 5
			}
			squares[rank*8+file] = pieceLetter(pusher, 1)
			squares[rank*8+other] = pieceLetter(side, 1)
			placed[pusher][1]++
			placed[side][1]++
			ep = board.SquareName(behind*8 + file)
			// The squares the pawn crossed must be empty: reserve them.
			squares[behind*8+file] = '.'
			squares[(2*behind-rank)*8+file] = '.'
		}
		for c := range 2 {
			for pt := 6; pt >= 1; pt-- {
				for placed[c][pt] < counts[c][pt] {
					sq := rng.IntN(64)
					if pt == 1 && (sq < 8 || sq >= 56) {
						continue
					}
					if free(sq) {
						squares[sq] = pieceLetter(c, pt)
						placed[c][pt]++
					}
				}
			}
		}
		fen := placementFEN(&squares) + " " + "wb"[side:side+1] + " - " + ep + " 0 1"
		p, err := board.FromFEN(fen)
		if err != nil {
			continue
		}
		them := p.Side().Other()
		if p.IsAttacked(p.KingSquare(them), p.Side(), p.Occupied()) || p.CountLegal() == 0 {
			continue
		}
		return p
	}
}

func pieceLetter(c, pt int) byte {
	l := " PNBRQK"[pt]
	if c == 1 {
		l += 'a' - 'A'
	}
	return l
}

func placementFEN(squares *[64]byte) string {
	var b strings.Builder
	for rank := 7; rank >= 0; rank-- {
		empty := 0
		for file := range 8 {
			s := squares[rank*8+file]
			if s == 0 || s == '.' {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteByte(s)
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if rank > 0 {
			b.WriteByte('/')
		}
	}
	return b.String()
}

// oracleResult is what fathom reports for one position.
type oracleResult struct {
	fen string
	wdl WDL
	dtz int // signed like ProbeDTZ
}

var (
	fathomWDL = regexp.MustCompile(`\[WDL "(\w+)"\]`)
	fathomDTZ = regexp.MustCompile(`\[DTZ "(\d+)"\]`)
)

func parseWDLName(s string) (WDL, bool) {
	for i, n := range wdlNames {
		if n == s {
			return WDL(i - 2), true
		}
	}
	return Draw, false
}

// fathomPath finds Debian's fathom; under CI it must be installed.
func fathomPath(t testing.TB) string {
	for _, p := range []string{"/usr/games/fathom", "/usr/bin/fathom"} {
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	if p, err := exec.LookPath("fathom"); err == nil {
		return p
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("fathom is not installed (apt-get install fathom)")
	}
	t.Skip("fathom is not installed")
	return ""
}

// askFathom probes fens with fathom, several processes at once.
func askFathom(t testing.TB, bin string, fens []string) []oracleResult {
	out := make([]oracleResult, len(fens))
	errs := make([]error, len(fens))
	var wg sync.WaitGroup
	work := make(chan int)
	for range 6 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				out[i], errs[i] = runFathom(bin, fens[i])
			}
		}()
	}
	for i := range fens {
		work <- i
	}
	close(work)
	wg.Wait()
	for i, err := range errs {
		require.NoError(t, err, fens[i])
	}
	return out
}

func runFathom(bin, fen string) (oracleResult, error) {
	abs, err := filepath.Abs(testDir)
	if err != nil {
		return oracleResult{}, err
	}
	text, err := exec.Command(bin, "--path="+abs, fen).Output()
	if err != nil {
		return oracleResult{}, fmt.Errorf("fathom: %w", err)
	}
	w := fathomWDL.FindSubmatch(text)
	d := fathomDTZ.FindSubmatch(text)
	if w == nil || d == nil {
		return oracleResult{}, fmt.Errorf("fathom gave no WDL/DTZ: %q", text)
	}
	wdl, ok := parseWDLName(string(w[1]))
	if !ok {
		return oracleResult{}, fmt.Errorf("fathom WDL %q", w[1])
	}
	dtz, _ := strconv.Atoi(string(d[1]))
	if wdl < 0 {
		dtz = -dtz
	}
	return oracleResult{fen: fen, wdl: wdl, dtz: dtz}, nil
}

// randomFENs draws n positions of every table.
func randomFENs(t testing.TB, seed uint64, n int) []string {
	rng := rand.New(rand.NewPCG(seed, 17))
	var fens []string
	for _, name := range tableNames(t) {
		for range n {
			fens = append(fens, randomPosition(rng, name).FEN())
		}
	}
	return fens
}

const goldenFile = "testdata/fathom.golden"

// TestWriteGolden regenerates the golden file from fathom (on request).
func TestWriteGolden(t *testing.T) {
	if os.Getenv("SAKK_SYZYGY_GOLDEN") == "" {
		t.Skip("set SAKK_SYZYGY_GOLDEN=1 to regenerate " + goldenFile)
	}
	bin := fathomPath(t)
	results := askFathom(t, bin, randomFENs(t, 1, 100))
	var b strings.Builder
	for _, r := range results {
		fmt.Fprintf(&b, "%s;%s;%d\n", r.fen, r.wdl, r.dtz)
	}
	require.NoError(t, os.WriteFile(goldenFile, []byte(b.String()), 0o644))
}

func readGolden(t testing.TB) []oracleResult {
	f, err := os.Open(goldenFile)
	require.NoError(t, err)
	defer f.Close()
	var out []oracleResult
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		parts := strings.Split(sc.Text(), ";")
		require.Len(t, parts, 3, sc.Text())
		wdl, ok := parseWDLName(parts[1])
		require.True(t, ok, sc.Text())
		dtz, err := strconv.Atoi(parts[2])
		require.NoError(t, err)
		out = append(out, oracleResult{fen: parts[0], wdl: wdl, dtz: dtz})
	}
	require.NoError(t, sc.Err())
	return out
}

// compare probes every position and counts agreement with the oracle.
func compare(t *testing.T, tb *Tablebase, want []oracleResult) {
	wdlAgree, dtzAgree := 0, 0
	for _, r := range want {
		p, err := board.FromFEN(r.fen)
		require.NoError(t, err)
		before := p.FEN()
		wdl, ok := tb.ProbeWDL(p)
		dtz, ok2 := tb.ProbeDTZ(p)
		if !ok || !ok2 {
			t.Errorf("%s: probe failed (WDL ok %v, DTZ ok %v)", r.fen, ok, ok2)
			continue
		}
		require.Equal(t, before, p.FEN(), "probe must restore the position")
		if wdl == r.wdl {
			wdlAgree++
		} else {
			t.Errorf("%s: WDL %v, fathom %v", r.fen, wdl, r.wdl)
		}
		if dtz == r.dtz {
			dtzAgree++
		} else {
			t.Errorf("%s: DTZ %d, fathom %d", r.fen, dtz, r.dtz)
		}
	}
	t.Logf("agreement with fathom: WDL %d/%d, DTZ %d/%d", wdlAgree, len(want), dtzAgree, len(want))
}

// TestGoldenAgainstFathom compares thousands of stored fathom answers.
func TestGoldenAgainstFathom(t *testing.T) {
	want := readGolden(t)
	require.GreaterOrEqual(t, len(want), 3000)
	compare(t, openTest(t), want)
}

// TestLiveAgainstFathom asks fathom afresh about new random positions.
func TestLiveAgainstFathom(t *testing.T) {
	bin := fathomPath(t)
	n := 4
	if testing.Short() {
		n = 1
	}
	compare(t, openTest(t), askFathom(t, bin, randomFENs(t, rand.Uint64(), n)))
}

var fathomMoves = regexp.MustCompile(`\[(Winning|Drawing|Losing)Moves "([^"]*)"\]`)

// TestRootRanksAgainstFathom: RankRootDTZ sorts every root move into the
// same winning / drawing / losing class as fathom's move lists.
func TestRootRanksAgainstFathom(t *testing.T) {
	bin := fathomPath(t)
	tb := openTest(t)
	golden := readGolden(t)
	step := 25
	if testing.Short() {
		step = 100
	}
	abs, err := filepath.Abs(testDir)
	require.NoError(t, err)
	var fens []string
	for i := 0; i < len(golden); i += step {
		fens = append(fens, golden[i].fen)
	}
	texts := make([][]byte, len(fens))
	var wg sync.WaitGroup
	for i, fen := range fens {
		wg.Go(func() { texts[i], _ = exec.Command(bin, "--path="+abs, fen).Output() })
		if i%6 == 5 {
			wg.Wait()
		}
	}
	wg.Wait()
	agree, moves := 0, 0
	for i, fen := range fens {
		p, err := board.FromFEN(fen)
		require.NoError(t, err)
		want := map[move.Move]int{}
		for _, m := range fathomMoves.FindAllSubmatch(texts[i], -1) {
			class := map[string]int{"Winning": 1, "Drawing": 0, "Losing": -1}[string(m[1])]
			for _, san := range strings.Split(string(m[2]), ", ") {
				if san == "" {
					continue
				}
				mv, err := p.ParseSAN(san)
				require.NoError(t, err, "%s: fathom's %s", fen, san)
				want[mv] = class
			}
		}
		var list move.List
		p.LegalMoves(&list)
		ranks := make([]int, list.N)
		require.True(t, tb.RankRootDTZ(p, list.Slice(), ranks), fen)
		require.Len(t, want, list.N, "%s: fathom lists every legal move", fen)
		for j, m := range list.Slice() {
			got := cmp.Compare(ranks[j], 0)
			moves++
			if got == want[m] {
				agree++
			} else {
				t.Errorf("%s: %s ranked %d, fathom class %d", fen, p.SAN(m), ranks[j], want[m])
			}
		}
	}
	t.Logf("root move classes agree with fathom: %d/%d moves in %d positions", agree, moves, len(fens))
}
