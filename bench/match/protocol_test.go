package match

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sakk-chess/sakk/bench/uciproc"
	"github.com/sakk-chess/sakk/engine/variant"
	"github.com/sakk-chess/sakk/game"
	"github.com/sakk-chess/sakk/game/move"
)

// position sets up a FEN ("" for the start position) and plays moves.
func position(t *testing.T, v game.Variant, fen string, moves ...string) game.Position {
	t.Helper()
	pos, err := variant.Position(v, fen)
	require.NoError(t, err)
	for _, text := range moves {
		m, err := pos.ParseMove(text)
		require.NoError(t, err, text)
		pos.Make(m)
	}
	return pos
}

// kinds runs the checker and counts the warnings by kind; pos must come
// back unchanged.
func kinds(t *testing.T, pos game.Position, best, ponder string, checkMatePVs bool, infos ...string) map[WarningKind]int {
	t.Helper()
	fen := pos.FEN()
	answer := &uciproc.Answer{BestMove: best, Ponder: ponder, Infos: infos}
	for _, info := range infos {
		if score, ok := parseInfo(info); ok && score.hasScore && score.multiPV == 1 {
			answer.Score.MateIn = score.mateIn
		}
	}
	count := map[WarningKind]int{}
	for _, w := range checkAnswer(pos, answer, 1, "position x", checkMatePVs) {
		assert.Equal(t, 1, w.Side)
		assert.Equal(t, "position x", w.Position)
		count[w.Kind]++
	}
	assert.Equal(t, fen, pos.FEN(), "the checker leaves the position as it was")
	return count
}

func TestProtocolCheckAcceptsACleanAnswer(t *testing.T) {
	start := position(t, game.Chess, "")
	assert.Empty(t, kinds(t, start, "e2e4", "e7e5", true,
		"info depth 1 seldepth 2 multipv 1 score cp 10 wdl 400 300 300 nodes 20 nps 100 hashfull 0 tbhits 0 time 1 pv e2e4",
		"info depth 2 currmove e2e4 currmovenumber 1",
		"info string anything at all: depth x score y",
		"info depth 3 multipv 1 score cp 12 upperbound nodes 50 pv e2e4 e7e5",
		"info depth 3 multipv 2 score cp 5 nodes 60 pv d2d4 d7d5",
		"info depth 3 multipv 1 score cp 11 nodes 70 time 2 pv e2e4 e7e5 g1f3"))
	mate := position(t, game.Chess, "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1")
	assert.Empty(t, kinds(t, mate, "a1a8", "", true, "info depth 1 score mate 1 pv a1a8"),
		"a mate in one with its one-move PV")
}

