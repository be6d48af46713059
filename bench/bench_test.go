package bench

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sakk-chess/sakk/engine/variant"
	"github.com/sakk-chess/sakk/game"
)

func TestPositionsAreValidAndPlayable(t *testing.T) {
	for _, name := range game.Variants() {
		positions, err := Positions(name)
		require.NoError(t, err)
		assert.GreaterOrEqual(t, len(positions), 40, name)
		seen := map[string]bool{}
		for _, p := range positions {
			pos, err := variant.FromFEN(name, p.FEN)
			require.NoError(t, err, "%s %s", name, p.ID)
			assert.Equal(t, game.Ongoing, pos.Outcome().Result, "%s %s", name, p.ID)
			assert.NotEmpty(t, p.ID)
			assert.False(t, seen[p.FEN], "duplicate %s", p.FEN)
			seen[p.FEN] = true
		}
	}
	_, err := Positions(game.Variant(9))
	assert.Error(t, err)
}

var totalLine = regexp.MustCompile(`^(\d+) nodes (\d+) nps$`)

func TestRunIsDeterministicAndEndsWithTheTotal(t *testing.T) {
	var first, second bytes.Buffer
	a, err := Run(&first, Config{Depth: 3})
	require.NoError(t, err)
	b, err := Run(&second, Config{Depth: 3})
	require.NoError(t, err)

	require.Len(t, a.Variants, 2)
	assert.Equal(t, a.Variants[0].Nodes, b.Variants[0].Nodes)
	assert.Equal(t, a.Variants[1].Nodes, b.Variants[1].Nodes)
	assert.Equal(t, a.Variants[0].Nodes+a.Variants[1].Nodes, a.Total.Nodes)
	assert.Equal(t, a.Signature(), b.Signature())
	assert.Regexp(t, `^Bench: \d+ \d+$`, a.Signature())

	lines := strings.Split(strings.TrimSpace(first.String()), "\n")
	match := totalLine.FindStringSubmatch(lines[len(lines)-1])
	require.NotNil(t, match, "last line %q", lines[len(lines)-1])
	assert.Equal(t, itoa(a.Total.Nodes), match[1])
	assert.Contains(t, first.String(), "chess: "+itoa(a.Variants[0].Nodes)+" nodes ")
	assert.Contains(t, first.String(), "glinski: "+itoa(a.Variants[1].Nodes)+" nodes ")
	positions, _ := Positions(game.Chess)
	assert.Equal(t, len(positions), a.Variants[0].Positions)
}

func TestRunOneVariant(t *testing.T) {
	var out bytes.Buffer
	s, err := Run(&out, Config{Variant: "Glinski", Depth: 2})
	require.NoError(t, err)
	require.Len(t, s.Variants, 1)
	assert.Equal(t, game.Glinski, s.Variants[0].Variant)
	assert.NotContains(t, out.String(), "chess")
}

func TestRunRejectsBadConfig(t *testing.T) {
	_, err := Run(&bytes.Buffer{}, Config{Variant: "xiangqi"})
	assert.Error(t, err)
	_, err = Run(&bytes.Buffer{}, Config{Depth: MaxDepth + 1})
	assert.Error(t, err)
}

func itoa(n uint64) string { return strconv.FormatUint(n, 10) }
