package main

import (
	"go/parser"
	"go/token"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const sample = `package p

import "fmt"

type table [64]int

const limit = 3

func f(a, b int, lower, upper bool) bool {
	if a < b && lower {
		return a+1 >= limit
	}
	fmt.Println(upper, lower)
	return true
}
`

func TestFindMutants(t *testing.T) {
	ms, err := findMutants("p.go", []byte(sample), lineRange{From: 1}, [][2]string{{"lower", "upper"}})
	require.NoError(t, err)
	var got []string
	for _, m := range ms {
		got = append(got, m.Kind+" "+m.Old+" -> "+m.New)
		// Every mutant is still Go syntax (it need not type-check).
		_, err := parser.ParseFile(token.NewFileSet(), "p.go", m.apply([]byte(sample)), 0)
		assert.NoError(t, err, m.String())
	}
	assert.Equal(t, []string{
		"constant+1 3 -> 4", "constant-1 3 -> 2", // limit, not the array length 64
		"swap lower/upper func f(a, b int, lower, upper bool) bool {\n -> func f(a, b int, upper, lower bool) bool {\n",
		"operator < -> <=", "operator < -> >",
		"operator && -> ||",
		"operator + -> -",
		"constant+1 1 -> 2", "constant-1 1 -> 0",
		"operator >= -> >", "operator >= -> <=",
		"swap lower/upper \tfmt.Println(upper, lower)\n -> \tfmt.Println(lower, upper)\n",
		"call->arg fmt.Println(upper, lower) -> upper",
		"boolean true -> false",
	}, got)
}

func TestMutantsRespectLineRange(t *testing.T) {
	ms, err := findMutants("p.go", []byte(sample), lineRange{From: 11, To: 11}, nil)
	require.NoError(t, err)
	require.Len(t, ms, 5)
	for _, m := range ms {
		assert.Equal(t, 11, m.Line)
	}
	planted := string(ms[0].apply([]byte(sample)))
	assert.Contains(t, planted, "return a-1 >= limit", "the first mutant of line 11 swaps + for -")
}

func TestParseTarget(t *testing.T) {
	tg, err := parseTarget("engine/search.go:40-48")
	require.NoError(t, err)
	assert.Equal(t, target{path: "engine/search.go", lines: lineRange{From: 40, To: 48}}, tg)
	tg, err = parseTarget("engine/score.go")
	require.NoError(t, err)
	assert.Equal(t, lineRange{From: 1}, tg.lines)
	for _, bad := range []string{"x.go:9", "x.go:9-3", "x.go:a-b", "x.go:0-2"} {
		_, err := parseTarget(bad)
		assert.Error(t, err, bad)
	}
}
