package mip

import (
	"math"
	"math/rand/v2"
	"sort"
	"testing"

	"github.com/google/go-cmp/cmp"
	"gonum.org/v1/gonum/mat"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/simplex"
)

// refGomoryCuts is the straightforward GMI separation gomoryCuts replaced:
// one triangular solve per candidate row (LU.SolveVecTo) and a fresh
// coefficient map per tableau row (refGMIRow). gomoryCuts must give the
// same cuts, bit for bit.
func refGomoryCuts(w *lp.Model, lo, hi, x []float64, b simplex.Basis, gi bool) []lp.Row {
	t, ok := newGMITableau(w, lo, hi, x, b, gi)
	if !ok {
		return nil
	}
	m := len(w.Rows)
	e := mat.NewVecDense(m, nil)
	y := mat.NewVecDense(m, nil)
	var found []scoredCut
	for _, c := range t.cands {
		e.Zero()
		e.SetVec(c.p, 1)
		if err := t.lu.SolveVecTo(y, true, e); err != nil {
			continue
		}
		alpha := t.row(w, y.AtVec)
		cut, eff, ok := refGMIRow(w, lo, hi, x, t.act, b, alpha, x[c.j], gi)
		found = gmiKeep(found, cut, eff, ok, c, lo, hi, gi)
	}
	return gmiBest(found, gi)
}

// refGMIRow is gmiRow with the cut's coefficients summed in a map and
// finished by finishCut.
func refGMIRow(w *lp.Model, lo, hi, x, act []float64, b simplex.Basis, alpha []float64, beta float64, gi bool) (lp.Row, float64, bool) {
	coef := make(map[int]float64)
	rhs, usedGI, ok := gmiTerms(w, lo, hi, x, act, b, alpha, beta, gi, func(j int, c float64) { coef[j] += c })
	if !ok {
		return lp.Row{}, 0, false
	}
	// coef·x ≥ rhs is −coef·x ≤ −rhs for finishCut, then turned back
	for j, c := range coef {
		coef[j] = -c
	}
	return gmiFlip(finishCut(gmiName(usedGI), coef, -rhs, lo, hi, x))
}

// TestGomoryCutsMatchReference checks gomoryCuts, which solves for all
// candidate tableau rows at once and builds the cuts in reused dense
// scratch space, against refGomoryCuts on the optimal bases of seeded
// random LP relaxations with binaries, general integers of narrow, wide
// and one-sided range, continuous columns with finite and infinite upper
// bounds, fixed columns, and ranged and one-sided rows, with and without
// Options.IntCuts: both must give the same cuts, bit for bit.
func TestGomoryCutsMatchReference(t *testing.T) {
	found, named := 0, map[string]int{}
	for seed := uint64(1); seed <= 200; seed++ {
		rng := rand.New(rand.NewPCG(seed, 34))
		m := lp.New("ref", lp.Maximize)
		nb, ng, nc := 3+rng.IntN(6), rng.IntN(4), 1+rng.IntN(5)
		for range nb {
			m.AddBinary("", float64(1+rng.IntN(9)))
		}
		for range ng {
			addRandomGeneralInt(m, rng, float64(1+rng.IntN(9)))
		}
		for range nc {
			u := float64(5 + rng.IntN(20))
			if rng.IntN(4) == 0 {
				u = math.Inf(1)
			}
			m.AddVar("", 0, u, float64(rng.IntN(7)-2))
		}
		n := len(m.Vars)
		if rng.IntN(3) == 0 { // a fixed column
			j := rng.IntN(n)
			m.Vars[j].Upper = m.Vars[j].Lower
		}
		for range 3 + rng.IntN(6) {
			var terms []lp.Term
			for j := range n {
				if rng.IntN(2) == 0 {
					terms = append(terms, lp.Term{Var: j, Coef: float64(1+rng.IntN(24)) / float64(1+rng.IntN(4))})
				}
			}
			b := float64(5+rng.IntN(60)) / 3
			if rng.IntN(3) == 0 {
				m.AddRow("", b-float64(rng.IntN(10)), b, terms...)
			} else {
				m.AddLE("", b, terms...)
			}
		}
		// every column bounded above by some row: no unbounded LP
		var all []lp.Term
		for j := range n {
			all = append(all, lp.Term{Var: j, Coef: 1})
		}
		m.AddLE("", float64(10+rng.IntN(40)), all...)
		sol, b, lo, hi, ok := rootLP(t, m)
		if !ok {
			continue
		}
		for _, gi := range []bool{false, true} {
			want := refGomoryCuts(m, lo, hi, sol.X, b, gi)
			got := gomoryCuts(m, lo, hi, sol.X, b, gi)
			if d := cmp.Diff(want, got); d != "" {
				t.Fatalf("seed %d gi %v: cuts (-reference +gomoryCuts):\n%s", seed, gi, d)
			}
			found += len(got)
			for _, c := range got {
				named[c.Name]++
			}
		}
	}
	// the random models must give both kinds of cut, many times
	if found < 200 || named["gmi"] < 100 || named["gmigi"] < 10 {
		t.Errorf("only %d cuts compared (%v)", found, named)
	}
	t.Logf("%d cuts compared (%v)", found, named)
}

