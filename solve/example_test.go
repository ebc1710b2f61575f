package solve_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sync"

	"github.com/streamopt/streamopt/fault"
	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/solve"
)

// boxBackend solves models without rows: each column goes to the bound its
// objective coefficient prefers. It stands in for a real backend here.
type boxBackend struct{}

func (boxBackend) Name() string                     { return "box" }
func (boxBackend) Capabilities() solve.Capabilities { return solve.Capabilities{LP: true} }
func (boxBackend) Solve(_ context.Context, m *lp.Model, _ solve.Options) (*lp.Solution, error) {
	if m.NumRows() > 0 {
		return nil, fmt.Errorf("box backend: %d rows, want none", m.NumRows())
	}
	x := make([]float64, m.NumVars())
	for j, v := range m.Vars {
		c := m.Obj[j]
		if m.Sense == lp.Maximize {
			c = -c
		}
		switch {
		case v.Lower > v.Upper:
			return &lp.Solution{Status: lp.Infeasible}, nil
		case c > 0:
			x[j] = v.Lower
		case c < 0:
			x[j] = v.Upper
		default:
			x[j] = math.Max(v.Lower, math.Min(0, v.Upper))
		}
		if math.IsInf(x[j], 0) {
			return &lp.Solution{Status: lp.Unbounded}, nil
		}
	}
	return &lp.Solution{Status: lp.Optimal, X: x, Objective: m.Objective(x)}, nil
}

var registerBox = sync.OnceFunc(func() {
	solve.Register("box", func() solve.Backend { return boxBackend{} })
})

func ExampleRegister() {
	registerBox()
	b, err := solve.Open("box")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s: %+v\n", b.Name(), b.Capabilities())
	// Output: box: {LP:true MILP:false Duals:false Rays:false SOS:false Callbacks:false Ranging:false Presolve:false Start:false Basis:false}
}

