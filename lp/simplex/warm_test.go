package simplex

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/streamopt/streamopt/lp"
)

// TestWarmFactorReuse checks the factorisation count of warm starts: a
// Solve after bound changes reuses the factors when it needs few
// iterations (fewer than refactorEvery, so no scheduled refactorisation),
// SetBasis of the current basis does not factorise, and SetBasis of
// another basis factorises exactly once. Every warm answer is checked
// against a cold solve of the same model.
func TestWarmFactorReuse(t *testing.T) {
	tests := []struct {
		seed uint64
		m, n int
	}{
		{1, 40, 60}, {2, 60, 80}, {3, 80, 70}, {4, 30, 90}, {5, 100, 120},
	}
	ctx := context.Background()
	asserted := 0
	for _, tc := range tests {
		m := randomLP(tc.seed, tc.m, tc.n, 0.06)
		sv, err := New(m, Options{})
		if err != nil {
			t.Fatal(err)
		}
		sol, err := sv.Solve(ctx)
		if err != nil || sol.Status != lp.Optimal {
			t.Fatalf("seed %d: first solve %v %v", tc.seed, sol.Status, err)
		}
		rootBasis := sv.Basis()
		rootObj := sol.Objective

		// SetBasis of the current basis: no factorisation, no iteration
		before := sv.s.lu.count
		if err := sv.SetBasis(rootBasis); err != nil {
			t.Fatal(err)
		}
		if got := sv.s.lu.count - before; got != 0 {
			t.Errorf("seed %d: SetBasis(current basis) factorised %d times, want 0", tc.seed, got)
		}
		again, err := sv.Solve(ctx)
		if err != nil || again.Status != lp.Optimal || again.Iterations != 0 || !near(again.Objective, rootObj, 1e-9) {
			t.Fatalf("seed %d: re-solve of an optimal basis: %v %v, %d iterations, objective %g want %g", tc.seed, again.Status, err, again.Iterations, again.Objective, rootObj)
		}

		// bound changes on columns that are basic at the optimum, around
		// their values, so that the basis turns primal infeasible; after
		// each, back to the root bounds and basis
		tried := 0
		for j, st := range rootBasis.Cols {
			lo, hi := sv.ColBounds(j)
			if st != Basic || hi-lo <= 1 || tried == 6 {
				continue
			}
			tried++
			nlo, nhi := lo, hi
			if v := sol.X[j]; v-math.Max(lo, -1e6) > math.Min(hi, 1e6)-v {
				nhi = v - 0.5
			} else {
				nlo = v + 0.5
			}
			mod := m.Clone()
			mod.Vars[j].Lower, mod.Vars[j].Upper = nlo, nhi
			sv.SetColBounds(j, nlo, nhi)
			before = sv.s.lu.count
			updatesBefore, growthBefore := sv.s.lu.numUpdates(), sv.s.lu.growth()
			unstableBefore := sv.s.lu.unstableCount
			warm, err := sv.Solve(ctx)
			if err != nil {
				t.Fatal(err)
			}
			cold, err := Solve(ctx, mod, Options{NoPresolve: true})
			if err != nil {
				t.Fatal(err)
			}
			if warm.Status != cold.Status || cold.Status == lp.Optimal && !near(warm.Objective, cold.Objective, 1e-8) {
				t.Fatalf("seed %d column %d: warm %v %.12g, cold %v %.12g", tc.seed, j, warm.Status, warm.Objective, cold.Status, cold.Objective)
			}
			if warm.Status == lp.Optimal {
				if err := checkOptimal(mod, warm); err != nil {
					t.Fatalf("seed %d column %d: %v", tc.seed, j, err)
				}
				// The updates add at most 2(m−1) nonzeros per
				// iteration; while they cannot reach the refactorisation
				// threshold, an optimal warm solve must not factorise
				// unless an update was unstable.
				// (An infeasible one confirms its certificate on fresh
				// factors.)
				if f := &sv.s.lu; updatesBefore+warm.Iterations < refactorEvery &&
					growthBefore+warm.Iterations*2*(tc.m-1) <= f.growthLimit() && f.unstableCount == unstableBefore {
					asserted++
					if got := f.count - before; got != 0 {
						t.Errorf("seed %d column %d: warm solve of %d iterations factorised %d times, want 0", tc.seed, j, warm.Iterations, got)
					}
				}
			}

			// back to the root: SetBasis factorises once if the basis
			// changed, and the root optimum needs no iteration
			sv.SetColBounds(j, lo, hi)
			cur := sv.Basis()
			differs := false
			for k := range cur.Cols {
				if (cur.Cols[k] == Basic) != (rootBasis.Cols[k] == Basic) {
					differs = true
				}
			}
			want := 0
			if differs {
				want = 1
			}
			before = sv.s.lu.count
			if err := sv.SetBasis(rootBasis); err != nil {
				t.Fatal(err)
			}
			if got := sv.s.lu.count - before; got != want {
				t.Errorf("seed %d column %d: SetBasis(root basis) factorised %d times, want %d", tc.seed, j, got, want)
			}
			back, err := sv.Solve(ctx)
			if err != nil || back.Status != lp.Optimal || back.Iterations != 0 || !near(back.Objective, rootObj, 1e-9) {
				t.Fatalf("seed %d column %d: root basis restored: %v %v, %d iterations, objective %g want %g", tc.seed, j, back.Status, err, back.Iterations, back.Objective, rootObj)
			}
			if err := checkOptimal(m, back); err != nil {
				t.Fatalf("seed %d column %d: %v", tc.seed, j, err)
			}
		}
	}
	if asserted < 5 {
		t.Errorf("the factorisation count of a warm solve was checked %d times, want at least 5", asserted)
	}
}

