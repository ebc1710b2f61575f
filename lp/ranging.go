package lp

import "fmt"

// Ranging is the sensitivity analysis of an optimal basis (see doc.go,
// "Ranging"): one Range per column and one per row, the row standing for
// its activity aᵢᵀx.
type Ranging struct {
	Cols []Range
	Rows []Range
}

// Range is the ranging of one column or row activity at an optimal basis.
//
// Cost is the interval of its objective coefficient (for a row, of a
// coefficient on its activity, which the model has at 0) over which the
// basis stays optimal; Cost[0] is the lower end, Cost[1] the upper end.
// Past an end of a basic variable's interval, Entering is the nonbasic
// variable whose reduced cost reaches zero and Leaving the basic variable
// that the ratio test on Entering's column then removes (the variable
// analysed is kept in the basis, as if free); past an end of a nonbasic
// variable's interval, Entering is the variable itself.
//
// Activity, for a nonbasic variable (a column at a bound, a row whose
// constraint is active), is the interval its active bound, and with it its
// value, can move over while the basis stays primal feasible and so
// optimal with the same duals; Leaving is the basic variable that reaches
// a bound at each end. For a basic variable, whose value does not follow
// its own bounds, Activity[e] is its value in the adjacent basis past
// Cost[e], with Cost[e]'s objective and variables, as glpsol reports it;
// Activity[0] may then exceed Activity[1].
type Range struct {
	Basic    bool
	Cost     [2]RangeEnd
	Activity [2]RangeEnd
}

// RangeEnd is one end of a ranging interval.
type RangeEnd struct {
	// Value is the coefficient or activity at this end; ±Inf when nothing
	// limits it.
	Value float64
	// Objective is the objective value at Value, ±Inf when Value is
	// infinite and the objective moves with it.
	Objective float64
	// Entering and Leaving are the variables that enter and leave the
	// basis past this end; NoVar when there is none or it is not defined.
	Entering, Leaving VarRef
}

// VarRef names a column or a row (its activity) of a model.
type VarRef struct {
	Kind  VarKind
	Index int
}

// VarKind says what a VarRef names.
type VarKind int8

const (
	NoVar  VarKind = iota // nothing
	ColVar                // column Index
	RowVar                // row Index
)

// Name is the name of the column or row r refers to in m ("" for NoVar);
// a column or row without a name is called C<j> or R<i>.
func (r VarRef) Name(m *Model) string {
	switch r.Kind {
	case ColVar:
		if n := m.Vars[r.Index].Name; n != "" {
			return n
		}
		return fmt.Sprintf("C%d", r.Index)
	case RowVar:
		if n := m.Rows[r.Index].Name; n != "" {
			return n
		}
		return fmt.Sprintf("R%d", r.Index)
	}
	return ""
}
