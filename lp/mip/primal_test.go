package mip

import (
	"bytes"
	"context"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/streamopt/streamopt/internal/instances"
	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/mps"
)

// heuristicConfigs force each primal heuristic on alone (the others off),
// then all of them on; the first six are the heuristics alone.
var heuristicConfigs = []struct {
	name string
	opts Options
}{
	{"feasjump", Options{FeasJump: On, OneOpt: Off, RENS: Off, RINS: Off, FeasPump: Off}},
	{"oneopt", Options{FeasJump: Off, OneOpt: On, RENS: Off, RINS: Off, FeasPump: Off}},
	{"rens", Options{FeasJump: Off, OneOpt: Off, RENS: On, RINS: Off, FeasPump: Off}},
	{"rins", Options{FeasJump: Off, OneOpt: Off, RENS: Off, RINS: On, FeasPump: Off}},
	// the pump runs only without an incumbent: diving, which runs first
	// otherwise, is off
	{"feaspump", Options{FeasJump: Off, OneOpt: Off, RENS: Off, RINS: Off, FeasPump: On, NoDiving: true}},
	{"diving", Options{FeasJump: Off, OneOpt: Off, RENS: Off, RINS: Off, FeasPump: Off, Diving: On, DiveTree: On}},
	{"all", Options{FeasJump: On, OneOpt: On, RENS: On, RINS: On, FeasPump: On, Diving: On, DiveTree: On}},
}

// presolvedSearch returns a search of m with options o (defaults filled
// in) over the simplex relaxation, after its presolve, and whether the
// presolve left the model feasible.
func presolvedSearch(t *testing.T, m *lp.Model, o Options) (*search, bool) {
	t.Helper()
	o, err := o.withDefaults()
	if err != nil {
		t.Fatal(err)
	}
	s := newSearch(context.Background(), m, o)
	s.mk = simplexRelax
	return s, s.presolve()
}

// checkedEvents returns an event callback that verifies every incumbent
// against m (integrality, bounds, rows, objective) and counts the sources.
func checkedEvents(t *testing.T, m *lp.Model, sources map[string]int) func(Event) error {
	return func(e Event) error {
		if e.Kind == IncumbentEvent {
			checkPoint(t, m, &lp.Solution{X: e.X, Objective: e.Objective, RowActivity: m.Activities(e.X)})
			sources[e.Source]++
		}
		return nil
	}
}

// TestHeuristicsAgainstEnumeration solves the seeded random integer
// programs of TestRandomAgainstEnumeration (and larger ones) with each
// heuristic forced on: the optimum equals complete enumeration's and every
// incumbent a heuristic hands over satisfies the model. Feasibility jump
// and RENS forced on must have found incumbents on some of the models, so
// that the test exercises them (1-opt rarely finds a move on these dense
// rows of both signs; TestOneOpt checks it, and RINS, which needs nodes,
// is exercised by TestMiplibHeuristics). The pump forced on must also have
// found incumbents in its stage without the objective (α = 0), which runs
// only where the objective pump fails: its log line says so.
func TestHeuristicsAgainstEnumeration(t *testing.T) {
	for _, hc := range heuristicConfigs {
		t.Run(hc.name, func(t *testing.T) {
			sources := map[string]int{}
			zeroStage := 0
			for seed := uint64(1); seed <= 80; seed++ {
				rng := rand.New(rand.NewPCG(seed, 17))
				m := randomIP(rng, 2+rng.IntN(6), 1+rng.IntN(5))
				want, feasible := enumerate(m)
				opts := hc.opts
				opts.Branching = Branching(seed % 2)
				opts.NoCuts = seed%4 == 0 // more nodes, more chances for RINS
				opts.Callbacks.Event = checkedEvents(t, m, sources)
				var log bytes.Buffer
				opts.Log, opts.LogEvery = &log, 1<<30
				sol, err := solveWith(context.Background(), m, opts, simplexRelax)
				if err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
				if strings.Contains(log.String(), " rounds without the objective: new incumbent") {
					zeroStage++
				}
				if !feasible {
					if sol.Status != lp.Infeasible {
						t.Errorf("seed %d: status %v, want infeasible", seed, sol.Status)
					}
					continue
				}
				if sol.Status != lp.Optimal || math.Abs(sol.Objective-want) > 1e-6 {
					t.Errorf("seed %d: %v %v, enumeration %v", seed, sol.Status, sol.Objective, want)
					continue
				}
				checkPoint(t, m, sol)
			}
			t.Logf("incumbent sources: %v", sources)
			need := map[string]string{"feasjump": "feasibility jump", "rens": "rens", "feaspump": "feaspump", "diving": "diving"}[hc.name]
			found := false
			for src := range sources {
				found = found || (need != "" && strings.Contains(src, need))
			}
			if need != "" && !found {
				t.Errorf("no incumbent from %q: the test does not exercise it", need)
			}
			if hc.name == "feaspump" {
				t.Logf("%d incumbents from the pump without the objective", zeroStage)
				if zeroStage == 0 {
					t.Error("no incumbent from the pump's stage without the objective: the test does not exercise it")
				}
			}
		})
	}
}

