package solve

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/mip"
	"github.com/streamopt/streamopt/lp/simplex"
)

// SimplexName is the name of the pure-Go default backend, always compiled
// in: lp/simplex for LPs (duals and certificates included; with
// Options.Ranging the LP is solved without presolve and the ranging of
// its optimal basis added) and lp/mip for MILPs. Options.Presolve off
// solves an LP without lp/presolve and starts a MILP's search without its
// root bound propagation and coefficient tightening (mip.Options.NoPresolve).
// Options.Raw accepts method=auto|dual|primal, presolve=on|off (as Options.Presolve),
// scaling=on|off, and for MILPs branching=pseudo_cost|most_fractional and
// cuts=on|off, and each of lp/mip's technique switches by its name
// (mip.SwitchNames: conflicts, cliques, probing, feasjump, rens, ...) as
// auto|on|off (auto is the package's default). Options.IterationLimit applies to LPs only; a MILP is
// limited by NodeLimit and the context deadline. Options.Start is a MIP
// start for a MILP (mip.Options.Start) and, for an LP, the point the
// starting basis is built from (simplex.BasisFromPoint); Options.Basis and
// WantBasis apply to LPs (simplex.Options), which are then solved without
// presolve. It serves Options.Callbacks
// on MILPs (lp/mip's callbacks).
const SimplexName = "simplex"

func init() { Register(SimplexName, func() Backend { return simplexBackend{} }) }

// simplexBackend adapts lp/simplex (the sparse bounded primal/dual revised
// simplex, with lp/presolve in front) to Backend for LPs, and lp/mip (branch
// and bound over warm-started simplex relaxations) for MILPs.
type simplexBackend struct{}

func (simplexBackend) Name() string { return SimplexName }

func (simplexBackend) Capabilities() Capabilities {
	return Capabilities{LP: true, MILP: true, Duals: true, Rays: true, Callbacks: true, Ranging: true, Presolve: true, Start: true, Basis: true}
}

// Raw options the simplex backend understands; branching and cuts apply to MILPs.
var simplexRaw = map[string][]string{
	"method":    {"auto", "dual", "primal"},
	"presolve":  {"on", "off"},
	"scaling":   {"on", "off"},
	"branching": {"pseudo_cost", "most_fractional"},
	"cuts":      {"on", "off"},
}

// simplexRawNames lists the Raw options the simplex backend knows: those
// of simplexRaw and lp/mip's switches (auto, on or off each).
func simplexRawNames() string {
	names := mip.SwitchNames()
	for k := range simplexRaw {
		names = append(names, k)
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}

// simplexOptions maps Options to the options of lp/simplex and lp/mip.
// IterationLimit limits an LP solve; for a MILP it is not applied (it would
// cut each relaxation short) and NodeLimit is the limit to use.
func simplexOptions(o Options) (so simplex.Options, mo mip.Options, err error) {
	so = simplex.Options{
		IterationLimit: o.IterationLimit,
		PrimalTol:      o.PrimalTol,
		DualTol:        o.DualTol,
		Log:            o.Log,
	}
	mo = mip.Options{IntTol: o.IntTol, MIPGap: o.MIPGap, NodeLimit: o.NodeLimit, Threads: o.Threads, Log: o.Log, Callbacks: o.Callbacks}
	so.NoPresolve = o.Presolve == PresolveOff
	mo.NoPresolve = so.NoPresolve
	keys := make([]string, 0, len(o.Raw))
	for k := range o.Raw {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v := o.Raw[k]
		if sw, ok := mo.Switches()[k]; ok {
			if *sw, err = mip.ParseSwitch(v); err != nil {
				return so, mo, fmt.Errorf("simplex backend: options.Raw[%q]: must be one of [auto on off], got %q", k, v)
			}
			continue
		}
		allowed, ok := simplexRaw[k]
		if !ok {
			return so, mo, fmt.Errorf("simplex backend: options.Raw[%q]: unknown option (known: %s)", k, simplexRawNames())
		}
		valid := false
		for _, a := range allowed {
			valid = valid || a == v
		}
		if !valid {
			return so, mo, fmt.Errorf("simplex backend: options.Raw[%q]: must be one of %v, got %q", k, allowed, v)
		}
		switch k {
		case "method":
			so.Method = map[string]simplex.Method{"auto": simplex.MethodAuto, "dual": simplex.MethodDual, "primal": simplex.MethodPrimal}[v]
		case "presolve":
			if o.Presolve != PresolveDefault && o.Presolve.String() != v {
				return so, mo, fmt.Errorf("simplex backend: options.Raw[%q] = %q contradicts options.Presolve = %v", k, v, o.Presolve)
			}
			so.NoPresolve = v == "off"
			mo.NoPresolve = so.NoPresolve
		case "scaling":
			so.NoScaling = v == "off"
		case "branching":
			mo.Branching = map[string]mip.Branching{"pseudo_cost": mip.PseudoCost, "most_fractional": mip.MostFractional}[v]
		case "cuts":
			mo.NoCuts = v == "off"
		}
	}
	so.Start, so.Basis, so.WantBasis = o.Start, o.Basis, o.WantBasis
	mo.Start = o.Start
	mo.LP = so
	mo.LP.IterationLimit = 0
	mo.LP.Log = nil
	mo.LP.Start, mo.LP.Basis, mo.LP.WantBasis = nil, nil, false
	return so, mo, nil
}

func (b simplexBackend) Solve(ctx context.Context, m *lp.Model, o Options) (*lp.Solution, error) {
	if m == nil {
		return nil, fmt.Errorf("simplex backend: %w: nil model", lp.ErrInvalid)
	}
	so, mo, err := simplexOptions(o)
	if err != nil {
		return nil, err
	}
	if m.IsMIP() {
		sol, err := mip.Solve(ctx, m, mo)
		if sol != nil && (o.Basis != nil || o.WantBasis) {
			sol.Warnings = append(sol.Warnings, "simplex backend: a basis applies to LPs only: ignored for this MILP")
		}
		return sol, err
	}
	if !o.Ranging {
		return simplex.Solve(ctx, m, so)
	}
	// Ranging is of a basis of m itself: no presolve.
	so.NoPresolve = true
	sv, err := simplex.New(m, so)
	if err != nil {
		return nil, err
	}
	sol, err := sv.Solve(ctx)
	if err != nil || sol.Status != lp.Optimal {
		return sol, err
	}
	sol.Ranging, err = ranging(ctx, sv)
	return sol, err
}

// ranging is sv's ranging of its optimal basis; nil without an error when
// ctx stopped it (the answer stands without its ranging).
func ranging(ctx context.Context, sv *simplex.Solver) (*lp.Ranging, error) {
	rg, err := sv.Ranging(ctx)
	switch {
	case err == nil:
		return rg, nil
	case ctx.Err() != nil:
		return nil, nil
	}
	return nil, fmt.Errorf("simplex backend: %w", err)
}
