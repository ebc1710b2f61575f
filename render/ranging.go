package render

import (
	"fmt"
	"io"
	"math"
	"strings"
	"text/tabwriter"

	"github.com/streamopt/streamopt/lp"
)

// RangingAnswer is the JSON form of lp.Ranging: one entry per column and
// per row, in the model's order.
type RangingAnswer struct {
	Columns []RangeAnswer `json:"columns"`
	Rows    []RangeAnswer `json:"rows"`
}

// RangeAnswer is the ranging of one column or row (see lp.Range).
type RangeAnswer struct {
	Name     string        `json:"name"`
	Status   string        `json:"status"`
	Value    number        `json:"value"`
	Cost     IntervalValue `json:"cost"`
	Activity IntervalValue `json:"activity"`
}

// IntervalValue is a ranging interval: its lower and upper end.
type IntervalValue struct {
	Lower EndAnswer `json:"lower"`
	Upper EndAnswer `json:"upper"`
}

// EndAnswer is one end of a ranging interval (see lp.RangeEnd).
type EndAnswer struct {
	Value     number     `json:"value"`
	Objective number     `json:"objective"`
	Entering  *VarAnswer `json:"entering,omitempty"`
	Leaving   *VarAnswer `json:"leaving,omitempty"`
}

// VarAnswer names a column or a row.
type VarAnswer struct {
	Kind string `json:"kind"` // "column" or "row"
	Name string `json:"name"`
}

func varAnswer(m *lp.Model, r lp.VarRef) *VarAnswer {
	switch r.Kind {
	case lp.ColVar:
		return &VarAnswer{"column", r.Name(m)}
	case lp.RowVar:
		return &VarAnswer{"row", r.Name(m)}
	}
	return nil
}

func endAnswer(m *lp.Model, e lp.RangeEnd) EndAnswer {
	return EndAnswer{number(e.Value), number(e.Objective), varAnswer(m, e.Entering), varAnswer(m, e.Leaving)}
}

// rangeStatus is the basis status of a column or row with value v and
// bounds [lo, hi]: basic, or the bound a nonbasic value sits at (the
// nearer one: a row's activity is summed again, with rounding).
func rangeStatus(r lp.Range, v, lo, hi float64) string {
	switch {
	case r.Basic:
		return "basic"
	case lo == hi:
		return "fixed"
	case math.IsInf(lo, -1) && math.IsInf(hi, 1):
		return "free"
	case math.Abs(v-lo) <= math.Abs(v-hi):
		return "at_lower"
	}
	return "at_upper"
}

// newRangingAnswer is the JSON form of rg, the ranging of sol's basis of m.
func newRangingAnswer(m *lp.Model, sol *lp.Solution) *RangingAnswer {
	rg := sol.Ranging
	if rg == nil {
		return nil
	}
	one := func(name string, r lp.Range, v, lo, hi float64) RangeAnswer {
		return RangeAnswer{
			Name:     name,
			Status:   rangeStatus(r, v, lo, hi),
			Value:    number(v),
			Cost:     IntervalValue{endAnswer(m, r.Cost[0]), endAnswer(m, r.Cost[1])},
			Activity: IntervalValue{endAnswer(m, r.Activity[0]), endAnswer(m, r.Activity[1])},
		}
	}
	a := &RangingAnswer{Columns: make([]RangeAnswer, len(rg.Cols)), Rows: make([]RangeAnswer, len(rg.Rows))}
	for j, r := range rg.Cols {
		v := m.Vars[j]
		a.Columns[j] = one(colName(m)(j), r, sol.X[j], v.Lower, v.Upper)
	}
	for i, r := range rg.Rows {
		row := m.Rows[i]
		a.Rows[i] = one(rowName(m)(i), r, sol.RowActivity[i], row.Lower, row.Upper)
	}
	return a
}

// rangingTables writes the cost ranging of the columns and the activity
// ranging of the rows, as glpsol's --ranges report has them: each end
// with the objective there and the variables that enter and leave past it.
func rangingTables(w io.Writer, m *lp.Model, sol *lp.Solution) error {
	rg := sol.Ranging
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	swap := func(e lp.RangeEnd) string {
		in, out := e.Entering.Name(m), e.Leaving.Name(m)
		if in == "" && out == "" {
			return "-"
		}
		return nonEmpty(in) + " / " + nonEmpty(out)
	}
	fmt.Fprintf(w, "\ncost ranging: the objective coefficient of each column over which the basis stays optimal\n")
	fmt.Fprintln(tw, "column\tstatus\tvalue\tcost\tlower\tobjective\tenters / leaves\tupper\tobjective\tenters / leaves")
	for j, r := range rg.Cols {
		v := m.Vars[j]
		lo, hi := r.Cost[0], r.Cost[1]
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", colName(m)(j), rangeStatus(r, sol.X[j], v.Lower, v.Upper),
			rnum(sol.X[j]), rnum(m.Obj[j]), rnum(lo.Value), rnum(lo.Objective), swap(lo), rnum(hi.Value), rnum(hi.Objective), swap(hi))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(w, "\nactivity ranging: for an active row, the interval its bound (and activity) can move over with the duals fixed;\nfor a basic row, its activity in the adjacent basis past each end of its cost interval\n")
	fmt.Fprintln(tw, "row\tstatus\tactivity\tdual\tlower\tobjective\tleaves\tupper\tobjective\tleaves")
	for i, r := range rg.Rows {
		row := m.Rows[i]
		lo, hi := r.Activity[0], r.Activity[1]
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", rowName(m)(i), rangeStatus(r, sol.RowActivity[i], row.Lower, row.Upper),
			rnum(sol.RowActivity[i]), rnum(sol.RowDual[i]), rnum(lo.Value), rnum(lo.Objective), nonEmpty(lo.Leaving.Name(m)), rnum(hi.Value), rnum(hi.Objective), nonEmpty(hi.Leaving.Name(m)))
	}
	return tw.Flush()
}

// rnum formats a ranging figure: 8 significant digits, ±inf spelled out.
func rnum(v float64) string {
	switch {
	case math.IsInf(v, 1):
		return "+inf"
	case math.IsInf(v, -1):
		return "-inf"
	case v == 0:
		return "0"
	}
	return strings.TrimSpace(fmt.Sprintf("%.8g", v))
}

func nonEmpty(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
