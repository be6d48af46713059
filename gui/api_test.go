package gui

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sakk-chess/sakk/bench/match"
	"github.com/sakk-chess/sakk/bench/pgn"
	"github.com/sakk-chess/sakk/game"
	"github.com/sakk-chess/sakk/hexboard"
)

// testOptions keep searches short.
func testOptions() Options {
	opts := DefaultOptions()
	opts.MaxMoveTime = 2 * time.Second
	opts.MaxAnalysis = 20 * time.Second
	opts.HashMB = 4
	opts.MaxSessions = 4
	return opts
}

func newTestServer(t *testing.T) (*Server, *httptest.Server) {
	srv := New(testOptions())
	ts := httptest.NewServer(srv)
	t.Cleanup(func() {
		srv.Close()
		ts.CloseClientConnections()
		ts.Close()
	})
	return srv, ts
}

// post sends a JSON body and decodes the answer into out (a State or an
// error object); it returns the status.
func post(t *testing.T, url, body string, out any) int {
	t.Helper()
	resp, err := http.Post(url, "application/json", strings.NewReader(body))
	require.NoError(t, err)
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	assert.Equal(t, "application/json", resp.Header.Get("Content-Type"), string(data))
	if out != nil {
		require.NoError(t, json.Unmarshal(data, out), string(data))
	}
	return resp.StatusCode
}

func getState(t *testing.T, ts *httptest.Server, id string) State {
	t.Helper()
	resp, err := http.Get(ts.URL + "/api/session/" + id)
	require.NoError(t, err)
	defer resp.Body.Close()
	var st State
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&st))
	return st
}

func openSession(t *testing.T, ts *httptest.Server, body string) State {
	t.Helper()
	var st State
	require.Equal(t, http.StatusOK, post(t, ts.URL+"/api/session", body, &st))
	require.NotEmpty(t, st.Session)
	return st
}

// waitFor polls the session until cond holds.
func waitFor(t *testing.T, ts *httptest.Server, id string, what string, cond func(State) bool) State {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		st := getState(t, ts, id)
		if cond(st) {
			return st
		}
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s; state: searching=%q ply=%d", what, st.Searching, st.Ply)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestAPIPlaysAGlinskiGameAgainstSakk(t *testing.T) {
	_, ts := newTestServer(t)
	st := openSession(t, ts, `{"variant":"glinski"}`)
	id := st.Session
	assert.Equal(t, "glinski", st.Variant)
	assert.Equal(t, hexboard.StartFEN, st.FEN)
	assert.Len(t, st.Geometry.Cells, 91)
	assert.Len(t, st.Pieces, 36)
	assert.Len(t, st.Legal, 51, "Glinski's start position has 51 legal moves")
	base := ts.URL + "/api/session/" + id

	for i := 0; i < 4; i++ {
		// The first legal move of the list for White, then sakk answers.
		human := st.Legal[(i*5)%len(st.Legal)].UCI
		require.Equal(t, http.StatusOK, post(t, base+"/move", `{"move":"`+human+`"}`, &st), human)
		require.Equal(t, 2*i+1, len(st.Moves))
		assert.Equal(t, human, st.Moves[2*i].UCI)
		require.Equal(t, http.StatusOK, post(t, base+"/go", `{"purpose":"move","movetime":50}`, &st))
		st = waitFor(t, ts, id, "sakk's answer", func(s State) bool { return len(s.Moves) == 2*i+2 && s.Searching == "" })
		assert.Equal(t, "w", st.Side)
	}
	// The moves replay to the position shown.
	pos := hexboard.New()
	for _, m := range st.Moves {
		mv, err := pos.ParseSAN(m.SAN)
		require.NoError(t, err)
		pos.Make(mv)
	}
	assert.Equal(t, pos.FEN(), st.FEN)

	// An illegal move is refused with a clear error; nothing changes.
	var failure struct{ Error string }
	before := st
	assert.Equal(t, http.StatusUnprocessableEntity, post(t, base+"/move", `{"move":"f1f7"}`, &failure))
	assert.Contains(t, failure.Error, "f1f7")
	assert.Contains(t, failure.Error, "not legal")
	after := getState(t, ts, id)
	assert.Equal(t, before.FEN, after.FEN)
	assert.Equal(t, before.Moves, after.Moves)

	// Stepping back shows an earlier position; take back shortens the game.
	require.Equal(t, http.StatusOK, post(t, base+"/goto", `{"ply":2}`, &st))
	assert.Equal(t, 2, st.Ply)
	assert.Len(t, st.Moves, 8)
	require.Equal(t, http.StatusOK, post(t, base+"/goto", `{"ply":8}`, &st))
	assert.Equal(t, before.FEN, st.FEN)
	require.Equal(t, http.StatusOK, post(t, base+"/takeback", `{"plies":2}`, &st))
	assert.Len(t, st.Moves, 6)
	assert.Equal(t, 6, st.Ply)
}

