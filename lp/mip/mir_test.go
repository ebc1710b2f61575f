package mip

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/simplex"
)

func TestMIRCutHandDerived(t *testing.T) {
	// Row 3y1 + 3y2 − s ≤ 4, y binary, s ∈ [0, 10], at the LP point
	// (y1, y2, s) = (1, ⅓, 0). Hand derivation (mir.go's steps):
	//   s sits at its lower bound: t = s, coefficient −1.
	//   y1 = 1 is nearer its upper bound: y1 = 1 − y1', b = 4 − 3 = 1;
	//   y2 = ⅓ is nearer its lower bound: y2' = y2.
	//   −3y1' + 3y2' − t ≤ 1. The only column strictly inside is y2', so the
	//   divisors are 3, 1.5, 0.75, 0.375, with efficacies 2/9, 0.192, 0.056,
	//   0.048. δ = 3: β = ⅓ = f₀, coefficients −1, 1 and −1/(3·⅔) = −½,
	//   right-hand side 0: −y1' + y2' − s/2 ≤ 0, i.e. y1 + y2 − s/2 ≤ 1,
	//   violated by ⅓ with norm 3/2.
	// It is valid: with y1 = y2 = 1 the row forces s ≥ 2.
	m := lp.New("mir", lp.Minimize)
	y1 := m.AddBinary("y1", 0)
	y2 := m.AddBinary("y2", 0)
	s := m.AddVar("s", 0, 10, 0)
	m.AddLE("r", 4, lp.Term{Var: y1, Coef: 3}, lp.Term{Var: y2, Coef: 3}, lp.Term{Var: s, Coef: -1})
	lo, hi := []float64{0, 0, 0}, []float64{1, 1, 10}
	x := []float64{1, 1.0 / 3, 0}
	cuts := mirCuts(m, lo, hi, x, findVUBs(m, lo, hi), false)
	want := []lp.Row{{Name: "mir", Ind: []int{y1, y2, s}, Val: []float64{1, 1, -0.5}, Lower: math.Inf(-1), Upper: 1}}
	if d := cmp.Diff(want, cuts, cmpopts.EquateApprox(0, 1e-12)); d != "" {
		t.Fatalf("cuts (-want +got):\n%s", d)
	}
	sep := newMIRSep(m, lo, hi, x, findVUBs(m, lo, hi), false)
	c, ok := sep.fromBase(0, 1, 4)
	if !ok || math.Abs(c.eff-2.0/9) > 1e-12 {
		t.Errorf("efficacy %v (found %v), want 2/9", c.eff, ok)
	}
	// At an integral point there is nothing to cut.
	if c := mirCuts(m, lo, hi, []float64{1, 0, 0}, findVUBs(m, lo, hi), false); len(c) != 0 {
		t.Errorf("cuts %v at an integral point", c)
	}
}

func TestMIRCutVUBSubstitution(t *testing.T) {
	// A node with demand 30 fed by x1 ≤ 50·y1 and x2 ≤ 80·y2:
	// −x1 − x2 ≤ −30. At (x1, x2, y1, y2) = (10, 20, 0.2, 0.25) both flows
	// sit on their VUBs: x1 = 50y1 − t1, x2 = 80y2 − t2, giving
	// −50y1 − 80y2 + t1 + t2 ≤ −30; the t terms have positive coefficients
	// and are dropped. y1 and y2 stay uncomplemented (nearer 0). Divisors,
	// by hand (coefficients of y1, y2; right-hand side; efficacy at y*):
	//   δ = 50: β = −0.6, f₀ = 0.4: −1, −2 (f = 0.4 ≤ f₀); −1; 0.3/√5 = 0.134
	//   δ = 80: β = −0.375, f₀ = 0.625: −1 (f = 0.375 ≤ f₀), −1; −1; 0.55/√2 = 0.389
	//   δ = 40: β = −0.75, f₀ = 0.25: −2 + 0.5/0.75 = −4/3, −2; −1; 0.233/2.404 = 0.097
	//   δ = 20: β = −1.5, f₀ = 0.5: −3, −4; −2; 0.4/5 = 0.08
	//   δ = 10: β = −3, f₀ = 0: rejected.
	// So the cut is −y1 − y2 ≤ −1 (y1 + y2 ≥ 1: open an arc).
	m := lp.New("vub", lp.Minimize)
	x1 := m.AddVar("x1", 0, 100, 0)
	x2 := m.AddVar("x2", 0, 100, 0)
	y1 := m.AddBinary("y1", 0)
	y2 := m.AddBinary("y2", 0)
	m.AddLE("vub1", 0, lp.Term{Var: x1, Coef: 1}, lp.Term{Var: y1, Coef: -50})
	m.AddLE("vub2", 0, lp.Term{Var: x2, Coef: 1}, lp.Term{Var: y2, Coef: -80})
	m.AddGE("node", 30, lp.Term{Var: x1, Coef: 1}, lp.Term{Var: x2, Coef: 1})
	lo, hi := []float64{0, 0, 0, 0}, []float64{100, 100, 1, 1}
	x := []float64{10, 20, 0.2, 0.25}
	sep := newMIRSep(m, lo, hi, x, findVUBs(m, lo, hi), false)
	c, ok := sep.fromBase(2, -1, -30)
	if !ok {
		t.Fatal("no cut from the node row")
	}
	want := lp.Row{Name: "mir", Ind: []int{y1, y2}, Val: []float64{-1, -1}, Lower: math.Inf(-1), Upper: -1}
	if d := cmp.Diff(want, c.row, cmpopts.EquateApprox(0, 1e-12)); d != "" {
		t.Fatalf("cut (-want +got):\n%s", d)
	}
	if math.Abs(c.eff-0.55/math.Sqrt2) > 1e-12 {
		t.Errorf("efficacy %v, want 0.55/√2", c.eff)
	}
}

