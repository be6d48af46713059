package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"runtime"
	"time"

	"github.com/sakk-chess/sakk/gui"
)

func init() {
	register("gui", "play, analyse and replay both games in a web browser", runGUI)
}

const guiUsage = `Usage:
  sakk gui [--addr HOST:PORT] [--open]

Starts a local web server with sakk's board for Glinski's hexagonal chess
and for orthodox chess (Chess960 too): play against sakk, let it play
itself, analyse, set up positions, download PGN and replay PGN files
written by 'sakk match'. It prints "sakk gui: http://HOST:PORT/" once it
listens and runs until interrupted (Ctrl-C).

Options:
  --addr HOST:PORT  where to listen (default 127.0.0.1:8080; port 0 picks a
                    free port). Any host other than a loopback address
                    serves the network: only do that on a network you trust.
  --open            open the page in the default browser

Exit codes: 0 after an interrupt, 2 bad arguments or an address that cannot
be used.
`

func runGUI(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("gui")
	addr := fs.String("addr", "127.0.0.1:8080", "")
	open := fs.Bool("open", false, "")
	if done, code := parseFlags(fs, args, guiUsage, stdout, stderr); done {
		return code
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	return serveGUI(ctx, *addr, *open, stdout, stderr)
}

// serveGUI listens on addr, prints the page's address and serves until ctx
// ends.
func serveGUI(ctx context.Context, addr string, open bool, stdout, stderr io.Writer) int {
	listener, err := net.Listen("tcp", addr)
	if err != nil {
		fmt.Fprintf(stderr, "sakk gui: %v\n", err)
		return exitUsage
	}
	opts := gui.DefaultOptions()
	host, _, _ := net.SplitHostPort(listener.Addr().String())
	if ip := net.ParseIP(host); ip == nil || !ip.IsLoopback() {
		opts.AnyHost = true
	}
	server := gui.New(opts)
	httpServer := &http.Server{Handler: server, ReadHeaderTimeout: 10 * time.Second}
	url := "http://" + listener.Addr().String() + "/"
	fmt.Fprintf(stdout, "sakk gui: %s\n", url)
	if open {
		if err := openBrowser(url); err != nil {
			fmt.Fprintf(stderr, "sakk gui: cannot open a browser (%v); open %s yourself\n", err, url)
		}
	}
	served := make(chan error, 1)
	go func() { served <- httpServer.Serve(listener) }()
	select {
	case err = <-served:
	case <-ctx.Done():
	}
	server.Close()
	_ = httpServer.Close() // also ends the pages' event streams
	if err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintf(stderr, "sakk gui: %v\n", err)
		return exitFailure
	}
	return exitOK
}

// openBrowser opens url in the desktop's default browser.
func openBrowser(url string) error {
	var cmd *exec.Cmd
	switch runtime.GOOS {
	case "darwin":
		cmd = exec.Command("open", url)
	case "windows":
		cmd = exec.Command("rundll32", "url.dll,FileProtocolHandler", url)
	default:
		cmd = exec.Command("xdg-open", url)
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	go func() { _ = cmd.Wait() }()
	return nil
}
