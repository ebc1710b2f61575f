package mip

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/streamopt/streamopt/lp"
)

// learntSettings force each technique of conflict.go and clique.go on
// alone, and all together.
var learntSettings = []string{"conflicts", "cliques", "probing", "all"}

// randomBinaryIP draws a 0/1 program of n columns with set-packing rows
// (some with complemented columns, x_i + (1 − x_j) ≤ 1 written as
// x_i − x_j ≤ 0), a knapsack row with a clique among its heavy items, and a
// covering row, so that cliques, probing implications and infeasible or
// cut-off nodes all occur.
func randomBinaryIP(rng *rand.Rand, n int) *lp.Model {
	sense := lp.Minimize
	if rng.IntN(2) == 1 {
		sense = lp.Maximize
	}
	m := lp.New("random-binary", sense)
	for j := 0; j < n; j++ {
		m.AddBinary("", float64(rng.IntN(21)-10))
	}
	for i := 0; i < 1+rng.IntN(3); i++ {
		var t []lp.Term
		rhs := 1.0
		for j := 0; j < n; j++ {
			if rng.IntN(3) == 0 {
				c := 1.0
				if rng.IntN(4) == 0 {
					c, rhs = -1, rhs-1 // complemented: + (1 − xⱼ)
				}
				t = append(t, lp.Term{Var: j, Coef: c})
			}
		}
		m.AddLE("pack", rhs, t...)
	}
	var k, c []lp.Term
	for j := 0; j < n; j++ {
		k = append(k, lp.Term{Var: j, Coef: float64(1 + rng.IntN(9))})
		if rng.IntN(2) == 0 {
			c = append(c, lp.Term{Var: j, Coef: float64(1 + rng.IntN(3))})
		}
	}
	m.AddLE("knap", float64(5+rng.IntN(10)), k...)
	m.AddGE("cover", float64(1+rng.IntN(3)), c...)
	return m
}

// TestLearntAgainstEnumeration solves seeded random integer and 0/1
// programs with each technique forced on and compares with complete
// enumeration: a conflict or clique that cut off the optimum would show
// as a worse objective or a wrong Infeasible.
func TestLearntAgainstEnumeration(t *testing.T) {
	for _, name := range learntSettings {
		// the summary lines of the log show whether the technique acted
		var log strings.Builder
		for seed := uint64(1); seed <= 80; seed++ {
			rng := rand.New(rand.NewPCG(seed, 41))
			var m *lp.Model
			if seed%2 == 0 {
				m = randomIP(rng, 2+rng.IntN(4), 1+rng.IntN(4))
			} else {
				m = randomBinaryIP(rng, 6+rng.IntN(7))
			}
			var o Options
			techniques[name](&o)
			o.Branching = Branching(seed / 2 % 2)
			o.Log, o.LogEvery = &log, 1<<30
			sol, err := solveWith(context.Background(), m, o, simplexRelax)
			if err != nil {
				t.Fatalf("%s seed %d: %v", name, seed, err)
			}
			checkEnumerated(t, fmt.Sprintf("%s seed %d", name, seed), m, sol)
		}
		acted := map[string]*regexp.Regexp{
			"conflicts": regexp.MustCompile(`conflicts: [1-9][0-9]* learnt`),
			"cliques":   regexp.MustCompile(`cliques: [1-9][0-9]* from rows`),
			"probing":   regexp.MustCompile(`probing: [1-9][0-9]* columns fixed`),
		}
		for tech, re := range acted {
			if (name == tech || name == "all") && !re.MatchString(log.String()) {
				t.Errorf("%s: %s never acted on the 80 models: the test checks nothing of it", name, tech)
			}
		}
	}
}

// TestConflictsValid runs the search with conflicts on over random models
// and checks every constraint the pool learnt against every feasible point
// by enumeration. Dual-proof conflicts hold only for points that improve
// the incumbent at the time they were learnt, so the check uses the points
// with objective below the final cutoff too: those are the points the
// search must keep.
func TestConflictsValid(t *testing.T) {
	learnt := 0
	for seed := uint64(1); seed <= 120; seed++ {
		rng := rand.New(rand.NewPCG(seed, 43))
		var m *lp.Model
		if seed%2 == 0 {
			m = randomIP(rng, 3+rng.IntN(3), 2+rng.IntN(3))
		} else {
			m = randomBinaryIP(rng, 8+rng.IntN(5))
		}
		s, ok := presolvedSearch(t, m, Options{Conflicts: On, Cliques: Off, Probing: Off, NoCuts: true, NoDiving: true})
		if !ok {
			continue
		}
		var err error
		if s.rel, err = simplexRelax(s.w); err != nil {
			t.Fatal(err)
		}
		// record every conflict before the pool may drop it
		var rows []lp.Row
		var cutoffs []float64
		s.pool.onAdd = func(r lp.Row) { rows, cutoffs = append(rows, r), append(cutoffs, s.cutoff()) }
		if _, err := s.run(); err != nil {
			t.Fatal(err)
		}
		for k, r := range rows {
			// the points a conflict must keep: feasible, objective below its cutoff
			check := m.Clone()
			if !math.IsInf(cutoffs[k], 0) {
				var terms []lp.Term
				for j, c := range m.Obj {
					terms = append(terms, lp.Term{Var: j, Coef: s.sign * c})
				}
				check.AddLE("improve", cutoffs[k]-s.sign*m.ObjOffset-1e-9, terms...)
			}
			learnt += checkCuts(t, fmt.Sprintf("seed %d: conflict", seed), check, []lp.Row{r})
		}
	}
	if learnt == 0 {
		t.Fatal("no conflict learnt on any model: the test checks nothing")
	}
	t.Logf("%d conflicts checked", learnt)
}

