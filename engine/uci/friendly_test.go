package uci

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestHelpListsTheCommands(t *testing.T) {
	s := startSession(t, Config{Engine: newFakeEngine()})
	s.send("help")
	got := s.sync()
	require.NotEmpty(t, got)
	text := strings.Join(got, "\n")
	for _, cmd := range []string{"uci", "isready", "setoption", "position", "go perft", "UCI_Variant", "quit"} {
		assert.Contains(t, text, cmd)
	}
	assert.Empty(t, errorsIn(got))
}

// Errors name the game that is set and say when a FEN or a move belongs to
// the other game or names a square or cell that does not exist.
func TestErrorsNameTheGame(t *testing.T) {
	s := startSession(t, Config{Engine: newFakeEngine()})
	for _, c := range []struct{ variant, command, want string }{
		{"glinski", "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
			"bad glinski FEN: this is a FEN of orthodox chess but UCI_Variant is glinski"},
		{"chess", "position fen b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - 0 1",
			"bad chess FEN: this is a FEN of Glinski's hexagonal chess but UCI_Variant is chess"},
		{"glinski", "position startpos moves j1j2", "not legal in glinski"},
		{"glinski", "position startpos moves j1j2", "Glinski has no j-file"},
		{"glinski", "position startpos moves a9a8", "Glinski has no cell a9 (the a-file runs a1 to a6)"},
		{"glinski", "position startpos moves e2e4", `move 1 "e2e4" is not legal in glinski`},
		{"chess", "position startpos moves g10g9", "chess has no square g10"},
		{"chess", "position startpos moves f10f11q", "it reads as a move of Glinski's hexagonal chess, but UCI_Variant is chess"},
		{"chess", "go searchmoves e2e9", "not legal in chess"},
		{"chess", "position startpos moves e2e5", "not legal in chess"},
		{"chess", "go perft 0", "go perft takes an integer from 1 to 12"},
		{"chess", "go perft 20", "go perft takes an integer from 1 to 12"},
	} {
		s.send("setoption name UCI_Variant value "+c.variant, c.command)
		errs := errorsIn(s.sync())
		if assert.Len(t, errs, 1, c.command) {
			assert.Contains(t, errs[0], c.want, c.command)
		}
	}
	// A Glinski move that exists in chess too gets no hint about the other game.
	s.send("setoption name UCI_Variant value glinski", "position startpos moves e2e4")
	assert.NotContains(t, strings.Join(s.sync(), "\n"), "reads as a move")
}
