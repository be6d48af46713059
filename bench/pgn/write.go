package pgn

import (
	"fmt"
	"io"
	"strings"
)

// lineWidth is the export format's limit on move-text lines.
const lineWidth = 79

// Write writes a game in export format: tags, a blank line, the move text
// wrapped at 79 columns, a blank line. Move numbers start from
// firstMoveNumber, with "N..." when Black moves first.
func Write(w io.Writer, g *Game, firstMoveNumber int, blackFirst bool) error {
	var b strings.Builder
	for _, tag := range g.Tags {
		fmt.Fprintf(&b, "[%s \"%s\"]\n", tag.Name, escape(tag.Value))
	}
	b.WriteString("\n")
	wrap(&b, moveTokens(g, firstMoveNumber, blackFirst))
	b.WriteString("\n\n")
	_, err := io.WriteString(w, b.String())
	return err
}

func escape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s)
}

func comment(text string) string {
	return "{" + strings.ReplaceAll(text, "}", ")") + "}"
}

func moveTokens(g *Game, number int, blackFirst bool) []string {
	var tokens []string
	white := !blackFirst
	for i, m := range g.Moves {
		// A move number stays on the line of its move.
		switch {
		case white:
			tokens = append(tokens, fmt.Sprintf("%d. %s", number, m.Text))
		case i == 0:
			tokens = append(tokens, fmt.Sprintf("%d... %s", number, m.Text))
		default:
			tokens = append(tokens, m.Text)
		}
		if m.Comment != "" {
			tokens = append(tokens, comment(m.Comment))
		}
		if !white {
			number++
		}
		white = !white
	}
	if g.Comment != "" {
		tokens = append(tokens, comment(g.Comment))
	}
	result := g.Result
	if result == "" {
		result = "*"
	}
	return append(tokens, result)
}

// wrap joins tokens with spaces, breaking lines before lineWidth. A comment
// is one token and is never split (it may make a long line on its own).
func wrap(b *strings.Builder, tokens []string) {
	column := 0
	for _, token := range tokens {
		if column > 0 && column+1+len(token) > lineWidth {
			b.WriteString("\n")
			column = 0
		}
		if column > 0 {
			b.WriteString(" ")
			column++
		}
		b.WriteString(token)
		column += len(token)
	}
}
