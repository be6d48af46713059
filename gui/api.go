package gui

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/sakk-chess/sakk/bench/match"
	"github.com/sakk-chess/sakk/bench/pgn"
)

// Request bodies of the API. Unknown fields are errors, so a misspelt
// field is reported instead of ignored.
type newRequest struct {
	Variant  string `json:"variant"`
	FEN      string `json:"fen"`
	Chess960 *int   `json:"chess960"` // 0..959, or -1 for a random start
}

type moveRequest struct {
	Move string `json:"move"`
}

type gotoRequest struct {
	Ply *int `json:"ply"`
}

type takebackRequest struct {
	Plies int `json:"plies"`
}

type optionsRequest struct {
	StalemateDraw *bool   `json:"stalemateDraw"`
	White         *string `json:"white"`
	Black         *string `json:"black"`
}

type goRequest struct {
	Purpose  string `json:"purpose"`  // "move" or "analyse"
	MoveTime int    `json:"movetime"` // milliseconds per move
	WTime    int    `json:"wtime"`    // clocks and increments in milliseconds
	BTime    int    `json:"btime"`
	WInc     int    `json:"winc"`
	BInc     int    `json:"binc"`
	MultiPV  int    `json:"multipv"`
}

type endRequest struct {
	Loser  string `json:"loser"`  // "w" or "b"
	Reason string `json:"reason"` // "time" or "resign"
}

// Limits of request bodies.
const (
	maxBody    = 16 << 10
	maxPGNBody = 4 << 20
	maxText    = 256
	maxClockMs = 24 * 3600 * 1000
	maxMultiPV = 8
)

// apiError is an error the client caused: it becomes a 4xx answer.
type apiError struct {
	status int
	msg    string
}

func (e *apiError) Error() string { return e.msg }

func badRequest(format string, args ...any) error {
	return &apiError{http.StatusBadRequest, fmt.Sprintf(format, args...)}
}

// rejected wraps a rules error (an illegal move, a bad FEN) as 422.
func rejected(err error) error {
	return &apiError{http.StatusUnprocessableEntity, err.Error()}
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, map[string]string{"error": msg})
}

func writeErr(w http.ResponseWriter, err error) {
	var api *apiError
	if errors.As(err, &api) {
		writeError(w, api.status, api.msg)
		return
	}
	writeError(w, http.StatusInternalServerError, err.Error())
}

// decode reads a JSON request body into v: at most maxBody bytes, one
// object, no unknown fields. An empty body is an empty object.
func decode(r *http.Request, v any) error {
	body, err := io.ReadAll(io.LimitReader(r.Body, maxBody+1))
	if err != nil {
		return badRequest("reading the request: %v", err)
	}
	if len(body) > maxBody {
		return &apiError{http.StatusRequestEntityTooLarge, fmt.Sprintf("request body over %d bytes", maxBody)}
	}
	if len(bytes.TrimSpace(body)) == 0 {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return badRequest("malformed JSON: %v", err)
	}
	if dec.More() {
		return badRequest("malformed JSON: more than one value")
	}
	return nil
}

// checkText rejects long strings and control characters.
func checkText(field, s string) error {
	if len(s) > maxText {
		return badRequest("%s: longer than %d bytes", field, maxText)
	}
	for _, r := range s {
		if unicode.IsControl(r) || r == unicode.ReplacementChar {
			return badRequest("%s: contains a control character", field)
		}
	}
	return nil
}

func (req *newRequest) validate() error {
	if err := checkText("variant", req.Variant); err != nil {
		return err
	}
	if err := checkText("fen", req.FEN); err != nil {
		return err
	}
	switch strings.ToLower(req.Variant) {
	case "", "chess", "glinski":
	default:
		return badRequest("variant %q: want chess or glinski", req.Variant)
	}
	if req.Chess960 != nil && (*req.Chess960 < -1 || *req.Chess960 > 959) {
		return badRequest("chess960 %d: want 0..959, or -1 for a random start", *req.Chess960)
	}
	return nil
}

func (req *goRequest) validate() error {
	switch req.Purpose {
	case "move", "analyse":
	default:
		return badRequest("purpose %q: want move or analyse", req.Purpose)
	}
	for _, f := range []struct {
		name string
		v    int
	}{{"movetime", req.MoveTime}, {"wtime", req.WTime}, {"btime", req.BTime}, {"winc", req.WInc}, {"binc", req.BInc}} {
		if f.v < 0 || f.v > maxClockMs {
			return badRequest("%s %d: want 0..%d milliseconds", f.name, f.v, maxClockMs)
		}
	}
	if req.MultiPV < 0 || req.MultiPV > maxMultiPV {
		return badRequest("multipv %d: want 1..%d", req.MultiPV, maxMultiPV)
	}
	return nil
}

