package board

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDiagram(t *testing.T) {
	p, err := FromFEN("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
	require.NoError(t, err)
	d := p.Diagram()
	lines := strings.Split(d, "\n")
	assert.Equal(t, " +---+---+---+---+---+---+---+---+", lines[0])
	assert.Equal(t, " | r | n | b |   | k | b | n | r | 8", lines[1])
	assert.Equal(t, " | R | N | B | Q | K | B | N | R | 1", lines[15])
	assert.Equal(t, "   a   b   c   d   e   f   g   h", lines[17])
	assert.Contains(t, d, "Fen: "+p.FEN()+"\n")
	assert.Regexp(t, `Key: [0-9A-F]{16}\n`, d)
	assert.Contains(t, d, "Checkers: h4\n")
}
