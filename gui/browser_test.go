package gui

import (
	"context"
	"flag"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sakk-chess/sakk/bench/match"
	"github.com/sakk-chess/sakk/bench/pgn"
	"github.com/sakk-chess/sakk/game"
	"github.com/sakk-chess/sakk/hexboard"
)

var update = flag.Bool("update", false, "rewrite the screenshots under docs/")

// chromium finds Debian's headless-capable Chromium. Under CI=true a
// missing browser fails the test; elsewhere it skips.
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"/usr/bin/chromium", "chromium", "chromium-browser"} {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("chromium is not installed (Debian package chromium); the browser tests need it")
	}
	t.Skip("chromium is not installed (Debian package chromium)")
	return ""
}

// page is one browser tab on a fresh GUI server.
type page struct {
	t   *testing.T
	ctx context.Context
	srv *Server
	url string
	dir string // downloads land here
}

func newPage(t *testing.T) *page {
	path := chromium(t)
	srv := New(testOptions())
	ts := httptest.NewServer(srv)
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Flag("headless", true),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.NoFirstRun,
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1366, 768),
	}
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelTab := chromedp.NewContext(allocCtx)
	ctx, cancelTime := context.WithTimeout(ctx, 2*time.Minute)
	t.Cleanup(func() {
		cancelTime()
		cancelTab()
		cancelAlloc()
		srv.Close()
		ts.CloseClientConnections()
		ts.Close()
	})
	p := &page{t: t, ctx: ctx, srv: srv, url: ts.URL, dir: t.TempDir()}
	p.run(chromedp.Navigate("about:blank")) // starts the browser
	events := true
	_, err := chromedp.CallBrowser(ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
		Behavior: browser.SetDownloadBehaviorBehaviorAllowAndName, DownloadPath: p.dir, EventsEnabled: &events})
	require.NoError(t, err)
	return p
}

func (p *page) run(actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	require.NoError(p.t, chromedp.Do(p.ctx, actions...))
}

// open loads the page with these query parameters and waits for the board.
func (p *page) open(query string) {
	p.t.Helper()
	p.run(chromedp.Navigate(p.url + "/?" + query))
	p.waitJS(`window.sakk && window.sakk.state && document.querySelectorAll('#board .cell').length > 0 && document.getElementById('conn').classList.contains('ok')`)
}

// waitJS waits until a JavaScript expression is true. Errors from a page
// that is still loading (its JavaScript context replaced) are retried.
func (p *page) waitJS(expr string) {
	p.t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	var err error
	for time.Now().Before(deadline) {
		var ok bool
		ok, err = chromedp.Run(p.ctx, chromedp.Evaluate[bool](`!!(`+expr+`)`))
		if err == nil && ok {
			return
		}
		if p.ctx.Err() != nil {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	status, _ := chromedp.Run(p.ctx, chromedp.Evaluate[string](`document.getElementById('status').textContent + ' ' + JSON.stringify(window.sakk && window.sakk.debug()) + ' moves ' + JSON.stringify(window.sakk && window.sakk.state && window.sakk.state.moves.map(m => m.uci))`))
	p.t.Fatalf("waiting for %s: last error %v (status: %q)", expr, err, status)
}

// evalJS evaluates a JavaScript expression and decodes its value.
func evalJS[T any](p *page, expr string) T {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[T](expr))
	require.NoError(p.t, err, expr)
	return v
}

// cell is the selector of a board cell or square by name.
func (p *page) cell(name string) string {
	if evalJS[string](p, `window.sakk.state.variant`) == game.Glinski.String() {
		return fmt.Sprintf(`#board [data-cell="%s"]`, name)
	}
	return fmt.Sprintf(`#board [data-square="%s"]`, name)
}

// clickMove plays a move with two mouse clicks: the piece, then its target.
func (p *page) clickMove(from, to string) {
	p.t.Helper()
	p.run(chromedp.Click(chromedp.CSS(p.cell(from))))
	p.waitJS(`document.querySelectorAll('#board [data-target]').length > 0`)
	p.run(chromedp.Click(chromedp.CSS(p.cell(to))))
}

func (p *page) status() string {
	return evalJS[string](p, `document.getElementById('status').textContent`)
}

// downloadPGN clicks "Download PGN" and reads the file the browser saved.
func (p *page) downloadPGN() *pgn.Game {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 20*time.Second)
	defer cancel()
	progress := chromedp.BrowserEvents(ctx, browser.DownloadProgress)
	p.run(chromedp.Evaluate[chromedp.Void](`document.getElementById('files').open = true`), chromedp.Click(chromedp.ID("btn-pgn")))
	guid := ""
	for ev, err := range progress {
		require.NoError(p.t, err, "the PGN download did not complete")
		if ev.State == browser.DownloadProgressStateCompleted {
			guid = ev.GUID
			break
		}
	}
	file, err := os.Open(filepath.Join(p.dir, guid))
	require.NoError(p.t, err)
	defer file.Close()
	games, err := pgn.Read(file)
	require.NoError(p.t, err)
	require.Len(p.t, games, 1)
	return &games[0]
}

