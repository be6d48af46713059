//go:build ablate

package engine

import (
	"fmt"
	"os"
	"reflect"
	"slices"
	"strings"

	"github.com/sakk-chess/sakk/board"
	"github.com/sakk-chess/sakk/hexboard"
)

// An experiment build (go build -tags ablate): the search features of
// features.go become variables, and SAKK_ABLATE, a comma-separated list of
// the names below, switches features off. Names starting with "eval." zero
// groups of evaluation weights on both boards. Never used for releases: the
// variables cost a little speed.
var (
	useAspiration   = true
	useRFP          = true
	useNullMove     = true
	useIIR          = true
	useLMP          = true
	useFutility     = true
	useHistPrune    = true
	useSEEPrune     = true
	useLMR          = true
	useCheckExt     = true
	useKillers      = true
	useCounter      = true
	useContHist     = true
	useFollowUp     = true
	useQSEE         = true
	useDeltaPruning = true
	useSingular     = true
	useCorrection   = true
)

var searchSwitches = map[string]*bool{
	"aspiration": &useAspiration, "rfp": &useRFP, "nmp": &useNullMove,
	"iir": &useIIR, "lmp": &useLMP, "futility": &useFutility,
	"histprune": &useHistPrune, "seeprune": &useSEEPrune, "lmr": &useLMR,
	"checkext": &useCheckExt, "killers": &useKillers, "counter": &useCounter,
	"conthist": &useContHist, "qsee": &useQSEE, "delta": &useDeltaPruning, "singular": &useSingular, "correction": &useCorrection, "followup": &useFollowUp,
}

// evalGroups names groups of EvalWeights fields (the same names on both
// boards; a field missing on one board is skipped there).
var evalGroups = map[string][]string{
	"eval.pst":      {"PST"},
	"eval.mobility": {"KnightMobility", "BishopMobility", "RookMobility", "QueenMobility"},
	"eval.pawns":    {"Isolated", "Doubled", "Backward", "Supported", "Phalanx"},
	"eval.passed":   {"Passed", "PassedBlocked", "PassedOwnKing", "PassedTheirKing"},
	"eval.king":     {"ShelterNear", "ShelterFar", "ShelterMissing", "KingAttack"},
	"eval.pieces":   {"BishopPair", "RookOpen", "RookSemiOpen", "PawnThreat"},
	"eval.tempo":    {"Tempo"},
}

var ablated []string

func init() {
	for _, name := range strings.Split(os.Getenv("SAKK_ABLATE"), ",") {
		name = strings.TrimSpace(name)
		if name == "" {
			continue
		}
		if sw, ok := searchSwitches[name]; ok {
			*sw = false
		} else if fields, ok := evalGroups[name]; ok {
			zeroFields(&board.Weights, fields)
			zeroFields(&hexboard.Weights, fields)
		} else {
			fmt.Fprintf(os.Stderr, "SAKK_ABLATE: unknown feature %q\n", name)
			os.Exit(2)
		}
		ablated = append(ablated, name)
	}
	slices.Sort(ablated)
}

func zeroFields(weights any, fields []string) {
	v := reflect.ValueOf(weights).Elem()
	for _, f := range fields {
		if fv := v.FieldByName(f); fv.IsValid() {
			fv.SetZero()
		}
	}
}

// Ablated lists the features switched off by SAKK_ABLATE.
func Ablated() []string { return ablated }
