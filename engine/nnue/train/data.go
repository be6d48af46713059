// Package train fits a sakk NNUE (engine/nnue) to self-play data written by
// sakk datagen: float32 weights, SCReLU, Adam on mini-batches spread over
// every core, then export as the quantised file format.
package train

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/sakk-chess/sakk/engine/nnue"
	"github.com/sakk-chess/sakk/engine/variant"
	"github.com/sakk-chess/sakk/game"
	"github.com/sakk-chess/sakk/game/move"
	"github.com/sakk-chess/sakk/hexboard"
)

// Set is a list of training positions with their active inputs.
type Set struct {
	Variant game.Variant
	// Position i's inputs are Features[Start[i]:Start[i+1]], from the side to
	// move's view in Us and from the other side's in Them.
	Start    []int32
	Us, Them []uint16
	Score    []float32 // centipawns, side to move's view
	Result   []float32 // 1 win, 0 loss, side to move's view
	// HCE is the hand-made static evaluation in centipawns, side to move's
	// view: the baseline the held-out result loss is compared with.
	HCE []float32
}

// Len is the number of positions.
func (s *Set) Len() int { return len(s.Score) }

// featurer is what the trainer needs from a board.
type featurer interface {
	game.Position
	NNUEFeatures(f *nnue.Features)
	Evaluate() int
}

// Load reads data files ("<FEN> | <score> | <result>" lines, White's view).
// Bad lines are an error naming the file and line.
func Load(v game.Variant, paths []string) (*Set, error) {
	pos0, err := variant.New(v)
	if err != nil {
		return nil, err
	}
	pos, ok := pos0.(featurer)
	if !ok {
		return nil, fmt.Errorf("the %s board has no net inputs", v)
	}
	s := &Set{Variant: pos.Variant(), Start: []int32{0}}
	var f nnue.Features
	for _, path := range paths {
		file, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		sc := bufio.NewScanner(file)
		sc.Buffer(make([]byte, 1<<16), 1<<20)
		for line := 1; sc.Scan(); line++ {
			text := strings.TrimSpace(sc.Text())
			if text == "" || strings.HasPrefix(text, "#") {
				continue
			}
			if err := s.add(pos, &f, text); err != nil {
				file.Close()
				return nil, fmt.Errorf("%s:%d: %v", path, line, err)
			}
		}
		err = sc.Err()
		file.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
	}
	return s, nil
}

// add parses one data line.
func (s *Set) add(pos featurer, f *nnue.Features, text string) error {
	fen, rest, ok := strings.Cut(text, "|")
	scoreText, resultText, ok2 := strings.Cut(rest, "|")
	if !ok || !ok2 {
		return fmt.Errorf("want \"<FEN> | <score> | <result>\"")
	}
	score, err := strconv.Atoi(strings.TrimSpace(scoreText))
	if err != nil {
		return fmt.Errorf("bad score %q", strings.TrimSpace(scoreText))
	}
	result, err := strconv.ParseFloat(strings.TrimSpace(resultText), 32)
	if err != nil || result < 0 || result > 1 {
		return fmt.Errorf("bad result %q", strings.TrimSpace(resultText))
	}
	if err := pos.SetFEN(strings.TrimSpace(fen)); err != nil {
		return err
	}
	pos.NNUEFeatures(f)
	black := pos.SideToMove() == move.Black
	for _, x := range f.F[:f.N] {
		if black {
			s.Us, s.Them = append(s.Us, x.Black), append(s.Them, x.White)
		} else {
			s.Us, s.Them = append(s.Us, x.White), append(s.Them, x.Black)
		}
	}
	s.Start = append(s.Start, int32(len(s.Us)))
	if black {
		score, result = -score, 1-result
	}
	s.Score = append(s.Score, float32(score))
	s.Result = append(s.Result, float32(result))
	s.HCE = append(s.HCE, float32(pos.Evaluate()))
	return nil
}

// Split keeps the last fraction of the positions (later games, so mostly
// not the training games) apart for the held-out loss.
func (s *Set) Split(fraction float64) (trainIdx, heldIdx []int32) {
	n := s.Len()
	held := int(float64(n) * fraction)
	if fraction > 0 && held == 0 && n > 1 {
		held = 1
	}
	for i := range n {
		if i < n-held {
			trainIdx = append(trainIdx, int32(i))
		} else {
			heldIdx = append(heldIdx, int32(i))
		}
	}
	return trainIdx, heldIdx
}

// filePermutation maps each input to the same piece on the square mirrored
// left to right: a symmetry of both games' rules apart from castling, which
// the net's inputs do not see.
func filePermutation(v game.Variant) []uint16 {
	squares, flip := nnue.ChessSquares, func(sq int) int { return sq ^ 7 }
	if v == game.Glinski {
		squares, flip = nnue.GlinskiCells, hexboard.MirrorFiles
	}
	perm := make([]uint16, nnue.Kinds*squares)
	for kind := range nnue.Kinds {
		for sq := range squares {
			perm[kind*squares+sq] = uint16(kind*squares + flip(sq))
		}
	}
	return perm
}

// AddMirrors appends the left-right mirror image of each position in idx
// (same score and result) and returns idx with the new positions added.
func (s *Set) AddMirrors(idx []int32) []int32 {
	perm := filePermutation(s.Variant)
	out := append([]int32(nil), idx...)
	for _, i := range idx {
		lo, hi := s.Start[i], s.Start[i+1]
		for k := lo; k < hi; k++ {
			s.Us = append(s.Us, perm[s.Us[k]])
			s.Them = append(s.Them, perm[s.Them[k]])
		}
		s.Start = append(s.Start, int32(len(s.Us)))
		s.Score = append(s.Score, s.Score[i])
		s.Result = append(s.Result, s.Result[i])
		s.HCE = append(s.HCE, s.HCE[i])
		out = append(out, int32(len(s.Score)-1))
	}
	return out
}

// AddSideFlips appends each position of idx with the other side to move:
// the two accumulators swap places and the score and result change sign.
// Trained on both, the net gives the side to move no bonus of its own; the
// data alone gives it one, because positions in check or with a capture to
// make (more often the defender's) are not kept.
func (s *Set) AddSideFlips(idx []int32) []int32 {
	out := append([]int32(nil), idx...)
	for _, i := range idx {
		lo, hi := s.Start[i], s.Start[i+1]
		s.Us = append(s.Us, s.Them[lo:hi]...)
		s.Them = append(s.Them, s.Us[lo:hi]...)
		s.Start = append(s.Start, int32(len(s.Us)))
		s.Score = append(s.Score, -s.Score[i])
		s.Result = append(s.Result, 1-s.Result[i])
		s.HCE = append(s.HCE, -s.HCE[i])
		out = append(out, int32(len(s.Score)-1))
	}
	return out
}
