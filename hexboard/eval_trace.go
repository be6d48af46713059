package hexboard

import "github.com/sakk-chess/sakk/game/evalkit"

// EvalTrace explains the static evaluation: a table of terms with White's
// and Black's midgame and endgame sums and their difference, then the game
// phase, the endgame scale and the final score (for the UCI "eval" command).
func (p *Position) EvalTrace() string {
	var f EvalFeatures
	v := p.EvalFeaturesOf(&f)
	trace := evalkit.Trace{
		Terms: WeightTerms(), Weights: WeightVector(), White: f.White[:], Black: f.Black[:],
		Phase: f.Phase, PhaseMax: PhaseMax, Scale: f.Scale, Value: v, SideToMove: p.side,
	}
	return trace.Format()
}
