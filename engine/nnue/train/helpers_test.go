package train

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func writeFile(path, text string) error { return os.WriteFile(path, []byte(text), 0o644) }

func readLines(t *testing.T, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	return strings.Split(strings.TrimSpace(string(data)), "\n")
}
