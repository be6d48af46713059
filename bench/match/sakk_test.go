package match

import (
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sakk-chess/sakk/game"
)

// buildSakk compiles the engine into a temporary directory.
func buildSakk(t *testing.T) string {
	if testing.Short() {
		t.Skip("builds and plays the real engine")
	}
	bin := filepath.Join(t.TempDir(), "sakk")
	out, err := exec.Command("go", "build", "-o", bin, "github.com/sakk-chess/sakk/cmd/sakk").CombinedOutput()
	require.NoError(t, err, string(out))
	return bin
}

// sakkMatch plays sakk against itself and checks every game move by move.
func sakkMatch(t *testing.T, bin string, v game.Variant, args ...string) *Summary {
	base := []string{"-engine", "cmd=" + bin, "name=sakk-a", "-engine", "cmd=" + bin, "name=sakk-b",
		"-variant", v.String(), "-games", "2", "-repeat", "-maxmoves", "80",
		"-draw", "movenumber=30", "movecount=6", "score=15", "-resign", "movecount=3", "score=800"}
	summary, _, games := runMatch(t, append(base, args...)...)
	require.Len(t, games, 2)
	for _, g := range games {
		assert.Contains(t, []string{"normal", "adjudication"}, g.Tag("Termination"), closingComment(g))
		replay(t, g, v)
	}
	assert.Equal(t, 2, summary.Games)
	assert.Empty(t, summary.Faults[0])
	assert.Empty(t, summary.Faults[1])
	assert.Zero(t, summary.Warnings[0], "fastchess would find nothing to warn about")
	assert.Zero(t, summary.Warnings[1], "fastchess would find nothing to warn about")
	return summary
}

func TestSakkPlaysChessAndGlinski(t *testing.T) {
	bin := buildSakk(t)
	t.Run("chess on a clock", func(t *testing.T) {
		// timemargin: on a loaded machine a scheduling delay of more than
		// the default 100 ms lost a game on time (load average 25).
		sakkMatch(t, bin, game.Chess, "-each", "tc=2+0.02", "timemargin=1000", "option.Hash=8",
			"-openings", "file="+filepath.Join("testdata", "openings.pgn"), "format=pgn")
	})
	t.Run("glinski from the built-in book", func(t *testing.T) {
		// Book moves come with a score: fastchess warns about an answer
		// without one.
		sakkMatch(t, bin, game.Glinski, "-each", "nodes=2000", "option.OwnBook=true")
	})
	t.Run("glinski by nodes", func(t *testing.T) {
		sakkMatch(t, bin, game.Glinski, "-each", "nodes=4000", "-openings", "file=builtin:glinski", "order=random", "-srand", "7")
	})
}
