package mip

import (
	"context"
	"testing"

	"github.com/streamopt/streamopt/lp"
)

// TestPumpBudgetFloor runs the pump with an iteration budget of zero on a
// model whose LP relaxation is feasible and which has no integer point
// (3x₁ + 5x₂ + 7x₃ + 9x₄ = 11 over binaries: no subset of {3, 5, 7, 9}
// sums to 11, by hand), so that the pump cannot succeed and only its
// limits end it. The budget must not end the stage before the stall limit
// or fpMinRounds: a root that takes fewer iterations must not leave the
// pump without rounds.
func TestPumpBudgetFloor(t *testing.T) {
	m := lp.New("pump", lp.Minimize)
	var terms []lp.Term
	for k, a := range []float64{3, 5, 7, 9} {
		j := m.AddBinary("", float64(k+1))
		terms = append(terms, lp.Term{Var: j, Coef: a})
	}
	m.AddEQ("", 11, terms...)
	s, ok := presolvedSearch(t, m, Options{NoPresolve: true}) // without its propagation, which refutes this model
	if !ok {
		t.Fatal("presolve refuted the model")
	}
	var err error
	if s.rel, err = simplexRelax(s.w); err != nil {
		t.Fatal(err)
	}
	sol, err := s.rel.Solve(context.Background())
	if err != nil || sol.Status != lp.Optimal {
		t.Fatalf("root LP: %v, %v", sol, err)
	}
	p := s.newPump()
	if p == nil {
		t.Fatal("no pump built")
	}
	rounds, found := p.run(sol.X, 1, fpRounds, 0)
	if found {
		t.Fatalf("the pump found a point of a model without one: %v", s.incX)
	}
	if want := min(fpMinRounds, fpStall+1); rounds < want {
		t.Errorf("the pump stopped after %d rounds with a zero budget, want at least %d", rounds, want)
	}
}
