package uci

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
)

// MaxLineBytes bounds one input line. A longer line is read to its end and
// dropped with an error, so the engine neither runs out of memory nor loses
// its place in the input. A game of several thousand moves still fits.
const MaxLineBytes = 1 << 20

// input is one line from the GUI, or a note that a line was too long.
type input struct {
	text    string // the line; for an over-long one, its first word
	tooLong int    // bytes of a dropped over-long line (0: text is the line)
}

// firstWord is the command word a line starts with (at most 32 bytes).
func firstWord(data []byte) string {
	data = bytes.TrimLeft(data[:min(len(data), 64)], " \t")
	if i := bytes.IndexAny(data, " \t\r\n"); i >= 0 {
		data = data[:i]
	}
	return string(data[:min(len(data), 32)])
}

// readLines sends every line of r to lines and closes lines at EOF or on a
// read error. '\n', '\r' and "\r\n" all end a line (the spec allows any of
// them; the empty line inside "\r\n" is ignored later like any blank line).
// It stops early when done is closed.
func readLines(r io.Reader, lines chan<- input, done <-chan struct{}) {
	defer close(lines)
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), MaxLineBytes+1)
	var dropping, dropped int // bytes of an over-long line seen so far / just finished
	var head string           // the first word of the over-long line
	sc.Split(func(data []byte, atEOF bool) (int, []byte, error) {
		end := bytes.IndexAny(data, "\r\n")
		if end < 0 && atEOF && len(data) > 0 {
			end = len(data) // a last line without a newline
		}
		switch {
		case end > MaxLineBytes:
			if dropping == 0 {
				head = firstWord(data)
			}
			dropping += end
			fallthrough
		case end >= 0 && dropping > 0:
			dropped, dropping = dropping+end, 0
			return min(end+1, len(data)), []byte{}, nil
		case end >= 0:
			return min(end+1, len(data)), data[:end], nil
		case len(data) > MaxLineBytes:
			if dropping == 0 {
				head = firstWord(data)
			}
			dropping += len(data)
			return len(data), nil, nil // drop what we have, keep reading
		case atEOF && dropping > 0:
			dropped, dropping = dropping, 0
			return 0, []byte{}, nil
		}
		return 0, nil, nil // need more data
	})
	for sc.Scan() {
		in := input{text: sc.Text()}
		if dropped > 0 {
			in, dropped = input{tooLong: dropped, text: head}, 0
		}
		select {
		case lines <- in:
		case <-done:
			return
		}
	}
}

// checkText rejects control characters other than the whitespace the spec
// allows between tokens (tab, vertical tab, form feed).
func checkText(s string) error {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if (c < 0x20 && c != '\t' && c != '\v' && c != '\f') || c == 0x7f {
			return fmt.Errorf("control character 0x%02x at byte %d; line ignored", c, i)
		}
	}
	return nil
}
