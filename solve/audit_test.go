package solve_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/solve"
)

// TestAuditCounts: an Audit counts every report, passes only when each one
// did, keeps the largest measures and caps the problems it keeps.
func TestAuditCounts(t *testing.T) {
	good := &solve.Report{OK: true, MaxRowViolationRel: 1e-12, DualChecked: true, DualResidualRel: 3e-11, DualityGap: 1e-13}
	bad := &solve.Report{OK: false, MaxBoundViolationRel: 2e-5, Problems: []string{"bound violated", "duality gap"}}
	var a solve.Audit
	for _, r := range []*solve.Report{good, bad, nil, bad, bad} {
		a.Add(r)
	}
	if a.Solves != 5 || a.Verified != 1 || a.OK() {
		t.Errorf("solves %d verified %d OK %v; want 5, 1, false", a.Solves, a.Verified, a.OK())
	}
	if a.MaxPrimalRel != 2e-5 || a.MaxDualRel != 3e-11 || a.MaxDualityGap != 1e-13 {
		t.Errorf("maxima %g %g %g; want 2e-5 3e-11 1e-13", a.MaxPrimalRel, a.MaxDualRel, a.MaxDualityGap)
	}
	if len(a.Problems) != 5 {
		t.Errorf("%d problems kept, want the cap 5: %q", len(a.Problems), a.Problems)
	}
	var none solve.Audit
	if !none.OK() {
		t.Error("an audit of no solves is not OK: nothing it relied on failed")
	}
}

// An Audit over the solves a result relied on: here two LPs of one
// family, both verified.
func ExampleAudit() {
	var a solve.Audit
	for _, rhs := range []float64{4, 6} {
		m := lp.New("audit", lp.Maximize)
		x := m.AddVar("x", 0, lp.Inf, 1)
		m.AddRow("cap", -lp.Inf, rhs, lp.Term{Var: x, Coef: 1})
		_, rep, err := solve.Solve(context.Background(), m, "simplex", solve.Options{})
		if err != nil {
			fmt.Println(err)
			return
		}
		a.Add(rep)
	}
	fmt.Printf("%d of %d solves verified, all OK: %v\n", a.Verified, a.Solves, a.OK())
	// Output: 2 of 2 solves verified, all OK: true
}
