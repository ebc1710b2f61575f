package mip

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/simplex"
)

func TestMIRCutGeneralIntegerHandDerived(t *testing.T) {
	// Row 2x − s ≤ 7, x ∈ {0, …, 10}, s ∈ [0, 10], at the LP point
	// (x, s) = (3.5, 0). Hand derivation (mir.go's steps): s sits at its
	// lower bound, t = s with coefficient −1; x = 3.5 is nearer its lower
	// bound, x' = x with coefficient 2 and right-hand side 7. The only
	// divisor candidate is 2 (x strictly inside its range), then 1, ½, ¼:
	//   δ = 2: β = 3.5, f₀ = ½: x' gets ⌊1⌋ = 1, t gets −1/(2·½) = −1,
	//          right-hand side 3, violation ½, norm √2;
	//   δ = 1, ½, ¼: β = 7, 14, 28 has f₀ = 0: rejected.
	// The cut is x − s ≤ 3, valid: x = 4 needs s ≥ 1, x = 5 needs s ≥ 3.
	m := lp.New("mirgi", lp.Maximize)
	x := m.AddIntVar("x", 0, 10, 1)
	s := m.AddVar("s", 0, 10, 0)
	m.AddLE("r", 7, lp.Term{Var: x, Coef: 2}, lp.Term{Var: s, Coef: -1})
	lo, hi := []float64{0, 0}, []float64{10, 10}
	pt := []float64{3.5, 0}
	vubs := findVUBs(m, lo, hi)
	if c := mirCuts(m, lo, hi, pt, vubs, false); len(c) != 0 {
		t.Errorf("IntCuts off: cuts %v, want none (x is a general integer)", c)
	}
	cuts := mirCuts(m, lo, hi, pt, vubs, true)
	want := []lp.Row{{Name: "mirgi", Ind: []int{x, s}, Val: []float64{1, -1}, Lower: math.Inf(-1), Upper: 3}}
	if d := cmp.Diff(want, cuts, cmpopts.EquateApprox(0, 1e-12)); d != "" {
		t.Fatalf("cuts (-want +got):\n%s", d)
	}
	c, ok := newMIRSep(m, lo, hi, pt, vubs, true).fromBase(0, 1, 7)
	if !ok || math.Abs(c.eff-0.5/math.Sqrt2) > 1e-12 {
		t.Errorf("efficacy %v (found %v), want ½/√2", c.eff, ok)
	}
}

func TestGomoryCutGeneralIntegerHandDerived(t *testing.T) {
	// max x s.t. 2x ≤ 7, x ∈ {0, …, 10}. The LP optimum is x = 3.5, basic,
	// with the row (activity r = 2x) at its upper side 7. The tableau row is
	// x − r/2 = 0; r = 7 − v' gives x + v'/2 = 3.5, f₀ = ½, and the
	// continuous v' with a = ½ > 0 gets ½/f₀ = 1. The cut v' ≥ 1 is r ≤ 6,
	// written −2x ≥ −6, violated by 1 with norm 2 (hand).
	m := lp.New("gmigi", lp.Maximize)
	x := m.AddIntVar("x", 0, 10, 1)
	m.AddLE("r", 7, lp.Term{Var: x, Coef: 2})
	relax := m.Clone()
	relax.Vars[x].Integer = false
	sv, err := simplex.New(relax, simplex.Options{})
	if err != nil {
		t.Fatal(err)
	}
	sol, err := sv.Solve(context.Background())
	if err != nil || sol.Status != lp.Optimal || math.Abs(sol.X[x]-3.5) > 1e-12 {
		t.Fatalf("root LP: %v %v, want x = 3.5", sol, err)
	}
	lo, hi := []float64{0}, []float64{10}
	if c := gomoryCuts(m, lo, hi, sol.X, sv.Basis(), false); len(c) != 0 {
		t.Errorf("IntCuts off: cuts %v, want none (x is a general integer)", c)
	}
	cuts := gomoryCuts(m, lo, hi, sol.X, sv.Basis(), true)
	want := []lp.Row{{Name: "gmigi", Ind: []int{x}, Val: []float64{-2}, Lower: -6, Upper: math.Inf(1)}}
	if d := cmp.Diff(want, cuts, cmpopts.EquateApprox(0, 1e-9)); d != "" {
		t.Fatalf("cuts (-want +got):\n%s", d)
	}
}

