package render

import (
	"encoding/csv"
	"io"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/models/rrs"
)

// RRSCSVHeader is the header RRSCSV writes.
var RRSCSVHeader = []string{"datacenter", "region", "f", "users"}

// RRSCSV writes the routing policy of solve rrs in long form: one row per
// (data centre i, region j) with f, the share f_ij of region j's viewers
// sent to i, and users, the viewers that makes (N·φ_j·f_ij; they add up to
// the data centre's load x_i). Without a policy (infeasible, or stopped
// before one) only the header is written.
func RRSCSV(w io.Writer, in *rrs.Instance, r *rrs.Result) error {
	cw := csv.NewWriter(w)
	cw.Write(RRSCSVHeader)
	for i, row := range r.Policy {
		for j, f := range row {
			cw.Write([]string{r.Loads[i].Name, r.Regions[j].Name, num(f), num(in.Users * in.Regions[j].Share * f)})
		}
	}
	cw.Flush()
	return cw.Error()
}

// LPCSVHeader is the header LPCSV writes.
var LPCSVHeader = []string{"kind", "name", "value", "dual"}

// LPCSV writes the answer of solve lp in long form, one row per item, the
// kind first: "status" (name: the status), then, when there is a primal
// point, "objective" (value), one "column" per column (value x_j; dual: the
// reduced cost d_j when the backend gave duals, else empty) and one "row"
// per row (value: the activity; dual: y_i). Unnamed columns and rows are
// named C<j> and R<i>, as in the table.
func LPCSV(w io.Writer, m *lp.Model, sol *lp.Solution) error {
	cw := csv.NewWriter(w)
	cw.Write(LPCSVHeader)
	cw.Write([]string{"status", sol.Status.String(), "", ""})
	if sol.HasPrimal() {
		cw.Write([]string{"objective", "", num(sol.Objective), ""})
		dual := func(v []float64, k int) string {
			if k < len(v) {
				return numNoNegZero(v[k])
			}
			return ""
		}
		col, row := colName(m), rowName(m)
		for j, x := range sol.X {
			cw.Write([]string{"column", col(j), numNoNegZero(x), dual(sol.ReducedCost, j)})
		}
		act := sol.RowActivity
		if len(act) != len(m.Rows) {
			act = m.Activities(sol.X)
		}
		for i, a := range act {
			cw.Write([]string{"row", row(i), numNoNegZero(a), dual(sol.RowDual, i)})
		}
	}
	cw.Flush()
	return cw.Error()
}

// numNoNegZero is num with -0 written as 0: a dual of a slack row the
// solver negated is still zero.
func numNoNegZero(x float64) string {
	if x == 0 {
		x = 0
	}
	return num(x)
}
