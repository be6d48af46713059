package pgn

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// Read parses every game in r. Move numbers, NAGs ($n, !, ?), recursive
// variations and "%" escape lines are skipped; comments are kept with the
// move before them. It fails on unbalanced braces or parentheses and on
// malformed tag lines, naming the line.
func Read(r io.Reader) ([]Game, error) {
	p := &parser{}
	scanner := bufio.NewScanner(r)
	scanner.Buffer(make([]byte, 64*1024), 1024*1024)
	for scanner.Scan() {
		p.line++
		if err := p.readLine(scanner.Text()); err != nil {
			return nil, err
		}
	}
	if err := scanner.Err(); err != nil {
		return nil, err
	}
	if err := p.finish(); err != nil {
		return nil, err
	}
	return p.games, nil
}

type parser struct {
	games     []Game
	game      *Game
	line      int
	comment   *strings.Builder // open {comment}
	variation int              // depth of open (variations)
	startLine int              // where the open comment/variation began
}

func (p *parser) current() *Game {
	if p.game == nil {
		p.game = &Game{Line: p.line}
	}
	return p.game
}

func (p *parser) endGame() {
	if p.game != nil {
		p.games = append(p.games, *p.game)
		p.game = nil
	}
}

func (p *parser) finish() error {
	if p.comment != nil {
		return fmt.Errorf("line %d: comment never closed", p.startLine)
	}
	if p.variation > 0 {
		return fmt.Errorf("line %d: variation never closed", p.startLine)
	}
	p.endGame()
	return nil
}

func (p *parser) readLine(text string) error {
	if p.comment == nil && p.variation == 0 {
		trimmed := strings.TrimSpace(text)
		if strings.HasPrefix(trimmed, "%") {
			return nil
		}
		if strings.HasPrefix(trimmed, "[") {
			return p.readTag(trimmed)
		}
	}
	if err := p.readMoveText(text); err != nil {
		return err
	}
	if p.comment != nil {
		p.comment.WriteByte(' ') // a comment continued on the next line
	}
	return nil
}

func (p *parser) readTag(text string) error {
	if p.game != nil && len(p.game.Moves) > 0 || p.game != nil && p.game.Result != "" {
		p.endGame()
	}
	body, ok := strings.CutSuffix(strings.TrimPrefix(text, "["), "]")
	name, value, found := strings.Cut(strings.TrimSpace(body), " ")
	value = strings.TrimSpace(value)
	if !ok || !found || len(value) < 2 || value[0] != '"' || value[len(value)-1] != '"' {
		return fmt.Errorf("line %d: malformed tag %q", p.line, text)
	}
	unquoted := strings.NewReplacer(`\"`, `"`, `\\`, `\`).Replace(value[1 : len(value)-1])
	p.current().SetTag(name, unquoted)
	return nil
}

func (p *parser) readMoveText(text string) error {
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case p.comment != nil:
			if c == '}' {
				p.attachComment(p.comment.String())
				p.comment = nil
			} else {
				p.comment.WriteByte(c)
			}
		case c == ';' && p.variation == 0:
			return nil // rest-of-line comment
		case c == '{':
			p.comment, p.startLine = &strings.Builder{}, p.line
		case c == '}' && p.variation == 0:
			return fmt.Errorf("line %d: '}' without '{'", p.line)
		case c == '(':
			if p.variation == 0 {
				p.startLine = p.line
			}
			p.variation++
		case c == ')':
			if p.variation == 0 {
				return fmt.Errorf("line %d: ')' without '('", p.line)
			}
			p.variation--
		case p.variation > 0 || c == ' ' || c == '\t' || c == '\r':
		default:
			end := tokenEnd(text, i)
			p.readToken(text[i:end])
			i = end - 1
		}
	}
	return nil
}

func tokenEnd(text string, start int) int {
	end := start
	for end < len(text) && !strings.ContainsRune(" \t\r{}();", rune(text[end])) {
		end++
	}
	return end
}

func (p *parser) attachComment(text string) {
	text = strings.TrimSpace(text)
	g := p.current()
	if len(g.Moves) == 0 || g.Result != "" {
		g.Comment = text
		return
	}
	last := &g.Moves[len(g.Moves)-1]
	if last.Comment != "" {
		last.Comment += " "
	}
	last.Comment += text
}

func (p *parser) readToken(token string) {
	g := p.current()
	if token[0] == '$' {
		return
	}
	// A result may be glued to a move number ("12.1-0"): strip first
	// (a bare result has no move number to strip).
	move := stripMoveNumber(strings.TrimRight(token, "!?"))
	switch {
	case isResult(move):
		g.Result = move
		p.endGame()
	case move != "":
		g.Moves = append(g.Moves, Move{Text: move})
	}
}

func isResult(token string) bool {
	return token == "1-0" || token == "0-1" || token == "1/2-1/2" || token == "*"
}

// stripMoveNumber removes leading move numbers "12." or "12..." (also glued
// to the move, as in "12.Nf3"); a token that is only numbers is empty.
func stripMoveNumber(token string) string {
	for {
		stripped := stripOneMoveNumber(token)
		if stripped == token {
			return token
		}
		token = stripped
	}
}

func stripOneMoveNumber(token string) string {
	digits := 0
	for digits < len(token) && token[digits] >= '0' && token[digits] <= '9' {
		digits++
	}
	if digits == 0 || digits == len(token) || token[digits] != '.' {
		if digits == len(token) {
			return "" // a bare number
		}
		return token
	}
	return strings.TrimLeft(token[digits:], ".")
}