// TestMIRCutsValid and TestGomoryCutsValid check on seeded random
// mixed-binary models that no cut removes a feasible point: for every cut
// and every 0/1 assignment of the binaries, the largest cut activity over
// the continuous columns (an LP solved by the simplex) stays within the
// cut's bound.
func TestMIRCutsValid(t *testing.T) {
	checkCutsValid(t, func(m *lp.Model, lo, hi, x []float64, _ simplex.Basis) []lp.Row {
		return mirCuts(m, lo, hi, x, findVUBs(m, lo, hi), false)
	})
}

func TestGomoryCutsValid(t *testing.T) {
	checkCutsValid(t, func(m *lp.Model, lo, hi, x []float64, b simplex.Basis) []lp.Row {
		return gomoryCuts(m, lo, hi, x, b, false)
	})
}

func checkCutsValid(t *testing.T, separate func(m *lp.Model, lo, hi, x []float64, b simplex.Basis) []lp.Row) {
	t.Helper()
	total := 0
	names := map[string]int{}
	for seed := uint64(1); seed <= 120; seed++ {
		rng := rand.New(rand.NewPCG(seed, 7))
		m, nb := randomMixedBinary(rng)
		sol, b, lo, hi, ok := rootLP(t, m)
		if !ok {
			continue
		}
		cuts := separate(m, lo, hi, sol.X, b)
		total += len(cuts)
		for _, c := range cuts {
			names[c.Name]++
		}
		for _, cut := range cuts {
			for _, sense := range []lp.Sense{lp.Maximize, lp.Minimize} {
				bound := cut.Upper
				if sense == lp.Minimize {
					bound = cut.Lower
				}
				if math.IsInf(bound, 0) {
					continue
				}
				for mask := 0; mask < 1<<nb; mask++ {
					fix := m.Clone()
					fix.Sense = sense
					for j := range fix.Obj {
						fix.Obj[j] = 0
						fix.Vars[j].Integer = false
					}
					for k, j := range cut.Ind {
						fix.Obj[j] = cut.Val[k]
					}
					for j := 0; j < nb; j++ {
						v := float64(mask >> j & 1)
						fix.Vars[j].Lower, fix.Vars[j].Upper = v, v
					}
					got, err := simplex.Solve(context.Background(), fix, simplex.Options{})
					if err != nil {
						t.Fatal(err)
					}
					tol := 1e-7 * math.Max(1, math.Abs(bound))
					if got.Status == lp.Optimal && (sense == lp.Maximize && got.Objective > bound+tol || sense == lp.Minimize && got.Objective < bound-tol) {
						t.Fatalf("seed %d: cut %s %v in [%v, %v] removes a feasible point with binaries %b (activity %v)",
							seed, cut.Name, cut.Val, cut.Lower, cut.Upper, mask, got.Objective)
					}
				}
			}
		}
	}
	// The models are built so that the LP point is usually fractional; the
	// check must have seen cuts to mean anything.
	t.Logf("%d cuts checked %v", total, names)
	if total < 30 {
		t.Errorf("only %d cuts over all seeds; the validity check is too weak", total)
	}
}

// randomMixedBinary returns a model with nb binaries (columns 0..nb-1) and
// continuous columns, some with variable upper bounds on a binary, a few
// random rows, and a cost that pushes flows up and binaries down.
func randomMixedBinary(rng *rand.Rand) (*lp.Model, int) {
	nb := 3 + rng.IntN(4)
	nc := 2 + rng.IntN(3)
	m := lp.New("rnd", lp.Minimize)
	for j := 0; j < nb; j++ {
		m.AddBinary("", float64(1+rng.IntN(9)))
	}
	for k := 0; k < nc; k++ {
		x := m.AddVar("", 0, float64(5+rng.IntN(20)), -float64(rng.IntN(3)))
		if rng.IntN(3) > 0 { // a VUB x ≤ u·y
			y := rng.IntN(nb)
			m.AddLE("", 0, lp.Term{Var: x, Coef: 1}, lp.Term{Var: y, Coef: -float64(3 + rng.IntN(15))})
		}
	}
	for r := 0; r < 2+rng.IntN(3); r++ {
		var terms []lp.Term
		for j := 0; j < nb+nc; j++ {
			if rng.IntN(2) == 0 {
				terms = append(terms, lp.Term{Var: j, Coef: float64(rng.IntN(13) - 6)})
			}
		}
		if len(terms) == 0 {
			continue
		}
		b := float64(rng.IntN(21) - 5)
		if rng.IntN(2) == 0 {
			m.AddLE("", b, terms...)
		} else {
			m.AddGE("", b, terms...)
		}
	}
	return m, nb
}