func TestProtocolCheckNamesEachWarning(t *testing.T) {
	start := position(t, game.Chess, "")
	mate := position(t, game.Chess, "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1")
	tests := []struct {
		name         string
		pos          game.Position
		best, ponder string
		matePVs      bool
		infos        []string
		want         WarningKind
	}{
		{"bestmove", start, "d2d4", "", false, []string{"info depth 5 score cp 20 pv e2e4 e7e5"}, WarnBestMove},
		{"bestmove after a bound line", start, "e2e4", "", false,
			[]string{"info depth 5 score cp 20 pv e2e4", "info depth 6 score cp 40 lowerbound pv d2d4"}, WarnBestMove},
		{"ponder", start, "e2e4", "c7c5", false, []string{"info depth 5 score cp 20 pv e2e4 e7e5"}, WarnPonder},
		{"ponder without a second PV move", start, "e2e4", "e7e5", false, []string{"info depth 5 score cp 20 pv e2e4"}, WarnPonder},
		{"illegal ponder", start, "e2e4", "e2e3", false, []string{"info depth 5 score cp 20 pv e2e4 e2e3"}, WarnIllegalPonder},
		{"illegal PV move", start, "e2e4", "", false, []string{"info depth 5 score cp 20 pv e2e4 e7e5 e4e5"}, WarnIllegalPV},
		{"illegal move in another line", start, "e2e4", "", false,
			[]string{"info depth 5 multipv 2 score cp 2 pv a1a2", "info depth 5 multipv 1 score cp 20 pv e2e4"}, WarnIllegalPV},
		{"PV after mate", mate, "a1a8", "", false, []string{"info depth 5 score mate 1 pv a1a8 g8h7"}, WarnPVAfterMate},
		{"PV after mate at the 100th ply", position(t, game.Chess, "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 99 80"),
			"a1a8", "", false, []string{"info depth 5 score mate 1 pv a1a8 g8h7"}, WarnPVAfterMate},
		{"PV after stalemate", position(t, game.Chess, "k7/8/8/1Q6/8/8/8/6K1 w - - 0 1"), "b5b6", "", false,
			[]string{"info depth 5 score cp 0 pv b5b6 a8a7"}, WarnPVAfterStalemate},
		{"PV after fifty moves", position(t, game.Chess, "k7/8/8/8/8/8/8/KR6 w - - 99 80"), "b1b2", "", false,
			[]string{"info depth 5 score cp 900 pv b1b2 a8a7"}, WarnPVAfterFiftyMoves},
		{"PV after repetition", start, "g1f3", "", false,
			[]string{"info depth 9 score cp 0 pv g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 g1f3"}, WarnPVAfterRepetition},
		{"repetition counts the game", position(t, game.Chess, "", "g1f3", "g8f6", "f3g1", "f6g8"), "g1f3", "", false,
			[]string{"info depth 9 score cp 0 pv g1f3 g8f6 f3g1 f6g8 b1c3"}, WarnPVAfterRepetition},
		{"no score", start, "e2e4", "", false, []string{"info depth 1 nodes 0 time 0 pv e2e4 e7e5"}, WarnNoScore},
		{"no info at all", start, "e2e4", "", false, nil, WarnNoScore},
		{"depth not a number", start, "e2e4", "", false, []string{"info depth x score cp 1 pv e2e4"}, WarnBadInfo},
		{"score not a number", start, "e2e4", "", false, []string{"info depth 1 score cp 1 pv e2e4", "info depth 2 score cp 1.5 pv e2e4"}, WarnBadInfo},
		{"score of no kind", start, "e2e4", "", false, []string{"info depth 1 score cp 1 pv e2e4", "info depth 2 score 17 pv e2e4"}, WarnBadInfo},
		{"negative nodes", start, "e2e4", "", false, []string{"info depth 1 score cp 1 nodes -5 pv e2e4"}, WarnBadInfo},
		{"multipv 0", start, "e2e4", "", false, []string{"info depth 1 multipv 0 score cp 1 pv e2e4"}, WarnBadInfo},
		{"short wdl", start, "e2e4", "", false, []string{"info depth 1 score cp 1 wdl 500 500 pv e2e4"}, WarnBadInfo},
		{"field without a value", start, "e2e4", "", false, []string{"info depth 1 score cp 1 pv e2e4", "info depth 2 nodes"}, WarnBadInfo},
		{"incomplete mating PV", mate, "a1a8", "", true, []string{"info depth 5 score mate 2 pv a1a8"}, WarnMatePVShort},
		{"too long mating PV", start, "e2e4", "", true, []string{"info depth 5 score mate 1 pv e2e4 e7e5"}, WarnMatePVLong},
		{"mating PV without mate", mate, "a1a2", "", true, []string{"info depth 5 score mate 1 pv a1a2"}, WarnMatePVNoMate},
		{"mated PV without mate", mate, "a1a2", "", true, []string{"info depth 5 score mate -1 pv a1a2 g8f8"}, WarnMatePVNoMate},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := kinds(t, tt.pos, tt.best, tt.ponder, tt.matePVs, tt.infos...)
			assert.Equal(t, 1, got[tt.want], "%s: %v", tt.want, got)
			if tt.want != WarnIllegalPonder {
				assert.Len(t, got, 1, "only %s: %v", tt.want, got)
			}
		})
	}
}

// Mate PVs are fastchess's opt-in check: off, a wrong one passes.
func TestMatePVsAreCheckedOnRequest(t *testing.T) {
	mate := position(t, game.Chess, "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1")
	assert.Empty(t, kinds(t, mate, "a1a8", "", false, "info depth 5 score mate 3 pv a1a8"))
	assert.Empty(t, kinds(t, mate, "a1a8", "", true, "info depth 5 score mate 3 lowerbound pv a1a8"), "a bound is no claim")
}

func TestMateSignNeedsOneWinnerAndOneLoser(t *testing.T) {
	assert.Empty(t, mateSign(3, -2, 0, "p"), "one mates, the other is mated")
	assert.Empty(t, mateSign(0, 2, 0, "p"), "no mate before")
	assert.Empty(t, mateSign(-4, 0, 0, "p"), "no mate now")
	both := mateSign(3, 2, 1, "p")
	require.Len(t, both, 2, "both claim the mate")
	assert.Equal(t, WarnMateSign, both[0].Kind)
	assert.ElementsMatch(t, []int{0, 1}, []int{both[0].Side, both[1].Side}, "each engine gets it")
	assert.Len(t, mateSign(-1, -3, 0, "p"), 2, "both concede it")
}

