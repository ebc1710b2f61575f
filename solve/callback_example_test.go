package solve_test

import (
	"context"
	"fmt"
	"math"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/mip"
	"github.com/streamopt/streamopt/solve"
)

// knapsack is max Σ vⱼxⱼ subject to Σ wⱼxⱼ ≤ 100, x binary; its optimum is
// 197 (glpsol 5.0 on the same model).
func knapsack() *lp.Model {
	m := lp.New("knapsack", lp.Maximize)
	value := []float64{23, 31, 29, 44, 53, 38, 63, 85, 89, 82}
	weight := []float64{12, 17, 15, 23, 27, 21, 33, 43, 45, 41}
	var row []lp.Term
	for j := range value {
		row = append(row, lp.Term{Var: m.AddBinary(fmt.Sprint("x", j), value[j]), Coef: weight[j]})
	}
	m.AddLE("capacity", 100, row...)
	return m
}

// The event callback sees every new incumbent of a MILP solve as it is
// found, with its values and the bound at that moment.
func ExampleSolve_incumbentCallback() {
	var objectives []float64
	opts := solve.Options{Callbacks: solve.Callbacks{Event: func(e mip.Event) error {
		if e.Kind == mip.IncumbentEvent {
			objectives = append(objectives, e.Objective)
		}
		return nil
	}}}
	sol, _, err := solve.Solve(context.Background(), knapsack(), solve.SimplexName, opts)
	if err != nil {
		fmt.Println(err)
		return
	}
	improving := true
	for k := 1; k < len(objectives); k++ {
		improving = improving && objectives[k] > objectives[k-1]
	}
	fmt.Println(sol.Status, sol.Objective, "last incumbent:", objectives[len(objectives)-1], "improving:", improving)
	// Output: optimal 197 last incumbent: 197 improving: true
}

// Returning mip.ErrStop from the event callback ends the search: here as
// soon as an incumbent is proven within 5 % of the optimum. The answer has
// status time_limit, the incumbent, and a valid bound.
func ExampleSolve_stopFromCallback() {
	opts := solve.Options{Callbacks: solve.Callbacks{Event: func(e mip.Event) error {
		if e.Gap <= 0.05 {
			return mip.ErrStop
		}
		return nil
	}}}
	sol, rep, err := solve.Solve(context.Background(), knapsack(), solve.SimplexName, opts)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(sol.Status, rep.OK, sol.Gap <= 0.05, sol.Objective <= 197 && 197 <= sol.BestBound)
	// Output: time_limit true true true
}

// User cuts strengthen the LP relaxation with valid inequalities the model
// does not state. A stable set on the complete graph K₄, written with one
// row per edge, has the LP optimum ½ in every column (value 2); the clique
// inequality Σ xᵥ ≤ 1, returned when the LP point violates it, makes the
// root LP integral. The package's own cuts and its symmetry handling (K₄'s
// columns are all interchangeable) are off, so that the callback's cut is
// what closes the root.
func ExampleSolve_userCuts() {
	m := lp.New("stable set", lp.Maximize)
	for v := 0; v < 4; v++ {
		m.AddBinary(fmt.Sprint("x", v), 1)
	}
	for u := 0; u < 4; u++ {
		for v := u + 1; v < 4; v++ {
			m.AddLE(fmt.Sprintf("edge%d%d", u, v), 1, lp.Term{Var: u, Coef: 1}, lp.Term{Var: v, Coef: 1})
		}
	}
	clique := lp.Row{Name: "clique", Ind: []int{0, 1, 2, 3}, Val: []float64{1, 1, 1, 1}, Lower: math.Inf(-1), Upper: 1}
	cuts := func(p mip.Point) ([]lp.Row, error) {
		if p.X[0]+p.X[1]+p.X[2]+p.X[3] > 1+1e-6 {
			return []lp.Row{clique}, nil
		}
		return nil, nil
	}
	opts := solve.Options{Raw: map[string]string{"cuts": "off", "symmetry": "off"}, Callbacks: solve.Callbacks{Cuts: cuts}}
	sol, _, err := solve.Solve(context.Background(), m, solve.SimplexName, opts)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(sol.Status, sol.Objective, "nodes:", sol.Nodes)
	// Output: optimal 1 nodes: 1
}

// Lazy constraints are rows the model leaves out and the callback hands out
// when a candidate solution violates them. A travelling salesman tour on six
// cities, two groups of three far apart: the degree rows alone are
// satisfied by two triangles (length 2·40 = 80); the subtour elimination
// row Σ_{e ⊆ S} xₑ ≤ |S| − 1 of each cycle of a candidate is returned
// lazily. The shortest tour, 240, was checked by trying all 60 tours.
func ExampleSolve_lazyConstraints() {
	// the cities: three at x = 0 and three at x = 100, 10 apart in y
	pts := [][2]float64{{0, 0}, {0, 10}, {0, 20}, {100, 0}, {100, 10}, {100, 20}}
	m := lp.New("tsp", lp.Minimize)
	var edges [][2]int
	deg := make([][]lp.Term, len(pts))
	for i := range pts {
		for j := i + 1; j < len(pts); j++ {
			d := math.Hypot(pts[i][0]-pts[j][0], pts[i][1]-pts[j][1])
			e := m.AddBinary(fmt.Sprintf("x%d%d", i, j), math.Round(d))
			edges = append(edges, [2]int{i, j})
			deg[i] = append(deg[i], lp.Term{Var: e, Coef: 1})
			deg[j] = append(deg[j], lp.Term{Var: e, Coef: 1})
		}
	}
	for i := range deg {
		m.AddEQ(fmt.Sprint("degree", i), 2, deg[i]...)
	}
	// subtours returns a row for each cycle of x that is not the whole tour
	subtours := func(p mip.Point) ([]lp.Row, error) {
		city := make([]int, len(pts)) // the cycle of each city
		for i := range city {
			city[i] = i
		}
		for changed := true; changed; {
			changed = false
			for e, ij := range edges {
				a, b := city[ij[0]], city[ij[1]]
				if p.X[e] > 0.5 && a != b {
					city[ij[0]], city[ij[1]] = min(a, b), min(a, b)
					changed = true
				}
			}
		}
		var rows []lp.Row
		for c := range pts {
			r := lp.Row{Name: fmt.Sprint("subtour", c), Lower: math.Inf(-1)}
			size := 0
			for i := range pts {
				if city[i] == c {
					size++
				}
			}
			if size == 0 || size == len(pts) {
				continue
			}
			for e, ij := range edges {
				if city[ij[0]] == c && city[ij[1]] == c {
					r.Ind, r.Val = append(r.Ind, e), append(r.Val, 1)
				}
			}
			r.Upper = float64(size - 1)
			rows = append(rows, r)
		}
		return rows, nil
	}
	opts := solve.Options{Callbacks: solve.Callbacks{Lazy: subtours}}
	sol, rep, err := solve.Solve(context.Background(), m, solve.SimplexName, opts)
	if err != nil {
		fmt.Println(err)
		return
	}
	// Verify checked the tour against the model and every lazy row.
	fmt.Println(sol.Status, sol.Objective, "verified:", rep.OK, "with lazy rows:", rep.LazyRows > 0)
	// Output: optimal 240 verified: true with lazy rows: true
}
