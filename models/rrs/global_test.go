package rrs

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"testing"
	"time"

	"github.com/streamopt/streamopt/fault"
	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/qp"
	"github.com/streamopt/streamopt/solve"
)

// nonConvexSet is the seeded family of the issue-14 check: sizes up to
// 12 DCs × 15 regions, loads from light to exactly full, slopes spread by
// ±75 % (strongly non-concave). The default run takes the first few.
func nonConvexSet(n int) []genSpec {
	loads := []float64{0.4, 0.7, 0.9, 0.97, 0.99, 1}
	var out []genSpec
	for k := 0; len(out) < n; k++ {
		out = append(out, genSpec{DCs: 2 + k%11, Regions: 2 + (k*5)%14, Load: loads[k%len(loads)], Spread: 0.75})
	}
	return out
}

// globalNodeLimit is the node budget of the tests (a count, not a time:
// the 60 s of the issue are measured by the long run and the benchmark).
const globalNodeLimit = 200000

// TestGlobalAgreesWithKKTMILP: on seeded non-concave instances the spatial
// branch and bound proves a gap ≤ 1e-6, and its profit equals the
// KKT-MILP's (an independent global method) wherever that finishes within
// its budget, to 1e-6 relative, and the KKT-MILP ends without a numerical
// error. The default run takes those of the first 12 with s·r ≤ 60 and
// undecidedNode; STREAMOPT_LONG=1 runs all 100 instances.
func TestGlobalAgreesWithKKTMILP(t *testing.T) {
	n, milpBudget := 12, 20*time.Second
	if os.Getenv("STREAMOPT_LONG") == "1" {
		n, milpBudget = 100, 60*time.Second
	}
	for k, g := range nonConvexSet(100) {
		if k >= n && k != undecidedNode || n == 12 && g.DCs*g.Regions > 60 {
			continue // keep the default run short
		}
		in := randomInstance(uint64(k), g)
		start := time.Now()
		res, err := Solve(context.Background(), in, Options{Method: MethodGlobal, Solve: solve.Options{NodeLimit: globalNodeLimit}})
		if err != nil {
			t.Fatalf("instance %d %+v: global: %v", k, g, err)
		}
		took := time.Since(start)
		if res.Status != "optimal" || *res.Stats.Gap > DefaultGlobalGap {
			t.Fatalf("instance %d: status %s, gap %g", k, res.Status, *res.Stats.Gap)
		}
		if res.Concave {
			t.Fatalf("instance %d: generated concave", k)
		}
		note := "kkt-milp not run (default run: s·r ≤ 30 only)"
		var ref *Result
		err = errSkipped
		if n > 12 || g.DCs*g.Regions <= 30 || k == undecidedNode {
			ctx, cancel := context.WithTimeout(context.Background(), milpBudget)
			ref, err = Solve(ctx, in, Options{Method: MethodKKTMILP, Backend: solve.Auto})
			cancel()
			note = "kkt-milp did not finish"
		}
		if err == nil {
			if math.Abs(ref.Profit-res.Profit) > 1e-6*math.Max(1, math.Abs(ref.Profit)) {
				t.Errorf("instance %d %+v: global %.9f, kkt-milp %.9f", k, g, res.Profit, ref.Profit)
			}
			note = "kkt-milp agrees"
		} else if err != errSkipped && fault.Of(err) != fault.Limit {
			t.Errorf("instance %d %+v: kkt-milp failed: %v", k, g, err)
		}
		t.Logf("instance %d %dx%d load %.2f: profit %.6f, gap %.1e, %d nodes, %.2fs; %s",
			k, g.DCs, g.Regions, g.Load, res.Profit, *res.Stats.Gap, *res.Stats.Nodes, took.Seconds(), note)
	}
}

var errSkipped = errors.New("skipped")

