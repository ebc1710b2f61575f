package tpd

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/sim"
	"github.com/streamopt/streamopt/solve"
)

// objTol is the relative tolerance for comparing objectives (DESIGN.md).
const objTol = 1e-6

func smallInstance(seed uint64) (*Scenario, []Task) { return RandomSmall(seed) }

// cbcOPT[seed-1] is the optimum of RandomSmall(seed) found by cbc (COIN-OR
// CBC 2.10.8, default settings) on the MPS export of the rounded-up
// time-indexed MILP with slot 1 and no column pruning (exact: on-grid data).
var cbcOPT = []float64{60, 72, 40, 97, 68, 41, 44, 33, 56, 40, 38, 32, 65, 33, 44, 61, 55, 42, 69, 37}

// milpBackends lists the compiled-in backends that can solve a MILP.
func milpBackends() []string {
	var out []string
	for _, n := range solve.Backends() {
		if b, err := solve.Open(n); err == nil && b.Capabilities().MILP {
			out = append(out, n)
		}
	}
	return out
}

// TestBoundChain checks, on 20 random small instances, what must hold:
// LB0 ≤ OPT, LB_SRPT ≤ OPT, LB_LP ≤ OPT, LB_LAG ≤ OPT (resources pooled
// by speed, and one per IPN), OPT ≤ greedy reference and OPT ≤ every
// online policy, with OPT from the exact MILP on every MILP backend
// compiled in (they must agree). LB0 ≤ LB_SRPT is NOT checked: it fails
// whenever the load is light (SRPT runs each job at the pooled rate V),
// and the test records how often each of the two is the larger, and how
// often each bound equals OPT.
func TestBoundChain(t *testing.T) {
	backends := milpBackends()
	ctx := context.Background()
	srptWins := 0
	tight := map[string]int{}
	for seed := uint64(1); seed <= 20; seed++ {
		s, tasks := smallInstance(seed)
		lb0, srpt := lb0(s, tasks), lbSRPT(s, tasks)
		if srpt > lb0 {
			srptWins++
		}
		_, greedy, _ := Greedy(s, tasks)
		lpb, err := LowerBoundLP(ctx, s, tasks, 1, 100, "auto", solve.Options{})
		if err != nil {
			t.Fatalf("seed %d: LB_LP: %v", seed, err)
		}
		// Every window that needed an LP has its report counted, and the
		// windows solved are among those verified.
		if a := lpb.Audit; a.Solves != lpb.Windows-lpb.Trivial || a.Verified < lpb.Solved {
			t.Fatalf("seed %d: audit of %d solves, %d verified; %d windows, %d trivial, %d solved", seed, a.Solves, a.Verified, lpb.Windows, lpb.Trivial, lpb.Solved)
		}
		var policies []float64
		for _, p := range Policies {
			r, err := Simulate(context.Background(), s, tasks, Config{Policy: p, Discipline: p.DefaultDiscipline(), InfoInterval: UseScenarioInfo}, sim.Stream(seed, 0))
			if err != nil {
				t.Fatal(err)
			}
			policies = append(policies, r.TotalDelay)
		}
		lag, err := LowerBoundLagrange(ctx, s, tasks, LagrangeOptions{})
		if err != nil {
			t.Fatalf("seed %d: LB_LAG: %v", seed, err)
		}
		lagIPN, err := LowerBoundLagrange(ctx, s, tasks, LagrangeOptions{PerIPN: true})
		if err != nil {
			t.Fatalf("seed %d: LB_LAG per IPN: %v", seed, err)
		}
		type named struct {
			name  string
			value float64
		}
		lowers := []named{{"LB0", lb0}, {"LB_SRPT", srpt}, {"LB_LP", lpb.Value}, {"LB_LAG", lag.Value}, {"LB_LAG/IPN", lagIPN.Value}}
		uppers := []named{{"greedy", greedy}, {"TPD", policies[0]}, {"PoD", policies[1]}, {"CRO", policies[2]}, {"RND", policies[3]}}
		opt := math.NaN()
		for _, b := range backends {
			ex, err := Exact(ctx, s, tasks, 1, b, solve.Options{})
			if err != nil {
				t.Fatalf("seed %d: exact on %s: %v", seed, b, err)
			}
			if ex.Status != lp.Optimal {
				t.Fatalf("seed %d: exact on %s: status %v", seed, b, ex.Status)
			}
			if math.Abs(ex.Total-ex.Objective) > objTol*ex.Total {
				t.Errorf("seed %d: on-grid data, yet schedule cost %g != model objective %g", seed, ex.Total, ex.Objective)
			}
			if want := cbcOPT[seed-1]; math.Abs(ex.Total-want) > objTol*want {
				t.Errorf("seed %d: OPT %g on %s, cbc says %g", seed, ex.Total, b, want)
			}
			if !math.IsNaN(opt) && math.Abs(ex.Total-opt) > objTol*opt {
				t.Errorf("seed %d: OPT %g on %s differs from %g", seed, ex.Total, b, opt)
			}
			opt = ex.Total
		}
		if math.IsNaN(opt) {
			// No MILP backend: the chain still needs every lower bound under
			// every upper bound.
			opt = math.Inf(1)
			for _, u := range uppers {
				opt = math.Min(opt, u.value)
			}
		}
		for _, l := range lowers {
			if l.value > opt*(1+objTol) {
				t.Errorf("seed %d: %s = %g > OPT %g", seed, l.name, l.value, opt)
			}
			if l.value >= opt*(1-objTol) {
				tight[l.name]++
			}
		}
		for _, u := range uppers {
			if u.value < opt*(1-objTol) {
				t.Errorf("seed %d: %s = %g < OPT %g", seed, u.name, u.value, opt)
			}
		}
		t.Logf("seed %2d: M=%d K=%d LB0=%g SRPT=%.3f LB_LP=%.3f LB_LAG=%.3f LB_LAG/IPN=%.3f OPT=%g greedy=%g TPD=%g PoD=%g CRO=%g RND=%g",
			seed, len(tasks), s.K(), lb0, srpt, lpb.Value, lag.Value, lagIPN.Value, opt, greedy, policies[0], policies[1], policies[2], policies[3])
	}
	t.Logf("bound = OPT (to %g) on 20 instances: %v", objTol, tight)
	if len(backends) == 0 {
		t.Log("no MILP backend compiled in: OPT replaced by the best upper bound")
	}
	t.Logf("LB_SRPT > LB0 on %d of 20 instances (MILP backends: %v)", srptWins, backends)
}

