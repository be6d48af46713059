package syzygy

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
)

var fuzzTables = []string{"KRvK", "KPvK", "KPvKP", "KBNvK"}

// FuzzTableFile parses arbitrary bytes as a table file and probes random
// positions with it: either the file is rejected or probes return, but
// nothing panics.
func FuzzTableFile(f *testing.F) {
	for i, name := range fuzzTables {
		for _, ext := range []string{".rtbw", ".rtbz"} {
			data, err := os.ReadFile(filepath.Join(testDir, name+ext))
			if err != nil {
				f.Fatal(err)
			}
			f.Add(uint8(i), ext == ".rtbz", data)
		}
	}
	f.Fuzz(func(t *testing.T, which uint8, dtz bool, data []byte) {
		name := fuzzTables[int(which)%len(fuzzTables)]
		tab, _ := newTable(name)
		file := &tableFile{raw: data}
		if tab.parse(file, dtz) != nil {
			return
		}
		// The other file of the pair is the real one, so both kinds of
		// probe reach the fuzzed data.
		real, err := tab.load(filepath.Join(testDir, name+map[bool]string{true: ".rtbw", false: ".rtbz"}[dtz]), !dtz)
		if err != nil {
			t.Fatal(err)
		}
		tab.wdl, tab.dtz = real, file
		if !dtz {
			tab.wdl, tab.dtz = file, real
		}
		tb := &Tablebase{tables: map[uint32]*table{tab.key: tab, tab.key2: tab}, list: []*table{tab}, maxPieces: tab.pieces}
		rng := rand.New(rand.NewPCG(uint64(len(data)), 1))
		for range 20 {
			p := randomPosition(rng, name)
			tb.ProbeWDL(p)
			tb.ProbeDTZ(p)
		}
		_ = real.unmap()
	})
}
