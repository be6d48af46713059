// Command mutate is a small mutation tester: it plants one simple bug at a
// time in a package's source (a comparison flipped at its boundary or
// negated, + and - swapped, && and || swapped, an integer constant off by
// one, true and false swapped, a call replaced by its first argument, two
// identifiers swapped on a line), runs the
// package's tests against it and reports the mutants the tests did not
// catch. The work tree is never written: each mutant reaches the compiler
// through go test -overlay.
//
//	nice -n 15 go run ./bench/cmd/mutate -pkg ./engine/tt
//	nice -n 15 go run ./bench/cmd/mutate -pkg ./engine -target engine/score.go \
//	    -target engine/search.go:40-48 -swap BoundLower,BoundUpper -sample 40
//
// A mutant is killed when the tests fail (or time out), survives when they
// pass, and is unviable when it does not build; the score is killed /
// (killed + survived). Exit status: 0 when no mutant survived, 1 when some
// did, 2 on bad usage or when the tests fail without any mutant.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, " ") }
func (l *listFlag) Set(s string) error { *l = append(*l, s); return nil }

type options struct {
	pkg     string
	targets listFlag
	swaps   listFlag
	tests   listFlag
	run     string
	skip    string
	short   bool
	timeout time.Duration
	sample  int
	seed    uint64
	list    bool
}

func main() {
	var o options
	flag.StringVar(&o.pkg, "pkg", "", "package directory whose source is mutated, e.g. ./engine/tt")
	flag.Var(&o.targets, "target", "file[:from-to] to mutate, repeatable (default: every non-test, non-generated file of -pkg)")
	flag.Var(&o.swaps, "swap", "A,B: also swap identifiers A and B on each line holding both, repeatable")
	flag.Var(&o.tests, "test", "package pattern to test, repeatable (default: -pkg)")
	flag.StringVar(&o.run, "run", "", "go test -run pattern")
	flag.StringVar(&o.skip, "skip", "", "go test -skip pattern (e.g. tests that compare a mutated template with its unmutated copies)")
	flag.BoolVar(&o.short, "short", true, "pass -short to go test")
	flag.DurationVar(&o.timeout, "timeout", 3*time.Minute, "time limit of one test run")
	flag.IntVar(&o.sample, "sample", 0, "test only this many mutants, drawn at random (0: all)")
	flag.Uint64Var(&o.seed, "seed", 1, "seed of -sample")
	flag.BoolVar(&o.list, "list", false, "only list the mutants")
	flag.Parse()
	if o.pkg == "" || flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: mutate -pkg DIR [-target FILE[:FROM-TO]]... [-swap A,B]... [-test PKG]... [-run RE] [-sample N]")
		os.Exit(2)
	}
	if len(o.tests) == 0 {
		o.tests = listFlag{o.pkg}
	}
	// Ctrl-C or a kill ends the running go test and removes the temporary
	// files before exiting.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	code, err := mutate(ctx, &o)
	if err != nil {
		fmt.Fprintln(os.Stderr, "mutate:", err)
		os.Exit(2)
	}
	os.Exit(code)
}

// target is one file to mutate and its line range.
type target struct {
	path  string
	lines lineRange
}

func parseTarget(s string) (target, error) {
	path, span, found := strings.Cut(s, ":")
	t := target{path: path, lines: lineRange{From: 1}}
	if !found {
		return t, nil
	}
	from, to, _ := strings.Cut(span, "-")
	var err1, err2 error
	t.lines.From, err1 = strconv.Atoi(from)
	t.lines.To, err2 = strconv.Atoi(to)
	if err1 != nil || err2 != nil || t.lines.From < 1 || t.lines.To < t.lines.From {
		return t, fmt.Errorf("bad line range in %q (want FILE:FROM-TO)", s)
	}
	return t, nil
}

