package match

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sakk-chess/sakk/bench/uciproc"
	"github.com/sakk-chess/sakk/game"
)

// WarningKind is one kind of protocol warning: output of an engine that
// played a legal move but said something a GUI or a tester would be misled
// by. The kinds are fastchess's warnings (its match.cpp), with a few of
// cutechess-cli's and sakk's own.
type WarningKind uint8

const (
	// WarnBestMove: bestmove is not the first move of the last PV of the
	// best line (multipv 1), bound lines included.
	WarnBestMove WarningKind = iota
	// WarnPonder: the ponder move is not the second move of that PV.
	WarnPonder
	// WarnIllegalPonder: the ponder move is not legal after bestmove.
	WarnIllegalPonder
	// WarnIllegalPV: a PV (of any line) holds an illegal move.
	WarnIllegalPV
	// WarnPVAfterMate ... WarnPVAfterFiftyMoves: a PV plays on from a
	// position where the game is over.
	WarnPVAfterMate
	WarnPVAfterStalemate
	WarnPVAfterRepetition
	WarnPVAfterFiftyMoves
	// WarnNoScore: no info line of the answer has a score.
	WarnNoScore
	// WarnBadInfo: an info field without its value or with a malformed one
	// (score, depth, nodes, wdl...).
	WarnBadInfo
	// WarnMateSign: the engine and its opponent, one move apart, both claim
	// a mate or both concede one. Counted for both engines.
	WarnMateSign
	// WarnMatePVShort, WarnMatePVLong, WarnMatePVNoMate: a PV under a
	// "score mate N" is shorter or longer than the mate, or does not end
	// in checkmate (only with -check-mate-pvs, as in fastchess).
	WarnMatePVShort
	WarnMatePVLong
	WarnMatePVNoMate

	numWarningKinds
)

var warningNames = [numWarningKinds]string{
	WarnBestMove:          "bestmove not first in last PV",
	WarnPonder:            "ponder not second in last PV",
	WarnIllegalPonder:     "illegal ponder move",
	WarnIllegalPV:         "illegal PV move",
	WarnPVAfterMate:       "PV continues after checkmate",
	WarnPVAfterStalemate:  "PV continues after stalemate",
	WarnPVAfterRepetition: "PV continues after threefold repetition",
	WarnPVAfterFiftyMoves: "PV continues after fifty-move rule",
	WarnNoScore:           "no score",
	WarnBadInfo:           "malformed info",
	WarnMateSign:          "mate score sign mismatch",
	WarnMatePVShort:       "incomplete mating PV",
	WarnMatePVLong:        "too long mating PV",
	WarnMatePVNoMate:      "mating PV does not end in checkmate",
}

func (k WarningKind) String() string {
	if k < numWarningKinds {
		return warningNames[k]
	}
	return "unknown warning"
}

// Warning is one protocol warning in a game.
type Warning struct {
	Kind     WarningKind
	Side     int    // colour of the engine it is about (0 White, 1 Black)
	Detail   string // e.g. "move e2e4"
	Info     string // the info line concerned, if any
	Position string // the position command the engine was answering
}

// infoLine is what the checker reads from one info line.
type infoLine struct {
	text     string
	multiPV  int // 1 when the line has none
	hasScore bool
	mateIn   int // "score mate N"; 0 for a cp score
	bound    bool
	hasPV    bool
	pv       []string
	problems []string // malformed fields
}

// infoKeywords are the tokens UCI defines for info lines. A PV runs to the
// end of the line or to the next of them.
var infoKeywords = map[string]bool{
	"depth": true, "seldepth": true, "time": true, "nodes": true, "pv": true, "multipv": true,
	"score": true, "currmove": true, "currmovenumber": true, "hashfull": true, "nps": true,
	"tbhits": true, "sbhits": true, "cpuload": true, "string": true, "refutation": true,
	"currline": true, "wdl": true,
}

// countFields take one whole number, at least 0 (multipv at least 1).
var countFields = map[string]bool{
	"depth": true, "seldepth": true, "time": true, "nodes": true, "multipv": true,
	"currmovenumber": true, "hashfull": true, "nps": true, "tbhits": true, "sbhits": true, "cpuload": true,
}

