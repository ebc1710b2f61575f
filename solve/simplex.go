package solve

import (
	"context"
	"fmt"
	"sort"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/simplex"
)

// SimplexName is the name of the pure-Go default backend, always compiled in.
const SimplexName = "simplex"

func init() { Register(SimplexName, func() Backend { return simplexBackend{} }) }

// simplexBackend adapts lp/simplex (the sparse bounded primal/dual revised
// simplex, with lp/presolve in front) to Backend.
type simplexBackend struct{}

func (simplexBackend) Name() string { return SimplexName }

func (simplexBackend) Capabilities() Capabilities {
	return Capabilities{LP: true, Duals: true, Rays: true}
}

// Raw options the simplex backend understands.
var simplexRaw = map[string][]string{
	"method":   {"auto", "dual", "primal"},
	"presolve": {"on", "off"},
	"scaling":  {"on", "off"},
}

func simplexOptions(o Options) (simplex.Options, error) {
	so := simplex.Options{
		IterationLimit: o.IterationLimit,
		PrimalTol:      o.PrimalTol,
		DualTol:        o.DualTol,
		Log:            o.Log,
	}
	keys := make([]string, 0, len(o.Raw))
	for k := range o.Raw {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v := o.Raw[k]
		allowed, ok := simplexRaw[k]
		if !ok {
			return so, fmt.Errorf("simplex backend: options.Raw[%q]: unknown option (known: method, presolve, scaling)", k)
		}
		valid := false
		for _, a := range allowed {
			valid = valid || a == v
		}
		if !valid {
			return so, fmt.Errorf("simplex backend: options.Raw[%q]: must be one of %v, got %q", k, allowed, v)
		}
		switch k {
		case "method":
			so.Method = map[string]simplex.Method{"auto": simplex.MethodAuto, "dual": simplex.MethodDual, "primal": simplex.MethodPrimal}[v]
		case "presolve":
			so.NoPresolve = v == "off"
		case "scaling":
			so.NoScaling = v == "off"
		}
	}
	return so, nil
}

func (b simplexBackend) Solve(ctx context.Context, m *lp.Model, o Options) (*lp.Solution, error) {
	if m == nil {
		return nil, fmt.Errorf("simplex backend: %w: nil model", lp.ErrInvalid)
	}
	if m.IsMIP() {
		return nil, fmt.Errorf("simplex backend %w MILP", ErrCapability)
	}
	so, err := simplexOptions(o)
	if err != nil {
		return nil, err
	}
	return simplex.Solve(ctx, m, so)
}
