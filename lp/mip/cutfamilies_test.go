package mip

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/streamopt/streamopt/lp"
)

// boundsOf returns the integrality flags and bounds of m's columns.
func boundsOf(m *lp.Model) (isInt []bool, lo, hi []float64) {
	n := len(m.Vars)
	isInt = make([]bool, n)
	lo, hi = make([]float64, n), make([]float64, n)
	for j, v := range m.Vars {
		isInt[j], lo[j], hi[j] = v.Integer, v.Lower, v.Upper
	}
	return isInt, lo, hi
}

// randomPoint draws a point of m's bounding box.
func randomPoint(rng *rand.Rand, lo, hi []float64) []float64 {
	x := make([]float64, len(lo))
	for j := range x {
		x[j] = lo[j] + rng.Float64()*(hi[j]-lo[j])
	}
	return x
}

// randomKnapsackIP draws a 0/1 program whose knapsack rows have weights
// from 1 to 30 with a few heavy ones, so that minimal covers are short and
// lifted coefficients of 2 and more occur, and some rows with negative
// coefficients (complemented columns).
func randomKnapsackIP(rng *rand.Rand, n int) *lp.Model {
	m := lp.New("random-knapsack", lp.Maximize)
	for j := 0; j < n; j++ {
		m.AddBinary("", float64(1+rng.IntN(10)))
	}
	for i := 0; i < 1+rng.IntN(3); i++ {
		var t []lp.Term
		rhs, total := 0.0, 0.0
		for j := 0; j < n; j++ {
			a := float64(1 + rng.IntN(8))
			if rng.IntN(4) == 0 {
				a = float64(10 + rng.IntN(20))
			}
			if rng.IntN(5) == 0 {
				a = -a
			}
			t = append(t, lp.Term{Var: j, Coef: a})
			total += math.Abs(a)
		}
		rhs = math.Floor(total * (0.2 + 0.3*rng.Float64()))
		m.AddLE("knap", rhs, t...)
	}
	return m
}

// TestLiftedCoverCutsValid separates lifted cover cuts at random points of
// random knapsack programs and checks each cut against every feasible
// point by enumeration; some cut must carry a lifted coefficient of at
// least 2, which an extended cover never has.
func TestLiftedCoverCutsValid(t *testing.T) {
	cuts, lifted := 0, 0
	for seed := uint64(1); seed <= 80; seed++ {
		rng := rand.New(rand.NewPCG(seed, 53))
		m := randomKnapsackIP(rng, 7+rng.IntN(6))
		_, lo, hi := boundsOf(m)
		heavy := map[int]bool{}
		for _, r := range m.Rows {
			for k, j := range r.Ind {
				heavy[j] = heavy[j] || math.Abs(r.Val[k]) >= 10
			}
		}
		for trial := 0; trial < 8; trial++ {
			x := randomPoint(rng, lo, hi)
			if trial%2 == 1 {
				// light columns near 1 make a violated cover; heavy ones
				// near 0 stay out of it and get lifted
				for j := range x {
					if heavy[j] {
						x[j] = 0.1 * rng.Float64()
					} else {
						x[j] = 1 - 0.1*rng.Float64()
					}
				}
			}
			rows := coverCuts(m, lo, hi, x, true)
			cuts += checkCuts(t, fmt.Sprintf("seed %d: lifted cover", seed), m, rows)
			for _, r := range rows {
				for _, v := range r.Val {
					if math.Abs(v) >= 2 {
						lifted++
						break
					}
				}
			}
		}
	}
	if cuts == 0 || lifted == 0 {
		t.Fatalf("%d cuts, %d with a coefficient ≥ 2: the test checks nothing of the lifting", cuts, lifted)
	}
	t.Logf("%d lifted cover cuts checked, %d with a coefficient ≥ 2", cuts, lifted)
}

// TestLiftedCoverByHand checks one lifted cover against a hand
// computation: 5y₁ + 5y₂ + 5y₃ + 10y₄ ≤ 11 at y* = (1, 1, 0.6, 0). The
// greedy order by (1 − y*ⱼ)/aⱼ is y₁, y₂ (0), y₃ (0.08), y₄ (0.1), so the
// cover is {1, 2, 3} (weight 15 > 11), minimal, with μ = (5, 10, 15); y₄
// weighs 10 ∈ [μ₂, μ₃), so its coefficient is 2: y₁ + y₂ + y₃ + 2y₄ ≤ 2,
// violated by 0.6 (y₄ = 1 leaves room 1, for no other column). The
// extended cover has y₄ with coefficient 1.
func TestLiftedCoverByHand(t *testing.T) {
	m := lp.New("hand", lp.Maximize)
	for range 4 {
		m.AddBinary("", 1)
	}
	m.AddLE("knap", 11, lp.Term{Var: 0, Coef: 5}, lp.Term{Var: 1, Coef: 5}, lp.Term{Var: 2, Coef: 5}, lp.Term{Var: 3, Coef: 10})
	_, lo, hi := boundsOf(m)
	x := []float64{1, 1, 0.6, 0}
	cuts := coverCuts(m, lo, hi, x, true)
	if len(cuts) != 1 {
		t.Fatalf("%d cuts, want 1", len(cuts))
	}
	c := cuts[0]
	want := []float64{1, 1, 1, 2}
	if len(c.Ind) != 4 || c.Upper != 2 {
		t.Fatalf("cut %v %v ≤ %v, want %v ≤ 2", c.Ind, c.Val, c.Upper, want)
	}
	for k := range want {
		if c.Ind[k] != k || c.Val[k] != want[k] {
			t.Fatalf("cut %v %v ≤ %v, want %v ≤ 2", c.Ind, c.Val, c.Upper, want)
		}
	}
	if v := cutViolation(c, x); math.Abs(v-0.6) > 1e-12 {
		t.Errorf("violation %v, want 0.6", v)
	}
}

