package gonumlp

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/solve"
)

// plantedLP returns a random LP that is feasible by construction: a point x0
// inside the column bounds is drawn first and every row's bounds are placed
// around a0ᵀx0. Columns mix every bound kind (nonnegative, boxed, free,
// upper-only, fixed) and rows every type (≤, ≥, =, range).
func plantedLP(rng *rand.Rand) *lp.Model {
	sense := lp.Minimize
	if rng.IntN(2) == 1 {
		sense = lp.Maximize
	}
	m := lp.New("planted", sense)
	n := 2 + rng.IntN(7)
	x0 := make([]float64, n)
	for j := 0; j < n; j++ {
		c := float64(rng.IntN(11) - 5)
		v := float64(rng.IntN(5))
		switch rng.IntN(5) {
		case 0:
			m.AddVar("", 0, lp.Inf, c)
		case 1:
			m.AddVar("", -3, 4, c)
			v = float64(rng.IntN(8) - 3)
		case 2:
			m.AddVar("", math.Inf(-1), lp.Inf, c)
			v = float64(rng.IntN(9) - 4)
		case 3:
			m.AddVar("", math.Inf(-1), 2, c)
			v = 2 - v
		case 4:
			m.AddVar("", 1, 1, c)
			v = 1
		}
		x0[j] = v
	}
	rows := 1 + rng.IntN(6)
	for i := 0; i < rows; i++ {
		var terms []lp.Term
		act := 0.0
		for j := 0; j < n; j++ {
			if rng.IntN(3) > 0 {
				a := float64(rng.IntN(11) - 5)
				terms = append(terms, lp.Term{Var: j, Coef: a})
				act += a * x0[j]
			}
		}
		slack := float64(rng.IntN(4))
		switch rng.IntN(4) {
		case 0:
			m.AddLE("", act+slack, terms...)
		case 1:
			m.AddGE("", act-slack, terms...)
		case 2:
			m.AddEQ("", act, terms...)
		case 3:
			m.AddRow("", act-slack, act+slack+1, terms...)
		}
	}
	return m
}

// TestAgreesWithSimplex is a property test without known answers: on 1000
// random feasible LPs (seed 1) the gonum and simplex backends must both pass
// verification, report the same status, and at an optimum the same
// objective to 1e-6 relative.
func TestAgreesWithSimplex(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	ctx := context.Background()
	for k := 0; k < 1000; k++ {
		m := plantedLP(rng)
		g, grep, err := solve.Solve(ctx, m, Name, solve.Options{})
		if err != nil {
			t.Fatalf("model %d: gonum: %v", k, err)
		}
		s, srep, err := solve.Solve(ctx, m, solve.SimplexName, solve.Options{})
		if err != nil {
			t.Fatalf("model %d: simplex: %v", k, err)
		}
		if !grep.OK || !srep.OK {
			t.Errorf("model %d: verification gonum %q, simplex %q", k, grep.Problems, srep.Problems)
			continue
		}
		if g.Status != s.Status {
			t.Errorf("model %d: gonum %v, simplex %v", k, g.Status, s.Status)
			continue
		}
		if g.Status == lp.Infeasible {
			t.Errorf("model %d: infeasible, but a feasible point was planted", k)
		}
		if g.Status == lp.Optimal && math.Abs(g.Objective-s.Objective) > 1e-6*math.Max(1, math.Abs(s.Objective)) {
			t.Errorf("model %d: objective gonum %.12g, simplex %.12g", k, g.Objective, s.Objective)
		}
	}
}