func ExampleSolve() {
	registerBox()
	// max 2x − y + 1 over 0 ≤ x ≤ 3, −1 ≤ y ≤ 4: x = 3, y = −1, z = 8.
	m := lp.New("box", lp.Maximize)
	m.AddVar("x", 0, 3, 2)
	m.AddVar("y", -1, 4, -1)
	m.ObjOffset = 1
	sol, rep, err := solve.Solve(context.Background(), m, "box", solve.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(sol.Status, sol.Objective, sol.X, sol.Backend, rep.OK)

	// The same model with an integer column is refused, not silently relaxed.
	m.Vars[0].Integer = true
	_, _, err = solve.Solve(context.Background(), m, "box", solve.Options{})
	fmt.Println(err)
	// Output:
	// optimal 8 [3 -1] box true
	// solve: backend "box" missing capability MILP: the model has 1 integer columns
}

func ExampleVerify() {
	// min x + y s.t. x + 2y ≥ 4, 3x + y ≥ 6, x, y ≥ 0; optimum (1.6, 1.2)
	// with row duals (0.4, 0.2), derived by hand.
	m := lp.New("demo", lp.Minimize)
	x := m.AddVar("x", 0, lp.Inf, 1)
	y := m.AddVar("y", 0, lp.Inf, 1)
	m.AddGE("a", 4, lp.Term{Var: x, Coef: 1}, lp.Term{Var: y, Coef: 2})
	m.AddGE("b", 6, lp.Term{Var: x, Coef: 3}, lp.Term{Var: y, Coef: 1})
	good := &lp.Solution{Status: lp.Optimal, Objective: 2.8, X: []float64{1.6, 1.2},
		RowDual: []float64{0.4, 0.2}, ReducedCost: []float64{0, 0}}
	rep := solve.Verify(m, good, solve.DefaultTolerances())
	fmt.Printf("ok=%v dual objective %.4g gap below 1e-12: %v\n", rep.OK, rep.DualObjective, rep.DualityGap < 1e-12)

	// Duals with the signs of a maximisation fail the check.
	bad := *good
	bad.RowDual = []float64{-0.4, -0.2}
	bad.ReducedCost = []float64{2, 2}
	rep = solve.Verify(m, &bad, solve.DefaultTolerances())
	fmt.Println(rep.OK, rep.Problems[0])
	// Output:
	// ok=true dual objective 2.8 gap below 1e-12: true
	// false row 0 (a): dual -0.4 says an infinite bound is active (scaled 0.2 > 1e-07)
}

// CheckBackend refuses a backend name before any work starts, with an
// input error that lists the backends compiled in.
func ExampleCheckBackend() {
	fmt.Println(solve.CheckBackend("auto"))
	fmt.Println(solve.CheckBackend("simplex"))
	err := solve.CheckBackend("bogus")
	fmt.Println(errors.Is(err, solve.ErrUnknownBackend), fault.Of(err))
	// Output:
	// <nil>
	// <nil>
	// true input
}

func ExampleSequence() {
	// The range of x + y over x + 2y ≤ 4, 3x + y ≤ 6, x, y ≥ 0, as bound
	// tightening finds it: one model, two objectives, the second solve
	// starting from the first one's basis on the pure-Go simplex.
	m := lp.New("range", lp.Minimize)
	x := m.AddVar("x", 0, lp.Inf, 0)
	y := m.AddVar("y", 0, lp.Inf, 0)
	m.AddLE("r1", 4, lp.Term{Var: x, Coef: 1}, lp.Term{Var: y, Coef: 2})
	m.AddLE("r2", 6, lp.Term{Var: x, Coef: 3}, lp.Term{Var: y, Coef: 1})
	q, err := solve.NewSequence(m, solve.SimplexName, solve.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, sense := range []lp.Sense{lp.Minimize, lp.Maximize} {
		q.SetObjective(sense, []float64{1, 1})
		sol, rep, err := q.Solve(context.Background())
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%v: %v %.4g (verified %v)\n", sense, sol.Status, sol.Objective, rep.OK)
	}
	// Output:
	// min: optimal 0 (verified true)
	// max: optimal 2.8 (verified true)
}

// Options.Presolve switches a backend's presolve off (or on); a backend
// that has none solves the model as given and refuses PresolveOn.
func ExamplePresolve() {
	m := lp.New("plan", lp.Maximize)
	x := m.AddVar("x", 0, lp.Inf, 3)
	y := m.AddVar("y", 0, 4, 2)
	m.AddLE("capacity", 10, lp.Term{Var: x, Coef: 1}, lp.Term{Var: y, Coef: 2})
	sol, _, err := solve.Solve(context.Background(), m, solve.SimplexName, solve.Options{Presolve: solve.PresolveOff})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(sol.Status, sol.Objective)
	// Output: optimal 30
}

// Options.Ranging adds the sensitivity analysis of the optimal basis to
// the solution: here y's objective coefficient may move over [0, 3] (by
// hand: the reduced cost of x, 3 − c_y, and the capacity dual, c_y, must
// stay non-negative) before the basis changes.
func ExampleOptions_ranging() {
	m := lp.New("plan", lp.Maximize)
	x := m.AddVar("x", 0, 3.5, 3)
	y := m.AddVar("y", 0, lp.Inf, 2)
	m.AddLE("capacity", 4, lp.Term{Var: x, Coef: 1}, lp.Term{Var: y, Coef: 1})
	m.AddLE("labour", 6, lp.Term{Var: x, Coef: 1}, lp.Term{Var: y, Coef: 3})
	sol, _, err := solve.Solve(context.Background(), m, "auto", solve.Options{Ranging: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	c := sol.Ranging.Cols[y].Cost
	fmt.Printf("c_y in [%.4g, %.4g], objective %.4g to %.4g\n", c[0].Value, c[1].Value, c[0].Objective, c[1].Objective)
	// Output: c_y in [0, 3], objective 10.5 to 12
}

func ExampleOptions_start() {
	// max 5a + 4b + 3c, 2a + 3b + c ≤ 4 over binaries: a = c = 1, z = 8
	// (by hand). The start gives a = 1 only; the simplex backend fixes it
	// and completes the rest by a small sub-MIP, the first incumbent.
	m := lp.New("knap", lp.Maximize)
	a := m.AddBinary("a", 5)
	b := m.AddBinary("b", 4)
	c := m.AddBinary("c", 3)
	m.AddLE("w", 4, lp.Term{Var: a, Coef: 2}, lp.Term{Var: b, Coef: 3}, lp.Term{Var: c, Coef: 1})
	start := []float64{1, math.NaN(), math.NaN()}
	sol, _, err := solve.Solve(context.Background(), m, solve.SimplexName, solve.Options{Start: start})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(sol.Status, sol.Objective, sol.X, sol.Warnings)

	// The LP relaxation (a = c = 1, b = 1/3: z = 28/3): the final basis,
	// and a re-solve from it.
	m.Vars[0].Integer, m.Vars[1].Integer, m.Vars[2].Integer = false, false, false
	sol, _, err = solve.Solve(context.Background(), m, solve.SimplexName, solve.Options{WantBasis: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	again, _, err := solve.Solve(context.Background(), m, solve.SimplexName, solve.Options{Basis: sol.Basis})
	fmt.Printf("%.4f %v %.4f %d %v\n", sol.Objective, sol.Basis.Cols, again.Objective, again.Iterations, err)
	// Output:
	// optimal 8 [1 0 1] []
	// 9.3333 [at_upper basic at_upper] 9.3333 0 <nil>
}