// parseInfo reads an info line; ok is false for "info string" and lines
// that say nothing else.
func parseInfo(text string) (info infoLine, ok bool) {
	fields := strings.Fields(text)
	if len(fields) < 2 || fields[0] != "info" || fields[1] == "string" {
		return info, false
	}
	info = infoLine{text: text, multiPV: 1}
	for i := 1; i < len(fields); i++ {
		key := fields[i]
		switch {
		case key == "string":
			return info, true // the rest is free text
		case countFields[key]:
			n, err := strconv.ParseUint(valueAt(fields, i+1), 10, 63)
			if err != nil || key == "multipv" && n == 0 {
				info.problems = append(info.problems, fmt.Sprintf("%s %q", key, valueAt(fields, i+1)))
			}
			if key == "multipv" && err == nil {
				info.multiPV = int(n)
			}
			i++
		case key == "score":
			i = info.readScore(fields, i)
		case key == "wdl":
			for j := 1; j <= 3; j++ {
				if _, err := strconv.ParseUint(valueAt(fields, i+j), 10, 31); err != nil {
					info.problems = append(info.problems, fmt.Sprintf("wdl %q", strings.Join(fields[i+1:min(i+4, len(fields))], " ")))
					break
				}
			}
			i += 3
		case key == "currmove":
			i++
		case key == "pv", key == "refutation", key == "currline":
			j := i + 1
			for j < len(fields) && !infoKeywords[fields[j]] {
				j++
			}
			if key == "pv" {
				info.hasPV, info.pv = true, fields[i+1:j]
			}
			i = j - 1
		}
	}
	return info, true
}

// readScore reads "score cp|mate N [lowerbound|upperbound]" at fields[i]
// and returns the index of its last token.
func (info *infoLine) readScore(fields []string, i int) int {
	kind, value := valueAt(fields, i+1), valueAt(fields, i+2)
	n, err := strconv.Atoi(value)
	if kind != "cp" && kind != "mate" || err != nil {
		info.problems = append(info.problems, fmt.Sprintf("score %q", strings.TrimSpace(kind+" "+value)))
		return i + 2
	}
	info.hasScore = true
	if kind == "mate" {
		info.mateIn = n
	}
	i += 2
	if next := valueAt(fields, i+1); next == "lowerbound" || next == "upperbound" {
		info.bound = true
		i++
	}
	return i
}

func valueAt(fields []string, i int) string {
	if i < len(fields) {
		return fields[i]
	}
	return ""
}

// protocolCheck collects the warnings of one answer.
type protocolCheck struct {
	pos          game.Position // before bestmove; restored on return
	answer       *uciproc.Answer
	side         int
	position     string
	checkMatePVs bool
	warnings     []Warning
}

func (c *protocolCheck) warn(kind WarningKind, detail, info string) {
	c.warnings = append(c.warnings, Warning{Kind: kind, Side: c.side, Detail: detail, Info: info, Position: c.position})
}

// checkAnswer returns the warnings about a legal answer (bestmove parsed
// in pos) of the engine of colour side: every info line's fields and PV,
// the last PV against bestmove and ponder, and whether any line had a
// score. pos is left as it was.
func checkAnswer(pos game.Position, answer *uciproc.Answer, side int, position string, checkMatePVs bool) []Warning {
	c := &protocolCheck{pos: pos, answer: answer, side: side, position: position, checkMatePVs: checkMatePVs}
	var last *infoLine
	scored := false
	for _, text := range answer.Infos {
		info, ok := parseInfo(text)
		if !ok {
			continue
		}
		for _, problem := range info.problems {
			c.warn(WarnBadInfo, problem, text)
		}
		scored = scored || info.hasScore
		if info.hasPV && len(info.pv) > 0 {
			c.checkPV(&info)
			if info.multiPV == 1 {
				last = &info
			}
		}
	}
	if !scored {
		c.warn(WarnNoScore, "no info line with a score", "")
	}
	if last != nil {
		c.checkBestMove(last)
	}
	c.checkPonder()
	return c.warnings
}

