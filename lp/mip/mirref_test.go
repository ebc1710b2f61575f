package mip

import (
	"math"
	"math/rand/v2"
	"sort"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/streamopt/streamopt/lp"
)

// refMIR is a straightforward c-MIR separation of one aggregated row
// Σ agg[j]·x_j ≤ b, written from mir.go's description with maps and fresh
// slices and no shared scratch space: order lists the row's columns in the
// order they entered the aggregation. Its arithmetic runs in the same order
// as mirSep.separate's, so the two agree bit for bit.
func refMIR(w *lp.Model, lo, hi, x []float64, vubs []vub, gi bool, order []int, agg map[int]float64, b float64) (scoredCut, bool) {
	type tm struct {
		j     int
		a, xv float64
		kind  int8
	}
	intCoef := map[int]float64{}
	var cont, ints []tm
	for _, j := range order {
		a := agg[j]
		if math.Abs(a) < 1e-12 {
			continue
		}
		if w.Vars[j].Integer {
			intCoef[j] += a
			continue
		}
		// the nearest of the lower, upper and variable upper bounds
		l, u, xv := lo[j], hi[j], x[j]
		best, bd := int8(-1), math.Inf(1)
		if !math.IsInf(l, 0) {
			best, bd = subLower, xv-l
		}
		if !math.IsInf(u, 0) && u-xv < bd {
			best, bd = subUpper, u-xv
		}
		if v := vubs[j]; v.y >= 0 && l >= 0 && v.u*x[v.y]-xv < bd {
			best, bd = subVUB, v.u*x[v.y]-xv
		}
		switch best {
		case subLower:
			b -= a * l
			cont = append(cont, tm{j, a, math.Max(0, bd), best})
		case subUpper:
			b -= a * u
			cont = append(cont, tm{j, -a, math.Max(0, bd), best})
		case subVUB:
			intCoef[vubs[j].y] += a * vubs[j].u
			cont = append(cont, tm{j, -a, math.Max(0, bd), best})
		default:
			return scoredCut{}, false
		}
	}
	rounded := false
	for _, j := range sortedKeys(intCoef) {
		a := intCoef[j]
		if math.Abs(a) < 1e-12 {
			continue
		}
		l, u, xv := lo[j], hi[j], x[j]
		wide := u-l > maxIntRange
		if u-l > 1 && !gi {
			return scoredCut{}, false
		}
		upper := !math.IsInf(u, 0) && (math.IsInf(l, 0) || u-xv < xv-l)
		switch {
		case upper && wide:
			b -= a * u
			cont = append(cont, tm{j, -a, math.Max(0, u-xv), subUpper})
		case upper:
			b -= a * u
			ints = append(ints, tm{j, -a, u - xv, subUpper})
		case math.IsInf(l, 0):
			return scoredCut{}, false
		case wide:
			b -= a * l
			cont = append(cont, tm{j, a, math.Max(0, xv-l), subLower})
		default:
			b -= a * l
			ints = append(ints, tm{j, a, xv - l, subLower})
		}
		rounded = rounded || u-l > 1 && !wide
	}
	if len(ints) == 0 {
		return scoredCut{}, false
	}
	sort.Slice(cont, func(p, q int) bool { return cont[p].j < cont[q].j })

	// the cut for divisor d as coefficients of the transformed columns
	coefs := func(d float64) (gInt, gCont []float64, rhs float64, ok bool) {
		beta := b / d
		f0 := beta - math.Floor(beta)
		if f0 < minFrac || f0 > 1-minFrac || math.Abs(beta) > 1e9 {
			return nil, nil, 0, false
		}
		for _, t := range ints {
			q := t.a / d
			gInt = append(gInt, math.Floor(q)+math.Max(0, q-math.Floor(q)-f0)/(1-f0))
		}
		for _, t := range cont {
			g := 0.0
			if t.a < 0 {
				g = t.a / (d * (1 - f0))
			}
			gCont = append(gCont, g)
		}
		return gInt, gCont, math.Floor(beta), true
	}
	efficacy := func(d float64) (float64, bool) {
		gInt, gCont, rhs, ok := coefs(d)
		if !ok {
			return 0, false
		}
		act, norm := 0.0, 0.0
		for k, t := range ints {
			act, norm = act+gInt[k]*t.xv, norm+gInt[k]*gInt[k]
		}
		for k, t := range cont {
			if gCont[k] != 0 {
				act, norm = act+gCont[k]*t.xv, norm+gCont[k]*gCont[k]
			}
		}
		return (act - rhs) / math.Sqrt(norm), norm != 0
	}
	var deltas []float64
	for _, t := range ints {
		if t.xv <= 1e-6 || t.xv >= hi[t.j]-lo[t.j]-1e-6 {
			continue
		}
		d, dup := math.Abs(t.a), false
		for _, e := range deltas {
			dup = dup || math.Abs(e-d) <= 1e-9*math.Max(1, d)
		}
		if !dup && d > 1e-6 {
			deltas = append(deltas, d)
		}
		if len(deltas) == maxDivisors {
			break
		}
	}
	bestEff, bestD := 0.0, 0.0
	for _, d := range deltas {
		if e, ok := efficacy(d); ok && e > bestEff {
			bestEff, bestD = e, d
		}
	}
	// the best of the first divisors halved once, twice and three times
	for k, d := 1, bestD/2; bestD > 0 && k <= 3; k, d = k+1, d/2 {
		if e, ok := efficacy(d); ok && e > bestEff {
			bestEff, bestD = e, d
		}
	}
	if bestD == 0 || bestEff < minEfficacy {
		return scoredCut{}, false
	}

	// undo the substitutions
	gInt, gCont, rhs, _ := coefs(bestD)
	coef := map[int]float64{}
	for k, t := range ints {
		if g := gInt[k]; g != 0 && t.kind == subUpper {
			coef[t.j] -= g
			rhs -= g * hi[t.j]
		} else if g != 0 {
			coef[t.j] += g
			rhs += g * lo[t.j]
		}
	}
	for k, t := range cont {
		g := gCont[k]
		switch {
		case g == 0:
		case t.kind == subLower:
			coef[t.j] += g
			rhs += g * lo[t.j]
		case t.kind == subUpper:
			coef[t.j] -= g
			rhs -= g * hi[t.j]
		default:
			coef[t.j] -= g
			coef[vubs[t.j].y] += g * vubs[t.j].u
		}
	}

	// drop tiny coefficients, relaxing rhs, and score
	row := lp.Row{Name: "mir", Lower: math.Inf(-1)}
	if rounded {
		row.Name = "mirgi"
	}
	act, norm, amax, amin := 0.0, 0.0, 0.0, math.Inf(1)
	for _, j := range sortedKeys(coef) {
		c := coef[j]
		if math.Abs(c) < 1e-9 {
			least := c * lo[j]
			if c < 0 {
				least = c * hi[j]
			}
			if !math.IsInf(least, 0) {
				rhs -= least
				continue
			}
			if math.Abs(c) < 1e-12 {
				continue
			}
		}
		row.Ind, row.Val = append(row.Ind, j), append(row.Val, c)
		act, norm = act+c*x[j], norm+c*c
		amax, amin = math.Max(amax, math.Abs(c)), math.Min(amin, math.Abs(c))
	}
	if len(row.Ind) == 0 || amax > maxCoefRatio*amin || math.IsInf(rhs, 0) || math.IsNaN(rhs) {
		return scoredCut{}, false
	}
	row.Upper = rhs
	eff := (act - rhs) / math.Sqrt(norm)
	if eff < minEfficacy {
		return scoredCut{}, false
	}
	return scoredCut{row, eff}, true
}

