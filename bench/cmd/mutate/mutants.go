package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"sort"
	"strconv"
	"strings"
)

// mutant is one small change to one source file: the bytes [Offset,
// Offset+len(Old)) replaced by New.
type mutant struct {
	File   string
	Line   int
	Col    int
	Offset int
	Old    string
	New    string
	Kind   string
}

func (m mutant) String() string {
	return fmt.Sprintf("%s:%d:%d %s: %q -> %q", m.File, m.Line, m.Col, m.Kind, m.Old, m.New)
}

// apply returns src with the mutant planted.
func (m mutant) apply(src []byte) []byte {
	out := make([]byte, 0, len(src)+len(m.New))
	out = append(out, src[:m.Offset]...)
	out = append(out, m.New...)
	return append(out, src[m.Offset+len(m.Old):]...)
}

// Operator replacements: comparisons flipped at the boundary and negated,
// arithmetic swapped, logic swapped, shifts reversed.
var operatorMutations = map[token.Token][]token.Token{
	token.LSS:  {token.LEQ, token.GTR},
	token.LEQ:  {token.LSS, token.GEQ},
	token.GTR:  {token.GEQ, token.LSS},
	token.GEQ:  {token.GTR, token.LEQ},
	token.EQL:  {token.NEQ},
	token.NEQ:  {token.EQL},
	token.ADD:  {token.SUB},
	token.SUB:  {token.ADD},
	token.MUL:  {token.QUO},
	token.QUO:  {token.MUL},
	token.LAND: {token.LOR},
	token.LOR:  {token.LAND},
	token.AND:  {token.OR},
	token.OR:   {token.AND},
	token.SHL:  {token.SHR},
	token.SHR:  {token.SHL},
}

// lineRange limits mutants to lines From..To of a file (To 0: to the end).
type lineRange struct{ From, To int }

func (r lineRange) has(line int) bool { return line >= r.From && (r.To == 0 || line <= r.To) }

// findMutants lists the mutants of one file's source within lines: operator
// flips, off-by-one integer constants, true/false, calls replaced by their
// first argument, and swaps of the identifier pairs in swaps (on every line
// that holds both).
func findMutants(name string, src []byte, lines lineRange, swaps [][2]string) ([]mutant, error) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	var out []mutant
	add := func(pos token.Pos, old, new, kind string) {
		p := fset.Position(pos)
		if lines.has(p.Line) {
			out = append(out, mutant{File: name, Line: p.Line, Col: p.Column, Offset: p.Offset, Old: old, New: new, Kind: kind})
		}
	}
	ast.Inspect(file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.GenDecl:
			// Imports and type declarations hold nothing to mutate; an
			// array length changed would not even compile.
			return n.Tok == token.CONST || n.Tok == token.VAR
		case *ast.ArrayType:
			return false
		case *ast.BinaryExpr:
			for _, to := range operatorMutations[n.Op] {
				add(n.OpPos, n.Op.String(), to.String(), "operator")
			}
		case *ast.BasicLit:
			if n.Kind != token.INT {
				break
			}
			v, err := strconv.ParseInt(n.Value, 0, 64)
			if err != nil {
				break
			}
			add(n.Pos(), n.Value, strconv.FormatInt(v+1, 10), "constant+1")
			if v > 0 {
				add(n.Pos(), n.Value, strconv.FormatInt(v-1, 10), "constant-1")
			}
		case *ast.CallExpr:
			// A call replaced by its first argument: a conversion or
			// adjustment forgotten, as scoreToTT(best, ply) -> best.
			if len(n.Args) > 0 && n.Ellipsis == token.NoPos {
				start, end := fset.Position(n.Pos()).Offset, fset.Position(n.End()).Offset
				a0, a1 := fset.Position(n.Args[0].Pos()).Offset, fset.Position(n.Args[0].End()).Offset
				add(n.Pos(), string(src[start:end]), string(src[a0:a1]), "call->arg")
			}
		case *ast.Ident:
			switch n.Name {
			case "true":
				add(n.Pos(), "true", "false", "boolean")
			case "false":
				add(n.Pos(), "false", "true", "boolean")
			}
		}
		return true
	})
	out = append(out, swapMutants(name, src, lines, swaps)...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Offset < out[j].Offset })
	return out, nil
}

// swapMutants exchanges each pair of identifiers on every line (in range)
// where both appear as whole words: one mutant per line.
func swapMutants(name string, src []byte, lines lineRange, swaps [][2]string) []mutant {
	var out []mutant
	offset := 0
	for i, line := range strings.SplitAfter(string(src), "\n") {
		if lines.has(i + 1) {
			for _, pair := range swaps {
				if hasWord(line, pair[0]) && hasWord(line, pair[1]) {
					swapped := replaceWords(line, map[string]string{pair[0]: pair[1], pair[1]: pair[0]})
					out = append(out, mutant{File: name, Line: i + 1, Col: 1, Offset: offset, Old: line, New: swapped,
						Kind: "swap " + pair[0] + "/" + pair[1]})
				}
			}
		}
		offset += len(line)
	}
	return out
}

func isWordByte(c byte) bool {
	return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// words splits a line into runs of identifier bytes and the rest.
func words(line string) []string {
	var out []string
	for i := 0; i < len(line); {
		j := i + 1
		for j < len(line) && isWordByte(line[j]) == isWordByte(line[i]) {
			j++
		}
		out = append(out, line[i:j])
		i = j
	}
	return out
}

func hasWord(line, word string) bool {
	for _, w := range words(line) {
		if w == word {
			return true
		}
	}
	return false
}

func replaceWords(line string, with map[string]string) string {
	var b strings.Builder
	for _, w := range words(line) {
		if r, ok := with[w]; ok {
			w = r
		}
		b.WriteString(w)
	}
	return b.String()
}
