package mip

import (
	"fmt"
	"io"
	"math"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/simplex"
)

// Default tolerances and limits. Each is used when the matching Options field is zero.
const (
	// DefaultIntTol is the integrality tolerance: a value within 1e-6 of an
	// integer counts as integral (DESIGN.md, "Tolerances").
	DefaultIntTol = 1e-6
	// DefaultMIPGap is the relative gap |incumbent − bound| / max(1, |incumbent|)
	// at which the search stops. It is 1e-6, tighter than the 1e-4 common in
	// commercial solvers, so that an Optimal answer matches the optimum to the
	// project's objective comparison tolerance (1e-6 relative).
	DefaultMIPGap = 1e-6
	// DefaultAbsGap is the absolute gap at which the search stops.
	DefaultAbsGap = 1e-9
	// feasTol is the primal feasibility tolerance used to check an incumbent
	// against the model: relative to the largest of max(1, |bound|) and the
	// row's terms |aⱼxⱼ| for a row, to max(1, |bound|) for a column bound.
	feasTol = 1e-6
	// cleanTol: an improving incumbent that meets the rows only within
	// feasTol, not cleanTol, is polished (tryIncumbent)
	cleanTol = 1e-9
)

// Branching selects the branching variable among the fractional integer columns.
type Branching int

const (
	// PseudoCost (the default) scores each fractional column j by the product
	// max(ε, f⁻ⱼψ⁻ⱼ)·max(ε, f⁺ⱼψ⁺ⱼ) of its estimated objective gains, where ψ
	// are the average per-unit gains observed when j was branched on before.
	// Columns never branched on use the average pseudo-cost of all columns
	// (1 before any observation, which makes the first choices most-fractional).
	PseudoCost Branching = iota
	// MostFractional picks the column whose fractional part is closest to ½.
	MostFractional
)

func (b Branching) String() string {
	switch b {
	case PseudoCost:
		return "pseudo_cost"
	case MostFractional:
		return "most_fractional"
	}
	return fmt.Sprintf("Branching(%d)", int(b))
}

