package presolve

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"

	"github.com/streamopt/streamopt/lp"
)

// randomModel builds a small LP with integer data around a planted point x0
// (so that, unless an infeasible row is planted on purpose, it is feasible)
// and with the structures presolve looks for: fixed and empty columns, empty,
// singleton, duplicate, forcing and redundant rows.
func randomModel(seed uint64) *lp.Model {
	r := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	sense := lp.Minimize
	if r.IntN(2) == 1 {
		sense = lp.Maximize
	}
	m := lp.New(fmt.Sprintf("rand%d", seed), sense)
	n := 3 + r.IntN(5)
	x0 := make([]float64, n)
	for j := 0; j < n; j++ {
		lo, hi := float64(r.IntN(5)-2), 0.0
		hi = lo + float64(r.IntN(5))
		x0[j] = lo + float64(r.IntN(int(hi-lo)+1))
		switch k := r.IntN(20); {
		case k < 2:
			lo = math.Inf(-1)
		case k < 4:
			hi = math.Inf(1)
		case k < 5:
			lo, hi = math.Inf(-1), math.Inf(1)
		case k < 7:
			lo, hi = x0[j], x0[j]
		}
		m.AddVar(fmt.Sprintf("x%d", j), lo, hi, float64(r.IntN(11)-5))
	}
	coef := func() float64 {
		for {
			if c := float64(r.IntN(7) - 3); c != 0 {
				return c
			}
		}
	}
	finite := func(j int) bool {
		v := m.Vars[j]
		return !math.IsInf(v.Lower, -1) && !math.IsInf(v.Upper, 1)
	}
	// Forcing rows first: they decide x0 on their columns.
	if r.IntN(3) == 0 {
		var terms []lp.Term
		lmax := 0.0
		for j := 0; j < n; j++ {
			if finite(j) && r.IntN(2) == 0 {
				a := coef()
				terms = append(terms, lp.Term{Var: j, Coef: a})
				if a > 0 {
					x0[j] = m.Vars[j].Upper
				} else {
					x0[j] = m.Vars[j].Lower
				}
				lmax += a * x0[j]
			}
		}
		if len(terms) >= 2 {
			if r.IntN(2) == 0 {
				m.AddGE("force", lmax, terms...)
			} else {
				// Written as an upper-side forcing row: −aᵀx ≤ −Lmax.
				for k := range terms {
					terms[k].Coef = -terms[k].Coef
				}
				m.AddRow("force", math.Inf(-1), -lmax, terms...)
			}
		}
	}
	act := func(terms []lp.Term) float64 {
		s := 0.0
		for _, t := range terms {
			s += t.Coef * x0[t.Var]
		}
		return s
	}
	rowAround := func(name string, terms []lp.Term) {
		a := act(terms)
		slack := float64(r.IntN(4))
		switch r.IntN(4) {
		case 0:
			m.AddLE(name, a+slack, terms...)
		case 1:
			m.AddGE(name, a-slack, terms...)
		case 2:
			m.AddEQ(name, a, terms...)
		default:
			m.AddRow(name, a-slack, a+float64(r.IntN(3)), terms...)
		}
	}
	for i := 0; i < 2+r.IntN(4); i++ {
		var terms []lp.Term
		for j := 0; j < n; j++ {
			if r.IntN(3) > 0 {
				terms = append(terms, lp.Term{Var: j, Coef: coef()})
			}
		}
		rowAround(fmt.Sprintf("r%d", i), terms)
	}
	if r.IntN(3) == 0 && m.NumRows() > 0 { // duplicate of a row, scaled by λ
		src := m.Rows[r.IntN(m.NumRows())]
		lambda := []float64{-2, 0.5, 3, -1}[r.IntN(4)]
		terms := make([]lp.Term, len(src.Ind))
		for k, j := range src.Ind {
			terms[k] = lp.Term{Var: j, Coef: lambda * src.Val[k]}
		}
		if len(terms) > 0 {
			rowAround("dup", terms)
		}
	}
	for k := r.IntN(3); k > 0; k-- { // singleton rows
		j := r.IntN(n)
		rowAround(fmt.Sprintf("single%d", k), []lp.Term{{Var: j, Coef: coef()}})
	}
	if r.IntN(4) == 0 { // redundant row over bounded columns
		var terms []lp.Term
		lmin, lmax := 0.0, 0.0
		for j := 0; j < n; j++ {
			if finite(j) {
				a := coef()
				terms = append(terms, lp.Term{Var: j, Coef: a})
				lmin += math.Min(a*m.Vars[j].Lower, a*m.Vars[j].Upper)
				lmax += math.Max(a*m.Vars[j].Lower, a*m.Vars[j].Upper)
			}
		}
		if len(terms) >= 2 {
			m.AddRow("redundant", lmin-float64(r.IntN(2)), lmax+1, terms...)
		}
	}
	if r.IntN(4) == 0 { // empty row, infeasible one time in five
		lo := -1.0
		if r.IntN(5) == 0 {
			lo = 1
		}
		m.AddRow("empty", lo, 2)
	}
	if r.IntN(3) == 0 { // column singleton in a row, free or with loose bounds
		lo, hi := math.Inf(-1), math.Inf(1)
		if r.IntN(2) == 0 {
			lo, hi = -100, 100
		}
		s := m.AddVar("single", lo, hi, float64(r.IntN(5)-2))
		x0 = append(x0, float64(r.IntN(3)-1))
		var terms []lp.Term
		for j := 0; j < n; j++ {
			if finite(j) && r.IntN(2) == 0 {
				terms = append(terms, lp.Term{Var: j, Coef: coef()})
			}
		}
		terms = append(terms, lp.Term{Var: s, Coef: coef()})
		if r.IntN(2) == 0 {
			m.AddEQ("defines", act(terms), terms...)
		} else {
			rowAround("defines", terms)
		}
	}
	if r.IntN(4) == 0 { // empty column
		lo, hi := float64(-r.IntN(3)), float64(r.IntN(3))
		if r.IntN(4) == 0 {
			hi = math.Inf(1)
		}
		m.AddVar("lonely", lo, hi, float64(r.IntN(5)-2))
	}
	return m
}