// checkPV plays a PV out on the position: every move must be legal and
// none may follow the end of the game (checkmate, stalemate, threefold
// repetition, the fifty-move rule, in fastchess's order). With
// checkMatePVs, a PV under a mate score must be exactly the mate.
func (c *protocolCheck) checkPV(info *infoLine) {
	made := 0
	defer func() {
		for ; made > 0; made-- {
			c.pos.Unmake()
		}
	}()
	for _, text := range info.pv {
		if kind, over := gameOver(c.pos); over {
			c.warn(kind, "move "+text, info.text)
			return
		}
		m, err := c.pos.ParseMove(text)
		if err != nil {
			c.warn(WarnIllegalPV, "move "+text, info.text)
			return
		}
		c.pos.Make(m)
		made++
	}
	if !c.checkMatePVs || info.mateIn == 0 || info.bound {
		return
	}
	plies := 2*info.mateIn - 1
	if info.mateIn < 0 {
		plies = -2 * info.mateIn
	}
	switch {
	case made < plies:
		c.warn(WarnMatePVShort, fmt.Sprintf("%d plies for mate %d", made, info.mateIn), info.text)
	case made > plies:
		c.warn(WarnMatePVLong, fmt.Sprintf("%d plies for mate %d", made, info.mateIn), info.text)
	case c.pos.Outcome().Result != game.Checkmate:
		c.warn(WarnMatePVNoMate, fmt.Sprintf("mate %d", info.mateIn), info.text)
	}
}

// gameOver says whether the game has ended in pos, and how, in fastchess's
// order: from 100 plies on, the fifty-move rule unless the side to move is
// mated; then repetition, mate and stalemate. A dead position does not end
// a PV (fastchess lets it run on).
func gameOver(pos game.Position) (WarningKind, bool) {
	outcome := pos.Outcome()
	if pos.HalfmoveClock() >= 100 && outcome.Result != game.Checkmate {
		return WarnPVAfterFiftyMoves, true
	}
	switch outcome.Result {
	case game.Checkmate:
		return WarnPVAfterMate, true
	case game.Stalemate:
		return WarnPVAfterStalemate, true
	case game.Repetition:
		return WarnPVAfterRepetition, true
	case game.FiftyMoves:
		return WarnPVAfterFiftyMoves, true
	}
	return 0, false
}

// checkBestMove compares bestmove and ponder with the last PV of the best
// line, as a GUI shows it.
func (c *protocolCheck) checkBestMove(last *infoLine) {
	a := c.answer
	if last.pv[0] != a.BestMove {
		c.warn(WarnBestMove, "bestmove "+a.BestMove, last.text)
	}
	if a.Ponder != "" && (len(last.pv) < 2 || last.pv[1] != a.Ponder) {
		c.warn(WarnPonder, "ponder "+a.Ponder, last.text)
	}
}

// checkPonder: the ponder move must be legal after bestmove.
func (c *protocolCheck) checkPonder() {
	a := c.answer
	if a.Ponder == "" {
		return
	}
	best, err := c.pos.ParseMove(a.BestMove)
	if err != nil {
		return // an illegal bestmove is a fault, not a warning
	}
	c.pos.Make(best)
	defer c.pos.Unmake()
	if _, err := c.pos.ParseMove(a.Ponder); err != nil {
		c.warn(WarnIllegalPonder, "bestmove "+a.BestMove+" ponder "+a.Ponder, "")
	}
}

// mateSign checks the engine's mate score against its opponent's last one
// (0 when that was no mate): one move apart, one side must be winning and
// the other losing. The warning goes to both engines.
func mateSign(previous, current int, side int, position string) []Warning {
	if previous == 0 || current == 0 || (previous > 0) != (current > 0) {
		return nil
	}
	detail := fmt.Sprintf("mate %d after the opponent's mate %d", current, previous)
	return []Warning{
		{Kind: WarnMateSign, Side: side, Detail: detail, Position: position},
		{Kind: WarnMateSign, Side: 1 - side, Detail: detail, Position: position},
	}
}