// Options control Solve. The zero value selects every default. The time limit
// is the deadline of the context passed to Solve.
type Options struct {
	// IntTol is the integrality tolerance; 0 means DefaultIntTol.
	IntTol float64
	// MIPGap is the relative gap |incumbent − bound| / max(1, |incumbent|)
	// at which the search stops with status Optimal; 0 means DefaultMIPGap.
	MIPGap float64
	// AbsGap is the absolute gap |incumbent − bound| at which the search stops
	// with status Optimal; 0 means DefaultAbsGap.
	AbsGap float64
	// NodeLimit stops the search after this many nodes (status NodeLimit); 0 means none.
	NodeLimit int
	// Branching selects the branching rule; the zero value is PseudoCost.
	Branching Branching
	// Log receives one progress line per few hundred nodes and a summary; nil means silent.
	Log io.Writer
	// LogEvery is the number of nodes between progress lines; 0 means 500.
	LogEvery int
	// NoCuts disables the cover cuts at the root.
	NoCuts bool
	// NoDiving turns every diving heuristic off, Diving's as well as the
	// root's fractional dive.
	NoDiving bool
	// Diving runs the family of diving heuristics (fractional,
	// coefficient, pseudo-cost, vector-length and guided diving) at the
	// root, and with DiveTree every few nodes in the tree, each within a
	// budget of simplex iterations relative to the search's (doc.go,
	// "Diving"); off, only fractional diving runs, at the root while there
	// is no incumbent. Auto means DefaultDiving.
	Diving Switch
	// DiveTree lets the family of Diving dive in the tree as well as at
	// the root; Auto means DefaultDiveTree.
	DiveTree Switch
	// FeasJump runs the feasibility jump heuristic (an LP-free weighted
	// local search) before the root LP; Auto means DefaultFeasJump.
	FeasJump Switch
	// OneOpt shifts the integer columns of every new incumbent as far as
	// the objective improves and the rows allow; Auto means DefaultOneOpt.
	OneOpt Switch
	// RENS solves a sub-MIP at the root around the LP point (integral
	// columns fixed, the others rounded either way); Auto means DefaultRENS.
	RENS Switch
	// RINS solves sub-MIPs at nodes with the columns fixed where the
	// incumbent and the node's LP agree; Auto means DefaultRINS.
	RINS Switch
	// FeasPump runs the objective feasibility pump at the root after the
	// root LP and its cuts, when no incumbent is known yet (doc.go,
	// "Primal heuristics"); Auto means DefaultFeasPump.
	FeasPump Switch
	// NoPresolve skips the bound propagation and coefficient tightening
	// of the root, before the first relaxation: the search starts from
	// the model's own bounds and rows (integer bounds are still rounded
	// in). Propagation at the nodes is not affected.
	NoPresolve bool
	// Conflicts switches conflict analysis: dual-ray and dual-proof
	// constraints learnt from infeasible and cut-off nodes, kept in a pool
	// that propagates at the nodes (doc.go, "Conflict analysis"). Auto
	// means on.
	Conflicts Switch
	// Cliques switches the clique table from set-packing rows: clique
	// propagation at the nodes and clique cuts at the root (doc.go,
	// "Clique table and probing"). Auto means off: on the development set
	// it did not pay (doc.go, "Measured effect").
	Cliques Switch
	// Probing switches probing on binary columns at the root: fixings and
	// implications, the latter added to the clique table when Cliques is
	// on (doc.go, "Clique table and probing"). Auto means on; NoPresolve
	// turns it off.
	Probing Switch
	// Symmetry switches symmetry handling: column permutations that map
	// the model onto itself are detected at the root (after presolve and
	// probing) and broken by orbit rows and lexicographic propagation at
	// the nodes (doc.go, "Symmetry"). Auto means DefaultSymmetry. It is
	// off with lazy constraints, which the model does not show.
	Symmetry Switch
	// LiftedCovers makes the root's knapsack cover cuts minimal covers
	// lifted sequence-independently (liftcover.go) instead of extended
	// covers; Auto means DefaultLiftedCovers (doc.go, "Measured effect of
	// the cuts and restarts"). NoCuts turns every root cut off.
	LiftedCovers Switch
	// ZeroHalf separates {0, ½}-Chvátal–Gomory cuts over the rows of
	// integer columns at the root (zerohalf.go); Auto means DefaultZeroHalf.
	ZeroHalf Switch
	// ImpliedBounds records the bounds that probing a binary implies on
	// the other columns and separates them as implied bound cuts at the
	// root (impliedbound.go); it needs Probing. Auto means
	// DefaultImpliedBounds.
	ImpliedBounds Switch
	// Restarts restarts the root, with the incumbent and the cuts kept,
	// when reduced-cost fixing at the end of its cut loop fixes at least a
	// fifth of the free integer columns: the model is presolved again and
	// the cut loop rerun, at most twice (restart.go). It needs the root
	// cuts and presolve. Auto means DefaultRestarts.
	Restarts Switch
	// IntCuts lets the root's c-MIR and Gomory mixed-integer cuts round
	// general integer columns (range above 1), not only binaries, with
	// numerical guards (mir.go, gomory.go); Auto means DefaultIntCuts
	// (doc.go, "Cuts on general integers").
	IntCuts Switch
	// StrongCap caps the iterations of each strong-branching LP at twice
	// the average of the node LPs (at least 10) and scores a capped
	// child with the dual bound its basis proves (branching.go); Auto
	// means DefaultStrongCap.
	StrongCap Switch
	// StrongBudget lowers the reliability threshold of pseudo-costs from
	// 4 observations per direction to 1 once the strong-branching LPs
	// have cost more than half the iterations of the node LPs plus 10 000
	// (branching.go); Auto means DefaultStrongBudget.
	StrongBudget Switch
	// ContBounds tightens the bounds of continuous columns from the rows
	// in presolve (tightenContinuous in preprocess.go) and from both
	// values of each binary probing fixes (probeHull), so that big-M
	// coefficients shrink to the implied bounds; Auto means
	// DefaultContBounds.
	ContBounds Switch
	// NodeCuts separates c-MIR, flow cover, knapsack cover and implied
	// bound cuts at the nodes of the tree too, over the root's bounds so
	// that each holds in the whole tree, with a budget and a back-off
	// (nodecuts.go), and deletes those slack for 10 node LPs in a row;
	// Auto means DefaultNodeCuts. It acts only where the
	// tree search processes one node at a time (one thread, no parallel
	// rounds).
	NodeCuts Switch
	// strongCapFixed (tests): when > 0, every strong-branching LP, the
	// root's included, is capped at this many iterations
	strongCapFixed int
	// Threads is the number of threads of the tree search; 0 means all
	// cores (runtime.GOMAXPROCS(0)), and more than 256 count as 256.
	// The search goes in rounds of one node per thread whose results are
	// applied in a fixed order, so that a thread count gives the same
	// answer on every run (package documentation, "Parallel search").
	Threads int
	// nodeCutsSeen (tests), if set, is called with the cuts each node
	// cut round adds and the cutoff then, in minimisation form: every
	// point of objective below it must satisfy them
	nodeCutsSeen func(cuts []lp.Row, cutoff float64)
	// nodeCutAge and nodeCutBatch (tests), when nodeCutAge > 0, replace
	// nodeCutMaxAge and nodeCutBatch
	nodeCutAge, nodeCutBatch int
	// nodeCutsDeleted (tests), if set, is called with the node cuts each
	// deletion takes out of the working model
	nodeCutsDeleted func(rows []lp.Row)
	// roundsAlways (tests): one thread goes in rounds too, which then
	// must give what the serial loop gives
	roundsAlways bool
	// LP are the options of the simplex that solves the relaxations. Its
	// NoPresolve, Basis, Start and WantBasis fields are ignored:
	// relaxations are solved without presolve, warm-started by the search.
	LP simplex.Options
	// Callbacks are the caller's functions the search calls: events (new
	// incumbents, progress) with the power to stop it, user cuts and lazy
	// constraints. The zero value calls none.
	Callbacks Callbacks
	// Start is a MIP start: a value per column, NaN for a column without
	// one. A complete start that is feasible becomes the first incumbent
	// as it is; otherwise its integer columns are fixed to their values
	// (rounded) and the rest of the model is solved as a sub-MIP of at
	// most StartNodes nodes (counted in Solution.Nodes), whose answer, if
	// any, becomes the first incumbent. A start that yields no feasible point is reported in
	// Solution.Warnings and the search goes on without it.
	Start []float64
}