func TestSRPTHandExample(t *testing.T) {
	// One IPN, 1 slot of speed 1, zero latency: the pooled machine is the
	// machine itself. Jobs (r, w) = (0, 4), (1, 1): SRPT runs job 1 on [1, 2)
	// and job 0 on [0,1)∪[2,5): Σ (C − r) = 5 + 1 = 6 (LB0 = 5). The greedy
	// reference starts job 0 at once: 4 + 4 = 8. (The non-preemptive
	// optimum is 7: keep the slot idle for job 1, run job 0 on [2, 6).)
	s := oneIPN(1)
	tasks := []Task{{ID: 0, Release: 0, Frames: 4, Demand: 1}, {ID: 1, Release: 1, Frames: 1, Demand: 1}}
	if got, err := LBSRPT(s, tasks); err != nil || got != 6 {
		t.Errorf("LB_SRPT = %g, want 6", got)
	}
	if got, err := LB0(s, tasks); err != nil || got != 5 {
		t.Errorf("LB0 = %g, want 5", got)
	}
	if _, got, err := Greedy(s, tasks); err != nil || got != 8 {
		t.Errorf("greedy = %g, want 8", got)
	}
}

func TestCompileErrors(t *testing.T) {
	s, tasks := smallInstance(3)
	if _, err := CompileTimeIndexed(s, tasks, 0, RoundDown, false, math.Inf(1)); !errors.Is(err, ErrInput) {
		t.Errorf("slot 0: %v", err)
	}
	bad := append([]Task(nil), tasks...)
	bad[2].Frames = -1
	if _, err := CompileTimeIndexed(s, bad, 1, RoundDown, false, math.Inf(1)); !errors.Is(err, ErrInput) {
		t.Errorf("negative frames: %v", err)
	}
}

