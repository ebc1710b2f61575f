package rrs

import (
	"context"
	"math"
	"math/rand/v2"
	"sort"
	"testing"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/qp"
	"github.com/streamopt/streamopt/solve"
)

// knapsackAt is an independent evaluation of one DC's subproblem at a fixed
// share y: max Σ_j c_j z_j over Σz = y, 0 ≤ z ≤ φ with c_j = r_j − α κ_j y,
// by sorting every region (the oracle keeps only the best few in a heap).
func knapsackAt(o *dcOracle, y float64) float64 {
	idx := make([]int, len(o.r))
	for k := range idx {
		idx[k] = k
	}
	c := func(k int) float64 { return o.r[k] - o.alpha*o.kappa[k]*y }
	sort.Slice(idx, func(a, b int) bool { return c(idx[a]) > c(idx[b]) })
	v, left := 0.0, y
	for _, k := range idx {
		x := math.Min(o.phi[k], left)
		if x <= 0 {
			break
		}
		v += c(k) * x
		left -= x
	}
	return v
}

// TestDCOracle checks the per-DC oracle on random subproblems of the
// seeded family: its upper bound lies above the subproblem's value at
// every share of a grid of 2 001 (each by an independent sort) and at
// random feasible policies, its policy is feasible with the value it
// reports, and the two are within the tolerance asked.
func TestDCOracle(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for k, g := range nonConvexSet(12) {
		in := randomInstance(uint64(300+k), g)
		sp := newSplit(in)
		for i := range in.DataCenters {
			o := newDCOracle(in, i, sp.kmin)
			mu := make([]float64, len(in.Regions))
			for j := range mu {
				mu[j] = in.LinearCoef(i, j) * (0.5 + rng.Float64())
			}
			lo := o.yMax * rng.Float64() * 0.5
			hi := lo + (o.yMax-lo)*rng.Float64()
			scale := math.Max(1, math.Abs(in.Users))
			tol := 1e-9 * scale
			ans, ok := o.solve(mu, lo, hi, tol)
			if !ok {
				t.Fatalf("instance %d DC %d: range [%g, %g] refused", k, i, lo, hi)
			}
			// The policy: feasible, with the value reported.
			f := make([]float64, len(in.Regions))
			y, p, lin := 0.0, 0.0, 0.0
			for t2, j := range ans.Ind {
				f[j] = ans.Val[t2]
				y += in.Regions[j].Share * f[j]
				p += in.Regions[j].Share * in.Regions[j].RevenueSlope * f[j]
				lin += (in.LinearCoef(i, j) - mu[j]) * f[j]
			}
			for j, v := range f {
				if v < -1e-12 || v > 1+1e-12 {
					t.Fatalf("instance %d DC %d: f[%d] = %g outside [0, 1]", k, i, j, v)
				}
			}
			if y < lo-1e-12 || y > hi+1e-12 {
				t.Fatalf("instance %d DC %d: share %g outside [%g, %g]", k, i, y, lo, hi)
			}
			if v := lin - o.alpha*p*y; math.Abs(v-ans.Lower) > 1e-9*scale {
				t.Errorf("instance %d DC %d: policy worth %.12g, reported %.12g", k, i, v, ans.Lower)
			}
			if ans.Upper < ans.Lower || ans.Upper-ans.Lower > tol*(1+1e-9) {
				t.Errorf("instance %d DC %d: bounds [%.12g, %.12g] wider than %g", k, i, ans.Lower, ans.Upper, tol)
			}
			// The subproblem's value on a grid of shares, and at random policies.
			for q := 0; q <= 2000; q++ {
				yq := lo + (hi-lo)*float64(q)/2000
				if v := knapsackAt(o, yq); v > ans.Upper+1e-9*scale {
					t.Fatalf("instance %d DC %d: value %.12g at share %g above the bound %.12g", k, i, v, yq, ans.Upper)
				}
			}
			for q := 0; q < 200; q++ {
				target := lo + (hi-lo)*rng.Float64()
				z := make([]float64, len(o.phi))
				sum := 0.0
				for t2 := range z {
					z[t2] = o.phi[t2] * rng.Float64()
					sum += z[t2]
				}
				if sum < target {
					continue
				}
				v, p := 0.0, 0.0
				for t2 := range z {
					z[t2] *= target / sum
					v += o.r[t2] * z[t2]
					p += o.kappa[t2] * z[t2]
				}
				if v -= o.alpha * p * target; v > ans.Upper+1e-9*scale {
					t.Fatalf("instance %d DC %d: random policy worth %.12g above the bound %.12g", k, i, v, ans.Upper)
				}
			}
		}
	}
}