// StartNodes is the node limit of the sub-MIP that completes a partial or
// infeasible MIP start (Options.Start), as HiGHS limits its own (its
// option mip_max_start_nodes, 500 by default).
const StartNodes = 500

// withDefaults checks o and fills its zero fields.
func (o Options) withDefaults() (Options, error) {
	bad := func(v float64) bool { return math.IsNaN(v) || math.IsInf(v, 0) || v < 0 }
	switch {
	case bad(o.IntTol) || o.IntTol >= 0.5:
		return o, fmt.Errorf("mip: options.IntTol: must be in [0, 0.5), got %v", o.IntTol)
	case bad(o.MIPGap):
		return o, fmt.Errorf("mip: options.MIPGap: must be finite and >= 0, got %v", o.MIPGap)
	case bad(o.AbsGap):
		return o, fmt.Errorf("mip: options.AbsGap: must be finite and >= 0, got %v", o.AbsGap)
	case o.NodeLimit < 0:
		return o, fmt.Errorf("mip: options.NodeLimit: must be >= 0, got %d", o.NodeLimit)
	case o.Threads < 0:
		return o, fmt.Errorf("mip: options.Threads: must be >= 0 (0 = all cores), got %d", o.Threads)
	case o.LogEvery < 0:
		return o, fmt.Errorf("mip: options.LogEvery: must be >= 0, got %d", o.LogEvery)
	case o.Callbacks.Every < 0:
		return o, fmt.Errorf("mip: options.Callbacks.Every: must be >= 0, got %d", o.Callbacks.Every)
	case !o.FeasJump.valid():
		return o, fmt.Errorf("mip: options.FeasJump: unknown switch %d", int(o.FeasJump))
	case !o.OneOpt.valid():
		return o, fmt.Errorf("mip: options.OneOpt: unknown switch %d", int(o.OneOpt))
	case !o.RENS.valid():
		return o, fmt.Errorf("mip: options.RENS: unknown switch %d", int(o.RENS))
	case !o.RINS.valid():
		return o, fmt.Errorf("mip: options.RINS: unknown switch %d", int(o.RINS))
	case !o.FeasPump.valid():
		return o, fmt.Errorf("mip: options.FeasPump: unknown switch %d", int(o.FeasPump))
	case !o.Diving.valid():
		return o, fmt.Errorf("mip: options.Diving: unknown switch %d", int(o.Diving))
	case !o.DiveTree.valid():
		return o, fmt.Errorf("mip: options.DiveTree: unknown switch %d", int(o.DiveTree))
	case !o.Conflicts.valid():
		return o, fmt.Errorf("mip: options.Conflicts: unknown switch %d", int(o.Conflicts))
	case !o.Cliques.valid():
		return o, fmt.Errorf("mip: options.Cliques: unknown switch %d", int(o.Cliques))
	case !o.Probing.valid():
		return o, fmt.Errorf("mip: options.Probing: unknown switch %d", int(o.Probing))
	case !o.Symmetry.valid():
		return o, fmt.Errorf("mip: options.Symmetry: unknown switch %d", int(o.Symmetry))
	case !o.LiftedCovers.valid():
		return o, fmt.Errorf("mip: options.LiftedCovers: unknown switch %d", int(o.LiftedCovers))
	case !o.ZeroHalf.valid():
		return o, fmt.Errorf("mip: options.ZeroHalf: unknown switch %d", int(o.ZeroHalf))
	case !o.ImpliedBounds.valid():
		return o, fmt.Errorf("mip: options.ImpliedBounds: unknown switch %d", int(o.ImpliedBounds))
	case !o.Restarts.valid():
		return o, fmt.Errorf("mip: options.Restarts: unknown switch %d", int(o.Restarts))
	case !o.IntCuts.valid():
		return o, fmt.Errorf("mip: options.IntCuts: unknown switch %d", int(o.IntCuts))
	case !o.StrongCap.valid():
		return o, fmt.Errorf("mip: options.StrongCap: unknown switch %d", int(o.StrongCap))
	case !o.StrongBudget.valid():
		return o, fmt.Errorf("mip: options.StrongBudget: unknown switch %d", int(o.StrongBudget))
	case !o.ContBounds.valid():
		return o, fmt.Errorf("mip: options.ContBounds: unknown switch %d", int(o.ContBounds))
	case !o.NodeCuts.valid():
		return o, fmt.Errorf("mip: options.NodeCuts: unknown switch %d", int(o.NodeCuts))
	case o.Branching != PseudoCost && o.Branching != MostFractional:
		return o, fmt.Errorf("mip: options.Branching: unknown rule %d", int(o.Branching))
	}
	if o.IntTol == 0 {
		o.IntTol = DefaultIntTol
	}
	if o.MIPGap == 0 {
		o.MIPGap = DefaultMIPGap
	}
	if o.AbsGap == 0 {
		o.AbsGap = DefaultAbsGap
	}
	if o.LogEvery == 0 {
		o.LogEvery = 500
	}
	if o.Callbacks.Every == 0 {
		o.Callbacks.Every = 100
	}
	return o, nil
}