func TestBoundsRejectBadInput(t *testing.T) {
	s, tasks := smallInstance(4)
	bad := append([]Task(nil), tasks...)
	bad[1].Source = 99
	ctx := context.Background()
	checks := map[string]func() error{
		"LB0":          func() error { _, err := LB0(s, bad); return err },
		"LBSRPT":       func() error { _, err := LBSRPT(s, bad); return err },
		"Greedy":       func() error { _, _, err := Greedy(s, bad); return err },
		"LowerBoundLP": func() error { _, err := LowerBoundLP(ctx, s, bad, 1, 10, "auto", solve.Options{}); return err },
		"Exact":        func() error { _, err := Exact(ctx, s, bad, 1, "auto", solve.Options{}); return err },
		"nil scenario": func() error { _, err := LB0(nil, tasks); return err },
		"Exact slot":   func() error { _, err := Exact(ctx, s, tasks, -1, "auto", solve.Options{}); return err },
		"Simulate nil": func() error { _, err := Simulate(context.Background(), nil, tasks, Config{}, nil); return err },
	}
	for name, f := range checks {
		if err := f(); !errors.Is(err, ErrInput) {
			t.Errorf("%s: error %v, want ErrInput", name, err)
		}
	}
}

// TestLowerBoundLPSpentBudget checks that a done context makes every window
// that needs an LP fall back to its LB0/LB_SRPT bound without compiling one
// (Columns stays 0), and that the result is still a bound between LB0 and
// the full LB_LP.
func TestLowerBoundLPSpentBudget(t *testing.T) {
	for seed := uint64(1); seed <= 5; seed++ {
		s, tasks := smallInstance(seed)
		full, err := LowerBoundLP(context.Background(), s, tasks, 1, 100, "auto", solve.Options{})
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		spent, err := LowerBoundLP(ctx, s, tasks, 1, 100, "auto", solve.Options{})
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if spent.Columns != 0 || spent.Solved != 0 || spent.Failed+spent.Trivial != spent.Windows {
			t.Errorf("seed %d: %+v after the budget, want no LP compiled and every non-trivial window failed", seed, spent)
		}
		if lb := lb0(s, tasks); spent.Value < lb-1e-9 || spent.Value > full.Value+1e-9 {
			t.Errorf("seed %d: %.6f outside [LB0 %.6f, LB_LP %.6f]", seed, spent.Value, lb, full.Value)
		}
		if full.Solved > 0 && spent.Failed == 0 {
			t.Errorf("seed %d: the full run solved %d LPs, the spent one failed none", seed, full.Solved)
		}
	}
}

// TestTimeIndexedTooLarge checks the size guard: a grid so fine that the
// model would need more than MaxTimeIndexedNonzeros entries is refused with
// ErrTooLarge before anything is built, and LB_LP then keeps each window's
// combinatorial bound instead of failing.
func TestTimeIndexedTooLarge(t *testing.T) {
	s, tasks := smallInstance(1)
	const slot = 1e-5 // a 10 µs grid turns each second of processing into 10⁵ slots
	_, err := CompileTimeIndexed(s, tasks, slot, RoundDown, false, math.Inf(1))
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "1e-05 s grid") {
		t.Fatalf("error %v, want ErrTooLarge naming the grid", err)
	}
	lb, err := LowerBoundLP(context.Background(), s, tasks, slot, 100, "auto", solve.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if lb.Columns != 0 || lb.Solved != 0 || lb.Failed == 0 || lb.Value < lb0(s, tasks)-1e-9 {
		t.Errorf("LB_LP %+v, want every LP window refused and a value ≥ LB0 %.6f", lb, lb0(s, tasks))
	}
}
