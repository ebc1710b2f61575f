package lp

import "time"

// Status is the outcome of a solve, shared by every backend.
type Status int

const (
	// NotSolved: no solve has run, or it ended before reaching any conclusion.
	NotSolved Status = iota
	// Optimal: an optimal solution within the tolerances (and the MIP gap, for a MILP).
	Optimal
	// Infeasible: no point satisfies the constraints.
	Infeasible
	// Unbounded: the objective improves without limit over a nonempty feasible set.
	Unbounded
	// InfeasibleOrUnbounded: the primal has no optimum and the backend cannot tell which case holds.
	InfeasibleOrUnbounded
	// TimeLimit: the time limit (context deadline) or a cancellation of the
	// context stopped the solve, or a callback asked to stop (lp/mip.ErrStop).
	TimeLimit
	// IterationLimit: the iteration limit stopped the solve.
	IterationLimit
	// NodeLimit: the branch-and-bound node limit stopped the solve.
	NodeLimit
	// NumericalError: the backend failed numerically, or its answer failed verification.
	NumericalError
)

var statusNames = [...]string{
	NotSolved:             "not_solved",
	Optimal:               "optimal",
	Infeasible:            "infeasible",
	Unbounded:             "unbounded",
	InfeasibleOrUnbounded: "infeasible_or_unbounded",
	TimeLimit:             "time_limit",
	IterationLimit:        "iteration_limit",
	NodeLimit:             "node_limit",
	NumericalError:        "numerical_error",
}

// String returns the lower-case snake_case name used in JSON output.
func (s Status) String() string {
	if s < 0 || int(s) >= len(statusNames) {
		return "unknown"
	}
	return statusNames[s]
}

// IsLimit reports whether a time, iteration or node limit stopped the solve.
func (s Status) IsLimit() bool {
	return s == TimeLimit || s == IterationLimit || s == NodeLimit
}

// MarshalText renders the status by name.
func (s Status) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// Solution is what a backend returns. Slices a backend cannot provide are nil.
type Solution struct {
	Status Status

	// Objective is cᵀx + c₀ at X, in the model's own sense. For a MILP stopped
	// by a limit it is the incumbent's value.
	Objective float64

	// X holds the primal value of each column; nil when there is no primal point.
	X []float64
	// RowActivity holds Ax for each row; nil when X is nil.
	RowActivity []float64
	// RowDual and ReducedCost follow the sign convention of the package doc
	// (c = Aᵀy + d); nil when the backend gives no duals (always nil for a MILP).
	RowDual     []float64
	ReducedCost []float64

	// FarkasRow is an infeasibility certificate over the rows (see package doc).
	FarkasRow []float64
	// Ray is an unbounded primal direction over the columns (see package doc).
	Ray []float64

	// Ranging is the sensitivity analysis of an optimal LP basis, set only
	// when asked for (solve.Options.Ranging) and the backend can give it.
	Ranging *Ranging

	// BestBound is the best proven bound on the optimum of a MILP; Gap is
	// |Objective − BestBound| / max(1, |Objective|). Nodes counts explored nodes.
	BestBound float64
	Gap       float64
	Nodes     int
	// GapTolerance is set on an Optimal MILP answer whose search stopped on
	// a relative gap tolerance before the gap was closed: it is the
	// tolerance in effect, and the incumbent is proven only within Gap of
	// the optimum (BestBound is a valid bound). It is 0 when the gap was
	// closed to the default tolerance, and on every other answer.
	GapTolerance float64

	Iterations int
	Time       time.Duration
	Backend    string

	// Basis is the final simplex basis of an LP, when the backend gives
	// one (solve.Capabilities.Basis); nil otherwise.
	Basis *Basis
	// Warnings are what the solve noticed and went on from: a start that
	// was infeasible or that the backend cannot use, for example.
	Warnings []string
}

// HasPrimal reports whether the solution carries a primal point.
func (s *Solution) HasPrimal() bool { return s != nil && s.X != nil }

// HasDual reports whether the solution carries row duals and reduced costs.
func (s *Solution) HasDual() bool { return s != nil && s.RowDual != nil && s.ReducedCost != nil }