// randomGeneralIP draws a small pure integer program whose columns are
// general integers (ranges 2 to 6, some with negative lower bounds), with
// rows of both senses and fractional right-hand sides, so that the LP
// optimum is fractional in general integer columns.
func randomGeneralIP(rng *rand.Rand) *lp.Model {
	m := lp.New("random-general", lp.Maximize)
	n := 3 + rng.IntN(2)
	for j := 0; j < n; j++ {
		l := float64(rng.IntN(3) - 1)
		m.AddIntVar("", l, l+float64(2+rng.IntN(5)), float64(rng.IntN(11)-3))
	}
	for i := 0; i < 2+rng.IntN(3); i++ {
		var terms []lp.Term
		for j := 0; j < n; j++ {
			if rng.IntN(4) > 0 {
				terms = append(terms, lp.Term{Var: j, Coef: float64(rng.IntN(13) - 4)})
			}
		}
		if len(terms) == 0 {
			continue
		}
		b := float64(rng.IntN(17)) + 0.5*float64(rng.IntN(2))
		if rng.IntN(4) == 0 {
			m.AddGE("", -b, terms...)
		} else {
			m.AddLE("", b, terms...)
		}
	}
	return m
}

// rootLP solves the LP relaxation of m and returns its solution, its
// basis and the bounds of m's columns; ok is false unless it is optimal.
func rootLP(t *testing.T, m *lp.Model) (sol *lp.Solution, b simplex.Basis, lo, hi []float64, ok bool) {
	t.Helper()
	relax := m.Clone()
	for j := range relax.Vars {
		relax.Vars[j].Integer = false
	}
	sv, err := simplex.New(relax, simplex.Options{})
	if err != nil {
		t.Fatal(err)
	}
	sol, err = sv.Solve(context.Background())
	if err != nil || sol.Status != lp.Optimal {
		return nil, b, nil, nil, false
	}
	_, lo, hi = boundsOf(m)
	return sol, sv.Basis(), lo, hi, true
}

// TestIntCutsValidEnumerated separates the c-MIR and GMI cuts of seeded
// random pure integer programs over general integer columns with
// Options.IntCuts on, at the LP optimum, and checks every cut against every
// integer point of the model's bounds (holdsEverywhere): a cut must hold
// at each feasible one. It also checks that the cuts rounding a general
// integer ("mirgi", "gmigi") were among those checked.
func TestIntCutsValidEnumerated(t *testing.T) {
	kinds := map[string]int{}
	for seed := uint64(1); seed <= 150; seed++ {
		rng := rand.New(rand.NewPCG(seed, 83))
		m := randomGeneralIP(rng)
		sol, b, lo, hi, ok := rootLP(t, m)
		if !ok {
			continue
		}
		what := fmt.Sprintf("seed %d", seed)
		cuts := mirCuts(m, lo, hi, sol.X, findVUBs(m, lo, hi), true)
		cuts = append(cuts, gomoryCuts(m, lo, hi, sol.X, b, true)...)
		for _, c := range cuts {
			kinds[c.Name]++
		}
		checkCuts(t, what, m, cuts)
	}
	checkedSome(t, "c-MIR cuts on general integers", kinds["mirgi"])
	checkedSome(t, "GMI cuts on general integers", kinds["gmigi"])
	t.Logf("cuts checked by name: %v", kinds)
}

// TestIntCutsValidMixed does the same on mixed models: general integer
// columns and continuous ones. For every cut and every assignment of the
// integer columns (enumerated over their bounds), the largest activity of
// the cut over the continuous columns that satisfy the rows (an LP solved
// by the simplex) stays within the cut's bound.
func TestIntCutsValidMixed(t *testing.T) {
	kinds := map[string]int{}
	for seed := uint64(1); seed <= 60; seed++ {
		rng := rand.New(rand.NewPCG(seed, 89))
		m := randomGeneralIP(rng)
		nint := len(m.Vars)
		for k := 0; k < 1+rng.IntN(2); k++ {
			c := m.AddVar("", 0, float64(2+rng.IntN(6)), float64(rng.IntN(5)-3))
			for i := range m.Rows {
				if rng.IntN(2) == 0 {
					m.Rows[i].Ind = append(m.Rows[i].Ind, c)
					m.Rows[i].Val = append(m.Rows[i].Val, float64(rng.IntN(7)-3)+0.5)
				}
			}
		}
		sol, b, lo, hi, ok := rootLP(t, m)
		if !ok {
			continue
		}
		cuts := mirCuts(m, lo, hi, sol.X, findVUBs(m, lo, hi), true)
		cuts = append(cuts, gomoryCuts(m, lo, hi, sol.X, b, true)...)
		for _, cut := range cuts {
			kinds[cut.Name]++
			checkCutMixed(t, seed, m, nint, cut)
		}
	}
	checkedSome(t, "c-MIR cuts on general integers", kinds["mirgi"])
	checkedSome(t, "GMI cuts on general integers", kinds["gmigi"])
	t.Logf("cuts checked by name: %v", kinds)
}

