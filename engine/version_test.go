package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestVersionIsSet(t *testing.T) {
	assert.NotEmpty(t, Version)
}