// localOptima returns n KKT points of in's QP from seeded random starts.
func localOptima(t *testing.T, p *qp.Problem, in *Instance, n int) [][]float64 {
	var out [][]float64
	for trial := 0; trial < n; trial++ {
		loc, err := p.SolveLocal(context.Background(), randomPolicy(in, uint64(trial)), qp.LocalOptions{})
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, loc.X)
	}
	return out
}

// TestLagrangianBound checks the decomposition on the seeded family: L(μ)
// at random prices, and the minimised bound, lie above the profit of local
// optima and of random convex combinations of them (feasible policies, the
// feasible set being convex); the minimised bound is never weaker than the
// root LP relaxation of the secant search (doc.go: the Lagrangian dual with
// exact per-DC subproblems is at least as tight as any relaxation that
// over-estimates each DC's term separately) nor than the root QP
// relaxation; and with the shares restricted to ranges around a policy's
// shares, L still lies above that policy's profit.
func TestLagrangianBound(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(11, 12))
	for k, g := range nonConvexSet(10) {
		in := randomInstance(uint64(400+k), g)
		p, err := in.Compile()
		if err != nil {
			t.Fatal(err)
		}
		s := len(in.DataCenters)
		sp := newSplit(in)
		lg := newLagrangian(in, sp.kmin)
		yLo, yHi := make([]float64, s), make([]float64, s)
		for i := range yHi {
			yHi[i] = lg.oracles[i].yMax
		}
		points := localOptima(t, p, in, 6)
		for q := 0; q < 20; q++ {
			x := make([]float64, len(points[0]))
			w := make([]float64, len(points))
			sum := 0.0
			for a := range w {
				w[a] = rng.ExpFloat64()
				sum += w[a]
			}
			for a, pt := range points {
				for c := range x {
					x[c] += w[a] / sum * pt[c]
				}
			}
			points = append(points, x)
		}
		best := math.Inf(-1)
		for _, x := range points {
			best = math.Max(best, p.Objective(x))
		}
		scale := math.Max(1, math.Abs(best))
		tol := 1e-9 * scale
		for q := 0; q < 5; q++ {
			mu := make([]float64, len(in.Regions))
			for j := range mu {
				mu[j] = lg.scale[j] * (2*rng.Float64() - 1)
			}
			ev, _ := lg.evaluate(mu, yLo, yHi, tol)
			if ev.bound < best-tol {
				t.Errorf("instance %d: L(μ) = %.12g at random prices below the profit %.12g", k, ev.bound, best)
			}
		}
		res := lg.minimise(ctx, make([]float64, len(in.Regions)), yLo, yHi, nil, dualOptions{tol: 1e-7 * scale, target: math.Inf(-1), maxRounds: 2000})
		if res.bound < best-tol {
			t.Errorf("instance %d: minimised bound %.12g below the profit %.12g", k, res.bound, best)
		}
		sr := &search{in: in, p: p, sp: sp}
		qpb, _ := sr.qpBound(ctx, sp.root, true)
		rx := sp.relax(sp.root, nil)
		sol, _, err := solve.Solve(ctx, rx.model, solve.Auto, solve.Options{})
		if err != nil || sol.Status != lp.Optimal {
			t.Fatalf("instance %d: root LP: %v %v", k, err, sol)
		}
		if slack := 1e-6 * scale; res.bound > sol.Objective+slack || res.bound > qpb+slack {
			t.Errorf("instance %d: Lagrangian bound %.9g weaker than the root LP %.9g or QP %.9g", k, res.bound, sol.Objective, qpb)
		}
		// Ranges around each local optimum's shares.
		for _, x := range points[:6] {
			for i := range yLo {
				y := 0.0
				for j, reg := range in.Regions {
					y += reg.Share * x[in.Var(i, j)]
				}
				yLo[i] = math.Max(0, y-0.1*rng.Float64()*lg.oracles[i].yMax)
				yHi[i] = math.Min(lg.oracles[i].yMax, y+0.1*rng.Float64()*lg.oracles[i].yMax)
				yLo[i], yHi[i] = math.Min(yLo[i], y), math.Max(yHi[i], y)
			}
			r := lg.minimise(ctx, res.mu, yLo, yHi, res.cuts, dualOptions{tol: 1e-7 * scale, target: math.Inf(-1), maxRounds: 300})
			if u := p.Objective(x); r.bound < u-tol {
				t.Errorf("instance %d: bound %.12g over ranges around a policy below its profit %.12g", k, r.bound, u)
			}
		}
		t.Logf("instance %d %dx%d: best profit %.6f, Lagrangian %.6f (%d rounds), root LP %.6f, root QP %.6f",
			k, g.DCs, g.Regions, best, res.bound, res.rounds, sol.Objective, qpb)
	}
}

