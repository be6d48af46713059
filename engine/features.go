//go:build !ablate

package engine

// The search's features, all on. They are constants here, so each test of
// one in the search costs nothing; a binary built with -tags ablate gets
// them as variables instead (features_ablate.go), switched off by name
// through SAKK_ABLATE, so that self-play can measure what each one is worth
// (docs/strength.md, "What each feature is worth").
const (
	useAspiration   = true // aspiration windows around the last score
	useRFP          = true // reverse futility pruning
	useNullMove     = true // null-move pruning
	useIIR          = true // internal iterative reduction
	useLMP          = true // late move pruning
	useFutility     = true // futility pruning of quiet moves
	useHistPrune    = true // pruning quiet moves with a bad history
	useSEEPrune     = true // pruning moves that lose material by SEE
	useLMR          = true // late move reductions
	useCheckExt     = true // check extension
	useKillers      = true // killer moves in ordering
	useCounter      = true // counter-move in ordering
	useContHist     = true // continuation history in ordering
	useFollowUp     = true // follow-up history (after this side's previous move) in ordering
	useQSEE         = true // quiescence skips captures that lose by SEE
	useDeltaPruning = true // quiescence delta pruning
	useSingular     = true // singular extension of the TT move, multi-cut
	useCorrection   = true // static evaluation corrected by pawn structure
)

// Ablated lists the features switched off (none in this build).
func Ablated() []string { return nil }
