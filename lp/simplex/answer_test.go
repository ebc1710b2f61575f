package simplex

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/streamopt/streamopt/lp"
)

// sameBits reports whether a and b hold the same float64 bit patterns.
func sameBits(a, b []float64) bool {
	return slices.EqualFunc(a, b, func(u, v float64) bool { return math.Float64bits(u) == math.Float64bits(v) })
}

// TestOptimalAnswerSums checks the shortcuts of optimalAnswer against the
// plain sums they replace, to the last bit: the row activities summed over
// the nonzero columns against Model.Activities, the reduced costs summed
// over the rows with nonzero duals against c − Aᵀy over all rows, and the
// Aᵀy it keeps for the answer check. The models are random LPs solved
// warm after bound changes (many zero values and duals), one with its
// rows' entries in descending column order (the row-by-row fallback) and
// one with a cost of −0 (where zero duals count).
func TestOptimalAnswerSums(t *testing.T) {
	for seed := uint64(1); seed <= 12; seed++ {
		m := randomLP(seed, 10, 16, 0.4)
		switch seed % 3 {
		case 1:
			for i := range m.Rows {
				slices.Reverse(m.Rows[i].Ind)
				slices.Reverse(m.Rows[i].Val)
			}
		case 2:
			m.Obj[0] = math.Copysign(0, -1)
		}
		sv, err := New(m, Options{})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 7))
		for round := 0; round < 6; round++ {
			sol, err := sv.Solve(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if sol.Status != lp.Optimal {
				break
			}
			mod := sv.model
			if act := mod.Activities(sol.X); !sameBits(sol.RowActivity, act) {
				t.Fatalf("seed %d round %d: RowActivity %v, Model.Activities %v", seed, round, sol.RowActivity, act)
			}
			if z := mod.Objective(sol.X); math.Float64bits(z) != math.Float64bits(sol.Objective) {
				t.Fatalf("seed %d round %d: Objective %v, Model.Objective %v", seed, round, sol.Objective, z)
			}
			d := slices.Clone(mod.Obj)
			aty := make([]float64, len(d))
			for i := range mod.Rows {
				r := &mod.Rows[i]
				for k, j := range r.Ind {
					d[j] -= r.Val[k] * sol.RowDual[i]
					aty[j] += r.Val[k] * sol.RowDual[i]
				}
			}
			for j := range d {
				if sol.ReducedCost[j] == 0 && math.Abs(d[j]) < 1e-9*(1+math.Abs(mod.Obj[j])) {
					d[j] = 0 // a basic column's, set to zero by optimalAnswer
				}
			}
			if !sameBits(sol.ReducedCost, d) {
				t.Fatalf("seed %d round %d: ReducedCost %v, c − Aᵀy %v", seed, round, sol.ReducedCost, d)
			}
			if !sameBits(sv.s.aty, aty) {
				t.Fatalf("seed %d round %d: kept Aᵀy %v, summed %v", seed, round, sv.s.aty, aty)
			}
			// a branch-like bound change for the next round
			j := rng.IntN(len(m.Vars))
			lo, hi := sv.ColBounds(j)
			if rng.IntN(2) == 0 {
				hi = math.Max(lo, math.Floor(sol.X[j]-0.5))
			} else {
				lo = math.Min(hi, math.Ceil(sol.X[j]+0.5))
			}
			sv.SetColBounds(j, lo, hi)
		}
	}
}

// TestKeptDualsFreedColumn: a Solver that keeps its duals between solves
// (and so leaves the reduced costs of fixed columns stale, computing one
// when SetColBounds frees its column) follows the same path, to the last
// bit, as one that recomputes all duals before each solve, through random
// sequences of fixing and freeing columns.
func TestKeptDualsFreedColumn(t *testing.T) {
	for seed := uint64(1); seed <= 30; seed++ {
		m := randomLP(seed, 8, 14, 0.4)
		kept, err := New(m, Options{})
		if err != nil {
			t.Fatal(err)
		}
		fresh, _ := New(m, Options{})
		rng := rand.New(rand.NewPCG(seed, 3))
		var sol *lp.Solution
		var fixed []int
		for round := 0; round < 16; round++ {
			if sol != nil {
				// every other round frees a fixed column, if there is one
				j := rng.IntN(len(m.Vars))
				if round%2 == 0 && len(fixed) > 0 {
					k := rng.IntN(len(fixed))
					j = fixed[k]
					fixed = slices.Delete(fixed, k, k+1)
				}
				lo, hi := m.Vars[j].Lower, m.Vars[j].Upper // free it
				if cl, ch := kept.ColBounds(j); cl != ch {
					fixed = append(fixed, j)
					// fix it at its value or its lower bound
					lo, hi = sol.X[j], sol.X[j]
					if rng.IntN(2) == 0 {
						lo, hi = cl, cl
					}
				}
				kept.SetColBounds(j, lo, hi)
				fresh.SetColBounds(j, lo, hi)
			}
			fresh.dualsKept = false
			a, err := kept.Solve(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			b, err := fresh.Solve(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if a.Status != b.Status || a.Iterations != b.Iterations || !sameBits(a.X, b.X) ||
				!sameBits(a.RowDual, b.RowDual) || !sameBits(a.ReducedCost, b.ReducedCost) {
				t.Fatalf("seed %d round %d: kept duals %v after %d iterations, fresh duals %v after %d (or the answers differ)",
					seed, round, a.Status, a.Iterations, b.Status, b.Iterations)
			}
			if a.Status == lp.Optimal {
				sol = a
			}
		}
	}
}
