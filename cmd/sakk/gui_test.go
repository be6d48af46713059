package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestGUIPrintsItsAddressAndServes(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	out, write := io.Pipe()
	var stderr bytes.Buffer
	code := make(chan int, 1)
	go func() { code <- serveGUI(ctx, "127.0.0.1:0", false, write, &stderr) }()
	line, err := bufio.NewReader(out).ReadString('\n')
	require.NoError(t, err)
	url, ok := strings.CutPrefix(strings.TrimSpace(line), "sakk gui: ")
	require.True(t, ok, line)
	assert.Regexp(t, `^http://127\.0\.0\.1:\d+/$`, url)
	resp, err := http.Get(url + "?variant=glinski")
	require.NoError(t, err)
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Contains(t, string(body), `<svg id="board"`)
	cancel()
	assert.Equal(t, exitOK, <-code)
	assert.Empty(t, stderr.String())
}

func TestGUIBadArguments(t *testing.T) {
	for _, args := range [][]string{{"gui", "--addr", "nonsense"}, {"gui", "extra"}, {"gui", "--port", "1"}} {
		var stdout, stderr bytes.Buffer
		assert.Equal(t, exitUsage, run(args, &stdout, &stderr), "%v", args)
		assert.NotEmpty(t, stderr.String(), "%v", args)
	}
	var stdout, stderr bytes.Buffer
	assert.Equal(t, exitOK, run([]string{"gui", "--help"}, &stdout, &stderr))
	assert.Contains(t, stdout.String(), "--addr HOST:PORT")
}
