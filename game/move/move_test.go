package move

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestMovePacksEveryField(t *testing.T) {
	for from := 0; from < 128; from += 7 {
		for to := 0; to < 128; to += 5 {
			m := New(from, to, Pawn, Rook, Queen, FlagEnPassant)
			assert.Equal(t, from, m.From())
			assert.Equal(t, to, m.To())
			assert.Equal(t, Pawn, m.Piece())
			assert.Equal(t, Rook, m.Captured())
			assert.Equal(t, Queen, m.Promotion())
			assert.True(t, m.IsEnPassant())
			assert.False(t, m.IsCastle())
			assert.True(t, m.IsCapture())
			assert.True(t, m.IsTactical())
			assert.Equal(t, from|to<<7, m.FromTo())
		}
	}
	quiet := New(12, 28, Knight, NoPiece, NoPiece, 0)
	assert.False(t, quiet.IsTactical())
	assert.NotEqual(t, None, quiet)
}

func TestListAddAndClear(t *testing.T) {
	var l List
	l.Add(New(1, 2, King, NoPiece, NoPiece, 0))
	l.Add(New(3, 4, King, NoPiece, NoPiece, FlagCastle))
	assert.Equal(t, 2, l.N)
	assert.True(t, l.Slice()[1].IsCastle())
	l.Clear()
	assert.Empty(t, l.Slice())
	assert.Equal(t, White, Black.Other())
}