// TestMIRSeparateMatchesReference checks mirSep.separate, which reuses its
// scratch space from row to row, against refMIR on seeded random
// aggregations of one to four rows of random models with binaries, general
// integers of narrow, wide and one-sided range, and continuous columns
// with finite, infinite and variable upper bounds, at random fractional
// points: both must give the same cut, bit for bit, or both none.
func TestMIRSeparateMatchesReference(t *testing.T) {
	found, named := 0, map[string]int{}
	for seed := uint64(1); seed <= 300; seed++ {
		rng := rand.New(rand.NewPCG(seed, 26))
		m := lp.New("ref", lp.Minimize)
		nb, ng, nc := 2+rng.IntN(4), rng.IntN(3), 1+rng.IntN(4)
		for range nb {
			m.AddBinary("", 0)
		}
		for range ng {
			addRandomGeneralInt(m, rng, 0)
		}
		for range nc {
			u := float64(5 + rng.IntN(20))
			if rng.IntN(5) == 0 {
				u = math.Inf(1)
			}
			c := m.AddVar("", 0, u, 0)
			if rng.IntN(2) == 0 { // a VUB c ≤ u·y
				m.AddLE("", 0, lp.Term{Var: c, Coef: 1}, lp.Term{Var: rng.IntN(nb), Coef: -float64(3 + rng.IntN(15))})
			}
		}
		n := len(m.Vars)
		for range 3 + rng.IntN(4) {
			var terms []lp.Term
			for j := range n {
				if rng.IntN(2) == 0 {
					terms = append(terms, lp.Term{Var: j, Coef: float64(rng.IntN(25)-12) / float64(1+rng.IntN(4))})
				}
			}
			b := float64(rng.IntN(41)-10) / 3
			if rng.IntN(3) == 0 {
				m.AddRow("", b-float64(rng.IntN(10)), b, terms...)
			} else {
				m.AddLE("", b, terms...)
			}
		}
		lo, hi, x := make([]float64, n), make([]float64, n), make([]float64, n)
		for j, v := range m.Vars {
			lo[j], hi[j] = v.Lower, v.Upper
			top := math.Min(hi[j], lo[j]+30)
			switch rng.IntN(4) {
			case 0:
				x[j] = lo[j]
			case 1:
				x[j] = top
			default:
				x[j] = lo[j] + rng.Float64()*(top-lo[j])
			}
		}
		vubs := findVUBs(m, lo, hi)
		for _, gi := range []bool{false, true} {
			sep := newMIRSep(m, lo, hi, x, vubs, gi)
			for range 6 {
				// a random aggregation: a first row, then up to three
				// more with random multipliers, as fromBase builds them
				sep.reset()
				rows := rng.Perm(len(m.Rows))[:1+rng.IntN(min(4, len(m.Rows)))]
				b := 0.0
				for k, i := range rows {
					mult := 1.0
					if k > 0 {
						mult = float64(rng.IntN(9)-4) / 2
					}
					sep.add(i, mult)
					b += mult * m.Rows[i].Upper
				}
				agg := map[int]float64{}
				for _, j := range sep.idx {
					agg[j] = sep.agg[j]
				}
				order := append([]int(nil), sep.idx...)
				want, wantOK := refMIR(m, lo, hi, x, vubs, gi, order, agg, b)
				got, gotOK := sep.separate(b)
				if gotOK != wantOK {
					t.Fatalf("seed %d gi %v rows %v: separate found %v, reference %v (%v)", seed, gi, rows, gotOK, wantOK, want.row)
				}
				if !gotOK {
					continue
				}
				if d := cmp.Diff(want, got, cmp.AllowUnexported(scoredCut{})); d != "" {
					t.Fatalf("seed %d gi %v rows %v: cut (-reference +separate):\n%s", seed, gi, rows, d)
				}
				found++
				named[got.row.Name]++
			}
		}
	}
	// the random rows must exercise both kinds of cut, many times
	if found < 200 || named["mir"] < 50 || named["mirgi"] < 20 {
		t.Errorf("only %d cuts compared (%v)", found, named)
	}
	t.Logf("%d cuts compared (%v)", found, named)
}

// addRandomGeneralInt adds to m a general integer column of objective
// cost, its bounds drawn from rng: wider than maxIntRange, one-sided, or
// narrow.
func addRandomGeneralInt(m *lp.Model, rng *rand.Rand, cost float64) {
	switch rng.IntN(4) {
	case 0:
		m.AddIntVar("", 0, 5000, cost) // wider than maxIntRange
	case 1:
		m.AddIntVar("", -3, math.Inf(1), cost) // one-sided
	default:
		m.AddIntVar("", float64(rng.IntN(3)-1), float64(2+rng.IntN(6)), cost)
	}
}