// TestHeuristicsMixedAgainstEnumeration does the same on the random MILPs
// with continuous columns of TestRandomMixedAgainstEnumeration, where the
// heuristics' points go through the continuous polish LP; the optimum is
// the plain search's, which that test checks against enumeration. The
// pump forced on must have found incumbents on some of the models.
func TestHeuristicsMixedAgainstEnumeration(t *testing.T) {
	pumped := 0
	for seed := uint64(1); seed <= 40; seed++ {
		rng := rand.New(rand.NewPCG(seed, 29))
		m := randomIP(rng, 3+rng.IntN(2), 3+rng.IntN(3))
		for k := 0; k < 1+rng.IntN(2); k++ {
			c := m.AddVar("", 0, float64(1+rng.IntN(5)), float64(rng.IntN(11)-5))
			for i := range m.Rows {
				if rng.IntN(2) == 0 {
					m.Rows[i].Ind = append(m.Rows[i].Ind, c)
					m.Rows[i].Val = append(m.Rows[i].Val, float64(rng.IntN(9)-4)+0.5)
				}
			}
		}
		plain, err := Solve(context.Background(), m, Options{FeasJump: Off, OneOpt: Off, RENS: Off, RINS: Off, FeasPump: Off})
		if err != nil {
			t.Fatal(err)
		}
		for _, hc := range heuristicConfigs {
			opts := hc.opts
			sources := map[string]int{}
			opts.Callbacks.Event = checkedEvents(t, m, sources)
			sol, err := Solve(context.Background(), m, opts)
			if err != nil {
				t.Fatalf("seed %d %s: %v", seed, hc.name, err)
			}
			if sol.Status != plain.Status || math.Abs(sol.Objective-plain.Objective) > 1e-6*math.Max(1, math.Abs(plain.Objective)) {
				t.Errorf("seed %d %s: %v %v, without heuristics %v %v", seed, hc.name, sol.Status, sol.Objective, plain.Status, plain.Objective)
			}
			if sol.HasPrimal() {
				checkPoint(t, m, sol)
			}
			if hc.name == "feaspump" {
				pumped += sources["feaspump"]
			}
		}
	}
	t.Logf("%d incumbents from the feasibility pump", pumped)
	if pumped == 0 {
		t.Error("no incumbent from the feasibility pump: the test does not exercise it")
	}
}

// TestMiplibHeuristics solves the quick shared MIPLIB instances with each
// heuristic forced on alone: the answer is the optimum of optimal.csv, every
// incumbent satisfies the model, and the log shows that the heuristic ran.
func TestMiplibHeuristics(t *testing.T) {
	ins := instances.MiplibOrSkip(t)
	ran := map[string]bool{}
	for _, in := range ins {
		if !quickMiplib[in.Name] || in.Name == "bell5" {
			continue
		}
		m, err := mps.ReadFile(in.Path)
		if err != nil {
			t.Fatal(err)
		}
		for _, hc := range heuristicConfigs[:6] {
			var log bytes.Buffer
			opts := hc.opts
			opts.NodeLimit, opts.Log, opts.LogEvery = 200000, &log, 1<<30
			sources := map[string]int{}
			opts.Callbacks.Event = checkedEvents(t, m, sources)
			sol, err := Solve(context.Background(), m, opts)
			if err != nil {
				t.Fatal(err)
			}
			if sol.Status != lp.Optimal || math.Abs(sol.Objective-in.Optimum) > 1e-6*math.Max(1, math.Abs(in.Optimum)) {
				t.Errorf("%s %s: %v %.10g, want optimal %.10g (%s)", in.Name, hc.name, sol.Status, sol.Objective, in.Optimum, in.Source)
			}
			mark := map[string]string{"feasjump": "feasibility jump:", "oneopt": " + 1-opt", "rens": "rens:", "rins": "rins:", "feaspump": "feaspump:", "diving": "diving:"}[hc.name]
			if strings.Contains(log.String(), mark) {
				ran[hc.name] = true
			}
			t.Logf("%s %s: %d nodes, sources %v", in.Name, hc.name, sol.Nodes, sources)
		}
	}
	for _, hc := range heuristicConfigs[:6] {
		if !ran[hc.name] {
			t.Errorf("%s never ran on the quick instances", hc.name)
		}
	}
}

