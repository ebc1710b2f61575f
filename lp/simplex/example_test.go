package simplex_test

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/simplex"
)

// A small production plan: maximise 3x + 2y subject to x + y ≤ 4,
// x + 3y ≤ 6, x ≤ 3. The optimum is x = 3, y = 1 with value 11.
func ExampleSolve() {
	m := lp.New("plan", lp.Maximize)
	x := m.AddVar("x", 0, lp.Inf, 3)
	y := m.AddVar("y", 0, lp.Inf, 2)
	m.AddLE("capacity", 4, lp.Term{Var: x, Coef: 1}, lp.Term{Var: y, Coef: 1})
	m.AddLE("labour", 6, lp.Term{Var: x, Coef: 1}, lp.Term{Var: y, Coef: 3})
	m.AddLE("market", 3, lp.Term{Var: x, Coef: 1})
	sol, err := simplex.Solve(context.Background(), m, simplex.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%v %.4g x=%.4g y=%.4g\n", sol.Status, sol.Objective, sol.X[x], sol.X[y])
	// Output: optimal 11 x=3 y=1
}

// Branch-and-bound style use: solve, tighten a bound, re-solve from the
// previous basis (the dual simplex continues from it).
func ExampleSolver() {
	m := lp.New("knap", lp.Maximize)
	a := m.AddVar("a", 0, 1, 5)
	b := m.AddVar("b", 0, 1, 4)
	m.AddLE("weight", 1.5, lp.Term{Var: a, Coef: 1}, lp.Term{Var: b, Coef: 1})
	sv, err := simplex.New(m, simplex.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	sol, _ := sv.Solve(context.Background())
	fmt.Printf("relaxation %.4g (a=%.4g b=%.4g)\n", sol.Objective, sol.X[a], sol.X[b])
	sv.SetColBounds(b, 0, 0) // branch b = 0
	sol, _ = sv.Solve(context.Background())
	fmt.Printf("b=0: %.4g (a=%.4g)\n", sol.Objective, sol.X[a])
	sv.SetColBounds(b, 1, 1) // branch b = 1
	sol, _ = sv.Solve(context.Background())
	fmt.Printf("b=1: %.4g (a=%.4g)\n", sol.Objective, sol.X[a])
	// Output:
	// relaxation 7 (a=1 b=0.5)
	// b=0: 5 (a=1)
	// b=1: 6.5 (a=0.5)
}

// Cost and right-hand-side ranging of an optimal basis: maximise 3x + 2y
// s.t. x + y ≤ 4, x + 3y ≤ 6, 0 ≤ x ≤ 3.5. At the optimum (x = 3.5,
// y = 0.5) y's coefficient may range over [0, 3] and the capacity over
// [3.5, 4.33] before the basis changes.
func ExampleSolver_Ranging() {
	m := lp.New("plan", lp.Maximize)
	x := m.AddVar("x", 0, 3.5, 3)
	y := m.AddVar("y", 0, lp.Inf, 2)
	capacity := m.AddLE("capacity", 4, lp.Term{Var: x, Coef: 1}, lp.Term{Var: y, Coef: 1})
	m.AddLE("labour", 6, lp.Term{Var: x, Coef: 1}, lp.Term{Var: y, Coef: 3})
	sv, err := simplex.New(m, simplex.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	if _, err := sv.Solve(context.Background()); err != nil {
		fmt.Println(err)
		return
	}
	rg, err := sv.Ranging(context.Background())
	if err != nil {
		fmt.Println(err)
		return
	}
	c := rg.Cols[y].Cost
	fmt.Printf("cost of y in [%.4g, %.4g]; above it %s enters and %s leaves\n", c[0].Value, c[1].Value, c[1].Entering.Name(m), c[1].Leaving.Name(m))
	a := rg.Rows[capacity].Activity
	fmt.Printf("capacity in [%.4g, %.4g], objective %.4g to %.4g\n", a[0].Value, a[1].Value, a[0].Objective, a[1].Objective)
	// Output:
	// cost of y in [0, 3]; above it x enters and labour leaves
	// capacity in [3.5, 4.333], objective 10.5 to 12.17
}

// A starting basis from a point: x + y ≤ 4, x + 3y ≤ 7, 0 ≤ x ≤ 3, at
// x = 3 and y without a value (it goes to its bound 0): x sits at its
// upper bound, both rows are slack (3 < 4, 3 < 7), so both logicals are
// basic. Solve then starts from that basis (Options.Start does the same).
func ExampleBasisFromPoint() {
	m := lp.New("plan", lp.Maximize)
	x := m.AddVar("x", 0, 3, 3)
	y := m.AddVar("y", 0, lp.Inf, 2)
	m.AddLE("c1", 4, lp.Term{Var: x, Coef: 1}, lp.Term{Var: y, Coef: 1})
	m.AddLE("c2", 7, lp.Term{Var: x, Coef: 1}, lp.Term{Var: y, Coef: 3})
	b := simplex.BasisFromPoint(m, []float64{3, math.NaN()})
	fmt.Println(b.Cols, b.Rows)
	sol, err := simplex.Solve(context.Background(), m, simplex.Options{Basis: &b})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(sol.Status, sol.Objective, sol.X, sol.Iterations, "iteration")
	// Output:
	// [at_upper at_lower] [basic basic]
	// optimal 11 [3 1] 1 iteration
}

// Strong-branching style use: a child LP is re-solved with a cap on its
// iterations, and DualBound gives the bound its last basis proves, which a
// branch and bound can prune or score with. Minimise 2a + 3b + 4c + 6d
// subject to a + b + c + d ≥ 2.5 and a + 2b ≤ 2.5, all in [0, 1]: the LP
// optimum is 7.25 (a = 1, b = 0.75, c = 0.75, by hand); the child b = 0
// has the optimum 9 (a = c = 1, d = 0.5). Capped at one iteration, the
// child's re-solve proves 8, between the two.
func ExampleSolver_SetIterationLimit() {
	m := lp.New("child", lp.Minimize)
	a := m.AddVar("a", 0, 1, 2)
	b := m.AddVar("b", 0, 1, 3)
	c := m.AddVar("c", 0, 1, 4)
	d := m.AddVar("d", 0, 1, 6)
	m.AddGE("cover", 2.5, lp.Term{Var: a, Coef: 1}, lp.Term{Var: b, Coef: 1}, lp.Term{Var: c, Coef: 1}, lp.Term{Var: d, Coef: 1})
	m.AddLE("limit", 2.5, lp.Term{Var: a, Coef: 1}, lp.Term{Var: b, Coef: 2})
	sv, err := simplex.New(m, simplex.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	root, _ := sv.Solve(context.Background())
	fmt.Printf("root %v %.4g\n", root.Status, root.Objective)
	rootBasis := sv.Basis()
	for _, limit := range []int{1, 0} {
		if err := sv.SetIterationLimit(limit); err != nil {
			fmt.Println(err)
			return
		}
		sv.SetColBounds(b, 0, 0)
		child, _ := sv.Solve(context.Background())
		fmt.Printf("limit %d: child %v after %d iterations, bound %.4g\n", limit, child.Status, child.Iterations, sv.DualBound())
		sv.SetColBounds(b, 0, 1)
		if err := sv.SetBasis(rootBasis); err != nil {
			fmt.Println(err)
			return
		}
	}
	// Output:
	// root optimal 7.25
	// limit 1: child iteration_limit after 1 iterations, bound 8
	// limit 0: child optimal after 2 iterations, bound 9
}

// Cuts come and go in a branch and bound: maximise 5a + 4b s.t.
// a + b ≤ 1.5 over [0,1]², add the cut b ≤ 0 (which the optimum a = 1,
// b = 0.5 violates) and a loose cut a + 2b ≤ 10, re-solve, then delete the
// loose cut, whose logical is basic (slack): the basis stays optimal, so
// the next Solve takes no iteration. Deleting the tight cut b ≤ 0 is
// refused with ErrRowNotBasic.
func ExampleSolver_DeleteRows() {
	m := lp.New("knap", lp.Maximize)
	a := m.AddVar("a", 0, 1, 5)
	b := m.AddVar("b", 0, 1, 4)
	m.AddLE("weight", 1.5, lp.Term{Var: a, Coef: 1}, lp.Term{Var: b, Coef: 1})
	sv, err := simplex.New(m, simplex.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	sol, _ := sv.Solve(context.Background())
	fmt.Printf("relaxation %.4g\n", sol.Objective)
	cuts := []lp.Row{
		{Name: "cut", Ind: []int{b}, Val: []float64{1}, Lower: math.Inf(-1), Upper: 0},
		{Name: "loose", Ind: []int{a, b}, Val: []float64{1, 2}, Lower: math.Inf(-1), Upper: 10},
	}
	if err := sv.AddRows(cuts); err != nil {
		fmt.Println(err)
		return
	}
	sol, _ = sv.Solve(context.Background())
	fmt.Printf("with the cuts %.4g, rows %v\n", sol.Objective, sv.Basis().Rows)
	err = sv.DeleteRows([]int{1})
	fmt.Println("delete the tight cut:", errors.Is(err, simplex.ErrRowNotBasic))
	if err := sv.DeleteRows([]int{2}); err != nil {
		fmt.Println(err)
		return
	}
	sol, _ = sv.Solve(context.Background())
	fmt.Printf("loose cut deleted: %.4g after %d iterations, %d rows\n", sol.Objective, sol.Iterations, len(sv.Basis().Rows))
	// Output:
	// relaxation 7
	// with the cuts 5, rows [basic at_upper basic]
	// delete the tight cut: true
	// loose cut deleted: 5 after 0 iterations, 2 rows
}