// playAgainstSakk plays n moves for White by clicking, each answered by
// sakk, picking legal moves from the page's own list.
func (p *page) playAgainstSakk(n int) {
	p.t.Helper()
	for i := 0; i < n; i++ {
		p.waitJS(fmt.Sprintf(`window.sakk.state.moves.length === %d && window.sakk.state.side === 'w' && !window.sakk.state.searching`, 2*i))
		mv := evalJS[cellPair](p, fmt.Sprintf(`(() => { const l = window.sakk.state.legal.filter(m => !m.promo); const m = l[(%d * 7) %% l.length]; return {from: m.from, to: m.to}; })()`, i))
		p.clickMove(mv.From, mv.To)
		// sakk may answer before the next poll: wait for at least our move.
		p.waitJS(fmt.Sprintf(`window.sakk.state.moves.length >= %d`, 2*i+1))
		san := evalJS[string](p, fmt.Sprintf(`window.sakk.state.moves[%d].uci`, 2*i))
		assert.True(p.t, strings.HasPrefix(san, mv.From), "played %s, wanted from %s", san, mv.From)
		p.waitJS(fmt.Sprintf(`window.sakk.state.moves.length === %d && document.querySelectorAll('#moves .move').length === %d`, 2*i+2, 2*i+2))
	}
}

func TestBrowserGlinski(t *testing.T) {
	p := newPage(t)
	p.open("variant=glinski&side=white&movetime=60")
	cells := evalJS[int](p, `document.querySelectorAll('#board [data-cell]').length`)
	labels := evalJS[int](p, `document.querySelectorAll('#board text.label').length`)
	pieces := evalJS[int](p, `document.querySelectorAll('#board [data-cell][data-piece]').length`)
	assert.Equal(t, 91, cells, "Glinski's board has 91 cells")
	assert.Equal(t, 11+2*11, labels, "11 file letters, 11 rank numbers on each side")
	assert.Equal(t, 36, pieces)
	shades := evalJS[[]string](p, `[...new Set([...document.querySelectorAll('#board [data-cell] .cellshape')].map(e => e.getAttribute('class')))].sort()`)
	assert.Equal(t, []string{"cellshape shade-0", "cellshape shade-1", "cellshape shade-2"}, shades)

	p.playAgainstSakk(3)

	// Flip turns the board: f1 goes from the bottom to the top.
	before := evalJS[float64](p, `document.querySelector('[data-cell="f1"]').getBoundingClientRect().top`)
	p.run(chromedp.Click(chromedp.ID("btn-flip")))
	after := evalJS[float64](p, `document.querySelector('[data-cell="f1"]').getBoundingClientRect().top`)
	assert.Less(t, after, before)

	// Arrow keys step through the moves.
	p.run(chromedp.KeyEvent(kb.ArrowLeft))
	p.waitJS(`window.sakk.state.ply === 5`)
	p.run(chromedp.KeyEvent(kb.ArrowRight))
	p.waitJS(`window.sakk.state.ply === 6`)

	g := p.downloadPGN()
	assert.Equal(t, "Glinski", g.Tag("Variant"))
	assert.Equal(t, "You", g.Tag("White"))
	assert.Equal(t, "sakk", g.Tag("Black"))
	assert.Len(t, g.Moves, 6)
	_, moves, err := match.Replay(g, match.GameVariant(g))
	require.NoError(t, err, "sakk match's checker replays the downloaded PGN")
	assert.Len(t, moves, 6)

	// Take back undoes sakk's answer and your move.
	p.run(chromedp.Click(chromedp.ID("btn-takeback")))
	p.waitJS(`window.sakk.state.moves.length === 4 && window.sakk.state.ply === 4 && window.sakk.state.side === 'w'`)
}

