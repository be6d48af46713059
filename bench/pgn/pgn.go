// Package pgn reads and writes games in Portable Game Notation. It works on
// move text as written (SAN for chess, sakk's hex notation for Glinski) and
// knows nothing of the rules: callers check moves with a game.Position.
package pgn

// Game is one PGN game.
type Game struct {
	// Tags in the order they are written; Tag and SetTag look them up.
	Tags []Tag
	// Moves in PGN notation, without move numbers.
	Moves []Move
	// Result is the game termination marker: 1-0, 0-1, 1/2-1/2 or *.
	Result string
	// Comment closes the move text (e.g. why the game ended).
	Comment string
	// Line is where the game starts in the file it was read from (1-based).
	Line int
}

// Tag is one tag pair.
type Tag struct{ Name, Value string }

// Move is one move with the comment written after it.
type Move struct {
	Text    string
	Comment string
}

// Tag returns a tag's value ("" when absent).
func (g *Game) Tag(name string) string {
	for _, tag := range g.Tags {
		if tag.Name == name {
			return tag.Value
		}
	}
	return ""
}

// SetTag replaces a tag's value or appends the tag.
func (g *Game) SetTag(name, value string) {
	for i := range g.Tags {
		if g.Tags[i].Name == name {
			g.Tags[i].Value = value
			return
		}
	}
	g.Tags = append(g.Tags, Tag{name, value})
}
