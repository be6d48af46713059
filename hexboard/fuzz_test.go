package hexboard

import (
	"testing"

	"github.com/sakk-chess/sakk/game/move"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func FuzzHexFEN(f *testing.F) {
	f.Add(StartFEN)
	f.Add("1/3/5/7/9/11/2k8/11/11/11/6K4 w - 0 1")
	f.Add("b/qbk/n1b1n/r5r/ppppppppp/6P4/5P5/4P6/3P1B1P3/2P2B2P2/1PRNQBKNRP1 b g5 0 1")
	f.Add("1/q1k/5/7/p7p/2P8/P10/11/2p8/p10/1P2Q1K2P1 w - 0 1")
	f.Add("b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - - 0 1")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := FromFEN(s)
		if err != nil {
			return
		}
		fen := p.FEN()
		q, err := FromFEN(fen)
		require.NoError(t, err, "%q wrote %q", s, fen)
		assert.Equal(t, fen, q.FEN())
		assert.Equal(t, p.Key(), q.Key())
		var list move.List
		p.LegalMoves(&list) // must not panic on any accepted position
		for _, m := range list.Slice() {
			p.Make(m)
			p.Unmake()
		}
		assert.Equal(t, fen, p.FEN())
		_ = p.Diagram()
	})
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"f5f6", "e4e6", "f10f11q", "c7b7n", "f1f11", "b6b7b", "e10e9", "f5-f6", "f10-f11=Q", "", "a", "f99f1", "j1j2"} {
		f.Add(StartFEN, s)
	}
	f.Add("1/1P1/5/7/9/11/11/11/11/11/k5K4 w - 0 1", "f10f11=b")
	f.Fuzz(func(t *testing.T, fen, s string) {
		p, err := FromFEN(fen)
		if err != nil {
			p = New()
		}
		for _, parse := range []func(string) (move.Move, error){p.ParseMove, p.ParseSAN} {
			m, err := parse(s)
			if err != nil {
				continue
			}
			require.True(t, p.IsLegal(m), "%q parsed to an illegal move", s)
			back, err := p.ParseMove(p.MoveString(m))
			require.NoError(t, err)
			assert.Equal(t, m, back)
		}
	})
}