func TestAPIAnnouncesMateAndRefusesMoreMoves(t *testing.T) {
	_, ts := newTestServer(t)
	st := openSession(t, ts, `{"variant":"chess","fen":"6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"}`)
	base := ts.URL + "/api/session/" + st.Session
	require.Equal(t, http.StatusOK, post(t, base+"/move", `{"move":"a1a8"}`, &st))
	assert.True(t, st.Outcome.Over)
	assert.Equal(t, "1-0", st.Outcome.Result)
	assert.Equal(t, "White mates", st.Outcome.Reason)
	assert.Equal(t, "g8", st.Check)
	assert.Equal(t, "Ra8#", st.Moves[0].SAN)
	assert.Empty(t, st.Legal)
	var failure struct{ Error string }
	assert.Equal(t, http.StatusUnprocessableEntity, post(t, base+"/move", `{"move":"g8h8"}`, &failure))
	assert.Contains(t, failure.Error, "game is over")
	assert.Equal(t, http.StatusUnprocessableEntity, post(t, base+"/go", `{"purpose":"move"}`, &failure))

	g := downloadPGN(t, base)
	assert.Equal(t, "1-0", g.Result)
	assert.Equal(t, "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", g.Tag("FEN"))
	start, moves, err := match.Replay(g, match.GameVariant(g))
	require.NoError(t, err)
	start.Make(moves[0])
	assert.Equal(t, game.Checkmate, start.Outcome().Result)
}

func TestAPIGlinskiStalemateRule(t *testing.T) {
	// White to move stalemates Black (a unique move): 3/4 for White by
	// default, a draw with the option.
	fen, stalemating := findGlinskiStalemate(t)
	for _, draw := range []bool{false, true} {
		_, ts := newTestServer(t)
		st := openSession(t, ts, `{"variant":"glinski","fen":"`+fen+`"}`)
		base := ts.URL + "/api/session/" + st.Session
		if draw {
			require.Equal(t, http.StatusOK, post(t, base+"/options", `{"stalemateDraw":true}`, &st))
		}
		require.Equal(t, http.StatusOK, post(t, base+"/move", `{"move":"`+stalemating+`"}`, &st))
		assert.True(t, st.Outcome.Over)
		if draw {
			assert.Equal(t, "1/2-1/2", st.Outcome.Result)
			assert.Equal(t, "Draw by stalemate", st.Outcome.Reason)
		} else {
			assert.Equal(t, "1-0", st.Outcome.Result)
			assert.Equal(t, "3/4-1/4", st.Outcome.GlinskiScore)
			g := downloadPGN(t, base)
			assert.Equal(t, "3/4-1/4", g.Tag("GlinskiScore"))
			assert.Equal(t, "Glinski", g.Tag("Variant"))
		}
	}
}

// findGlinskiStalemate is a White move that stalemates Black: K+Q against
// a king in a corner, found by trying queen cells near it.
func findGlinskiStalemate(t *testing.T) (fen, stalemating string) {
	for q := 0; q < hexboard.NumCells; q++ {
		pieces := map[string]byte{"a1": 'k', "c5": 'K'}
		name := hexboard.CellName(q)
		if _, taken := pieces[name]; taken {
			continue
		}
		pieces[name] = 'Q'
		fen := glinskiFEN(pieces, "w")
		pos, err := hexboard.FromFEN(fen)
		if err != nil || pos.Outcome().Result != game.Ongoing {
			continue
		}
		if m := uniqueEnding(pos, game.Stalemate); m != "" {
			return fen, m
		}
	}
	t.Fatal("no stalemate position found")
	return "", ""
}