func (req *optionsRequest) validate() error {
	for _, name := range []*string{req.White, req.Black} {
		if name == nil {
			continue
		}
		if err := checkText("player name", *name); err != nil {
			return err
		}
		if len(*name) > 64 {
			return badRequest("player name longer than 64 bytes")
		}
	}
	return nil
}

func (req *endRequest) validate() error {
	if req.Loser != "w" && req.Loser != "b" {
		return badRequest("loser %q: want w or b", req.Loser)
	}
	if req.Reason != "time" && req.Reason != "resign" {
		return badRequest("reason %q: want time or resign", req.Reason)
	}
	return nil
}

// serveAPI routes /api/session[/ID[/ACTION[/N]]].
func (s *Server) serveAPI(w http.ResponseWriter, r *http.Request) {
	parts := strings.Split(strings.Trim(strings.TrimPrefix(r.URL.Path, "/api/"), "/"), "/")
	if parts[0] != "session" || len(parts) > 4 {
		writeError(w, http.StatusNotFound, "no such API call: "+r.URL.Path)
		return
	}
	if len(parts) == 1 {
		if r.Method != http.MethodPost {
			writeError(w, http.StatusMethodNotAllowed, "use POST to open a session")
			return
		}
		s.create(w, r)
		return
	}
	sess := s.session(parts[1])
	if sess == nil {
		writeError(w, http.StatusNotFound, "no such session (it ended, or the server restarted): reload the page")
		return
	}
	action := ""
	if len(parts) > 2 {
		action = parts[2]
	}
	want := http.MethodPost
	if action == "" || action == "events" || action == "pgn" {
		want = http.MethodGet
	}
	if r.Method != want {
		writeError(w, http.StatusMethodNotAllowed, "use "+want+" for "+r.URL.Path)
		return
	}
	if len(parts) == 4 && action != "replay" {
		writeError(w, http.StatusNotFound, "no such API call: "+r.URL.Path)
		return
	}
	switch action {
	case "":
		writeJSON(w, http.StatusOK, sess.state())
	case "events":
		s.events(w, r, sess)
	case "pgn":
		s.downloadPGN(w, sess)
	case "close":
		if dropped := s.dropSession(sess.id); dropped != nil {
			dropped.close()
		}
		writeJSON(w, http.StatusOK, map[string]bool{"closed": true})
	case "replay":
		if len(parts) == 4 {
			n, err := strconv.Atoi(parts[3])
			if err != nil {
				writeError(w, http.StatusBadRequest, "replay/N: N is a game number")
				return
			}
			s.change(w, sess, func() error {
				if err := sess.replay(n); err != nil {
					return rejected(err)
				}
				return nil
			})
			return
		}
		s.uploadPGN(w, r, sess)
	default:
		s.command(w, r, sess, action)
	}
}

// command runs one of the requests that change the game.
func (s *Server) command(w http.ResponseWriter, r *http.Request, sess *session, action string) {
	var run func() error
	switch action {
	case "new":
		var req newRequest
		if err := decodeValid(r, &req, req.validate); err != nil {
			writeErr(w, err)
			return
		}
		run = func() error { return wrapRules(sess.reset(req)) }
	case "move":
		var req moveRequest
		if err := decodeValid(r, &req, func() error { return checkText("move", req.Move) }); err != nil {
			writeErr(w, err)
			return
		}
		run = func() error { return wrapRules(sess.play(req.Move)) }
	case "goto":
		var req gotoRequest
		if err := decodeValid(r, &req, func() error {
			if req.Ply == nil {
				return badRequest("ply: missing")
			}
			return nil
		}); err != nil {
			writeErr(w, err)
			return
		}
		run = func() error { return wrapRules(sess.goTo(*req.Ply)) }
	case "takeback":
		req := takebackRequest{Plies: 1}
		if err := decodeValid(r, &req, func() error { return nil }); err != nil {
			writeErr(w, err)
			return
		}
		run = func() error { return wrapRules(sess.takeBack(req.Plies)) }
	case "options":
		var req optionsRequest
		if err := decodeValid(r, &req, req.validate); err != nil {
			writeErr(w, err)
			return
		}
		run = func() error { sess.setOptions(req); return nil }
	case "end":
		var req endRequest
		if err := decodeValid(r, &req, req.validate); err != nil {
			writeErr(w, err)
			return
		}
		run = func() error { return wrapRules(sess.end(req)) }
	case "go":
		var req goRequest
		if err := decodeValid(r, &req, req.validate); err != nil {
			writeErr(w, err)
			return
		}
		run = func() error { return wrapRules(sess.startSearch(req)) }
	case "stop":
		if err := decodeValid(r, &struct{}{}, func() error { return nil }); err != nil {
			writeErr(w, err)
			return
		}
		run = func() error { return nil }
	default:
		writeError(w, http.StatusNotFound, "no such API call: "+action)
		return
	}
	s.change(w, sess, run)
}