// reversed is a move string with origin and target swapped ("g1f3" ->
// "f3g1"); Glinski cells have one or two digits.
func reversed(text string) string {
	second := strings.IndexFunc(text[1:], func(r rune) bool { return r >= 'a' && r <= 'l' }) + 1
	return text[second:] + text[:second]
}

// shuffle finds a quiet move of each side that can be taken back, and
// returns the 9-ply PV that repeats the position three times and plays on.
func shuffle(t *testing.T, pos game.Position) []string {
	var ours, theirs move.List
	pos.LegalMoves(&ours)
	for _, m := range ours.Slice() {
		if m.IsCapture() || m.Piece() == move.Pawn || m.IsCastle() {
			continue
		}
		first := pos.MoveString(m)
		pos.Make(m)
		theirs.N = 0
		pos.LegalMoves(&theirs)
		for _, r := range theirs.Slice() {
			if r.IsCapture() || r.Piece() == move.Pawn || r.IsCastle() {
				continue
			}
			reply := pos.MoveString(r)
			pv := []string{first, reply, reversed(first), reversed(reply)}
			pv = append(append(pv, pv...), first)
			check := pos.Clone()
			check.Unmake()
			if playable(check, pv) {
				pos.Unmake()
				return pv
			}
		}
		pos.Unmake()
	}
	t.Fatal("no shuffle found")
	return nil
}

func playable(pos game.Position, pv []string) bool {
	for _, text := range pv {
		m, err := pos.ParseMove(text)
		if err != nil {
			return false
		}
		pos.Make(m)
	}
	return true
}

// Glinski PVs are played on the hexagonal board.
func TestProtocolCheckPlaysGlinskiPVs(t *testing.T) {
	start := position(t, game.Glinski, "")
	var list move.List
	start.LegalMoves(&list)
	first := start.MoveString(list.Moves[0])
	second := start.MoveString(list.Moves[1])
	start.Make(list.Moves[0])
	var replies move.List
	start.LegalMoves(&replies)
	reply := start.MoveString(replies.Moves[0])
	start.Unmake()

	line := func(pv ...string) string { return "info depth 3 score cp 5 pv " + strings.Join(pv, " ") }
	assert.Empty(t, kinds(t, start, first, reply, false, line(first, reply)))
	assert.Equal(t, map[WarningKind]int{WarnBestMove: 1}, kinds(t, start, second, "", false, line(first, reply)))
	assert.Equal(t, map[WarningKind]int{WarnIllegalPV: 1}, kinds(t, start, first, "", false, line(first, first)))
	assert.Equal(t, map[WarningKind]int{WarnIllegalPV: 1}, kinds(t, start, first, "", false, line(first, "j1j2")),
		"a cell Glinski does not have")
	pv := shuffle(t, start)
	assert.Equal(t, map[WarningKind]int{WarnPVAfterRepetition: 1}, kinds(t, start, pv[0], "", false, line(pv...)))
	assert.Empty(t, kinds(t, start, pv[0], "", false, line(pv[:8]...)), "the third time is the end, not past it")

	fifty := position(t, game.Glinski, strings.Replace(start.FEN(), " 0 1", " 99 60", 1))
	require.Equal(t, 99, fifty.HalfmoveClock())
	assert.Equal(t, map[WarningKind]int{WarnPVAfterFiftyMoves: 1}, kinds(t, fifty, pv[0], "", false, line(pv[0], pv[1])))
}

func TestParseInfoReadsTheFields(t *testing.T) {
	info, ok := parseInfo("info depth 7 multipv 2 score mate -3 lowerbound nodes 9 pv a1a2 b7b6 string x")
	require.True(t, ok)
	assert.Equal(t, 2, info.multiPV)
	assert.True(t, info.hasScore)
	assert.Equal(t, -3, info.mateIn)
	assert.True(t, info.bound)
	assert.Equal(t, []string{"a1a2", "b7b6"}, info.pv, "the PV ends at the next keyword")
	assert.Empty(t, info.problems)
	_, ok = parseInfo("info string depth x")
	assert.False(t, ok)
}

