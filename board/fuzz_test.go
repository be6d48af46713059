package board

import (
	"testing"

	"github.com/sakk-chess/sakk/game/move"
)

var fuzzSeeds = []string{
	StartFEN,
	kiwipeteFEN,
	"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
	"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
	"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
	"8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3",
	"4k3/8/8/8/8/8/8/4K1RR w G - 0 1",
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0",
	"",
}

// FuzzFEN: the parser never panics, and any accepted FEN comes back from
// FEN() as a fixed point with the same key and legal moves.
func FuzzFEN(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, fen string) {
		p := New()
		if err := p.SetFEN(fen); err != nil {
			if p.FEN() != StartFEN {
				t.Fatalf("rejected %q but changed the position: %v", fen, err)
			}
			return
		}
		written := p.FEN()
		q, err := FromFEN(written)
		if err != nil {
			t.Fatalf("%q accepted, but its FEN %q is rejected: %v", fen, written, err)
		}
		if q.FEN() != written || q.Key() != p.Key() {
			t.Fatalf("%q: FEN %q reads back as %q", fen, written, q.FEN())
		}
		if q.Perft(2) != p.Perft(2) {
			t.Fatalf("%q: perft differs after a FEN round trip", fen)
		}
		if err := checkFromScratch(p, q); err != nil {
			t.Fatalf("%q: %v", fen, err)
		}
	})
}

// FuzzParseMove: UCI and SAN parsing never panic on any text, and a parsed
// move is legal and writes back to something that parses to it again.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"e2e4", "e7e8q", "e1h1", "0000", "Nf3", "O-O", "0-0-0+", "exd5", "e8=Q#", "Qa4b3!?", "Nbd2", "x", ""} {
		f.Add(0, s)
		f.Add(2, s)
	}
	f.Fuzz(func(t *testing.T, which int, s string) {
		fen := fuzzSeeds[uint(which)%uint(len(fuzzSeeds)-2)]
		p, err := FromFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		p.SetChess960(which < 0)
		check := func(m move.Move, how string) {
			if !p.IsLegal(m) {
				t.Fatalf("%s %q in %s gave illegal move %#x", how, s, fen, uint32(m))
			}
		}
		if m, err := p.ParseMove(s); err == nil {
			check(m, "ParseMove")
			if back, err := p.ParseMove(p.MoveString(m)); err != nil || back != m {
				t.Fatalf("ParseMove(%q) does not round-trip", s)
			}
		}
		if m, err := p.ParseSAN(s); err == nil {
			check(m, "ParseSAN")
			if back, err := p.ParseSAN(p.SAN(m)); err != nil || back != m {
				t.Fatalf("ParseSAN(%q) does not round-trip", s)
			}
		}
	})
}
