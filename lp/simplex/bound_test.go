package simplex

import (
	"context"
	"errors"
	"math"
	"strconv"
	"testing"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/mps"
)

// boundTol is the slack allowed to a dual bound against the optimum: the
// bound is a sum of products in floating point, exact up to rounding.
func boundTol(opt float64) float64 { return 1e-7 * math.Max(1, math.Abs(opt)) }

// boundHolds reports whether b bounds the optimum opt of a model of sense
// sense (from below when minimising, from above when maximising).
func boundHolds(sense lp.Sense, b, opt float64) bool {
	if sense == lp.Maximize {
		return b >= opt-boundTol(opt)
	}
	return b <= opt+boundTol(opt)
}

// capped solves m from scratch with the iteration limit k and checks the
// answer against the optimum opt: a solve stopped by the limit has no
// point and a DualBound on the right side of opt; one that ended optimal
// has opt and a DualBound equal to it. It reports whether the limit was
// hit with a finite bound.
func capped(t *testing.T, m *lp.Model, k int, opt float64, where string) bool {
	t.Helper()
	sv, err := New(m, Options{IterationLimit: k})
	if err != nil {
		t.Fatal(err)
	}
	sol, err := sv.Solve(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return checkCapped(t, sv, m.Sense, sol, opt, where)
}

func checkCapped(t *testing.T, sv *Solver, sense lp.Sense, sol *lp.Solution, opt float64, where string) bool {
	t.Helper()
	b := sv.DualBound()
	switch sol.Status {
	case lp.IterationLimit:
		if sol.X != nil {
			t.Errorf("%s: a solve stopped by the iteration limit has a point", where)
		}
		if !boundHolds(sense, b, opt) {
			t.Errorf("%s: dual bound %.12g at the limit is not a bound on the optimum %.12g (%v)", where, b, opt, sense)
		}
		return !math.IsInf(b, 0)
	case lp.Optimal:
		if !near(sol.Objective, opt, 1e-7) {
			t.Errorf("%s: optimal objective %.12g, want %.12g", where, sol.Objective, opt)
		}
		if !near(b, opt, 1e-6) {
			t.Errorf("%s: dual bound %.12g of an optimal basis, want the optimum %.12g", where, b, opt)
		}
	default:
		t.Errorf("%s: status %v, want iteration_limit or optimal", where, sol.Status)
	}
	return false
}

// TestDualBoundColdRandom caps cold solves of random LPs (both senses) at
// every iteration count short of the optimum; the optimum comes from an
// uncapped solve.
func TestDualBoundColdRandom(t *testing.T) {
	finite := 0
	for seed := uint64(1); seed <= 16; seed++ {
		m := randomLP(seed, 8+int(seed%5)*4, 12+int(seed%4)*6, 0.35)
		exact, err := Solve(context.Background(), m, Options{NoPresolve: true})
		if err != nil {
			t.Fatal(err)
		}
		if exact.Status != lp.Optimal {
			continue
		}
		for k := 1; k <= exact.Iterations+1; k++ {
			if capped(t, m, k, exact.Objective, "seed "+strconv.Itoa(int(seed))+" cap "+strconv.Itoa(k)) {
				finite++
			}
		}
	}
	// the test means something only if some capped solves gave a bound
	if finite == 0 {
		t.Fatal("no capped solve gave a finite bound")
	}
}

// TestDualBoundStrongBranching is the use of lp/mip's strong branching:
// from an optimal basis, a column's bound is tightened past its value and
// the re-solve is capped at 1, 2, 4, ... iterations; each bound is checked
// against the child's optimum from an uncapped cold solve, and the node's
// basis and bounds are restored between children.
func TestDualBoundStrongBranching(t *testing.T) {
	ctx := context.Background()
	finite := 0
	for seed := uint64(1); seed <= 12; seed++ {
		m := randomLP(seed, 15+int(seed%3)*5, 25+int(seed%4)*5, 0.3)
		sv, err := New(m, Options{})
		if err != nil {
			t.Fatal(err)
		}
		root, err := sv.Solve(ctx)
		if err != nil || root.Status != lp.Optimal {
			continue
		}
		basis := sv.Basis()
		for j, v := range m.Vars {
			x := root.X[j]
			for _, up := range []bool{false, true} {
				child := m.Clone()
				cv := &child.Vars[j]
				if up {
					cv.Lower = math.Floor(x) + 1
				} else {
					cv.Upper = math.Ceil(x) - 1
				}
				if cv.Lower > cv.Upper {
					continue
				}
				exact, err := Solve(ctx, child, Options{NoPresolve: true})
				if err != nil {
					t.Fatal(err)
				}
				if exact.Status != lp.Optimal {
					continue
				}
				for k := 1; k <= 16; k *= 2 {
					if err := sv.SetIterationLimit(k); err != nil {
						t.Fatal(err)
					}
					sv.SetColBounds(j, cv.Lower, cv.Upper)
					sol, err := sv.Solve(ctx)
					if err != nil {
						t.Fatal(err)
					}
					where := "seed " + strconv.Itoa(int(seed)) + " column " + strconv.Itoa(j) + " cap " + strconv.Itoa(k)
					if checkCapped(t, sv, m.Sense, sol, exact.Objective, where) {
						finite++
					}
					sv.SetColBounds(j, v.Lower, v.Upper)
					if err := sv.SetBasis(basis); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
		if err := sv.SetIterationLimit(0); err != nil {
			t.Fatal(err)
		}
		again, err := sv.Solve(ctx)
		if err != nil || again.Status != lp.Optimal || !near(again.Objective, root.Objective, 1e-9) {
			t.Errorf("seed %d: the node after its children: %v %v, want optimal %.12g", seed, again.Status, err, root.Objective)
		}
	}
	if finite == 0 {
		t.Fatal("no capped child gave a finite bound")
	}
}

// TestDualBoundNetlib caps solves (without presolve) of the smaller NETLIB
// instances at a quarter, half and three quarters of the iterations they
// take; optimal.csv has the optima (glpsol --exact).
func TestDualBoundNetlib(t *testing.T) {
	for _, in := range loadNetlib(t) {
		m, err := mps.ReadFile(in.Path)
		if err != nil {
			t.Fatalf("%s: %v", in.Name, err)
		}
		if len(m.Rows) > 400 {
			continue
		}
		t.Run(in.Name, func(t *testing.T) {
			sv, err := New(m, Options{})
			if err != nil {
				t.Fatal(err)
			}
			full, err := sv.Solve(context.Background())
			if err != nil || full.Status != lp.Optimal {
				t.Fatalf("uncapped: %v %v", full.Status, err)
			}
			for _, q := range []int{1, 2, 3} {
				if k := full.Iterations * q / 4; k > 0 {
					capped(t, m, k, in.Optimum, "cap "+strconv.Itoa(k))
				}
			}
		})
	}
}

func TestSetIterationLimit(t *testing.T) {
	m := randomLP(3, 10, 15, 0.4)
	sv, err := New(m, Options{IterationLimit: 7})
	if err != nil {
		t.Fatal(err)
	}
	if got := sv.IterationLimit(); got != 7 {
		t.Errorf("IterationLimit() = %d, want 7 from Options", got)
	}
	if err := sv.SetIterationLimit(-1); !errors.Is(err, ErrBadOptions) {
		t.Errorf("SetIterationLimit(-1): error %v, want ErrBadOptions", err)
	}
	if got := sv.IterationLimit(); got != 7 {
		t.Errorf("after a rejected limit IterationLimit() = %d, want 7", got)
	}
	if err := sv.SetIterationLimit(1); err != nil {
		t.Fatal(err)
	}
	sol, err := sv.Solve(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if sol.Status != lp.IterationLimit || sol.Iterations != 1 {
		t.Errorf("with limit 1: %v after %d iterations, want iteration_limit after 1", sol.Status, sol.Iterations)
	}
}
