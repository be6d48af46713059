// Package playout makes positions by playing sakk against itself from the
// start position, mixing random moves with shallow searches, so that the
// bench positions can be regenerated deterministically from a seed (opening
// books have their own generator, bench/opengen).
package playout

import (
	"math/rand/v2"

	"github.com/sakk-chess/sakk/engine"
	"github.com/sakk-chess/sakk/engine/variant"
	"github.com/sakk-chess/sakk/game"
	"github.com/sakk-chess/sakk/game/move"
)

// Player picks moves: a uniformly random legal move with probability
// RandomShare, otherwise the best move of a Depth-ply search.
type Player struct {
	Engine      *engine.Engine // single-threaded, so that a seed gives one result
	Rng         *rand.Rand
	RandomShare float64
	Depth       int
}

// NewPlayer returns a player with a fresh single-threaded engine.
func NewPlayer(seed uint64, randomShare float64, depth int) *Player {
	e := engine.New()
	opts := e.Options()
	opts.Threads = 1
	e.SetOptions(opts)
	return &Player{Engine: e, Rng: rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15)), RandomShare: randomShare, Depth: depth}
}

// Play plays plies moves from the variant's start position and returns the
// position, or nil when the game ended on the way.
func (p *Player) Play(v game.Variant, plies int) (engine.SearchBoard, error) {
	pos, err := variant.New(v)
	if err != nil {
		return nil, err
	}
	for range plies {
		if pos.Outcome().Result != game.Ongoing {
			return nil, nil
		}
		pos.Make(p.choose(pos))
	}
	if pos.Outcome().Result != game.Ongoing {
		return nil, nil
	}
	return pos, nil
}

// PlayRandom plays plies uniformly random legal moves (nil if the game
// ended on the way).
func (p *Player) PlayRandom(v game.Variant, plies int) (engine.SearchBoard, error) {
	saved := p.RandomShare
	p.RandomShare = 1
	defer func() { p.RandomShare = saved }()
	return p.Play(v, plies)
}

func (p *Player) choose(pos engine.SearchBoard) move.Move {
	if p.Rng.Float64() < p.RandomShare || p.Depth <= 0 {
		var list move.List
		pos.LegalMoves(&list)
		return list.Moves[p.Rng.IntN(list.N)]
	}
	p.Engine.NewGame()
	return p.Engine.Search(pos, engine.Limits{Depth: p.Depth}, nil).Best
}

// Score is a fresh Depth-ply search's score of pos, in centipawns from the
// side to move's point of view, and whether it is a mate score.
func (p *Player) Score(pos engine.SearchBoard, depth int) (cp int, mate bool) {
	p.Engine.NewGame()
	r := p.Engine.Search(pos, engine.Limits{Depth: depth}, nil)
	return r.Score, r.MateIn != 0
}