func TestBrowserGlinskiPromotionAndMate(t *testing.T) {
	p := newPage(t)
	// A White pawn on e9 promotes on e10 (the top of file e).
	fen := glinskiFEN(map[string]byte{"e9": 'P', "g1": 'K', "a6": 'k'}, "w")
	p.open("variant=glinski&side=white&movetime=50&fen=" + fen)
	p.clickMove("e9", "e10")
	p.waitJS(`!document.getElementById('promo').hidden && document.querySelectorAll('#promo [data-promo]').length === 4`)
	p.run(chromedp.Click(chromedp.CSS(`#promo [data-promo="n"]`)))
	p.waitJS(`window.sakk.state.moves.length >= 1`)
	san := evalJS[string](p, `window.sakk.state.moves[0].san`)
	assert.Equal(t, "e9e10n", san)
	p.waitJS(`window.sakk.state.moves.length === 2 && window.sakk.state.ply === 2`)
	piece := evalJS[string](p, `window.sakk.state.pieces['e10'] || ''`)
	if piece != "" { // sakk's king cannot reach e10 in one move, so the knight is there
		assert.Equal(t, "N", piece)
	}
	p.run(chromedp.Click(chromedp.ID("btn-first")))
	p.waitJS(`window.sakk.state.ply === 0`)
	p.run(chromedp.Click(chromedp.ID("btn-last")))
	p.waitJS(`window.sakk.state.ply === 2`)
	piece = evalJS[string](p, `document.querySelector('[data-cell="e10"]').getAttribute('data-piece')`)
	assert.Equal(t, "N", piece, "the promoted knight is drawn on e10")

	// A mate in one, played by dragging; the page announces it.
	fen = "1/3/5/7/9/7R2Q/6k4/11/11/K10/11 w - 0 1"
	pos, err := hexboard.FromFEN(fen)
	require.NoError(t, err)
	mate := uniqueEnding(pos, game.Checkmate)
	require.NotEmpty(t, mate)
	p.open("variant=glinski&side=white&movetime=50&fen=" + fen)
	p.drag(mate[:2], mate[2:])
	p.waitJS(`window.sakk.state.outcome.over && document.getElementById('status').dataset.over === '1'`)
	assert.Contains(t, p.status(), "White mates")
	result := evalJS[string](p, `document.querySelector('#moves .result').textContent`)
	assert.Equal(t, "1-0", result)
	g := p.downloadPGN()
	assert.Equal(t, "1-0", g.Result)
	start, moves, err := match.Replay(g, match.GameVariant(g))
	require.NoError(t, err)
	start.Make(moves[0])
	assert.Equal(t, game.Checkmate, start.Outcome().Result)
}

type cellPair struct {
	From string `json:"from"`
	To   string `json:"to"`
}

type point struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

