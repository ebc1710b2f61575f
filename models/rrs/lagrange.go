package rrs

import (
	"context"
	"fmt"
	"math"
	"runtime"
	"sync"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/simplex"
)

// lagrangian is the decomposition of RRS over data centres (doc.go,
// "Lagrangian bound"): pricing the assignment rows Σ_i f_ij = 1 at μ_j
// leaves one independent problem per DC, and
//
//	L(μ) = Σ_j μ_j + Σ_i v_i(μ)
//
// bounds the profit of every policy from above, for every μ. The DCs'
// shares may be restricted to ranges y_i ∈ [yLo_i, yHi_i] (a node of the
// search over shares); L then bounds the policies whose shares lie there.
type lagrangian struct {
	in      *Instance
	oracles []*dcOracle
	scale   []float64 // per region, max_i |ĉ_ij|: the scale of μ_j
	workers int
}

func newLagrangian(in *Instance, kmin float64) *lagrangian {
	s, r := len(in.DataCenters), len(in.Regions)
	lg := &lagrangian{in: in, oracles: make([]*dcOracle, s), scale: make([]float64, r), workers: runtime.GOMAXPROCS(0)}
	for i := range lg.oracles {
		lg.oracles[i] = newDCOracle(in, i, kmin)
		for j := 0; j < r; j++ {
			lg.scale[j] = math.Max(lg.scale[j], math.Abs(in.LinearCoef(i, j)))
		}
	}
	for j := range lg.scale {
		lg.scale[j] = math.Max(lg.scale[j], 1e-12*in.Users)
	}
	return lg
}

// evaluation is L at one μ with every DC's answer.
type evaluation struct {
	bound   float64 // L(μ), an upper bound
	answers []dcAnswer
}

// evaluate computes L(μ) over the share ranges [yLo, yHi], each DC's
// oracle to within tol/s. The DCs are independent and run on lg.workers
// goroutines; the result does not depend on their number. ok is false when
// some DC's range is empty (no policy lies in the ranges).
func (lg *lagrangian) evaluate(mu, yLo, yHi []float64, tol float64) (evaluation, bool) {
	s := len(lg.oracles)
	ev := evaluation{answers: make([]dcAnswer, s)}
	oks := make([]bool, s)
	per := tol / float64(s)
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < min(lg.workers, s); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				ev.answers[i], oks[i] = lg.oracles[i].solve(mu, yLo[i], yHi[i], per)
			}
		}()
	}
	for i := 0; i < s; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
	for _, m := range mu {
		ev.bound += m
	}
	for i := range ev.answers {
		if !oks[i] {
			return ev, false
		}
		ev.bound += ev.answers[i].Upper
	}
	return ev, true
}

// cut is a lower bound on one DC's v_i(μ') at every μ': the value of a
// fixed policy, Fixed − Σ_k Val[k]·μ'_Ind[k].
type cut struct {
	dc    int
	fixed float64
	ind   []int
	val   []float64
	y     float64 // the policy's share: the cut is valid in nodes whose range holds it
	round int     // the round that added it
}

// dualOptions control minimise.
type dualOptions struct {
	tol       float64 // stop when L(μ̂) − (model minimum) ≤ tol
	target    float64 // stop when L(μ̂) ≤ target (the node is closed)
	maxRounds int
	// improved, if not nil, is called with each lower bound found.
	improved func(bound float64)
}

// dualResult is the outcome of minimise.
type dualResult struct {
	bound  float64   // the best L(μ) evaluated: an upper bound
	mu     []float64 // where
	rounds int
	// primal[i] is the DCs' policies combined by the master's weights
	// (dense over regions): a point of the convexified problem, nearly
	// assigning every region when the master has converged.
	primal [][]float64
	// spread[i] is how far DC i's combination is from one policy: the
	// weighted spread of the combined policies' shares y (0 when one
	// policy carries all the weight). The DC to branch on has the largest.
	spread []float64
	// ybar[i] is the weighted mean share of DC i's combination.
	ybar []float64
	ok   bool // false: no policy lies in the ranges
	// cuts are those the master held at the end, with a positive weight
	// (for the children of a node).
	cuts []cut
}

