package hexboard

// The evaluation's weights as the tuner and the UCI "eval" table see them:
// one flat vector of Scores. The machinery is shared (game/evalkit); this
// file binds it to this board's EvalWeights.

import (
	"unsafe"

	"github.com/sakk-chess/sakk/game/evalkit"
)

// Score is a midgame/endgame pair (see evalkit.Score).
type Score = evalkit.Score

// S makes a Score from its midgame and endgame parts.
func S(mg, eg int) Score { return evalkit.S(mg, eg) }

// NumWeights is the number of Scores in EvalWeights: the tuner sees the
// weights as one flat vector of that length.
const NumWeights = int(unsafe.Sizeof(EvalWeights{}) / unsafe.Sizeof(Score(0)))

// WeightVector is Weights seen as a flat slice (aliasing it) for the tuner.
func WeightVector() []Score { return evalkit.Vector(&Weights) }

// EvalFeatures is the evaluation as a linear form (see evalkit.Features).
type EvalFeatures = evalkit.Features

// PhaseMax is the phase of the start position (see Position.Phase).
const PhaseMax = 26

// WeightTerm names a run of weights (one field of EvalWeights).
type WeightTerm = evalkit.WeightTerm

// WeightTerms lists the fields of EvalWeights in order, with their weight
// index ranges.
func WeightTerms() []WeightTerm { return evalkit.WeightTerms(EvalWeights{}) }

// EvalTrace explains the static evaluation: a table of terms with White's
// and Black's midgame and endgame sums and their difference, then the game
// phase, the endgame scale and the final score (for the UCI "eval" command).
func (p *Position) EvalTrace() string {
	var f EvalFeatures
	v := p.EvalFeaturesOf(&f)
	trace := evalkit.TraceOf(WeightTerms(), &f, PhaseMax, v, p.side)
	return trace.Format()
}