func downloadPGN(t *testing.T, base string) *pgn.Game {
	t.Helper()
	resp, err := http.Get(base + "/pgn")
	require.NoError(t, err)
	defer resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Contains(t, resp.Header.Get("Content-Disposition"), "attachment")
	games, err := pgn.Read(resp.Body)
	require.NoError(t, err)
	require.Len(t, games, 1)
	return &games[0]
}

func TestAPIRejectsMalformedRequests(t *testing.T) {
	_, ts := newTestServer(t)
	st := openSession(t, ts, `{"variant":"chess"}`)
	base := ts.URL + "/api/session/" + st.Session
	for _, c := range []struct {
		method, path, body string
		status             int
		message            string
	}{
		{"POST", "/api/session", `{"variant":"shogi"}`, 400, "variant"},
		{"POST", "/api/session", `{"variant":"chess","fen":"not a fen"}`, 422, "fen"},
		{"POST", "/api/session", `{"variant":"glinski","chess960":3}`, 422, "Chess960"},
		{"POST", "/api/session", `{"variant":"chess","chess960":960}`, 400, "chess960"},
		{"GET", "/api/session", ``, 405, "POST"},
		{"POST", "/api/session", `{}`, 415, "JSON"}, // sent below as text/plain
		{"GET", "/api/nothing", ``, 404, "no such"},
		{"GET", "/api/session/0123/", ``, 404, "no such session"},
		{"POST", base[len(ts.URL):] + "/move", `{"move":`, 400, "malformed JSON"},
		{"POST", base[len(ts.URL):] + "/move", `{"move":"e2e4"} {}`, 400, "more than one"},
		{"POST", base[len(ts.URL):] + "/move", `{"mvoe":"e2e4"}`, 400, "unknown field"},
		{"POST", base[len(ts.URL):] + "/move", `{"move":"e2e5"}`, 422, "not legal"},
		{"POST", base[len(ts.URL):] + "/move", `{"move":"e2\u0000e4"}`, 400, "control"},
		{"POST", base[len(ts.URL):] + "/move", `[1,2]`, 400, "malformed"},
		{"POST", base[len(ts.URL):] + "/move", strings.Repeat(" ", maxBody+1), 413, "bytes"},
		{"POST", base[len(ts.URL):] + "/go", `{"purpose":"ponder"}`, 400, "purpose"},
		{"POST", base[len(ts.URL):] + "/go", `{"purpose":"move","movetime":-5}`, 400, "movetime"},
		{"POST", base[len(ts.URL):] + "/go", `{"purpose":"analyse","multipv":99}`, 400, "multipv"},
		{"POST", base[len(ts.URL):] + "/goto", `{}`, 400, "ply"},
		{"POST", base[len(ts.URL):] + "/goto", `{"ply":3}`, 422, "ply 3"},
		{"POST", base[len(ts.URL):] + "/takeback", `{"plies":1}`, 422, "take back"},
		{"POST", base[len(ts.URL):] + "/end", `{"loser":"x","reason":"time"}`, 400, "loser"},
		{"POST", base[len(ts.URL):] + "/replay", `[Event "x"`, 422, "PGN"},
		{"POST", base[len(ts.URL):] + "/replay/7", ``, 422, "game 7"},
		{"POST", base[len(ts.URL):] + "/replay/x", ``, 400, "game number"},
		{"GET", base[len(ts.URL):] + "/move", ``, 405, "POST"},
		{"POST", base[len(ts.URL):] + "/fly", `{}`, 404, "no such"},
		{"PUT", "/", ``, 405, "GET"},
		{"GET", "/static/nothing.js", ``, 404, "no such file"},
		{"GET", "/static/../server.go", ``, 404, "no such"},
		{"GET", "/elsewhere", ``, 404, "no such page"},
	} {
		req, err := http.NewRequest(c.method, ts.URL+c.path, strings.NewReader(c.body))
		require.NoError(t, err)
		if c.status != 415 {
			req.Header.Set("Content-Type", "application/json")
		}
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		var failure struct{ Error string }
		require.NoError(t, json.NewDecoder(resp.Body).Decode(&failure), "%s %s", c.method, c.path)
		resp.Body.Close()
		assert.Equal(t, c.status, resp.StatusCode, "%s %s %.40s: %s", c.method, c.path, c.body, failure.Error)
		assert.Contains(t, failure.Error, c.message, "%s %s %.40s", c.method, c.path, c.body)
	}
	// None of it changed the game.
	after := getState(t, ts, st.Session)
	assert.Equal(t, st.FEN, after.FEN)
	assert.Empty(t, after.Moves)
}