// minimise minimises L over μ by a box-stabilised cutting-plane method
// (doc.go, "Lagrangian bound"): the master LP
//
//	min Σ_j μ_j + Σ_i θ_i  s.t.  θ_i ≥ Fixed_c − f_cᵀμ for each cut c of DC i,
//	                             |μ_j − μ̂_j| ≤ Δ_j,
//
// proposes the next μ, whose oracle answers add one cut per DC. The centre
// μ̂ moves when L falls by a tenth of the model's predicted decrease
// (a serious step); the box widens when a serious step reaches it and
// narrows when a step makes L worse. Every bound reported is an evaluated
// L(μ), so it is valid whatever the master does. The master LP is solved
// by the pure-Go simplex directly, warm from the previous round (cuts enter
// as rows): it only proposes points, so it needs no verification.
func (lg *lagrangian) minimise(ctx context.Context, mu0, yLo, yHi []float64, inherited []cut, opt dualOptions) dualResult {
	s, r := len(lg.oracles), len(lg.scale)
	res := dualResult{bound: math.Inf(1)}
	centre := append([]float64(nil), mu0...)
	ev, ok := lg.evaluate(centre, yLo, yHi, opt.tol/10)
	if !ok {
		return res
	}
	res.ok = true
	res.bound, res.mu = ev.bound, centre // the centre is the best μ evaluated
	// The master answer the result's combined policies come from, and the
	// cuts its rows were (recover reads them once, after the loop).
	var last *lp.Solution
	var lastCuts []cut
	var cuts []cut
	for _, c := range inherited {
		if c.y >= yLo[c.dc] && c.y <= yHi[c.dc] {
			cuts = append(cuts, c)
		}
	}
	addCuts := func(ev evaluation, round int) []lp.Row {
		var rows []lp.Row
		for i, a := range ev.answers {
			c := cut{dc: i, fixed: a.Fixed, ind: a.Ind, val: a.Val, y: a.Y, round: round}
			cuts = append(cuts, c)
			rows = append(rows, c.row(r))
		}
		return rows
	}
	delta := 0.05
	box := func(j int) (float64, float64) {
		w := delta * lg.scale[j]
		return centre[j] - w, centre[j] + w
	}
	build := func() (*simplex.Solver, error) {
		m := lp.New("rrs_lagrangian_master", lp.Minimize)
		for j := 0; j < r; j++ {
			lo, hi := box(j)
			m.AddVar(fmt.Sprintf("mu[%d]", j+1), lo, hi, 1)
		}
		for i := 0; i < s; i++ {
			m.AddVar(fmt.Sprintf("theta[%d]", i+1), -lp.Inf, lp.Inf, 1)
		}
		for k := range cuts {
			row := cuts[k].row(r)
			m.AddRow(row.Name, row.Lower, row.Upper, termsOf(row)...)
		}
		return simplex.New(m, simplex.Options{NoPresolve: true})
	}
	addCuts(ev, 0)
	sv, err := build()
	if err != nil {
		return res
	}
	var msol *lp.Solution
	for round := 1; round <= opt.maxRounds; round++ {
		res.rounds = round
		if ctx.Err() != nil || res.bound <= opt.target {
			break
		}
		msol, err = sv.Solve(ctx)
		if err != nil || msol.Status != lp.Optimal {
			// Start the master again from its cuts; a second failure ends
			// the search with the bound reached.
			if sv, err = build(); err != nil {
				break
			}
			if msol, err = sv.Solve(ctx); err != nil || msol.Status != lp.Optimal {
				break
			}
		}
		model := msol.Objective
		next := msol.X[:r]
		binding := false
		for j := 0; j < r; j++ {
			lo, hi := box(j)
			if next[j] <= lo+1e-9*lg.scale[j] || next[j] >= hi-1e-9*lg.scale[j] {
				binding = true
				break
			}
		}
		last, lastCuts = msol, cuts
		if res.bound-model <= opt.tol {
			break
		}
		ev, _ = lg.evaluate(next, yLo, yHi, opt.tol/10)
		rows := addCuts(ev, round)
		predicted := res.bound - model
		switch {
		case res.bound-ev.bound >= 0.1*predicted:
			res.bound = ev.bound
			if opt.improved != nil {
				opt.improved(res.bound)
			}
			copy(centre, next)
			if binding {
				delta = math.Min(2*delta, 10)
			}
		case ev.bound > res.bound:
			delta = math.Max(delta/2, 1e-9)
		}
		if len(cuts) > maxMasterRows(r, s) {
			// Keep the cuts the master weighs and those of the last
			// rounds; start the master again from them. (A new slice:
			// lastCuts keeps the rows of the master solved last.)
			var kept []cut
			for k, c := range cuts {
				if (k < len(msol.RowDual) && msol.RowDual[k] > 0) || c.round > round-purgeKeepRounds {
					kept = append(kept, c)
				}
			}
			cuts = kept
			if sv, err = build(); err != nil {
				break
			}
			continue
		}
		if err := sv.AddRows(rows); err != nil {
			break
		}
		for j := 0; j < r; j++ {
			lo, hi := box(j)
			sv.SetColBounds(j, lo, hi)
		}
	}
	lg.recover(&res, lastCuts, last, r)
	return res
}

