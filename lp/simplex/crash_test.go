package simplex

import (
	"context"
	"math"
	"path/filepath"
	"testing"

	"github.com/streamopt/streamopt/internal/instances"
	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/mps"
)

// TestStartAndWantBasis: on NETLIB instances, a solve started from the
// optimal point of a cold solve (Options.Start) reaches the optimum of
// optimal.csv, in fewer iterations than the cold solves over all the
// instances together; a start with no
// values (all NaN) reaches it too; and WantBasis returns a basis with one
// basic entry per row from which a re-solve takes no iteration.
func TestStartAndWantBasis(t *testing.T) {
	dir := instances.DirOrSkip(t)
	opt := map[string]float64{}
	for _, in := range loadNetlib(t) {
		opt[in.Name] = in.Optimum
	}
	ctx := context.Background()
	sumCold, sumWarm := 0, 0
	for _, name := range []string{"afiro", "adlittle", "blend", "share2b", "israel", "stocfor1"} {
		m, err := mps.ReadFile(filepath.Join(dir, "netlib", name+".mps"))
		if err != nil {
			t.Fatal(err)
		}
		check := func(what string, sol *lp.Solution, err error) {
			t.Helper()
			if err != nil || sol.Status != lp.Optimal || math.Abs(sol.Objective-opt[name]) > netlibTol*math.Max(1, math.Abs(opt[name])) {
				t.Fatalf("%s %s: %v %v, objective %v want %v", name, what, sol.Status, err, sol.Objective, opt[name])
			}
		}
		cold, err := Solve(ctx, m, Options{WantBasis: true})
		check("cold", cold, err)
		if cold.Basis == nil || cold.Basis.NumBasic() != len(m.Rows) {
			t.Fatalf("%s: WantBasis gave %v", name, cold.Basis)
		}
		again, err := Solve(ctx, m, Options{Basis: cold.Basis})
		check("from the final basis", again, err)
		if again.Iterations != 0 {
			t.Errorf("%s: re-solve from the final basis took %d iterations", name, again.Iterations)
		}
		plain, err := Solve(ctx, m, Options{NoPresolve: true})
		check("no presolve", plain, err)
		warm, err := Solve(ctx, m, Options{Start: plain.X})
		check("start", warm, err)
		sumCold += plain.Iterations
		sumWarm += warm.Iterations
		none := make([]float64, len(m.Vars))
		for j := range none {
			none[j] = math.NaN()
		}
		empty, err := Solve(ctx, m, Options{Start: none})
		check("empty start", empty, err)
		t.Logf("%-9s cold %4d  start from the optimum %4d  empty start %4d",
			name, plain.Iterations, warm.Iterations, empty.Iterations)
	}
	// Not every instance gains: from a degenerate optimal point, the
	// basis BasisFromPoint completes may be singular (israel), and the
	// repair moves the point; together they do.
	if sumWarm >= sumCold {
		t.Errorf("from the optimal points %d iterations in all, cold %d", sumWarm, sumCold)
	}
}

// TestBasisFromPoint checks the counts and statuses on a hand-made model:
// x interior, y at its upper bound, z without a value (lower bound 0),
// one row strictly inside, one at its bound.
func TestBasisFromPoint(t *testing.T) {
	m := lp.New("p", lp.Minimize)
	x := m.AddVar("x", 0, 10, 1)
	y := m.AddVar("y", 0, 2, 1)
	z := m.AddVar("z", 0, lp.Inf, 1)
	m.AddLE("r1", 20, lp.Term{Var: x, Coef: 1}, lp.Term{Var: y, Coef: 1})                          // 5 + 2 = 7 < 20: basic
	m.AddGE("r2", 7, lp.Term{Var: x, Coef: 1}, lp.Term{Var: y, Coef: 1}, lp.Term{Var: z, Coef: 1}) // 7: at lower
	b := BasisFromPoint(m, []float64{5, 2, math.NaN()})
	want := lp.Basis{Cols: []lp.BasisStatus{lp.Basic, lp.AtUpper, lp.AtLower}, Rows: []lp.BasisStatus{lp.Basic, lp.AtLower}}
	if b.NumBasic() != 2 || !equalBasis(b, want) {
		t.Fatalf("got %v, want %v", b, want)
	}
	// two interior columns and two basic rows: both columns go to their
	// nearest bound (x: 10 − 5.5 < 5.5)
	b = BasisFromPoint(m, []float64{5.5, 1.9, math.NaN()})
	want = lp.Basis{Cols: []lp.BasisStatus{lp.AtUpper, lp.AtUpper, lp.AtLower}, Rows: []lp.BasisStatus{lp.Basic, lp.Basic}}
	if !equalBasis(b, want) {
		t.Fatalf("got %v, want %v", b, want)
	}
}

func equalBasis(a, b lp.Basis) bool {
	if len(a.Cols) != len(b.Cols) || len(a.Rows) != len(b.Rows) {
		return false
	}
	for j := range a.Cols {
		if a.Cols[j] != b.Cols[j] {
			return false
		}
	}
	for i := range a.Rows {
		if a.Rows[i] != b.Rows[i] {
			return false
		}
	}
	return true
}
