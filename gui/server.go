// Package gui is sakk's browser GUI: a local web server that draws both
// boards as SVG, plays against sakk's engine in-process, analyses and
// replays games. The page and its scripts are embedded in the binary.
package gui

import (
	"crypto/rand"
	"embed"
	"encoding/hex"
	"errors"
	"io/fs"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"
)

//go:embed static
var staticFiles embed.FS

// Options bound what the server lets its pages do.
type Options struct {
	MaxSessions int           // open tabs at once
	MaxMoveTime time.Duration // longest search for a move
	MaxAnalysis time.Duration // longest analysis before it stops by itself
	HashMB      int           // hash table per tab
	// IdleTimeout drops a tab's game this long after its page went away.
	IdleTimeout time.Duration
	// AnyHost accepts requests whatever their Host header; otherwise only
	// loopback names are accepted, against DNS rebinding.
	AnyHost bool
}

// DefaultOptions are the options of `sakk gui`.
func DefaultOptions() Options {
	return Options{MaxSessions: 16, MaxMoveTime: 60 * time.Second, MaxAnalysis: 10 * time.Minute,
		HashMB: 16, IdleTimeout: 2 * time.Minute}
}

// Server serves the page and its API.
type Server struct {
	opts     Options
	static   http.Handler
	mu       sync.Mutex
	sessions map[string]*session
	closed   bool
	done     chan struct{} // closed by Close: stops the janitor
}

// New returns a server with these options.
func New(opts Options) *Server {
	sub, err := fs.Sub(staticFiles, "static")
	if err != nil {
		panic(err) // the embedded folder is part of the build
	}
	s := &Server{opts: opts, static: http.FileServerFS(sub), sessions: map[string]*session{}, done: make(chan struct{})}
	go s.janitor()
	return s
}

// janitor drops the games of tabs that have been gone for IdleTimeout, so
// their engines' memory is freed even when no new tab opens.
func (s *Server) janitor() {
	tick := time.NewTicker(max(s.opts.IdleTimeout/2, time.Second))
	defer tick.Stop()
	for {
		select {
		case <-s.done:
			return
		case <-tick.C:
			s.mu.Lock()
			s.dropIdleLocked(time.Now())
			s.mu.Unlock()
		}
	}
}

// dropIdleLocked forgets the tabs gone for IdleTimeout and returns the one
// gone longest of the others (nil if every tab is open). Called with mu held.
func (s *Server) dropIdleLocked(now time.Time) (oldest *session) {
	var oldestIdle time.Time
	for id, other := range s.sessions {
		idle := other.idle()
		switch {
		case idle.IsZero():
		case now.Sub(idle) > s.opts.IdleTimeout:
			delete(s.sessions, id)
			go other.close()
		case oldest == nil || idle.Before(oldestIdle):
			oldest, oldestIdle = other, idle
		}
	}
	return oldest
}

// Close stops every search; the server answers no more API requests.
func (s *Server) Close() {
	s.mu.Lock()
	sessions := s.sessions
	wasClosed := s.closed
	s.sessions, s.closed = map[string]*session{}, true
	s.mu.Unlock()
	if !wasClosed {
		close(s.done)
	}
	for _, sess := range sessions {
		sess.cmd.Lock()
		sess.stopSearch()
		sess.cmd.Unlock()
	}
}

// Sessions is the number of open tabs.
func (s *Server) Sessions() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.sessions)
}

// ServeHTTP serves the page, its static files and the API.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	defer func() {
		if p := recover(); p != nil {
			if p == http.ErrAbortHandler {
				panic(p)
			}
			writeError(w, http.StatusInternalServerError, "internal error")
		}
	}()
	if !s.opts.AnyHost && !loopbackHost(r.Host) {
		writeError(w, http.StatusForbidden, "this server answers only on localhost (start it with --addr to serve others)")
		return
	}
	w.Header().Set("X-Content-Type-Options", "nosniff")
	switch path := r.URL.Path; {
	case strings.HasPrefix(path, "/api/"):
		s.serveAPI(w, r)
	case path == "/" || path == "/index.html" || strings.HasPrefix(path, "/static/"):
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			writeError(w, http.StatusMethodNotAllowed, "use GET")
			return
		}
		r2 := r.Clone(r.Context())
		r2.URL.Path = strings.TrimPrefix(path, "/static")
		if name := strings.TrimPrefix(r2.URL.Path, "/"); name != "" && name != "index.html" {
			if _, err := fs.Stat(staticFiles, "static/"+name); err != nil {
				writeError(w, http.StatusNotFound, "no such file: "+path)
				return
			}
		}
		w.Header().Set("Cache-Control", "no-cache")
		s.static.ServeHTTP(w, r2)
	default:
		writeError(w, http.StatusNotFound, "no such page: "+path)
	}
}

// loopbackHost says whether a Host header names this machine.
func loopbackHost(host string) bool {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.Trim(host, "[]")
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

var errTooManyTabs = errors.New("too many open tabs")

// newSession registers a tab, first dropping tabs whose page has been gone
// for IdleTimeout, then (when full) the one gone longest.
func (s *Server) newSession() (*session, error) {
	var id [16]byte
	_, _ = rand.Read(id[:])
	sess := newSession(hex.EncodeToString(id[:]), &s.opts)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil, errors.New("the server is shutting down")
	}
	oldest := s.dropIdleLocked(time.Now())
	if len(s.sessions) >= s.opts.MaxSessions {
		if oldest == nil {
			return nil, errTooManyTabs
		}
		delete(s.sessions, oldest.id)
		go oldest.close()
	}
	s.sessions[sess.id] = sess
	return sess, nil
}

func (s *Server) session(id string) *session {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.sessions[id]
}

func (s *Server) dropSession(id string) *session {
	s.mu.Lock()
	defer s.mu.Unlock()
	sess := s.sessions[id]
	delete(s.sessions, id)
	return sess
}

// close stops the tab's search; its game is forgotten.
func (sess *session) close() {
	sess.cmd.Lock()
	defer sess.cmd.Unlock()
	sess.stopSearch()
}