// drag moves a piece with the mouse held down.
func (p *page) drag(from, to string) {
	p.t.Helper()
	centre := `(s => { const r = document.querySelector(s).getBoundingClientRect(); return {x: r.x + r.width / 2, y: r.y + r.height / 2}; })(%q)`
	a := evalJS[point](p, fmt.Sprintf(centre, p.cell(from)))
	b := evalJS[point](p, fmt.Sprintf(centre, p.cell(to)))
	p.run(
		chromedp.DragAndDropXY(a.X, a.Y, b.X, b.Y, 5),
	)
}

func TestBrowserChess(t *testing.T) {
	p := newPage(t)
	p.open("variant=chess&side=white&movetime=60")
	squares := evalJS[int](p, `document.querySelectorAll('#board [data-square]').length`)
	pieces := evalJS[int](p, `document.querySelectorAll('#board [data-square][data-piece]').length`)
	assert.Equal(t, 64, squares)
	assert.Equal(t, 32, pieces)
	p.playAgainstSakk(3)
	g := p.downloadPGN()
	assert.Empty(t, g.Tag("Variant"))
	_, moves, err := match.Replay(g, match.GameVariant(g))
	require.NoError(t, err, "sakk match's checker replays the downloaded PGN")
	assert.Len(t, moves, 6)
	assert.Regexp(t, `^[NBRQK]?[a-h]?[1-8]?x?[a-h][1-8]|O-O`, g.Moves[0].Text, "SAN")

	// Promotion through the picker.
	p.open("variant=chess&side=white&movetime=50&fen=" + "8/P6k/8/8/8/8/8/K7 w - - 0 1")
	p.clickMove("a7", "a8")
	p.waitJS(`!document.getElementById('promo').hidden`)
	p.run(chromedp.Click(chromedp.CSS(`#promo [data-promo="q"]`)))
	p.waitJS(`window.sakk.state.moves.length >= 1`)
	san := evalJS[string](p, `window.sakk.state.moves[0].san`)
	assert.Equal(t, "a8=Q", san)

	// Mate in one; the page announces it and check is shown.
	p.open("variant=chess&side=white&movetime=50&fen=" + "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1")
	p.clickMove("a1", "a8")
	p.waitJS(`window.sakk.state.outcome.over`)
	assert.Contains(t, p.status(), "White mates")
	glow := evalJS[int](p, `document.querySelectorAll('[data-square="g8"] .checkmark').length`)
	assert.Equal(t, 1, glow, "the mated king is marked")
	g = p.downloadPGN()
	assert.Equal(t, "1-0", g.Result)
	assert.Equal(t, "Ra8#", g.Moves[0].Text)

	// A Chess960 start.
	p.open("variant=chess&side=none&chess960=0")
	back := evalJS[string](p, `['a1','b1','c1','d1','e1','f1','g1','h1'].map(s => window.sakk.state.pieces[s]).join('')`)
	assert.Equal(t, "BBQNNRKR", back)
}

// TestScreenshots draws both boards after a few moves, with analysis on;
// with -update it writes them to docs/.
func TestScreenshots(t *testing.T) {
	p := newPage(t)
	for _, shot := range []struct {
		file, variant string
		moves         []string
	}{
		{"gui-glinski.png", "glinski", []string{"g4g6", "e7e5", "h1f4", "d9e7", "f2e3", "c7c6"}},
		{"gui-chess.png", "chess", []string{"e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6"}},
	} {
		p.open("side=none&analyse=1&variant=" + shot.variant)
		for i, m := range shot.moves {
			p.clickMove(m[:2], m[2:])
			p.waitJS(fmt.Sprintf(`window.sakk.state.moves.length === %d`, i+1))
		}
		p.run(chromedp.SetValue(chromedp.ID("opt-multipv"), "2"),
			chromedp.Evaluate[chromedp.Void](`document.getElementById('opt-multipv').dispatchEvent(new Event('change'))`))
		p.waitJS(`document.querySelectorAll('#lines li').length === 2 && window.sakk.state.searching === 'analyse'`)
		time.Sleep(2 * time.Second) // let the analysis reach some depth
		assert.Equal(t, 2, evalJS[int](p, `document.querySelectorAll('#board line.arrow').length`), "an arrow per line")
		assert.NotEmpty(t, evalJS[string](p, `document.getElementById('evaltext').textContent`))
		assert.Regexp(t, `^depth \d+`, evalJS[string](p, `document.getElementById('depth').textContent`))
		png, err := chromedp.Run(p.ctx, chromedp.FullScreenshot(100))
		require.NoError(t, err)
		require.Greater(t, len(png), 10000)
		assert.Equal(t, "\x89PNG", string(png[:4]))
		if *update {
			require.NoError(t, os.WriteFile(filepath.Join("..", "docs", shot.file), png, 0o644))
		}
	}
}

