package game

import (
	"fmt"
	"strings"
)

// Variant is a game sakk plays. Code compares Variant values; names appear
// only where people or other programs read or write them (UCI_Variant,
// command-line flags, PGN tags).
type Variant uint8

const (
	Chess   Variant = iota // orthodox chess, including Chess960
	Glinski                // Glinski's hexagonal chess
)

// Variants lists every variant, in the order UCI_Variant offers them.
func Variants() []Variant { return []Variant{Chess, Glinski} }

// String is the variant's name as UCI_Variant spells it.
func (v Variant) String() string {
	switch v {
	case Chess:
		return "chess"
	case Glinski:
		return "glinski"
	}
	return fmt.Sprintf("variant(%d)", uint8(v))
}

// VariantNames lists the names of every variant.
func VariantNames() []string {
	var names []string
	for _, v := range Variants() {
		names = append(names, v.String())
	}
	return names
}

// ParseVariant reads a variant name in any case, ignoring surrounding
// spaces.
func ParseVariant(name string) (Variant, error) {
	n := strings.ToLower(strings.TrimSpace(name))
	for _, v := range Variants() {
		if v.String() == n {
			return v, nil
		}
	}
	return Chess, fmt.Errorf("unknown variant %q (known: %s)", name, strings.Join(VariantNames(), ", "))
}