func TestAPIRefusesForeignHosts(t *testing.T) {
	_, ts := newTestServer(t)
	req, err := http.NewRequest("GET", ts.URL+"/", nil)
	require.NoError(t, err)
	req.Host = "evil.example:80"
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusForbidden, resp.StatusCode)
}

func TestAPIServesThePage(t *testing.T) {
	_, ts := newTestServer(t)
	for path, want := range map[string]string{"/": "<svg id=\"board\"", "/static/app.js": "EventSource", "/static/pieces.js": "piece-w"} {
		resp, err := http.Get(ts.URL + path)
		require.NoError(t, err)
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		assert.Equal(t, http.StatusOK, resp.StatusCode, path)
		assert.Contains(t, string(body), want, path)
	}
}

func TestAPIBoundsTabs(t *testing.T) {
	srv, ts := newTestServer(t)
	var ids []string
	var streams []context.CancelFunc
	for i := 0; i < srv.opts.MaxSessions; i++ {
		st := openSession(t, ts, `{}`)
		ids = append(ids, st.Session)
		streams = append(streams, openStream(t, ts, st.Session, nil))
	}
	var failure struct{ Error string }
	assert.Equal(t, http.StatusServiceUnavailable, post(t, ts.URL+"/api/session", `{}`, &failure))
	assert.Contains(t, failure.Error, "too many open tabs")
	// When a page goes away, its tab makes room for a new one.
	streams[0]()
	require.Eventually(t, func() bool { return !srv.session(ids[0]).idle().IsZero() }, 5*time.Second, 10*time.Millisecond)
	openSession(t, ts, `{}`)
	assert.Nil(t, srv.session(ids[0]))
	assert.Equal(t, srv.opts.MaxSessions, srv.Sessions())
	for _, stop := range streams[1:] {
		stop()
	}
}

// openStream reads a session's events in the background, sending each
// event's name and data to events (when non-nil); cancel closes it.
func openStream(t *testing.T, ts *httptest.Server, id string, events chan<- [2]string) context.CancelFunc {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, err := http.NewRequestWithContext(ctx, "GET", ts.URL+"/api/session/"+id+"/events", nil)
	require.NoError(t, err)
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	require.Equal(t, "text/event-stream", resp.Header.Get("Content-Type"))
	go func() {
		defer resp.Body.Close()
		scanner := bufio.NewScanner(resp.Body)
		scanner.Buffer(make([]byte, 1<<20), 1<<20)
		var name string
		for scanner.Scan() {
			line := scanner.Text()
			if v, ok := strings.CutPrefix(line, "event: "); ok {
				name = v
			}
			if v, ok := strings.CutPrefix(line, "data: "); ok && events != nil {
				select {
				case events <- [2]string{name, v}:
				case <-ctx.Done():
					return
				}
			}
		}
	}()
	return cancel
}

func TestAPIAnalysisStreamsAndStopsWhenTheTabCloses(t *testing.T) {
	_, ts := newTestServer(t)
	st := openSession(t, ts, `{"variant":"glinski"}`)
	events := make(chan [2]string, 64)
	closeTab := openStream(t, ts, st.Session, events)
	base := ts.URL + "/api/session/" + st.Session
	require.Equal(t, http.StatusOK, post(t, base+"/go", `{"purpose":"analyse","multipv":2}`, &st))
	assert.Equal(t, "analyse", st.Searching)

	seen := map[int]Info{}
	timeout := time.After(20 * time.Second)
	for len(seen) < 2 || seen[1].Depth < 4 || seen[2].Depth != seen[1].Depth {
		select {
		case ev := <-events:
			if ev[0] != "info" {
				continue
			}
			var info Info
			require.NoError(t, json.Unmarshal([]byte(ev[1]), &info))
			assert.Equal(t, "analyse", info.Purpose)
			require.NotEmpty(t, info.PV)
			require.NotEmpty(t, info.From)
			seen[info.MultiPV] = info
		case <-timeout:
			t.Fatalf("no analysis lines: %v", seen)
		}
	}
	assert.NotEqual(t, seen[1].PV[0], seen[2].PV[0], "two different lines")
	pos := hexboard.New()
	_, err := pos.ParseSAN(seen[1].PV[0])
	assert.NoError(t, err, "the line starts with a legal move")

	closeTab()
	waitFor(t, ts, st.Session, "the search to stop", func(s State) bool { return s.Searching == "" })
}