// TestZeroHalfCutsValid separates zero-half cuts at random points of
// random integer and 0/1 programs and checks each cut against every
// feasible point by enumeration.
func TestZeroHalfCutsValid(t *testing.T) {
	cuts := 0
	for seed := uint64(1); seed <= 120; seed++ {
		rng := rand.New(rand.NewPCG(seed, 59))
		var m *lp.Model
		if seed%2 == 0 {
			m = randomIP(rng, 3+rng.IntN(3), 2+rng.IntN(4))
		} else {
			m = randomBinaryIP(rng, 6+rng.IntN(6))
		}
		_, lo, hi := boundsOf(m)
		for trial := 0; trial < 6; trial++ {
			x := randomPoint(rng, lo, hi)
			cuts += checkCuts(t, fmt.Sprintf("seed %d: zero-half cut", seed), m, zeroHalfCuts(m, lo, hi, x))
		}
	}
	checkedSome(t, "zero-half cuts", cuts)
}

// TestZeroHalfByHand checks the cut of the odd cycle x₁ + x₂ ≤ 1,
// x₂ + x₃ ≤ 1, x₁ + x₃ ≤ 1 at x* = (½, ½, ½): the pair of the first two
// rows leaves x₁ and x₃ odd, and their upper bounds (slack ½ each) make a
// total slack of 1, no cut; the single rows leave two odd columns with
// slack ½ each, no cut either. Summing all three rows would give
// x₁ + x₂ + x₃ ≤ 1 — beyond pairs — so no cut is expected; at
// x* = (0.9, 0.1, 0.9) the third row is violated by 0.8 and the single
// row with the bound rows x₁ ≤ 1 and x₃ ≤ 1 (slack 0.1 each) gives
// x₁ + x₃ ≤ 1, violated by 0.8.
func TestZeroHalfByHand(t *testing.T) {
	m := lp.New("cycle", lp.Maximize)
	for range 3 {
		m.AddBinary("", 1)
	}
	m.AddLE("a", 1, lp.Term{Var: 0, Coef: 1}, lp.Term{Var: 1, Coef: 1})
	m.AddLE("b", 1, lp.Term{Var: 1, Coef: 1}, lp.Term{Var: 2, Coef: 1})
	m.AddLE("c", 1, lp.Term{Var: 0, Coef: 1}, lp.Term{Var: 2, Coef: 1})
	_, lo, hi := boundsOf(m)
	if c := zeroHalfCuts(m, lo, hi, []float64{0.5, 0.5, 0.5}); len(c) != 0 {
		t.Errorf("cuts %v at (½, ½, ½), want none from single rows and pairs", c)
	}
	cuts := zeroHalfCuts(m, lo, hi, []float64{0.9, 0.1, 0.9})
	found := false
	for _, c := range cuts {
		if len(c.Ind) == 2 && c.Ind[0] == 0 && c.Ind[1] == 2 && c.Val[0] == 1 && c.Val[1] == 1 && c.Upper == 1 {
			found = true
		}
	}
	if !found {
		t.Errorf("cuts %v, want x₁ + x₃ ≤ 1", cuts)
	}
}

// randomImplicationIP draws a program of binaries y and general integers
// x ∈ [0, 6] linked by rows x ≤ c·y + d and a random packing row, so that
// probing a binary tightens the bounds of the integers.
func randomImplicationIP(rng *rand.Rand) *lp.Model {
	m := lp.New("random-implication", lp.Minimize)
	nb, nx := 2+rng.IntN(3), 2+rng.IntN(2)
	for j := 0; j < nb; j++ {
		m.AddBinary("", float64(rng.IntN(11)-5))
	}
	for j := 0; j < nx; j++ {
		m.AddIntVar("", 0, 6, float64(rng.IntN(11)-5))
	}
	for k := 0; k < nx; k++ {
		y := rng.IntN(nb)
		c, d := float64(1+rng.IntN(5)), float64(rng.IntN(3))
		// x_k − c·y ≤ d, or x_k + c·y ≥ d + c (y = 0 forces x_k up)
		if rng.IntN(2) == 0 {
			m.AddLE("vub", d, lp.Term{Var: nb + k, Coef: 1}, lp.Term{Var: y, Coef: -c})
		} else {
			m.AddGE("vlb", d+c, lp.Term{Var: nb + k, Coef: 1}, lp.Term{Var: y, Coef: c})
		}
	}
	var t []lp.Term
	for j := 0; j < nb+nx; j++ {
		if rng.IntN(2) == 0 {
			t = append(t, lp.Term{Var: j, Coef: float64(1 + rng.IntN(3))})
		}
	}
	if len(t) > 0 {
		m.AddLE("pack", float64(4+rng.IntN(8)), t...)
	}
	return m
}

