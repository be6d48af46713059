package uciproc

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Score is an engine's evaluation from the side to move's point of view.
type Score struct {
	Valid  bool
	CP     int // centipawns, when MateIn == 0
	MateIn int // > 0: side to move mates in MateIn moves; < 0: is mated
}

// Centipawns maps the score onto one scale (mates as ±100000 less the
// distance), for adjudication thresholds.
func (s Score) Centipawns() int {
	switch {
	case s.MateIn > 0:
		return 100000 - s.MateIn
	case s.MateIn < 0:
		return -100000 - s.MateIn
	}
	return s.CP
}

// String writes the score the way cutechess comments do: +0.31, -1.05,
// +M5, -M3.
func (s Score) String() string {
	switch {
	case !s.Valid:
		return ""
	case s.MateIn > 0:
		return fmt.Sprintf("+M%d", s.MateIn)
	case s.MateIn < 0:
		return fmt.Sprintf("-M%d", -s.MateIn)
	}
	return fmt.Sprintf("%+.2f", float64(s.CP)/100)
}

// Answer is what an engine replied to "go".
type Answer struct {
	BestMove string
	Ponder   string
	Score    Score    // from the last info line with a score
	Depth    int      // from the last info line with a depth
	PV       []string // from the last info line with a pv (the best line under MultiPV)
	// Infos holds every info line of the answer, in order, for a protocol
	// check (bench/match checks them as fastchess does).
	Infos   []string
	Elapsed time.Duration
}

// Go sends a go command and waits for bestmove until deadline. Elapsed is
// measured from the moment the command was written. The answer is returned
// with ErrTimeout or ErrExited too, with whatever it had gathered.
func (p *Process) Go(command string, deadline time.Time) (Answer, error) {
	var answer Answer
	start := time.Now()
	if err := p.Send(command); err != nil {
		return answer, err
	}
	line, err := p.WaitFor("bestmove", deadline, func(info string) {
		if strings.HasPrefix(info, "info ") {
			readInfo(info, &answer)
			answer.Infos = append(answer.Infos, info)
		}
	})
	answer.Elapsed = time.Since(start)
	if err != nil {
		return answer, err
	}
	fields := strings.Fields(line)
	if len(fields) >= 2 {
		answer.BestMove = fields[1]
	}
	if len(fields) >= 4 && fields[2] == "ponder" {
		answer.Ponder = fields[3]
	}
	return answer, nil
}

// readInfo takes depth, score and PV from an info line of the best line
// (multipv 1 or none); bound scores (lowerbound/upperbound) count like
// exact ones, as GUIs show them.
func readInfo(line string, answer *Answer) {
	fields := strings.Fields(line)
	for i := 1; i+1 < len(fields); i++ {
		switch fields[i] {
		case "depth":
			if d, err := strconv.Atoi(fields[i+1]); err == nil {
				answer.Depth = d
			}
		case "score":
			if i+2 < len(fields) {
				readScore(fields[i+1], fields[i+2], &answer.Score)
			}
		case "multipv":
			if fields[i+1] != "1" {
				return // another line than the best: no score, depth or PV from it
			}
		case "pv":
			answer.PV = append(answer.PV[:0], fields[i+1:]...)
			return
		case "string":
			return // the rest is free text
		}
	}
}

func readScore(kind, value string, score *Score) {
	n, err := strconv.Atoi(value)
	if err != nil {
		return
	}
	switch kind {
	case "cp":
		*score = Score{Valid: true, CP: n}
	case "mate":
		*score = Score{Valid: true, MateIn: n}
		if n == 0 { // "mate 0": the side to move is mated
			score.MateIn = -1
		}
	}
}