// TestSwitchValidated: an unknown Switch value is an input error naming the field.
func TestSwitchValidated(t *testing.T) {
	for _, o := range []Options{{FeasJump: 3}, {OneOpt: -1}, {RENS: 7}, {RINS: 4}, {Symmetry: 5}, {FeasPump: 5}, {Diving: 4}} {
		_, err := Solve(context.Background(), knapsack(), o)
		if err == nil || !strings.Contains(err.Error(), "options.") {
			t.Errorf("%+v: error %v, want one naming the field", o, err)
		}
	}
	if s := On.String() + Off.String() + Auto.String(); s != "onoffauto" {
		t.Errorf("String: %q", s)
	}
}

// TestOneOpt hands a poor point to the incumbent check with 1-opt on. By
// hand: min −x₁ − 2x₂ − y s.t. x₁ + x₂ ≤ 5, y − x₂ ≤ 0.5, x₁, x₂ ∈ {0..4},
// y ∈ [0, 3] continuous. From (0, 0, 0), x₁ shifts up by 4 (its bound),
// then x₂ by 1 (the row's slack); the polish LP then raises y to
// x₂ + 0.5 = 1.5: the incumbent (4, 1, 1.5) of objective −7.5.
func TestOneOpt(t *testing.T) {
	m := lp.New("oneopt", lp.Minimize)
	x1 := m.AddIntVar("x1", 0, 4, -1)
	x2 := m.AddIntVar("x2", 0, 4, -2)
	y := m.AddVar("y", 0, 3, -1)
	m.AddLE("cap", 5, lp.Term{Var: x1, Coef: 1}, lp.Term{Var: x2, Coef: 1})
	m.AddLE("link", 0.5, lp.Term{Var: y, Coef: 1}, lp.Term{Var: x2, Coef: -1})
	for _, sw := range []Switch{On, Off} {
		s, ok := presolvedSearch(t, m, Options{OneOpt: sw})
		if !ok {
			t.Fatal("presolve: infeasible")
		}
		var sources []string
		s.opts.Callbacks.Event = func(e Event) error { sources = append(sources, e.Source); return nil }
		s.tryIncumbent([]float64{0, 0, 0}, "test")
		want := []float64{4, 1, 1.5}
		if sw == Off {
			want = []float64{0, 0, 0}
		}
		for j := range want {
			if math.Abs(s.incX[j]-want[j]) > 1e-9 {
				t.Errorf("%v: incumbent %v (sources %v), want %v", sw, s.incX, sources, want)
				break
			}
		}
	}
}

// TestPointsPolished: on the row 100000·b + c ≥ 157344.61 (b binary with
// cost 50000, c ≥ 0 with cost 1), a point that meets the row only within
// the incumbent check's relative tolerance becomes the incumbent only
// through the LP with its integer columns fixed, which meets the row: on
// rows with large terms the shortfall buys objective.
//   - "sub-MIP": a sub-MIP's point, c short by 5e-7 relative (over
//     solve.Verify's 1e-7; mas76 ended so). By hand, b = 1 gives
//     c = 57344.61, objective 107344.61.
//   - "rounded": a point of any other source (rounding, diving, a node
//     LP) with b within IntTol of 0 and c meeting the row with it, so that
//     rounding b leaves the row 0.05 short; mas76 on two threads ended
//     "optimal" at 40005.013, 1.03e-6 below its optimum 40005.05414, from
//     such a rounded node point. By hand, b = 0 gives c = 157344.61, the
//     objective too.
func TestPointsPolished(t *testing.T) {
	for _, tc := range []struct {
		name  string
		point []float64
		offer func(s *search, x []float64) bool
		want  float64
	}{
		{"sub-MIP", []float64{1, 157344.61*(1-5e-7) - 100000}, func(s *search, x []float64) bool { return s.offerSubPoint(x, "test") }, 107344.61},
		{"rounded", []float64{5e-7, 157344.61 - 100000*5e-7}, func(s *search, x []float64) bool { return s.tryIncumbent(x, "test") }, 157344.61},
	} {
		m := lp.New("polish", lp.Minimize)
		b := m.AddBinary("b", 50000)
		c := m.AddVar("c", 0, lp.Inf, 1)
		m.AddGE("need", 157344.61, lp.Term{Var: b, Coef: 100000}, lp.Term{Var: c, Coef: 1})
		s, ok := presolvedSearch(t, m, Options{OneOpt: Off})
		if !ok {
			t.Fatal("presolve: infeasible")
		}
		if !tc.offer(s, tc.point) || s.incX == nil {
			t.Errorf("%s: no incumbent from the polished point", tc.name)
			continue
		}
		if act := 100000*s.incX[b] + s.incX[c]; act < 157344.61*(1-1e-9) {
			t.Errorf("%s: incumbent %v: row activity %.9f short of 157344.61", tc.name, s.incX, act)
		}
		if z := m.Objective(s.incX); math.Abs(z-tc.want) > 1e-6 {
			t.Errorf("%s: incumbent objective %.9f, want %v (by hand)", tc.name, z, tc.want)
		}
	}
}
