module github.com/sakk-chess/sakk

go 1.26
