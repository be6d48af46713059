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

// StalemateRule is how a Glinski stalemate scores: Glinski's own rule gives
// the side that stalemates three quarters of a point, some federations score
// it a draw. The names are the same everywhere: the UCI option
// GlinskiStalemate and sakk match -glinski-stalemate.
type StalemateRule uint8

const (
	StalemateThreeQuarters StalemateRule = iota // ¾-¼ for the side that gives it
	StalemateDraw                               // ½-½
)

// StalemateRuleNames lists the names, the default first.
func StalemateRuleNames() []string { return []string{"three-quarters", "draw"} }

// String is the rule's name.
func (r StalemateRule) String() string {
	if r == StalemateDraw {
		return "draw"
	}
	return "three-quarters"
}

// ParseStalemateRule reads a rule name in any case.
func ParseStalemateRule(name string) (StalemateRule, error) {
	switch strings.ToLower(strings.TrimSpace(name)) {
	case "three-quarters":
		return StalemateThreeQuarters, nil
	case "draw":
		return StalemateDraw, nil
	}
	return StalemateThreeQuarters, fmt.Errorf("unknown Glinski stalemate rule %q (known: %s)", name, strings.Join(StalemateRuleNames(), ", "))
}