// TestWarmNodeSwitching replays a branch-and-bound-like sequence on random
// LPs: bound changes, solves, and restores of stored nodes (bounds and
// basis), comparing every warm answer with a cold solve of the same bounds.
func TestWarmNodeSwitching(t *testing.T) {
	ctx := context.Background()
	for seed := uint64(1); seed <= 12; seed++ {
		m := randomLP(seed, 10+int(seed%4)*5, 15+int(seed%3)*10, 0.3)
		sv, err := New(m, Options{})
		if err != nil {
			t.Fatal(err)
		}
		sol, err := sv.Solve(ctx)
		if err != nil || sol.Status != lp.Optimal {
			t.Fatalf("seed %d: root %v %v", seed, sol.Status, err)
		}
		type node struct {
			mod   *lp.Model
			basis Basis
			x     []float64
		}
		nodes := []node{{m.Clone(), sv.Basis(), sol.X}}
		cur := 0
		rng := rand.New(rand.NewPCG(seed, 17))
		for step := 0; step < 25; step++ {
			if rng.IntN(2) == 0 {
				cur = rng.IntN(len(nodes))
				nd := nodes[cur]
				for j, v := range nd.mod.Vars {
					sv.SetColBounds(j, v.Lower, v.Upper)
				}
				if err := sv.SetBasis(nd.basis); err != nil {
					t.Fatal(err)
				}
			}
			nd := nodes[cur]
			mod := nd.mod.Clone()
			j := rng.IntN(len(mod.Vars))
			v := &mod.Vars[j]
			if rng.IntN(2) == 0 {
				v.Upper = math.Max(v.Lower, math.Floor(nd.x[j]-0.5))
			} else {
				v.Lower = math.Min(v.Upper, math.Ceil(nd.x[j]+0.5))
			}
			sv.SetColBounds(j, v.Lower, v.Upper)
			warm, err := sv.Solve(ctx)
			if err != nil {
				t.Fatal(err)
			}
			cold, err := Solve(ctx, mod, Options{NoPresolve: true})
			if err != nil {
				t.Fatal(err)
			}
			if warm.Status != cold.Status {
				t.Fatalf("seed %d step %d: warm %v, cold %v", seed, step, warm.Status, cold.Status)
			}
			if cold.Status != lp.Optimal {
				// put the node's bound back; keep the basis the solve left
				sv.SetColBounds(j, nd.mod.Vars[j].Lower, nd.mod.Vars[j].Upper)
				continue
			}
			if !near(warm.Objective, cold.Objective, 1e-8) {
				t.Fatalf("seed %d step %d: warm objective %.12g, cold %.12g", seed, step, warm.Objective, cold.Objective)
			}
			if err := checkOptimal(mod, warm); err != nil {
				t.Fatalf("seed %d step %d: %v", seed, step, err)
			}
			nodes = append(nodes, node{mod, sv.Basis(), warm.X})
			cur = len(nodes) - 1
		}
	}
}

// TestSetNonbasicByDualTolerance checks that a warm start keeps a boxed
// nonbasic column at its bound while its reduced cost is within the dual
// tolerance of zero on the wrong side: moving it to the other bound on
// rounding noise would change the primal point for nothing, and on a
// dually degenerate LP (many reduced costs at zero, as in set-partitioning
// relaxations) it made every warm re-solve after a bound change start
// from scores of primal infeasibilities.
func TestSetNonbasicByDualTolerance(t *testing.T) {
	// min y  s.t.  y ≥ 0.5,  x + y ≤ 3,  x, y ∈ [0, 1]: y is basic at 0.5,
	// x is nonbasic with reduced cost 0
	m := lp.New("degenerate", lp.Minimize)
	x := m.AddVar("x", 0, 1, 0)
	y := m.AddVar("y", 0, 1, 1)
	m.AddGE("r0", 0.5, term(y, 1))
	m.AddLE("r1", 3, term(x, 1), term(y, 1))
	sv, err := New(m, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if sol, err := sv.Solve(context.Background()); err != nil || sol.Status != lp.Optimal {
		t.Fatalf("solve: %v %v", sol.Status, err)
	}
	s := sv.s
	if s.stat[x] == Basic {
		t.Fatalf("x is basic; the test needs it nonbasic")
	}
	tol := s.dtol
	tests := []struct {
		from BasisStatus
		d    float64
		want BasisStatus
	}{
		{AtLower, -tol / 2, AtLower}, // noise: stays
		{AtUpper, tol / 2, AtUpper},  // noise: stays
		{AtLower, -2 * tol, AtUpper}, // a real wrong sign: moves
		{AtUpper, 2 * tol, AtLower},
		{AtUpper, -tol / 2, AtUpper}, // right side: stays
		{AtLower, tol / 2, AtLower},
	}
	for _, tc := range tests {
		s.stat[x] = tc.from
		s.d[x] = tc.d
		if !s.setNonbasicByDual() {
			t.Errorf("from %v with d = %g: reported dual infeasible", tc.from, tc.d)
		}
		if s.stat[x] != tc.want {
			t.Errorf("from %v with d = %g: status %v, want %v", tc.from, tc.d, s.stat[x], tc.want)
		}
	}
}