// TestCliqueDetection checks the cliques found in hand-made rows.
func TestCliqueDetection(t *testing.T) {
	m := lp.New("cliques", lp.Minimize)
	for j := 0; j < 6; j++ {
		m.AddBinary("", 1)
	}
	y := m.AddIntVar("y", 0, 3, 0)
	term := func(j int, c float64) lp.Term { return lp.Term{Var: j, Coef: c} }
	// x0 + x1 + x2 ≤ 1: a set-packing row, one clique
	m.AddLE("pack", 1, term(0, 1), term(1, 1), term(2, 1))
	// x3 + (1 − x4) ≤ 1, written x3 − x4 ≤ 0: the clique {x3, x̄4}
	m.AddLE("comp", 0, term(3, 1), term(4, -1))
	// 5x0 + 4x3 + 3x5 + x1 + y ≤ 8: weights 5 + 4 > 8 and 4 + 3 ≤ 8: {x0, x3};
	// y moves to the right-hand side at its smallest activity 0
	m.AddLE("knap", 8, term(0, 5), term(3, 4), term(5, 3), term(1, 1), term(y, 1))
	// x0 + x1 ≥ 1 is the clique {x̄0, x̄1} (−x0 − x1 ≤ −1)
	m.AddGE("cover", 1, term(0, 1), term(1, 1))
	// 2x2 + 2x5 ≤ 3 with y ≥ 0 on the other side: −y at its smallest is −3, so
	// the side 2x2 + 2x5 − y ≤ 3 has b' = 6 and no clique
	m.AddLE("loose", 3, term(2, 2), term(5, 2), term(y, -1))
	isInt := make([]bool, len(m.Vars))
	lo, hi := make([]float64, len(m.Vars)), make([]float64, len(m.Vars))
	for j, v := range m.Vars {
		isInt[j], lo[j], hi[j] = v.Integer, v.Lower, v.Upper
	}
	tab := newCliqueTable(len(m.Vars))
	tab.rowCliques(m, isInt, lo, hi)
	want := [][]int{
		{literal(0, false), literal(1, false), literal(2, false)},
		{literal(3, false), literal(4, true)},
		{literal(0, false), literal(3, false)},
		{literal(0, true), literal(1, true)},
	}
	if !slices.EqualFunc(tab.cliques, want, slices.Equal[[]int]) {
		t.Fatalf("cliques %v, want %v", tab.cliques, want)
	}
	// propagation: x0 = 1 fixes x1 = x2 = x3 = 0, and x3 = 0 does not fix x4
	// (the clique {x3, x̄4} only says x4 = 0 ⇒ x3 = 0)
	lo[0] = 1
	var tight []int
	if !tab.propagate(lo, hi, []int{0}, &tight) {
		t.Fatal("propagation failed on a feasible fixing")
	}
	for _, j := range []int{1, 2, 3} {
		if hi[j] != 0 {
			t.Errorf("x%d: upper bound %v after x0 = 1, want 0", j, hi[j])
		}
	}
	if lo[4] != 0 || hi[4] != 1 {
		t.Errorf("x4 in [%v, %v], want [0, 1]", lo[4], hi[4])
	}
	// x4 = 0 then makes x̄4 true, which needs x3 = 0: consistent; x3 = 1 is not
	lo[3], hi[3] = 1, 1
	hi[4] = 0
	if tab.propagate(lo, hi, []int{3, 4}, &tight) {
		t.Error("x0 = x3 = 1 with x4 = 0 passed the clique propagation")
	}
}

// TestCliqueCutsValid separates clique cuts at fractional points of random
// 0/1 models (with probing implications in the table) and checks each cut
// against every feasible point by enumeration.
func TestCliqueCutsValid(t *testing.T) {
	cuts := 0
	for seed := uint64(1); seed <= 60; seed++ {
		rng := rand.New(rand.NewPCG(seed, 47))
		m := randomBinaryIP(rng, 8+rng.IntN(5))
		isInt, lo, hi := boundsOf(m)
		tab := newCliqueTable(len(m.Vars))
		tab.rowCliques(m, isInt, lo, hi)
		if ok, _, _ := probe(newPropagator(m, isInt, DefaultIntTol), tab, nil, isInt, lo, hi, false); !ok {
			continue
		}
		for trial := 0; trial < 5; trial++ {
			x := randomPoint(rng, lo, hi) // in [0, 1]: the model is 0/1
			cuts += checkCuts(t, fmt.Sprintf("seed %d: clique cut", seed), m, tab.separate(x, lo, hi))
		}
	}
	checkedSome(t, "clique cuts", cuts)
}

// TestLearntKeepsOptimum solves the quick shared MIPLIB instances with
// every technique forced on and checks the answer against optimal.csv.
func TestLearntKeepsOptimum(t *testing.T) {
	for _, in := range sharedMILPs(t) {
		if !quickMiplib[in.name] {
			continue
		}
		t.Run(in.name, func(t *testing.T) {
			o := Options{NodeLimit: 200000}
			techniques["all"](&o)
			solveSharedOptimal(t, in, o)
		})
	}
}