// TestEvaluateIndependentOfWorkers: L(μ) and every DC's answer are the
// same bits whatever the number of goroutines evaluating the DCs.
func TestEvaluateIndependentOfWorkers(t *testing.T) {
	in := randomInstance(9, genSpec{DCs: 12, Regions: 40, Load: 0.8, Spread: 0.75})
	lg := newLagrangian(in, newSplit(in).kmin)
	s := len(in.DataCenters)
	yLo, yHi := make([]float64, s), make([]float64, s)
	for i := range yHi {
		yHi[i] = lg.oracles[i].yMax
	}
	mu := make([]float64, len(in.Regions))
	for j := range mu {
		mu[j] = 0.3 * lg.scale[j]
	}
	var ref evaluation
	for _, w := range []int{1, 2, 5} {
		lg.workers = w
		ev, _ := lg.evaluate(mu, yLo, yHi, 1e-6)
		if w == 1 {
			ref = ev
			continue
		}
		if ev.bound != ref.bound {
			t.Errorf("%d workers: L = %v, one worker %v", w, ev.bound, ref.bound)
		}
		for i := range ev.answers {
			if ev.answers[i].Upper != ref.answers[i].Upper || ev.answers[i].Lower != ref.answers[i].Lower {
				t.Errorf("%d workers: DC %d answers %+v, one worker %+v", w, i, ev.answers[i], ref.answers[i])
			}
		}
	}
}

// TestReportedFiguresAgree: on the seeded family, method auto (global
// here) reports a bound never below the profit of the policy it prints,
// a gap computed from those two, an identity within CompareTol of the
// profit, and why auto chose global; a method asked for by name gives no
// reason.
func TestReportedFiguresAgree(t *testing.T) {
	for k, g := range nonConvexSet(8) {
		in := randomInstance(uint64(500+k), g)
		res, err := Solve(context.Background(), in, Options{})
		if err != nil {
			t.Fatal(err)
		}
		b, p := *res.Stats.BestBound, res.Profit
		scale := math.Max(1, math.Abs(p))
		if b < p {
			t.Errorf("instance %d: bound %.12g below the profit %.12g", k, b, p)
		}
		if gap := (b - p) / scale; math.Abs(gap-*res.Stats.Gap) > 1e-15 {
			t.Errorf("instance %d: gap %g, (bound − profit)/max(1, |profit|) = %g", k, *res.Stats.Gap, gap)
		}
		if math.Abs(res.Identity-p) > CompareTol*scale {
			t.Errorf("instance %d: identity %.12g, profit %.12g", k, res.Identity, p)
		}
		if res.Method != MethodGlobal || res.MethodReason == "" {
			t.Errorf("instance %d: method %q, reason %q: want global with the reason", k, res.Method, res.MethodReason)
		}
	}
	res, err := Solve(context.Background(), randomInstance(1, genSpec{DCs: 3, Regions: 4, Load: 0.5, Spread: 0.75}), Options{Method: MethodGlobal})
	if err != nil || res.MethodReason != "" {
		t.Errorf("global by name: %v, reason %q; want none", err, res.MethodReason)
	}
}
