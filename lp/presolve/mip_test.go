package presolve

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/streamopt/streamopt/lp"
)

// randomIntModel builds a small pure-integer model with bounded columns and
// fractional data, so that rounding after singleton rows matters, plus
// forcing, duplicate and empty-column structure.
func randomIntModel(seed uint64) *lp.Model {
	r := rand.New(rand.NewPCG(seed, 0xdeadbeefcafe))
	sense := lp.Minimize
	if r.IntN(2) == 1 {
		sense = lp.Maximize
	}
	m := lp.New(fmt.Sprintf("int%d", seed), sense)
	n := 2 + r.IntN(3)
	for j := 0; j < n; j++ {
		lo := float64(r.IntN(4) - 2)
		m.AddIntVar(fmt.Sprintf("x%d", j), lo, lo+float64(r.IntN(5)), float64(r.IntN(9)-4))
	}
	coefs := []float64{1, -1, 2, -1.5, 0.5, 3}
	rhs := func() float64 { return float64(r.IntN(13)-6) / 2 }
	for i := 0; i < 1+r.IntN(3); i++ {
		var terms []lp.Term
		for j := 0; j < n; j++ {
			if r.IntN(3) > 0 {
				terms = append(terms, lp.Term{Var: j, Coef: coefs[r.IntN(len(coefs))]})
			}
		}
		switch r.IntN(3) {
		case 0:
			m.AddLE(fmt.Sprintf("r%d", i), rhs(), terms...)
		case 1:
			m.AddGE(fmt.Sprintf("r%d", i), rhs(), terms...)
		default:
			lo := rhs()
			m.AddRow(fmt.Sprintf("r%d", i), lo, lo+float64(r.IntN(4)), terms...)
		}
	}
	for k := r.IntN(3); k > 0; k-- { // singleton rows with fractional right-hand sides
		j := r.IntN(n)
		if r.IntN(2) == 0 {
			m.AddLE(fmt.Sprintf("s%d", k), rhs(), lp.Term{Var: j, Coef: coefs[r.IntN(len(coefs))]})
		} else {
			m.AddGE(fmt.Sprintf("s%d", k), rhs(), lp.Term{Var: j, Coef: coefs[r.IntN(len(coefs))]})
		}
	}
	if r.IntN(3) == 0 && m.NumRows() > 0 { // a scaled copy of a row
		src := m.Rows[0]
		terms := make([]lp.Term, len(src.Ind))
		for k, j := range src.Ind {
			terms[k] = lp.Term{Var: j, Coef: -2 * src.Val[k]}
		}
		m.AddGE("dup", rhs(), terms...)
	}
	if r.IntN(3) == 0 { // forcing: the sum of two columns at most its smallest value
		a, b := r.IntN(n), r.IntN(n)
		if a != b {
			m.AddLE("force", m.Vars[a].Lower+m.Vars[b].Lower, lp.Term{Var: a, Coef: 1}, lp.Term{Var: b, Coef: 1})
		}
	}
	if r.IntN(3) == 0 {
		m.AddIntVar("lonely", -1, 2, float64(r.IntN(5)-2))
	}
	return m
}

// bruteForce enumerates every integer point of a pure-integer model with
// bounded columns and returns the best feasible one (nil if none).
func bruteForce(m *lp.Model) (best []float64, val float64) {
	n := m.NumVars()
	x := make([]float64, n)
	better := func(a, b float64) bool {
		if m.Sense == lp.Maximize {
			return a > b+1e-9
		}
		return a < b-1e-9
	}
	var rec func(j int)
	rec = func(j int) {
		if j == n {
			act := m.Activities(x)
			for i, r := range m.Rows {
				if act[i] < r.Lower-1e-9 || act[i] > r.Upper+1e-9 {
					return
				}
			}
			if z := m.Objective(x); best == nil || better(z, val) {
				best, val = append(make([]float64, 0, n), x...), z
			}
			return
		}
		for v := math.Ceil(m.Vars[j].Lower); v <= m.Vars[j].Upper; v++ {
			x[j] = v
			rec(j + 1)
		}
	}
	rec(0)
	return best, val
}

// TestIntegerRoundTrip checks by enumeration that presolve keeps the integer
// optimum of small pure-integer models, that Reduced keeps integrality, and
// that a postsolved optimal point of Reduced is an optimal integer point of
// the original.
func TestIntegerRoundTrip(t *testing.T) {
	const seeds = 400
	feasible := 0
	var total Stats
	for seed := uint64(1); seed <= seeds; seed++ {
		m := randomIntModel(seed)
		want, wantVal := bruteForce(m)
		res, err := Presolve(m, Options{})
		if err != nil {
			t.Fatal(err)
		}
		addStats(&total, res.Stats)
		if res.Status == lp.Infeasible {
			if want != nil {
				t.Errorf("seed %d: presolve says infeasible (%s) but %v is feasible", seed, res.Reason, want)
			}
			continue
		}
		for j, v := range res.Reduced.Vars {
			if !v.Integer {
				t.Fatalf("seed %d: reduced column %d lost integrality", seed, j)
			}
		}
		got, _ := bruteForce(res.Reduced)
		if (got == nil) != (want == nil) {
			t.Errorf("seed %d: original feasible %v, reduced feasible %v", seed, want != nil, got != nil)
			continue
		}
		if want == nil {
			continue
		}
		feasible++
		post, err := res.Postsolve(&lp.Solution{Status: lp.Optimal, X: got})
		if err != nil {
			t.Fatal(err)
		}
		act := m.Activities(post.X)
		for i, r := range m.Rows {
			if act[i] < r.Lower-1e-9 || act[i] > r.Upper+1e-9 {
				t.Errorf("seed %d: postsolved point violates row %d: %v not in [%v, %v]", seed, i, act[i], r.Lower, r.Upper)
			}
		}
		for j, v := range m.Vars {
			if x := post.X[j]; x != math.Round(x) || x < v.Lower || x > v.Upper {
				t.Errorf("seed %d: postsolved x[%d] = %v, not an integer in [%v, %v]", seed, j, x, v.Lower, v.Upper)
			}
		}
		if math.Abs(post.Objective-wantVal) > 1e-9 {
			t.Errorf("seed %d: postsolved objective %v, integer optimum %v", seed, post.Objective, wantVal)
		}
	}
	t.Logf("%d of %d seeds feasible; reductions %+v", feasible, seeds, statsFields(total))
	if feasible < seeds/4 || total.SingletonRows == 0 || total.ForcingRows == 0 || total.BoundsTightened == 0 {
		t.Errorf("generator too weak: %d feasible, %+v", feasible, statsFields(total))
	}
}