func TestAPIReplaysMatchPGNs(t *testing.T) {
	_, ts := newTestServer(t)
	st := openSession(t, ts, `{}`)
	base := ts.URL + "/api/session/" + st.Session
	for _, file := range []string{"testdata/match-glinski.pgn", "testdata/match-chess.pgn"} {
		data, err := os.ReadFile(file)
		require.NoError(t, err)
		games, err := pgn.Read(strings.NewReader(string(data)))
		require.NoError(t, err)
		var listed struct{ Games []GameSummary }
		require.Equal(t, http.StatusOK, post(t, base+"/replay", string(data), &listed))
		require.Len(t, listed.Games, len(games))
		for i, g := range listed.Games {
			assert.Empty(t, g.Error)
			assert.Equal(t, len(games[i].Moves), g.Plies)
		}
		require.Equal(t, http.StatusOK, post(t, base+"/replay/1", ``, &st))
		assert.Equal(t, 0, st.Ply)
		assert.Len(t, st.Moves, len(games[1].Moves))
		assert.Equal(t, games[1].Tag("White"), st.Players[0])
		assert.Equal(t, match.GameVariant(&games[1]).String(), st.Variant)
		for i, m := range games[1].Moves {
			assert.Equal(t, m.Text, st.Moves[i].SAN)
			assert.Equal(t, m.Comment, st.Moves[i].Comment)
		}
		// Step to the end: the recorded result is shown.
		require.Equal(t, http.StatusOK, post(t, base+"/goto", `{"ply":`+itoa(len(st.Moves))+`}`, &st))
		assert.True(t, st.Outcome.Over)
		assert.Equal(t, games[1].Result, st.Outcome.Result)
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// FuzzAPI sends arbitrary bodies to every API call: the answer is never a
// 5xx, and always a JSON object with an "error" for a 4xx.
func FuzzAPI(f *testing.F) {
	for _, seed := range [][2]string{
		{"move", `{"move":"f5f6"}`}, {"new", `{"variant":"chess","chess960":-1}`}, {"go", `{"purpose":"move","movetime":5}`},
		{"goto", `{"ply":0}`}, {"options", `{"stalemateDraw":true,"white":"A"}`}, {"end", `{"loser":"w","reason":"time"}`},
		{"replay", "[Event \"x\"]\n\n1. f5f6 *"}, {"replay/0", ``}, {"takeback", `{"plies":1}`}, {"new", `{"fen":"1/3/5/7/9/11/11/11/11/11/11 w - 0 1"}`},
		{"move", `{"move":null}`}, {"go", `{"purpose":"analyse","multipv":1e99}`}, {"new", `{"chess960":"x"}`},
	} {
		f.Add(seed[0], seed[1])
	}
	opts := testOptions()
	opts.MaxMoveTime, opts.MaxAnalysis = 5*time.Millisecond, 5*time.Millisecond
	srv := New(opts)
	f.Cleanup(srv.Close)
	sess, err := srv.newSession()
	if err != nil {
		f.Fatal(err)
	}
	send := func(action, body string) *httptest.ResponseRecorder {
		w := httptest.NewRecorder()
		target := &url.URL{Path: "/api/session/" + sess.id + "/" + action}
		req := httptest.NewRequest("POST", target.EscapedPath(), strings.NewReader(body))
		req.Host = "localhost"
		srv.ServeHTTP(w, req)
		return w
	}
	if w := send("move", `{"move":"e2e4"}`); w.Code != http.StatusOK {
		f.Fatalf("a legal move: status %d: %s", w.Code, w.Body.String())
	}
	f.Fuzz(func(t *testing.T, action, body string) {
		w := send(action, body)
		if w.Code >= 500 {
			t.Fatalf("%s %q: status %d: %s", action, body, w.Code, w.Body.String())
		}
		if strings.Contains(action, "events") || strings.Contains(action, "pgn") {
			return
		}
		var answer map[string]any
		if err := json.Unmarshal(w.Body.Bytes(), &answer); err != nil {
			t.Fatalf("%s %q: status %d, not JSON: %q", action, body, w.Code, w.Body.String())
		}
		if w.Code >= 400 && answer["error"] == nil {
			t.Fatalf("%s %q: status %d without an error", action, body, w.Code)
		}
	})
}

func TestAPICastlingOnTheBoard(t *testing.T) {
	_, ts := newTestServer(t)
	// Orthodox: the king goes to g1 or onto the rook; both play O-O.
	st := openSession(t, ts, `{"variant":"chess","fen":"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"}`)
	var targets []string
	for _, m := range st.Legal {
		if m.From == "e1" && m.UCI == "e1h1" {
			targets = append(targets, m.To)
		}
	}
	assert.ElementsMatch(t, []string{"g1", "h1"}, targets)
	require.Equal(t, http.StatusOK, post(t, ts.URL+"/api/session/"+st.Session+"/move", `{"move":"e1h1"}`, &st))
	assert.Equal(t, PlayedMove{SAN: "O-O", UCI: "e1g1", From: "e1", To: "g1"}, st.Moves[0])
	assert.Equal(t, "K", st.Pieces["g1"])
	assert.Equal(t, "R", st.Pieces["f1"])

	// Chess960 start 0 (BBQNNRKR); with f1 cleared, the king on g1 castles
	// short onto the h1 rook and stays on g1.
	st = openSession(t, ts, `{"variant":"chess","chess960":0}`)
	assert.Equal(t, "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1", st.FEN)
	st = openSession(t, ts, `{"variant":"chess","fen":"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQ3KR w H - 0 1"}`)
	var castle []LegalMove
	for _, m := range st.Legal {
		if m.From == "g1" && m.UCI == "g1h1" {
			castle = append(castle, m)
		}
	}
	require.Len(t, castle, 1, "the king's target is its own square: only onto the rook")
	require.Equal(t, http.StatusOK, post(t, ts.URL+"/api/session/"+st.Session+"/move", `{"move":"g1h1"}`, &st))
	assert.Equal(t, "O-O", st.Moves[0].SAN)
	assert.Equal(t, "K", st.Pieces["g1"])
	assert.Equal(t, "R", st.Pieces["f1"])
	g := downloadPGN(t, ts.URL+"/api/session/"+st.Session)
	assert.Equal(t, "Chess960", g.Tag("Variant"))
	_, moves, err := match.Replay(g, match.GameVariant(g))
	require.NoError(t, err)
	assert.Len(t, moves, 1)
}

func TestAPIForgetsTabsThatWentAway(t *testing.T) {
	opts := testOptions()
	opts.IdleTimeout = 100 * time.Millisecond
	srv := New(opts)
	ts := httptest.NewServer(srv)
	defer func() {
		srv.Close()
		ts.Close()
	}()
	gone := openSession(t, ts, `{}`)
	open := openSession(t, ts, `{}`)
	stop := openStream(t, ts, open.Session, nil)
	defer stop()
	require.Eventually(t, func() bool { return srv.session(gone.Session) == nil }, 10*time.Second, 50*time.Millisecond,
		"the janitor drops a tab without a page")
	assert.NotNil(t, srv.session(open.Session), "a tab with its page stays")
}

func TestAPIStatesAreVersioned(t *testing.T) {
	_, ts := newTestServer(t)
	st := openSession(t, ts, `{"variant":"chess"}`)
	base := ts.URL + "/api/session/" + st.Session
	last := st.Version
	for _, step := range [][2]string{{"move", `{"move":"e2e4"}`}, {"go", `{"purpose":"analyse"}`}, {"stop", ``}, {"goto", `{"ply":0}`}} {
		require.Equal(t, http.StatusOK, post(t, base+"/"+step[0], step[1], &st), step[0])
		assert.Greater(t, st.Version, last, "%s: a newer state has a higher version", step[0])
		last = st.Version
	}
}
