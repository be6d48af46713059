package board

// Minimal placeholder, to be replaced by the evaluation agent: material only,
// so that the search runs before the real evaluation exists.

// Evaluate is the static evaluation in centipawns from the side to move's
// point of view.
func (p *Position) Evaluate() int {
	us := p.Side()
	return p.Material(us) - p.Material(us.Other())
}
