package perft

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseLineReadsFENCountsAndID(t *testing.T) {
	c, err := ParseLine("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - ;D2 191 ;D1 14 ;id pos-3", 7)
	require.NoError(t, err)
	assert.Equal(t, "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -", c.FEN)
	assert.Equal(t, "pos-3", c.ID)
	assert.Equal(t, 7, c.Line)
	assert.Equal(t, []Expected{{1, 14}, {2, 191}}, c.Expected, "sorted by depth")
	assert.Equal(t, "pos-3 (line 7)", c.Name())
}

// Spaces around fields, a quoted id, an empty field and the largest count.
func TestParseLineLoosely(t *testing.T) {
	c, err := ParseLine(`8/8/8/8/8/8/8/K6k w - - ;  D1 3 ;  ; id  "two kings"  ;D9 18446744073709551615`, 2)
	require.NoError(t, err)
	assert.Equal(t, "two kings", c.ID)
	assert.Equal(t, []Expected{{1, 3}, {9, 18446744073709551615}}, c.Expected)
}

func TestParseLineWithoutID(t *testing.T) {
	c, err := ParseLine("b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - 0 1 ;D1 51;", 3)
	require.NoError(t, err)
	assert.Equal(t, []Expected{{1, 51}}, c.Expected)
	assert.Equal(t, "line 3", c.Name())
}

func TestParseLineErrorsNameTheLine(t *testing.T) {
	bad := map[string]string{
		" ;D1 20":                             "line 4: no position",
		"8/8/8/8/8/8/8/K6k w - -":             "line 4: no \";D<depth> <count>\" entries",
		"8/8/8/8/8/8/8/K6k w - - ;D1":         "line 4: field \"D1\"",
		"8/8/8/8/8/8/8/K6k w - - ;D0 3":       "depth \"0\" is not a positive integer",
		"8/8/8/8/8/8/8/K6k w - - ;Dx 3":       "depth \"x\" is not a positive integer",
		"8/8/8/8/8/8/8/K6k w - - ;D1 -3":      "count \"-3\" is not a non-negative integer",
		"8/8/8/8/8/8/8/K6k w - - ;D1 3 ;D1 3": "depth 1 given twice",
		"8/8/8/8/8/8/8/K6k w - - ;bm e4":      "unknown field \"bm e4\"",
	}
	for line, want := range bad {
		_, err := ParseLine(line, 4)
		if assert.Error(t, err, line) {
			assert.Contains(t, err.Error(), want, line)
			assert.True(t, strings.HasPrefix(err.Error(), "line 4: "), err.Error())
		}
	}
}

func TestParseSuiteSkipsCommentsAndCountsLines(t *testing.T) {
	suite := "# a comment\n\n8/8/8/8/8/8/8/K6k w - - ;D1 3\n8/8/8/8/8/8/8/K6k b - - ;D1 x\n"
	_, err := ParseSuite(strings.NewReader(suite))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "line 4:")

	cases, err := ParseSuite(strings.NewReader(suite[:strings.LastIndex(suite[:len(suite)-1], "\n")+1]))
	require.NoError(t, err)
	require.Len(t, cases, 1)
	assert.Equal(t, 3, cases[0].Line)

	_, err = ParseSuite(strings.NewReader("# nothing\n"))
	assert.ErrorContains(t, err, "no positions")
}

// Files edited elsewhere: Windows line ends, blank lines holding spaces,
// indented comments, and a comment line far longer than the scanner's
// first buffer (64 KB; lines up to 1 MB are read).
func TestParseSuiteToleratesLayout(t *testing.T) {
	long := "# " + strings.Repeat("x", 600_000) + "\n"
	suite := "  \t\r\n   # indented\r\n" + long + "8/8/8/8/8/8/8/K6k w - - ;D1 3 \r\n"
	cases, err := ParseSuite(strings.NewReader(suite))
	require.NoError(t, err)
	require.Len(t, cases, 1)
	assert.Equal(t, 4, cases[0].Line)
	assert.Equal(t, []Expected{{1, 3}}, cases[0].Expected)

	_, err = ParseSuite(strings.NewReader("# " + strings.Repeat("x", 3<<19) + "\n"))
	assert.ErrorContains(t, err, "reading suite", "a line of 1.5 MB is an error, not a silent stop")
}

// FuzzParseLine: any line either parses into a case with sorted, distinct,
// positive depths or gives an error naming its line; nothing panics.
func FuzzParseLine(f *testing.F) {
	f.Add("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - ;D1 14 ;D2 191 ;id pos-3")
	f.Add(";;D1 ;id")
	f.Add("x ;D99999999999999999999 1")
	f.Fuzz(func(t *testing.T, line string) {
		c, err := ParseLine(line, 9)
		if err != nil {
			assert.True(t, strings.HasPrefix(err.Error(), "line 9: "), err.Error())
			return
		}
		assert.NotEmpty(t, c.FEN)
		require.NotEmpty(t, c.Expected)
		for i, e := range c.Expected {
			assert.Positive(t, e.Depth)
			if i > 0 {
				assert.Greater(t, e.Depth, c.Expected[i-1].Depth)
			}
		}
	})
}
