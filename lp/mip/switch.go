package mip

import "fmt"

// Switch turns a search technique on or off. The zero value, Auto, leaves
// the choice to the package: the technique's default, which is On only
// where its measured effect pays (doc.go, "Primal heuristics", "Measured
// effect of conflicts, cliques and probing" and "Symmetry").
type Switch int

const (
	// Auto selects the technique's default.
	Auto Switch = iota
	// On forces the technique on.
	On
	// Off turns the technique off.
	Off
)

func (s Switch) String() string {
	switch s {
	case Auto:
		return "auto"
	case On:
		return "on"
	case Off:
		return "off"
	}
	return fmt.Sprintf("Switch(%d)", int(s))
}

// enabled resolves s against the technique's default.
func (s Switch) enabled(def bool) bool {
	switch s {
	case On:
		return true
	case Off:
		return false
	}
	return def
}

func (s Switch) valid() bool { return s == Auto || s == On || s == Off }

// Defaults of the switches (doc.go, "Measured effect of conflicts, cliques and probing").
const (
	defaultConflicts = true
	defaultCliques   = false
	defaultProbing   = true
)