// maxMasterRows is the number of cuts above which the master drops those
// it does not weigh (all but the last purgeKeepRounds rounds' cuts): its
// solves slow down with every row, and a Kelley master that keeps every
// cut grows by s rows a round.
func maxMasterRows(r, s int) int { return 2*(r+s) + 20*s }

const purgeKeepRounds = 5

// recover sets res.primal, spread and ybar from the master's duals: the
// weights λ_c ≥ 0 of the cuts, which sum to 1 per DC (the dual row of the
// free column θ_i).
func (lg *lagrangian) recover(res *dualResult, cuts []cut, msol *lp.Solution, r int) {
	if msol == nil || msol.RowDual == nil {
		return
	}
	s := len(lg.oracles)
	res.primal = make([][]float64, s)
	res.spread = make([]float64, s)
	res.ybar = make([]float64, s)
	sumY, sumY2, sumW := make([]float64, s), make([]float64, s), make([]float64, s)
	for i := range res.primal {
		res.primal[i] = make([]float64, r)
	}
	res.cuts = res.cuts[:0]
	for k, c := range cuts {
		if k >= len(msol.RowDual) {
			break
		}
		w := msol.RowDual[k]
		if w <= 0 {
			continue
		}
		res.cuts = append(res.cuts, c)
		y := 0.0
		for t, j := range c.ind {
			res.primal[c.dc][j] += w * c.val[t]
			y += c.val[t] * lg.in.Regions[j].Share
		}
		sumW[c.dc] += w
		sumY[c.dc] += w * y
		sumY2[c.dc] += w * y * y
	}
	for i := 0; i < s; i++ {
		if sumW[i] <= 0 {
			continue
		}
		m := sumY[i] / sumW[i]
		res.ybar[i] = m
		res.spread[i] = math.Sqrt(math.Max(0, sumY2[i]/sumW[i]-m*m))
		if sumW[i] != 1 {
			for j := range res.primal[i] {
				res.primal[i][j] /= sumW[i]
			}
		}
	}
}

// row is the master row θ_dc + Σ_k Val[k] μ_Ind[k] ≥ Fixed.
func (c *cut) row(r int) lp.Row {
	row := lp.Row{Name: fmt.Sprintf("cut[%d]", c.dc+1), Lower: c.fixed, Upper: lp.Inf,
		Ind: append([]int{r + c.dc}, c.ind...), Val: append([]float64{1}, c.val...)}
	return row
}

func termsOf(row lp.Row) []lp.Term {
	t := make([]lp.Term, len(row.Ind))
	for k := range row.Ind {
		t[k] = lp.Term{Var: row.Ind[k], Coef: row.Val[k]}
	}
	return t
}
