package game

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseVariant(t *testing.T) {
	for name, want := range map[string]Variant{
		"chess": Chess, "CHESS": Chess, " Chess ": Chess,
		"glinski": Glinski, "Glinski": Glinski,
	} {
		v, err := ParseVariant(name)
		require.NoError(t, err, name)
		assert.Equal(t, want, v, name)
	}
	for _, bad := range []string{"", "xiangqi", "chess960", "glinsky"} {
		_, err := ParseVariant(bad)
		require.Error(t, err, bad)
		assert.Contains(t, err.Error(), "known: chess, glinski", bad)
	}
}

func TestVariantNamesRoundTrip(t *testing.T) {
	assert.Equal(t, []string{"chess", "glinski"}, VariantNames())
	for _, v := range Variants() {
		back, err := ParseVariant(v.String())
		require.NoError(t, err)
		assert.Equal(t, v, back)
	}
	assert.Equal(t, "variant(7)", Variant(7).String())
}

func TestStalemateRuleNames(t *testing.T) {
	for _, name := range StalemateRuleNames() {
		r, err := ParseStalemateRule(name)
		require.NoError(t, err)
		assert.Equal(t, name, r.String())
	}
	r, err := ParseStalemateRule(" DRAW ")
	require.NoError(t, err)
	assert.Equal(t, StalemateDraw, r)
	_, err = ParseStalemateRule("3/4")
	assert.EqualError(t, err, `unknown Glinski stalemate rule "3/4" (known: three-quarters, draw)`)
}