// Each stub engine breaks one rule; the match counts it by name against
// that engine and prints it, and the clean engine gets none.
func TestStubEnginesGetTheirWarnings(t *testing.T) {
	tests := []struct {
		behaviour string
		want      []WarningKind
		args      []string
	}{
		{"noscore", []WarningKind{WarnNoScore}, nil},
		{"badinfo", []WarningKind{WarnBadInfo}, nil},
		{"badponder", []WarningKind{WarnPonder}, nil},
		{"illegalpv", []WarningKind{WarnIllegalPV}, nil},
		{"matepv", []WarningKind{WarnMatePVShort}, []string{"-check-mate-pvs"}},
		{"matepv", nil, nil}, // fastchess checks mate PVs only on request
		{"shuffle", []WarningKind{WarnPVAfterRepetition}, []string{"-rounds", "3"}},
		{"runon", []WarningKind{WarnPVAfterMate, WarnPVAfterStalemate, WarnPVAfterFiftyMoves},
			[]string{"-rounds", "3", "-openings", "file=" + filepath.Join("testdata", "endings.epd"), "order=sequential"}},
	}
	for _, tt := range tests {
		t.Run(tt.behaviour, func(t *testing.T) {
			args := append(stubEngine(t, "random"), stubEngine(t, tt.behaviour)...)
			args = append(args, "-each", "depth=1", "-games", "2", "-repeat", "-maxmoves", "30")
			summary, out, _ := runMatch(t, append(args, tt.args...)...)
			assert.Zero(t, summary.WarningCount(0), "the clean engine")
			assert.Contains(t, out, "Warnings of random: 0\n")
			for _, kind := range tt.want {
				assert.Positive(t, summary.Warnings[1][kind], "%s: %v", kind, summary.Warnings[1])
				assert.Contains(t, out, "Warning; "+kind.String()+" - ")
				assert.Regexp(t, `Warnings of `+tt.behaviour+`: \d+ \(.*`+regexp.QuoteMeta(kind.String())+` \d+[,)]`, out, "the summary names it")
			}
			assert.Equal(t, summary.WarningCount(1) > 0, len(tt.want) > 0, "%v", summary.Warnings[1])
			assert.Empty(t, summary.Faults[1], "warnings are not faults")
		})
	}
}

func TestBothEnginesClaimingMateIsASignMismatch(t *testing.T) {
	args := append(stubEngine(t, "matesign"), stubEngine(t, "matesign")...)
	summary, _, _ := runMatch(t, append(args, "-each", "depth=1", "-games", "2", "-maxmoves", "10")...)
	assert.Positive(t, summary.Warnings[0][WarnMateSign])
	assert.Equal(t, summary.Warnings[0][WarnMateSign], summary.Warnings[1][WarnMateSign], "both engines get each one")
}

func TestStrictProtocolFailsOnTheEnginesNamed(t *testing.T) {
	args := append(stubEngine(t, "random"), stubEngine(t, "noscore")...)
	args = append(args, "-each", "depth=1", "-games", "2", "-maxmoves", "10")
	summary, _, _ := runMatch(t, args...)
	assert.Empty(t, summary.StrictFailures(nil), "not strict: reported only")
	failures := summary.StrictFailures(&StrictProtocol{})
	require.Len(t, failures, 1)
	assert.Contains(t, failures[0], "noscore: warnings ")
	assert.Contains(t, failures[0], "no score ")
	assert.Len(t, summary.StrictFailures(&StrictProtocol{Engines: []string{"noscore"}}), 1)
	assert.Empty(t, summary.StrictFailures(&StrictProtocol{Engines: []string{"random"}}), "the clean one is fine")

	summary.Faults[0][FaultTime] = 2
	assert.Empty(t, summary.StrictFailures(&StrictProtocol{Engines: []string{"random"}}), "time forfeits do not count")
	summary.Faults[0][FaultIllegalMove] = 1
	assert.Contains(t, summary.StrictFailures(&StrictProtocol{Engines: []string{"random"}})[0], "faults illegal move 1")

	_, err := ParseArgs(append(args, "-strict-protocol", "nobody"))
	assert.ErrorContains(t, err, `no engine is named "nobody"`)
	cfg, err := ParseArgs(append(args, "-strict-protocol", "noscore", "-check-mate-pvs"))
	require.NoError(t, err)
	assert.Equal(t, []string{"noscore"}, cfg.Strict.Engines)
	assert.True(t, cfg.Rules.CheckMatePVs)
}