// checkCutMixed checks cut on m, whose first nint columns are integer:
// at each integer assignment it maximises (for a ≤ side) or minimises
// (for a ≥ side) the cut's activity over the continuous columns.
func checkCutMixed(t *testing.T, seed uint64, m *lp.Model, nint int, cut lp.Row) {
	t.Helper()
	ints := lp.New("ints", lp.Minimize)
	for j := 0; j < nint; j++ {
		ints.AddIntVar("", m.Vars[j].Lower, m.Vars[j].Upper, 0)
	}
	for _, sense := range []lp.Sense{lp.Maximize, lp.Minimize} {
		bound := cut.Upper
		if sense == lp.Minimize {
			bound = cut.Lower
		}
		if math.IsInf(bound, 0) {
			continue
		}
		fix := m.Clone()
		fix.Sense = sense
		for j := range fix.Obj {
			fix.Obj[j] = 0
			fix.Vars[j].Integer = false
		}
		for k, j := range cut.Ind {
			fix.Obj[j] = cut.Val[k]
		}
		forEachPoint(ints, func(x []float64) bool {
			for j := 0; j < nint; j++ {
				fix.Vars[j].Lower, fix.Vars[j].Upper = x[j], x[j]
			}
			got, err := simplex.Solve(context.Background(), fix, simplex.Options{})
			if err != nil {
				t.Fatal(err)
			}
			tol := 1e-7 * math.Max(1, math.Abs(bound))
			if got.Status == lp.Optimal && (sense == lp.Maximize && got.Objective > bound+tol || sense == lp.Minimize && got.Objective < bound-tol) {
				t.Errorf("seed %d: cut %s %v %v in [%v, %v] removes a feasible point with integers %v (activity %v)",
					seed, cut.Name, cut.Ind, cut.Val, cut.Lower, cut.Upper, x, got.Objective)
				return false
			}
			return true
		})
	}
}

// giActed matches the root summary of a search whose c-MIR or GMI cuts
// rounded a general integer.
var giActed = regexp.MustCompile(`, ([0-9]+) c-MIR and ([0-9]+) GMI on general integers`)

// giCounts sums the c-MIR and GMI cuts on general integers over the root
// summaries of log.
func giCounts(log string) (mir, gmi int) {
	for _, m := range giActed.FindAllStringSubmatch(log, -1) {
		var a, b int
		fmt.Sscan(m[1], &a)
		fmt.Sscan(m[2], &b)
		mir, gmi = mir+a, gmi+b
	}
	return mir, gmi
}

// TestIntCutsAgainstEnumeration solves seeded random programs over general
// integers with Options.IntCuts on and compares with complete enumeration:
// a cut that removed the optimum would show as a worse objective or a
// wrong Infeasible. The root summaries must show that both families
// rounded general integers.
func TestIntCutsAgainstEnumeration(t *testing.T) {
	var log strings.Builder
	for seed := uint64(1); seed <= 80; seed++ {
		rng := rand.New(rand.NewPCG(seed, 97))
		var m *lp.Model
		if seed%2 == 0 {
			m = randomIP(rng, 2+rng.IntN(4), 1+rng.IntN(4))
		} else {
			m = randomGeneralIP(rng)
		}
		o := Options{IntCuts: On, Log: &log, LogEvery: 1 << 30}
		sol, err := solveWith(context.Background(), m, o, simplexRelax)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		checkEnumerated(t, fmt.Sprintf("intcuts seed %d", seed), m, sol)
	}
	mir, gmi := giCounts(log.String())
	if mir == 0 || gmi == 0 {
		t.Errorf("%d c-MIR and %d GMI cuts on general integers over the 80 models: the test checks too little", mir, gmi)
	}
	t.Logf("%d c-MIR and %d GMI cuts on general integers", mir, gmi)
}

// TestIntCutsBinaryModelsUnchanged checks that on models whose integer
// columns are all binary, Options.IntCuts changes no cut: the c-MIR and
// GMI separators return the same rows with the switch on and off.
func TestIntCutsBinaryModelsUnchanged(t *testing.T) {
	total := 0
	for seed := uint64(1); seed <= 120; seed++ {
		rng := rand.New(rand.NewPCG(seed, 7))
		m, _ := randomMixedBinary(rng)
		sol, b, lo, hi, ok := rootLP(t, m)
		if !ok {
			continue
		}
		vubs := findVUBs(m, lo, hi)
		off := append(mirCuts(m, lo, hi, sol.X, vubs, false), gomoryCuts(m, lo, hi, sol.X, b, false)...)
		on := append(mirCuts(m, lo, hi, sol.X, vubs, true), gomoryCuts(m, lo, hi, sol.X, b, true)...)
		if d := cmp.Diff(off, on); d != "" {
			t.Errorf("seed %d: cuts differ with IntCuts on (-off +on):\n%s", seed, d)
		}
		total += len(off)
	}
	checkedSome(t, "c-MIR and GMI cuts on binary models", total)
}