// TestImpliedBoundCutsValid records the implications of probing on random
// programs, separates implied bound cuts at random points and checks each
// against every feasible point by enumeration.
func TestImpliedBoundCutsValid(t *testing.T) {
	cuts := 0
	for seed := uint64(1); seed <= 100; seed++ {
		rng := rand.New(rand.NewPCG(seed, 61))
		var m *lp.Model
		if seed%3 == 0 {
			m = randomBinaryIP(rng, 6+rng.IntN(5))
		} else {
			m = randomImplicationIP(rng)
		}
		isInt, lo, hi := boundsOf(m)
		imp := &implications{}
		if ok, _, _ := probe(newPropagator(m, isInt, DefaultIntTol), nil, imp, isInt, lo, hi, false); !ok {
			continue
		}
		for trial := 0; trial < 6; trial++ {
			x := randomPoint(rng, lo, hi)
			cuts += checkCuts(t, fmt.Sprintf("seed %d: implied bound cut", seed), m, imp.cuts(lo, hi, x))
		}
	}
	checkedSome(t, "implied bound cuts", cuts)
}

// cutSettings force each technique of this slice on alone (the others off), and all on.
var cutSettings = map[string]func(*Options){
	"liftedcovers":  func(o *Options) { o.LiftedCovers, o.ZeroHalf, o.ImpliedBounds, o.Restarts = On, Off, Off, Off },
	"zerohalf":      func(o *Options) { o.LiftedCovers, o.ZeroHalf, o.ImpliedBounds, o.Restarts = Off, On, Off, Off },
	"impliedbounds": func(o *Options) { o.LiftedCovers, o.ZeroHalf, o.ImpliedBounds, o.Restarts = Off, Off, On, Off },
	"restarts":      func(o *Options) { o.LiftedCovers, o.ZeroHalf, o.ImpliedBounds, o.Restarts = Off, Off, Off, On },
	"all":           func(o *Options) { o.LiftedCovers, o.ZeroHalf, o.ImpliedBounds, o.Restarts = On, On, On, On },
}

// TestCutFamiliesAgainstEnumeration solves seeded random programs with each
// cut family (and restarts) forced on and compares with complete
// enumeration: a cut that removed the optimum would show as a worse
// objective or a wrong Infeasible. The log must show that each acted.
func TestCutFamiliesAgainstEnumeration(t *testing.T) {
	acted := map[string]*regexp.Regexp{
		"liftedcovers":  regexp.MustCompile(`root cuts: [1-9][0-9]* cover \(lifted true\)`),
		"zerohalf":      regexp.MustCompile(`, [1-9][0-9]* zero-half`),
		"impliedbounds": regexp.MustCompile(`, [1-9][0-9]* implied bound`),
		"restarts":      regexp.MustCompile(`; [1-9][0-9]* restarts`),
	}
	for name, set := range cutSettings {
		var log strings.Builder
		for seed := uint64(1); seed <= 90; seed++ {
			rng := rand.New(rand.NewPCG(seed, 67))
			var m *lp.Model
			switch seed % 3 {
			case 0:
				m = randomIP(rng, 2+rng.IntN(4), 1+rng.IntN(4))
			case 1:
				m = randomKnapsackIP(rng, 6+rng.IntN(5))
			default:
				m = randomImplicationIP(rng)
			}
			var o Options
			set(&o)
			o.Log, o.LogEvery = &log, 1<<30
			sol, err := solveWith(context.Background(), m, o, simplexRelax)
			if err != nil {
				t.Fatalf("%s seed %d: %v", name, seed, err)
			}
			checkEnumerated(t, fmt.Sprintf("%s seed %d", name, seed), m, sol)
		}
		for tech, re := range acted {
			if (name == tech || name == "all") && !re.MatchString(log.String()) {
				t.Errorf("%s: %s never acted on the 90 models: the test checks nothing of it", name, tech)
			}
		}
	}
}

// TestCutFamiliesKeepOptimum solves the quick shared MIPLIB instances with
// the cut families and restarts forced on and checks the answer against
// optimal.csv.
func TestCutFamiliesKeepOptimum(t *testing.T) {
	for _, in := range sharedMILPs(t) {
		if !quickMiplib[in.name] {
			continue
		}
		t.Run(in.name, func(t *testing.T) {
			o := Options{NodeLimit: 200000}
			cutSettings["all"](&o)
			solveSharedOptimal(t, in, o)
		})
	}
}