// packageFiles lists the non-test Go files of dir that are not generated.
func packageFiles(dir string) ([]target, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	var out []target
	for _, p := range paths {
		if strings.HasSuffix(p, "_test.go") {
			continue
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		if bytes.Contains(src, []byte("\n// Code generated ")) || bytes.HasPrefix(src, []byte("// Code generated ")) {
			continue
		}
		out = append(out, target{path: p, lines: lineRange{From: 1}})
	}
	return out, nil
}

func mutate(ctx context.Context, o *options) (int, error) {
	var targets []target
	for _, s := range o.targets {
		t, err := parseTarget(s)
		if err != nil {
			return 2, err
		}
		targets = append(targets, t)
	}
	if len(targets) == 0 {
		var err error
		if targets, err = packageFiles(o.pkg); err != nil {
			return 2, err
		}
	}
	var swaps [][2]string
	for _, s := range o.swaps {
		a, b, ok := strings.Cut(s, ",")
		if !ok || a == "" || b == "" {
			return 2, fmt.Errorf("bad -swap %q (want A,B)", s)
		}
		swaps = append(swaps, [2]string{a, b})
	}
	sources := map[string][]byte{}
	var mutants []mutant
	for _, t := range targets {
		src, err := os.ReadFile(t.path)
		if err != nil {
			return 2, err
		}
		sources[t.path] = src
		ms, err := findMutants(t.path, src, t.lines, swaps)
		if err != nil {
			return 2, err
		}
		mutants = append(mutants, ms...)
	}
	total := len(mutants)
	if o.sample > 0 && o.sample < len(mutants) {
		rng := rand.New(rand.NewPCG(o.seed, 0x6d7574))
		rng.Shuffle(len(mutants), func(i, j int) { mutants[i], mutants[j] = mutants[j], mutants[i] })
		mutants = mutants[:o.sample]
	}
	fmt.Printf("%d mutants in %d files; testing %d with: go %s\n", total, len(targets), len(mutants),
		strings.Join(testArgs(o, "OVERLAY"), " "))
	if o.list {
		for _, m := range mutants {
			fmt.Println(m)
		}
		return 0, nil
	}

	tmp, err := os.MkdirTemp("", "mutate")
	if err != nil {
		return 2, err
	}
	defer os.RemoveAll(tmp)
	start := time.Now()
	if result, out := runTests(ctx, o, ""); result != passed {
		return 2, fmt.Errorf("the tests do not pass without a mutant:\n%s", out)
	}
	fmt.Printf("tests pass unmutated in %v\n", time.Since(start).Round(time.Second))

	counts := map[status]int{}
	var survivors []mutant
	for i, m := range mutants {
		overlay, err := writeOverlay(tmp, m, sources[m.File])
		if err != nil {
			return 2, err
		}
		begin := time.Now()
		result, _ := runTests(ctx, o, overlay)
		if ctx.Err() != nil {
			return 2, errors.New("interrupted")
		}
		st := killed
		switch {
		case result == passed:
			st = survived
		case result == buildFailed:
			st = unviable
		case time.Since(begin) >= o.timeout:
			st = timedOut
		}
		counts[st]++
		if st == survived {
			survivors = append(survivors, m)
		}
		fmt.Printf("[%d/%d] %-9s %s (%v)\n", i+1, len(mutants), st, m, time.Since(begin).Round(100*time.Millisecond))
	}
	caught := counts[killed] + counts[timedOut]
	fmt.Printf("\n%d killed (%d by timeout), %d survived, %d unviable", caught, counts[timedOut], counts[survived], counts[unviable])
	if caught+counts[survived] > 0 {
		fmt.Printf("; score %.1f%%", 100*float64(caught)/float64(caught+counts[survived]))
	}
	fmt.Printf(" (%v)\n", time.Since(start).Round(time.Second))
	if len(survivors) > 0 {
		fmt.Println("survivors:")
		for _, m := range survivors {
			fmt.Println("  ", m)
		}
		return 1, nil
	}
	return 0, nil
}

type status string

const (
	killed   status = "killed"
	survived status = "survived"
	timedOut status = "timeout"
	unviable status = "unviable"
)

// writeOverlay writes the mutated file and the overlay that puts it in the
// original's place, and returns the overlay's path.
func writeOverlay(dir string, m mutant, src []byte) (string, error) {
	abs, err := filepath.Abs(m.File)
	if err != nil {
		return "", err
	}
	mutated := filepath.Join(dir, "mutant.go")
	if err := os.WriteFile(mutated, m.apply(src), 0o644); err != nil {
		return "", err
	}
	data, err := json.Marshal(map[string]map[string]string{"Replace": {abs: mutated}})
	if err != nil {
		return "", err
	}
	overlay := filepath.Join(dir, "overlay.json")
	return overlay, os.WriteFile(overlay, data, 0o644)
}

func testArgs(o *options, overlay string) []string {
	args := []string{"test", "-count=1", "-vet=off", "-timeout", o.timeout.String()}
	if overlay != "" {
		args = append(args, "-overlay", overlay)
	}
	if o.short {
		args = append(args, "-short")
	}
	if o.run != "" {
		args = append(args, "-run", o.run)
	}
	if o.skip != "" {
		args = append(args, "-skip", o.skip)
	}
	return append(args, o.tests...)
}

type testResult int

const (
	passed testResult = iota
	failed
	buildFailed
)

// runTests runs the tests, with the overlay if there is one.
func runTests(ctx context.Context, o *options, overlay string) (testResult, string) {
	ctx, cancel := context.WithTimeout(ctx, o.timeout+2*time.Minute)
	defer cancel()
	out, err := exec.CommandContext(ctx, "go", testArgs(o, overlay)...).CombinedOutput()
	switch {
	case err == nil:
		return passed, string(out)
	case bytes.Contains(out, []byte("[build failed]")) || bytes.Contains(out, []byte("[setup failed]")):
		return buildFailed, string(out)
	}
	return failed, string(out)
}