// change stops the tab's search, runs the change and answers with the new
// state (broadcast to the tab's event streams too).
func (s *Server) change(w http.ResponseWriter, sess *session, run func() error) {
	sess.cmd.Lock()
	defer sess.cmd.Unlock()
	sess.stopSearch()
	if err := run(); err != nil {
		writeErr(w, err)
		return
	}
	sess.mu.Lock()
	st := sess.stateLocked()
	sess.broadcastLocked("state", st)
	sess.mu.Unlock()
	writeJSON(w, http.StatusOK, st)
}

func decodeValid(r *http.Request, v any, validate func() error) error {
	if err := decode(r, v); err != nil {
		return err
	}
	return validate()
}

func wrapRules(err error) error {
	var api *apiError
	if err == nil || errors.As(err, &api) {
		return err
	}
	return rejected(err)
}

// create opens a session for a new tab, with its first game.
func (s *Server) create(w http.ResponseWriter, r *http.Request) {
	// Only a script of this page sends JSON: a form on another site cannot
	// without the browser asking first (CORS), so it cannot open tabs here.
	if !strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
		writeError(w, http.StatusUnsupportedMediaType, "send JSON (Content-Type: application/json)")
		return
	}
	var req newRequest
	if err := decodeValid(r, &req, req.validate); err != nil {
		writeErr(w, err)
		return
	}
	sess, err := s.newSession()
	if err != nil {
		writeError(w, http.StatusServiceUnavailable, fmt.Sprintf("%v (at most %d): close another sakk tab", err, s.opts.MaxSessions))
		return
	}
	if err := sess.reset(req); err != nil {
		s.dropSession(sess.id)
		writeErr(w, rejected(err))
		return
	}
	writeJSON(w, http.StatusOK, sess.state())
}

// events streams the tab's state changes and search progress as
// server-sent events. When the last stream of a tab closes (the tab went
// away), its search stops.
func (s *Server) events(w http.ResponseWriter, r *http.Request, sess *session) {
	flusher, ok := w.(http.Flusher)
	if !ok {
		writeError(w, http.StatusInternalServerError, "streaming unsupported")
		return
	}
	ch, closeStream := sess.listen()
	defer func() {
		if closeStream() {
			sess.cmd.Lock()
			if !sess.idle().IsZero() {
				sess.stopSearch()
			}
			sess.cmd.Unlock()
		}
	}()
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
	st := sess.state()
	data, _ := json.Marshal(st)
	fmt.Fprintf(w, "event: state\ndata: %s\n\n", data)
	flusher.Flush()
	keepAlive := time.NewTicker(15 * time.Second)
	defer keepAlive.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case msg := <-ch:
			if _, err := w.Write(msg); err != nil {
				return
			}
			flusher.Flush()
		case <-keepAlive.C:
			if _, err := io.WriteString(w, ": keep-alive\n\n"); err != nil {
				return
			}
			flusher.Flush()
		}
	}
}

func (s *Server) downloadPGN(w http.ResponseWriter, sess *session) {
	g, header := sess.pgnGame()
	var b bytes.Buffer
	if err := match.WritePGN(&b, g, header); err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	w.Header().Set("Content-Type", "application/x-chess-pgn")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="sakk-%s-%s.pgn"`,
		header.Variant, time.Now().Format("20060102-150405")))
	_, _ = w.Write(b.Bytes())
}

// uploadPGN reads a PGN file (the raw body) for replay.
func (s *Server) uploadPGN(w http.ResponseWriter, r *http.Request, sess *session) {
	body, err := io.ReadAll(io.LimitReader(r.Body, maxPGNBody+1))
	if err != nil {
		writeError(w, http.StatusBadRequest, "reading the PGN: "+err.Error())
		return
	}
	if len(body) > maxPGNBody {
		writeError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("PGN over %d bytes", maxPGNBody))
		return
	}
	games, err := pgn.Read(bytes.NewReader(body))
	if err != nil {
		writeError(w, http.StatusUnprocessableEntity, "PGN: "+err.Error())
		return
	}
	if len(games) == 0 {
		writeError(w, http.StatusUnprocessableEntity, "PGN: no games in the file")
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"games": sess.loadPGN(games)})
}