// TestRandomRoundTrip solves many random models with and without presolve
// using the gonum oracle and checks that presolve keeps the status and the
// optimal value, and that the postsolved solution is optimal for the
// original model (primal, dual, complementarity). STREAMOPT_PRESOLVE_SEEDS
// raises the number of seeds.
func TestRandomRoundTrip(t *testing.T) {
	seeds := 400
	if s, err := strconv.Atoi(os.Getenv("STREAMOPT_PRESOLVE_SEEDS")); err == nil && s > 0 {
		seeds = s
	}
	counts := map[string]int{}
	var total Stats
	for seed := uint64(1); seed <= uint64(seeds); seed++ {
		m := randomModel(seed)
		want, err := solveDense(m)
		if err != nil {
			counts["oracle failed"]++
			continue
		}
		counts[want.status.String()]++
		// Every seed runs to convergence; every fourth also with a single
		// pass and with a looser tolerance, which stop at other points.
		optSets := []Options{{}}
		if seed%4 == 0 {
			optSets = append(optSets, Options{MaxPasses: 1}, Options{Tol: 1e-7})
		}
		for _, opts := range optSets {
			if !roundTrip(t, seed, m, want, opts, &total) {
				counts["oracle failed"]++
			}
		}
	}

	t.Logf("statuses %v; reductions %+v", counts, statsFields(total))
	if counts[lp.Optimal.String()] < seeds/2 || counts["oracle failed"] > seeds/20 {
		t.Errorf("generator gives too few usable models: %v", counts)
	}
	// The generator plants every structure; each reduction must have fired.
	for name, c := range map[string]int{
		"EmptyRows": total.EmptyRows, "SingletonRows": total.SingletonRows, "RedundantRows": total.RedundantRows,
		"ForcingRows": total.ForcingRows, "DuplicateRows": total.DuplicateRows, "FixedCols": total.FixedCols,
		"EmptyCols": total.EmptyCols, "DominatedCols": total.DominatedCols, "SubstitutedCols": total.SubstitutedCols,
	} {
		if c == 0 {
			t.Errorf("reduction %s never applied over %d seeds", name, seeds)
		}
	}
}

func addStats(t *Stats, s Stats) {
	t.EmptyRows += s.EmptyRows
	t.SingletonRows += s.SingletonRows
	t.RedundantRows += s.RedundantRows
	t.ForcingRows += s.ForcingRows
	t.DuplicateRows += s.DuplicateRows
	t.FixedCols += s.FixedCols
	t.EmptyCols += s.EmptyCols
	t.DominatedCols += s.DominatedCols
	t.SubstitutedCols += s.SubstitutedCols
	t.RowSidesDropped += s.RowSidesDropped
	t.BoundsTightened += s.BoundsTightened
}

// roundTrip presolves m with opts, solves the reduced model with the oracle
// and checks it against want, the oracle's answer on m.
// It reports false when the oracle failed on the reduced model.
func roundTrip(t *testing.T, seed uint64, m *lp.Model, want oracle, opts Options, total *Stats) bool {
	t.Helper()
	tag := fmt.Sprintf("seed %d %s %+v", seed, m.Sense, opts)
	res, err := Presolve(m, opts)
	if err != nil {
		t.Fatalf("%s: %v", tag, err)
	}
	if opts == (Options{}) {
		addStats(total, res.Stats)
	}
	if res.Status == lp.Infeasible {
		if want.status != lp.Infeasible {
			t.Errorf("%s: presolve says infeasible (%s), oracle says %s", tag, res.Reason, want.status)
		}
		return true
	}
	if res.Status != lp.NotSolved {
		t.Fatalf("%s: presolve status %s", tag, res.Status)
	}
	if err := res.Reduced.Validate(); err != nil {
		t.Fatalf("%s: reduced model: %v", tag, err)
	}
	got, err := solveDense(res.Reduced)
	if err != nil {
		return false
	}
	if got.status != want.status {
		t.Errorf("%s: original %s, reduced %s", tag, want.status, got.status)
		return true
	}
	if want.status != lp.Optimal {
		return true
	}
	if !closeRel(got.obj, want.obj, objTol) {
		t.Errorf("%s: optimum %v, reduced optimum %v", tag, want.obj, got.obj)
	}
	post, err := res.Postsolve(got.solution(res.Reduced))
	if err != nil {
		t.Fatalf("%s: %v", tag, err)
	}
	if err := checkOptimal(m, post); err != nil {
		t.Errorf("%s: postsolved solution: %v", tag, err)
	}
	if !closeRel(post.Objective, want.obj, objTol) {
		t.Errorf("%s: postsolved objective %v, optimum %v", tag, post.Objective, want.obj)
	}
	return true
}

// statsFields prints every field of Stats (Stats.String shows sizes only).
type statsFields Stats