// refBestCuts is the straightforward bestCuts: the key of every cut in a
// set of seen keys.
func refBestCuts(found []scoredCut, limit int) []lp.Row {
	var distinct []scoredCut
	seen := map[string]bool{}
	for _, c := range found {
		if key := cutKey(c.row); !seen[key] {
			seen[key] = true
			distinct = append(distinct, c)
		}
	}
	sort.SliceStable(distinct, func(p, q int) bool { return distinct[p].eff > distinct[q].eff })
	cuts := make([]lp.Row, min(len(distinct), limit))
	for k := range cuts {
		cuts[k] = distinct[k].row
	}
	return cuts
}

// TestBestCutsMatchesReference checks bestCuts, which writes a cut's key
// only when an earlier cut has the same columns, against refBestCuts on
// seeded random lists with repeats: the same columns with coefficients
// equal to six digits or not, other columns with the same coefficients,
// and ties in efficacy.
func TestBestCutsMatchesReference(t *testing.T) {
	dups := 0
	for seed := uint64(1); seed <= 300; seed++ {
		rng := rand.New(rand.NewPCG(seed, 35))
		var found []scoredCut
		for range 1 + rng.IntN(40) {
			var c scoredCut
			if len(found) > 0 && rng.IntN(2) == 0 {
				d := found[rng.IntN(len(found))]
				c.row = lp.Row{Ind: append([]int(nil), d.row.Ind...), Val: append([]float64(nil), d.row.Val...)}
				switch rng.IntN(7) {
				case 0: // equal to six digits
					c.row.Val[0] *= 1 + 1e-10
				case 4: // near the sixth digit: written alike or not
					for k := range c.row.Val {
						c.row.Val[k] *= 1 + float64(rng.IntN(40)-20)*1e-7
					}
				case 5: // equal in magnitude, of the other sign; or ±0
					k := rng.IntN(len(c.row.Val))
					c.row.Val[k] = -c.row.Val[k]
					if rng.IntN(2) == 0 { // the earlier cut's +0, this one's −0
						c.row.Val[k], d.row.Val[k] = math.Copysign(0, -1), 0
					}
				case 1: // different in the fourth digit
					c.row.Val[0] *= 1 + 1e-4
				case 2: // the same coefficients on other columns
					c.row.Ind[len(c.row.Ind)-1]++
				}
			} else {
				for j := range 6 {
					if j == 5 && len(c.row.Ind) == 0 || rng.IntN(2) == 0 {
						c.row.Ind = append(c.row.Ind, j)
						c.row.Val = append(c.row.Val, float64(rng.IntN(5)+1)/3)
					}
				}
			}
			c.eff = float64(rng.IntN(4))
			found = append(found, c)
		}
		limit := 1 + rng.IntN(30)
		want := refBestCuts(found, limit)
		if d := cmp.Diff(want, bestCuts(found, limit)); d != "" {
			t.Fatalf("seed %d: (-reference +bestCuts):\n%s", seed, d)
		}
		dups += len(found) - len(refBestCuts(found, len(found)))
	}
	if dups < 500 {
		t.Errorf("only %d repeats dropped", dups)
	}
	t.Logf("%d repeats dropped", dups)
}
