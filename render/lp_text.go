package render

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"text/tabwriter"
	"time"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/solve"
)

// number is a float64 that encodes ±Inf and NaN as JSON null.
type number float64

func (n number) MarshalJSON() ([]byte, error) {
	v := float64(n)
	if math.IsInf(v, 0) || math.IsNaN(v) {
		return []byte("null"), nil
	}
	if v == 0 {
		v = 0 // no "-0" in the output
	}
	return json.Marshal(v)
}

// LPAnswer is the JSON answer of solve lp: the status, the objective
// (null when there is none, ±∞ as null), the MIP bound and gap, the
// solution, duals and certificates by name, and the verification report.
type LPAnswer struct {
	Model        string            `json:"model"`
	Status       string            `json:"status"`
	Objective    *number           `json:"objective"`
	Backend      string            `json:"backend"`
	Iterations   int               `json:"iterations"`
	Nodes        int               `json:"nodes,omitempty"`
	BestBound    *number           `json:"best_bound,omitempty"`
	Gap          *number           `json:"gap,omitempty"`
	GapTolerance *number           `json:"gap_tolerance,omitempty"`
	SolveSeconds float64           `json:"solve_seconds"`
	Columns      map[string]number `json:"columns,omitempty"`
	RowDuals     map[string]number `json:"row_duals,omitempty"`
	ReducedCosts map[string]number `json:"reduced_costs,omitempty"`
	FarkasRow    map[string]number `json:"farkas_row,omitempty"`
	Ray          map[string]number `json:"ray,omitempty"`
	Ranging      *RangingAnswer    `json:"ranging,omitempty"`
	IIS          *IISAnswer        `json:"iis,omitempty"`
	Verification *solve.Report     `json:"verification"`
}

func byName(v []float64, name func(int) string) map[string]number {
	if v == nil {
		return nil
	}
	out := make(map[string]number, len(v))
	for i, x := range v {
		out[name(i)] = number(x)
	}
	return out
}

func colName(m *lp.Model) func(int) string {
	return func(j int) string {
		if n := m.Vars[j].Name; n != "" {
			return n
		}
		return fmt.Sprintf("C%d", j)
	}
}

func rowName(m *lp.Model) func(int) string {
	return func(i int) string {
		if n := m.Rows[i].Name; n != "" {
			return n
		}
		return fmt.Sprintf("R%d", i)
	}
}

// NewLPAnswer is the JSON form of sol, a solve of m that rep verified.
func NewLPAnswer(m *lp.Model, sol *lp.Solution, rep *solve.Report) *LPAnswer {
	a := &LPAnswer{
		Model:        m.Name,
		Status:       sol.Status.String(),
		Backend:      sol.Backend,
		Iterations:   sol.Iterations,
		SolveSeconds: sol.Time.Seconds(),
		Columns:      byName(sol.X, colName(m)),
		RowDuals:     byName(sol.RowDual, rowName(m)),
		ReducedCosts: byName(sol.ReducedCost, colName(m)),
		FarkasRow:    byName(sol.FarkasRow, rowName(m)),
		Ray:          byName(sol.Ray, colName(m)),
		Ranging:      newRangingAnswer(m, sol),
		Verification: rep,
	}
	if sol.HasPrimal() || sol.Status == lp.Unbounded {
		z := number(objective(m, sol))
		a.Objective = &z
	}
	if m.IsMIP() {
		a.Nodes = sol.Nodes
		if sol.HasPrimal() || sol.Nodes > 0 {
			bb, g := number(sol.BestBound), number(sol.Gap)
			a.BestBound, a.Gap = &bb, &g
		}
		if sol.GapTolerance > 0 {
			t := number(sol.GapTolerance)
			a.GapTolerance = &t
		}
	}
	return a
}

// objective is the value to report: ±∞ for an unbounded model, whatever
// finite value the backend left in Solution.Objective.
func objective(m *lp.Model, sol *lp.Solution) float64 {
	if sol.Status == lp.Unbounded {
		if m.Sense == lp.Maximize {
			return math.Inf(1)
		}
		return math.Inf(-1)
	}
	return sol.Objective
}

// LPTable writes the text answer of solve lp: the model, the status, the
// objective, the MIP bound, the backend's counts, the verification, the
// nonzero columns, and the ranging tables when the solution has ranging.
func LPTable(w io.Writer, m *lp.Model, sol *lp.Solution, rep *solve.Report) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	name := m.Name
	if name == "" {
		name = "-"
	}
	kind := fmt.Sprintf("LP, %d rows, %d columns, %d nonzeros", m.NumRows(), m.NumVars(), m.NumNonzeros())
	if m.IsMIP() {
		kind = "MI" + kind
	}
	fmt.Fprintf(tw, "model\t%s (%s)\n", name, kind)
	fmt.Fprintf(tw, "status\t%s\n", statusText(sol))
	if sol.HasPrimal() || sol.Status == lp.Unbounded {
		fmt.Fprintf(tw, "objective\t%.12g\n", objective(m, sol))
	}
	if m.IsMIP() && (sol.HasPrimal() || sol.Nodes > 0) {
		fmt.Fprintf(tw, "best bound\t%.12g\n", sol.BestBound)
		fmt.Fprintf(tw, "gap\t%.3g\n", sol.Gap)
		fmt.Fprintf(tw, "nodes\t%d\n", sol.Nodes)
	}
	fmt.Fprintf(tw, "backend\t%s\n", sol.Backend)
	fmt.Fprintf(tw, "iterations\t%d\n", sol.Iterations)
	fmt.Fprintf(tw, "time\t%s\n", sol.Time.Round(time.Microsecond))
	fmt.Fprintf(tw, "verification\t%s\n", rep.Summary())
	for _, p := range rep.Problems[min(1, len(rep.Problems)):] {
		fmt.Fprintf(tw, "\t%s\n", p)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if !sol.HasPrimal() {
		return nil
	}
	var rows [][2]string
	for j, x := range sol.X {
		if x != 0 {
			rows = append(rows, [2]string{colName(m)(j), fmt.Sprintf("%.10g", x)})
		}
	}
	fmt.Fprintf(w, "\n%d of %d columns nonzero\n", len(rows), len(sol.X))
	if len(rows) > 0 {
		fmt.Fprintln(tw, "column\tvalue")
		for _, r := range rows {
			fmt.Fprintf(tw, "%s\t%s\n", r[0], r[1])
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	if sol.Ranging != nil {
		return rangingTables(w, m, sol)
	}
	return nil
}

// statusText is the status as the table prints it: an Optimal MILP answer
// that stopped on a gap tolerance says so, as cbc's "Optimal (within gap
// tolerance)" does.
func statusText(sol *lp.Solution) string {
	switch {
	case sol.GapTolerance > 0 && sol.Gap <= sol.GapTolerance:
		return fmt.Sprintf("%s (within gap tolerance %g; proven gap %.3g)", sol.Status, sol.GapTolerance, sol.Gap)
	case sol.GapTolerance > 0:
		// lp_solve stops on a gap of its own and reports no bound: the
		// bound is the LP relaxation's, and the proven gap can be wider
		return fmt.Sprintf("%s (the backend stopped on gap tolerance %g; proven gap only %.3g)", sol.Status, sol.GapTolerance, sol.Gap)
	}
	return sol.Status.String()
}
