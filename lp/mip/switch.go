package mip

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

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

// ParseSwitch reads a Switch from its name: "auto", "on" or "off".
func ParseSwitch(s string) (Switch, error) {
	switch s {
	case "auto":
		return Auto, nil
	case "on":
		return On, nil
	case "off":
		return Off, nil
	}
	return Auto, fmt.Errorf("%q is not auto, on or off", s)
}

// Switches returns o's technique switches by name (lower case, the names
// the simplex backend's Raw options and the benchmarks take), so that a
// caller can set them from text. Each value points into o.
func (o *Options) Switches() map[string]*Switch {
	return map[string]*Switch{
		"feasjump":      &o.FeasJump,
		"oneopt":        &o.OneOpt,
		"rens":          &o.RENS,
		"rins":          &o.RINS,
		"feaspump":      &o.FeasPump,
		"diving":        &o.Diving,
		"divetree":      &o.DiveTree,
		"conflicts":     &o.Conflicts,
		"cliques":       &o.Cliques,
		"probing":       &o.Probing,
		"symmetry":      &o.Symmetry,
		"liftedcovers":  &o.LiftedCovers,
		"zerohalf":      &o.ZeroHalf,
		"impliedbounds": &o.ImpliedBounds,
		"restarts":      &o.Restarts,
		"intcuts":       &o.IntCuts,
		"strongcap":     &o.StrongCap,
		"strongbudget":  &o.StrongBudget,
		"contbounds":    &o.ContBounds,
		"nodecuts":      &o.NodeCuts,
	}
}

// SwitchNames lists the names of Options.Switches, sorted.
func SwitchNames() []string {
	names := slices.Collect(maps.Keys((&Options{}).Switches()))
	slices.Sort(names)
	return names
}

// SetSwitch sets the switch named name (one of SwitchNames) to value
// ("auto", "on" or "off").
func (o *Options) SetSwitch(name, value string) error {
	sw, ok := o.Switches()[name]
	if !ok {
		return fmt.Errorf("unknown switch %q (known: %s)", name, strings.Join(SwitchNames(), ", "))
	}
	v, err := ParseSwitch(value)
	if err != nil {
		return fmt.Errorf("switch %s: %w", name, err)
	}
	*sw = v
	return nil
}

// SetSwitches sets switches from a comma-separated list of name=value
// pairs, such as "rins=off,feasjump=on", each as SetSwitch takes them;
// empty items are passed over, so "" sets nothing. On an error, which names
// the faulty pair, o is left as it was.
func (o *Options) SetSwitches(list string) error {
	c := *o
	for _, kv := range strings.Split(list, ",") {
		if kv == "" {
			continue
		}
		name, value, ok := strings.Cut(kv, "=")
		if !ok {
			return fmt.Errorf("%q is not name=auto|on|off", kv)
		}
		if err := c.SetSwitch(name, value); err != nil {
			return err
		}
	}
	*o = c
	return nil
}
