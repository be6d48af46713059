package book

import (
	_ "embed"
	"strings"
	"sync"
)

// glinskiText is sakk's built-in Glinski book (see docs/uci-extras.md for
// how it was made; `sakk book` rebuilds it).
//
//go:embed glinski.book
var glinskiText string

var glinski = sync.OnceValue(func() Book {
	b, err := ReadText(strings.NewReader(glinskiText))
	if err != nil {
		panic("book: the built-in Glinski book is broken: " + err.Error())
	}
	return b
})

// Glinski is the built-in Glinski book.
func Glinski() Book { return glinski() }
