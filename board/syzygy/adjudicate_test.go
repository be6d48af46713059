package syzygy

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/sakk-chess/sakk/board"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAdjudicate(t *testing.T) {
	tb, err := OpenForAdjudication(testDir)
	require.NoError(t, err)
	defer tb.Close()
	wdlOnly := t.TempDir() // KQvK without its DTZ file
	copyTable(t, wdlOnly, "KQvK")
	require.NoError(t, os.Remove(filepath.Join(wdlOnly, "KQvK.rtbz")))
	wdlTB, err := OpenForAdjudication(wdlOnly)
	require.NoError(t, err)
	defer wdlTB.Close()
	for _, c := range []struct {
		tb      *Tablebase
		fen     string
		covered bool
		result  int
	}{
		{tb, "8/8/8/8/8/3k4/8/1KQ5 w - - 0 1", true, 1},      // KQvK, the winner to move
		{tb, "8/8/8/8/8/3k4/8/1KQ5 b - - 0 1", true, -1},     // the loser to move
		{tb, "8/8/8/8/8/4k3/8/1KN5 w - - 0 1", true, 0},      // KNvK
		{tb, "8/8/8/8/8/3k4/8/1KQ5 w - - 95 80", true, 0},    // DTZ 9 > 100-95: the fifty-move rule saves Black
		{tb, "8/8/8/8/8/3k4/8/1KQ5 w - - 90 80", true, 1},    // in time
		{wdlTB, "8/8/8/8/8/3k4/8/1KQ5 w - - 95 80", true, 1}, // WDL alone cannot see the counter
		{tb, "8/8/8/8/8/3k4/8/RKQ4N w - - 0 1", false, 0},    // five pieces: no table
		{tb, "r3k3/8/8/8/8/8/8/4K3 w q - 0 1", false, 0},     // castling rights
	} {
		pos, err := board.FromFEN(c.fen)
		require.NoError(t, err)
		result, ok := c.tb.Adjudicate(pos)
		assert.Equal(t, c.covered, ok, c.fen)
		assert.Equal(t, c.result, result, c.fen)
	}
}

func TestOpenForAdjudicationErrors(t *testing.T) {
	_, err := OpenForAdjudication(filepath.Join(t.TempDir(), "missing"))
	assert.Error(t, err)
	_, err = OpenForAdjudication(t.TempDir())
	assert.ErrorContains(t, err, "no Syzygy tables")
	_, err = OpenForAdjudication("")
	assert.ErrorContains(t, err, "no Syzygy tables")
	dir := t.TempDir()
	copyTable(t, dir, "KRvK")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "KQvK.rtbw"), []byte("not a table"), 0o644))
	_, err = OpenForAdjudication(dir)
	assert.ErrorContains(t, err, "magic", "one bad table among good ones is an error")
}
