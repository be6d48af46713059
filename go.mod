module github.com/sakk-chess/sakk

go 1.26

require (
	github.com/chromedp/cdproto v0.160.1
	github.com/chromedp/chromedp v0.23.1
	github.com/pkg/profile v1.7.0
	github.com/stretchr/testify v1.12.1
)

require (
	github.com/felixge/fgprof v0.9.3 // indirect
	github.com/go-json-experiment/json v0.0.0-20260213210345-44df1a37e875 // indirect
	github.com/google/pprof v0.0.0-20211214055906-6f57359322fd // indirect
	go.yaml.in/yaml/v3 v3.0.5 // indirect
)