func TestBrowserReplayAndSelfPlay(t *testing.T) {
	p := newPage(t)
	p.open("variant=glinski&side=none")
	file, err := filepath.Abs("testdata/match-glinski.pgn")
	require.NoError(t, err)
	data, err := os.ReadFile(file)
	require.NoError(t, err)
	games, err := pgn.Read(strings.NewReader(string(data)))
	require.NoError(t, err)
	p.run(chromedp.Evaluate[chromedp.Void](`document.getElementById('files').open = true`),
		chromedp.SetUploadFiles(chromedp.ID("pgn-file"), []string{file}))
	p.waitJS(fmt.Sprintf(`document.querySelectorAll('#replay-games option').length === %d && window.sakk.state.moves.length === %d && window.sakk.state.ply === 0`,
		len(games), len(games[0].Moves)))
	p.run(chromedp.KeyEvent(kb.End))
	p.waitJS(fmt.Sprintf(`window.sakk.state.ply === %d && window.sakk.state.outcome.over`, len(games[0].Moves)))
	assert.Contains(t, p.status(), games[0].Result)
	p.run(chromedp.KeyEvent(kb.ArrowLeft))
	p.waitJS(fmt.Sprintf(`window.sakk.state.ply === %d`, len(games[0].Moves)-1))
	p.run(chromedp.SetValue(chromedp.ID("replay-games"), "1"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('replay-games').dispatchEvent(new Event('change'))`))
	p.waitJS(fmt.Sprintf(`window.sakk.state.moves.length === %d && window.sakk.state.ply === 0 && window.sakk.state.moves[0].san === %q`,
		len(games[1].Moves), games[1].Moves[0].Text))

	// sakk against itself on a 5-second clock.
	p.open("variant=chess&side=self&time=clock:5:0")
	p.waitJS(`window.sakk.state.moves.length >= 4`)
	for _, id := range []string{"clock-top", "clock-bottom"} {
		assert.Regexp(t, `^0:0\d`, evalJS[string](p, `document.getElementById('`+id+`').textContent`))
	}
	p.run(chromedp.SetValue(chromedp.ID("opt-side"), "none"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('opt-side').dispatchEvent(new Event('change'))`))
	p.waitJS(`!window.sakk.state.searching`)
	g := p.downloadPGN()
	_, moves, err := match.Replay(g, match.GameVariant(g))
	assert.NoError(t, err)
	assert.GreaterOrEqual(t, len(moves), 4)
}

func TestBrowserClosingTheTabStopsItsSearch(t *testing.T) {
	p := newPage(t)
	p.open("variant=glinski&side=none&analyse=1")
	p.waitJS(`window.sakk.state.searching === 'analyse' && document.querySelectorAll('#lines li').length > 0`)
	id := evalJS[string](p, `window.sakk.state.session`)
	sess := p.srv.session(id)
	require.NotNil(t, sess)
	require.Equal(t, "analyse", sess.state().Searching)
	require.NoError(t, chromedp.Cancel(p.ctx)) // closes the tab (and its browser)
	require.Eventually(t, func() bool { return sess.state().Searching == "" }, 20*time.Second, 20*time.Millisecond,
		"the search stops when its tab closes")
}