// undecidedNode is the instance (5 × 9, load 0.7) whose KKT-MILP meets a
// node LP that neither a warm nor a cold simplex decides: glpsol, CLP and
// lp_solve call it infeasible, by a margin below what a certificate can
// prove. The KKT-MILP ended numerical_error there until lp/mip split such
// nodes on the pseudo-solution; the default run keeps it.
const undecidedNode = 91

// TestKKTMILPConcaveSet: with multiplier bounds derived from the data
// (bigm.go) the KKT-MILP solves random concave instances, loads up to
// exactly full (and a light 0.1, whose slacks exceed the multiplier
// bounds), without a numerical error, and agrees with the interior
// point to 1e-6 relative. STREAMOPT_LONG=1 runs 60 instances up to 6 × 8.
func TestKKTMILPConcaveSet(t *testing.T) {
	n := 6
	if os.Getenv("STREAMOPT_LONG") == "1" {
		n = 60
	}
	loads := []float64{0.1, 0.5, 0.9, 0.99, 1} // 0.1: slacks larger than the multiplier bounds
	for k := 0; k < n; k++ {
		g := genSpec{DCs: 2 + k%5, Regions: 2 + (k*3)%7, Load: loads[k%len(loads)]}
		if n == 6 && g.DCs*g.Regions > 20 {
			continue
		}
		in := randomInstance(uint64(1000+k), g)
		want, err := Solve(context.Background(), in, Options{Method: MethodQP})
		if err != nil {
			t.Fatalf("instance %d %+v: qp: %v", k, g, err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		got, err := Solve(ctx, in, Options{Method: MethodKKTMILP, Backend: solve.Auto})
		cancel()
		if fault.Of(err) == fault.Limit {
			t.Logf("instance %d %+v: kkt-milp did not finish", k, g)
			continue
		}
		if err != nil {
			t.Fatalf("instance %d %+v: kkt-milp: %v", k, g, err)
		}
		if math.Abs(got.Profit-want.Profit) > 1e-6*math.Max(1, math.Abs(want.Profit)) {
			t.Errorf("instance %d %+v: kkt-milp %.9f, qp %.9f", k, g, got.Profit, want.Profit)
		}
	}
}

// TestGlobalRelaxationIsValid checks the claim of doc.go that the root LP
// bounds the profit of every policy: for random feasible policies f, the
// relaxation with f fixed is feasible and its objective is ≥ U(f).
func TestGlobalRelaxationIsValid(t *testing.T) {
	for k, g := range nonConvexSet(8) {
		in := randomInstance(uint64(100+k), g)
		p, err := in.Compile()
		if err != nil {
			t.Fatal(err)
		}
		sp := newSplit(in)
		for trial := 0; trial < 5; trial++ {
			loc, err := p.SolveLocal(context.Background(), randomPolicy(in, uint64(trial)), qp.LocalOptions{MaxIter: 1})
			if err != nil {
				t.Fatal(err)
			}
			rx := sp.relax(sp.root, nil)
			for j, v := range loc.X {
				rx.model.Vars[j].Lower, rx.model.Vars[j].Upper = v, v
			}
			// Fixed shares may exceed a capacity or a range by rounding: widen them.
			for i := range rx.t {
				if rx.t[i] >= 0 {
					rx.model.Vars[rx.t[i]].Lower -= 1e-9
					rx.model.Vars[rx.t[i]].Upper += 1e-9
				}
			}
			for k := range rx.model.Rows {
				if r := &rx.model.Rows[k]; !math.IsInf(r.Upper, 1) && r.Upper == r.Lower {
					continue
				} else if !math.IsInf(r.Upper, 1) {
					r.Upper += 1e-9
				}
			}
			sol, _, err := solve.Solve(context.Background(), rx.model, solve.Auto, solve.Options{})
			if err != nil || sol.Status != lp.Optimal {
				t.Fatalf("instance %d trial %d: relaxation at a feasible policy: %v %v", k, trial, err, sol)
			}
			if u := p.Objective(loc.X); sol.Objective < u-1e-7*math.Max(1, math.Abs(u)) {
				t.Errorf("instance %d trial %d: relaxation %.9f below the profit %.9f", k, trial, sol.Objective, u)
			}
		}
	}
}

// TestGlobalQPRelaxationIsValid checks the claims of doc.go on the QP
// relaxation: its objective lies above the profit at every policy of its
// box (random KKT points here, in the root box and in a box around each
// point's T), and qpBound, the interior point's solution bounded by
// qp.DualBound, lies above every profit found by local solves.
func TestGlobalQPRelaxationIsValid(t *testing.T) {
	ctx := context.Background()
	for k, g := range nonConvexSet(8) {
		in := randomInstance(uint64(200+k), g)
		p, err := in.Compile()
		if err != nil {
			t.Fatal(err)
		}
		sr := &search{in: in, p: p, sp: newSplit(in)}
		rootBound, _ := sr.qpBound(ctx, sr.sp.root, true)
		for trial := 0; trial < 5; trial++ {
			loc, err := p.SolveLocal(ctx, randomPolicy(in, uint64(trial)), qp.LocalOptions{})
			if err != nil {
				t.Fatal(err)
			}
			u := p.Objective(loc.X)
			tol := 1e-9 * math.Max(1, math.Abs(u))
			if rootBound < u-tol {
				t.Errorf("instance %d trial %d: root QP bound %.9f below the profit %.9f of a local solve", k, trial, rootBound, u)
			}
			// A box around the point's T, a quarter of the root's width.
			b := sr.sp.root.clone()
			for i := range b.Lo {
				ti, w := 0.0, (b.Hi[i]-b.Lo[i])/8
				for j := range in.Regions {
					ti += sr.sp.dif[j] * loc.X[in.Var(i, j)]
				}
				b.Lo[i], b.Hi[i] = math.Max(b.Lo[i], ti-w), math.Min(b.Hi[i], ti+w)
			}
			for _, c := range []struct {
				name string
				b    box
				root bool
			}{{"root", sr.sp.root, true}, {"node", b, false}} {
				rq, constant := sr.sp.relaxQP(p, c.b, c.root)
				if v := rq.Objective(loc.X) + constant; v < u-tol {
					t.Errorf("instance %d trial %d, %s box: relaxation %.9f below the profit %.9f", k, trial, c.name, v, u)
				}
			}
			if nb, _ := sr.qpBound(ctx, b, false); nb < u-tol {
				t.Errorf("instance %d trial %d: QP bound %.9f of a box around the point below its profit %.9f", k, trial, nb, u)
			}
		}
	}
}

// TestGlobalStoppedReportsGap: a node limit too small to close the gap
// gives a partial result with its bound and gap, never "optimal". (The
// root of this 20 × 100 instance leaves a gap of about 1e-4.)
func TestGlobalStoppedReportsGap(t *testing.T) {
	in := randomInstance(1, genSpec{DCs: 20, Regions: 100, Load: 0.8, Spread: 0.75})
	res, err := Solve(context.Background(), in, Options{Method: MethodGlobal, Solve: solve.Options{NodeLimit: 1}})
	if !errors.Is(err, ErrGlobalLimit) || fault.Of(err) != fault.Limit {
		t.Fatalf("error %v, want ErrGlobalLimit", err)
	}
	if res == nil || res.Status == "optimal" || !res.Partial || res.BestBound == nil || res.Policy == nil {
		t.Fatalf("result %+v, want a partial result with a policy and a bound", res)
	}
	if gap := *res.Stats.Gap; !(gap > DefaultGlobalGap) || *res.BestBound < res.Profit {
		t.Errorf("gap %g, bound %g, profit %g: want an open gap above the profit", gap, *res.BestBound, res.Profit)
	}
}

// randomPolicy is a random point of the assignment simplex (not
// necessarily within capacity; SolveLocal makes it feasible).
func randomPolicy(in *Instance, seed uint64) []float64 {
	s, r := len(in.DataCenters), len(in.Regions)
	x := make([]float64, s*r)
	for j := 0; j < r; j++ {
		sum := 0.0
		for i := 0; i < s; i++ {
			v := float64((seed*31+uint64(i)*17+uint64(j)*13)%97) + 1
			x[in.Var(i, j)] = v
			sum += v
		}
		for i := 0; i < s; i++ {
			x[in.Var(i, j)] /= sum
		}
	}
	return x
}

// TestGlobalOnUniformAndNearUniformSlopes: the global method also solves
// the paper's instances, with equal slopes (profit of spec A.10) and with
// slopes spread by 1e-6 and 1e-3 relative, and agrees to 1e-6 relative with
// an independent method: the interior point where the concavity check
// accepts the slopes (spread 0 and 1e-6), the KKT-MILP where it does not.
// Equal and nearly equal slopes make rows of the relaxation coincide or
// nearly so; the uniform case once ended "no feasible point" on a wrong
// infeasibility claim of the LP backend.
func TestGlobalOnUniformAndNearUniformSlopes(t *testing.T) {
	r := rand.New(rand.NewPCG(14, 2))
	for _, spread := range []float64{0, 1e-6, 1e-3} {
		for _, tc := range paperOptima {
			in := paperInstance(t, tc.n)
			for j := range in.Regions {
				in.Regions[j].RevenueSlope *= 1 + spread*(2*r.Float64()-1)
			}
			res, err := Solve(context.Background(), in, Options{Method: MethodGlobal})
			if err != nil {
				t.Fatalf("spread %g, N=%v: %v", spread, tc.n, err)
			}
			if res.Status != StatusOptimal {
				t.Fatalf("spread %g, N=%v: %s", spread, tc.n, res.Status)
			}
			if spread == 0 && math.Abs(res.Profit-tc.profit) > 5e-4 {
				t.Errorf("N=%v: profit %.6f, want %.3f (spec A.10)", tc.n, res.Profit, tc.profit)
			}
			ref := MethodQP
			if !res.Concave {
				ref = MethodKKTMILP
			}
			want, err := Solve(context.Background(), in, Options{Method: ref, Backend: solve.Auto})
			if err != nil {
				t.Fatalf("spread %g, N=%v: %s: %v", spread, tc.n, ref, err)
			}
			if math.Abs(res.Profit-want.Profit) > 1e-6*want.Profit {
				t.Errorf("spread %g, N=%v: global %.9f, %s %.9f", spread, tc.n, res.Profit, ref, want.Profit)
			}
		}
	}
}

// TestDegenerateRelaxationIsNotCalledInfeasible: with equal slopes the
// product bounds' rows coincide with the difference-of-squares ones, and T's
// range is rounding wide. The pure-Go simplex calls this feasible LP (the
// paper's optimal policy of spec A.10 satisfies it) infeasible, with a
// certificate Verify refuses; package solve must not pass that claim on:
// an optimum at or above spec A.10's profit, or a numerical error.
func TestDegenerateRelaxationIsNotCalledInfeasible(t *testing.T) {
	in := paperInstance(t, paperOptima[0].n)
	sp := newSplit(in)
	rx := sp.relax(sp.root, nil)
	for i := range in.DataCenters {
		sp.addProductBounds(rx, i)
	}
	for _, pre := range []string{"on", "off"} {
		sol, _, err := solve.Solve(context.Background(), rx.model, solve.SimplexName, solve.Options{Raw: map[string]string{"presolve": pre}})
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case sol.Status == lp.Optimal && sol.Objective >= paperOptima[0].profit-5e-4:
		case sol.Status == lp.NumericalError:
		default:
			t.Errorf("presolve %s: %v, objective %g; want optimal ≥ %.3f or numerical_error", pre, sol.Status, sol.Objective, paperOptima[0].profit)
		}
	}
}
