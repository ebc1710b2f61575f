package mip

import (
	"cmp"
	"math"
	"slices"
	"sort"
	"strconv"

	"github.com/streamopt/streamopt/lp"
)

// Complemented mixed-integer rounding (c-MIR) cuts with row aggregation
// (Marchand & Wolsey 2001; Wolsey 1998, §8.7).
//
// Base inequality. Start from one row written as Σ aⱼxⱼ ≤ b (each finite
// side of a row gives one) and, while it contains continuous columns whose
// LP values lie strictly inside their bounds, add a multiple of another row
// that eliminates the one farthest from its bounds (at most maxAggr times);
// a positive multiple uses that row's upper side, a negative one its lower
// side, so the sum is again valid.
//
// Bound substitution. Every continuous column is replaced by a nonnegative
// tᵢ measured from the bound nearest its LP value: x = l + t, x = u − t, or,
// when x has a variable upper bound x ≤ u·y on a binary y (see findVUBs),
// x = u·y − t, which moves a·u onto y's coefficient. Every integer column is
// complemented against its nearer bound, x = l + x' or x = u − x'. With
// Options.IntCuts off, only inequalities whose integer columns are binary
// (u − l ≤ 1) are rounded (on MIPLIB's bell5 the first version of the
// general-integer cuts raised the root bound by 4 % of the gap and made the
// tree 25 times larger). With it on, a general integer column of range
// u − l ≤ maxIntRange is complemented like a binary and rounded as an
// integer; one of wider or one-sided range is substituted like a continuous
// column (it is a real number too), which keeps the cut valid and its
// right-hand side free of products of huge bounds. The result is
//
//	Σ a'ⱼx'ⱼ + Σ cᵢtᵢ ≤ b',   x' ∈ ℤ₊, t ≥ 0,
//
// and dropping the terms cᵢtᵢ with cᵢ > 0 leaves a valid relaxation with
// s = Σ_{cᵢ<0} |cᵢ|tᵢ ≥ 0 on the left as −s.
//
// Rounding. For a divisor δ > 0 let β = b'/δ, f₀ = β − ⌊β⌋ and fⱼ the
// fractional part of a'ⱼ/δ. If 0 < f₀ < 1 the MIR inequality
//
//	Σ (⌊a'ⱼ/δ⌋ + max(0, fⱼ − f₀)/(1 − f₀))·x'ⱼ − s/(δ(1 − f₀)) ≤ ⌊β⌋
//
// holds for every point of the relaxation (Nemhauser & Wolsey 1990). The
// divisors tried are the |a'ⱼ| of integer columns strictly inside their
// bounds, then the best of them halved up to three times; the cut with the
// largest efficacy (violation over Euclidean norm) is kept if it is violated
// by more than minEfficacy. The substitutions are then undone, so the cut is
// a row over the original columns.
const (
	maxAggr      = 5    // rows added to a base row at most
	maxDivisors  = 8    // distinct divisors tried per base inequality
	minEfficacy  = 1e-4 // violation / ‖coefficients‖ a MIR cut must reach
	minFrac      = 0.01 // f₀ must lie in [minFrac, 1 − minFrac]
	maxCoefRatio = 1e6  // largest/smallest |coefficient| of an accepted cut
	maxIntRange  = 1000 // widest general integer rounded as an integer (IntCuts)
)

// DefaultIntCuts is whether Options.IntCuts is on when Auto: on, since
// on the shared instances it solves gesa2 and shrinks gt2's and flugpl's
// trees at the price of bell5's and rout's (doc.go, "Cuts on general
// integers").
const DefaultIntCuts = true

// mirSep holds the scratch space of the c-MIR separator. Everything a base
// row needs is kept here and reused from base to base: a round visits every
// row twice and each visit runs up to maxAggr+1 separations, so a map or a
// slice allocated per separation would cost more than the arithmetic.
type mirSep struct {
	w     *lp.Model
	gi    bool // Options.IntCuts: general integers are rounded too
	lo    []float64
	hi    []float64
	x     []float64
	vubs  []vub
	act   []float64 // row activities at x
	cols  *lp.CSC   // w's rows by column
	isInt []bool    // integer columns of w

	agg    []float64 // dense aggregated row
	inAgg  []bool
	idx    []int // columns with inAgg, in the order they entered
	sorted []int // columns with inAgg, increasing
	fresh  []int // scratch: the columns a row adds, sorted
	merged []int // scratch: the merge of sorted and fresh
	used   []int // rows in the aggregation

	intAcc []float64 // dense integer coefficients of the base inequality
	inInt  []bool
	intIdx []int  // columns with inInt
	ints   []term // transformed integer columns, by column
	cont   []term // transformed continuous columns of negative coefficient, by column
	contTm []term // dense: the term of each column in cont
	inCont []int  // column j is in cont when inCont[j] == stamp
	stamp  int    // separations run
	wide   []term // general integers substituted like continuous columns
	deltas []float64

	coef   []float64 // dense cut coefficients over the original columns
	inCoef []bool
	coefIx []int // columns with inCoef
	vals   []float64
}

func newMIRSep(w *lp.Model, lo, hi, x []float64, vubs []vub, gi bool) *mirSep {
	n := len(w.Vars)
	m := &mirSep{w: w, gi: gi, lo: lo, hi: hi, x: x, vubs: vubs, act: w.Activities(x),
		cols: w.Matrix(), agg: make([]float64, n), inAgg: make([]bool, n),
		intAcc: make([]float64, n), inInt: make([]bool, n), contTm: make([]term, n),
		inCont: make([]int, n),
		coef:   make([]float64, n), inCoef: make([]bool, n), isInt: make([]bool, n)}
	for j, v := range w.Vars {
		m.isInt[j] = v.Integer
	}
	return m
}

// scoredCut is a cut with its efficacy at the LP point.
type scoredCut struct {
	row lp.Row
	eff float64
}

// mirCuts returns the violated c-MIR cuts found from every row of w as a
// base, best efficacy first, at most maxCutsRound of them. With gi
// (Options.IntCuts) general integer columns are rounded too, the cuts that
// do so are named "mirgi", and a cut nearly parallel to a better one is
// dropped (distinctCuts).
func mirCuts(w *lp.Model, lo, hi, x []float64, vubs []vub, gi bool) []lp.Row {
	sep := newMIRSep(w, lo, hi, x, vubs, gi)
	var found []scoredCut
	for i := range w.Rows {
		r := &w.Rows[i]
		for _, side := range []float64{1, -1} {
			b := r.Upper
			if side < 0 {
				b = -r.Lower
			}
			if math.IsInf(b, 0) {
				continue
			}
			if c, ok := sep.fromBase(i, side, b); ok {
				found = append(found, c)
			}
		}
	}
	if gi {
		found = distinctCuts(found, maxCutsRound)
	}
	return bestCuts(found, maxCutsRound)
}

// maxParallel is the largest cosine between two cuts of a family kept in
// one round with Options.IntCuts: of two nearly parallel cuts the one of
// smaller efficacy adds little but a row that makes the LP degenerate.
const maxParallel = 0.999

// distinctCuts returns found, in its order, without the cuts on general
// integers (named "mirgi" or "gmigi") nearly parallel (cosine above
// maxParallel) to a cut of larger efficacy among the limit best; the other
// cuts all stay, so that a model without general integers gets the same
// cuts as with Options.IntCuts off. The cuts are all of the same sense
// (≤ for c-MIR, ≥ for GMI), so two cuts of opposite directions both stay.
func distinctCuts(found []scoredCut, limit int) []scoredCut {
	order := make([]int, len(found))
	for k := range order {
		order[k] = k
	}
	sort.SliceStable(order, func(p, q int) bool { return found[order[p]].eff > found[order[q]].eff })
	drop := make([]bool, len(found))
	var best []int // kept cuts by decreasing efficacy, at most limit
	dense := map[int]float64{}
	for _, k := range order {
		c := found[k]
		if (c.row.Name == "mirgi" || c.row.Name == "gmigi") && len(best) > 0 {
			clear(dense)
			for p, j := range c.row.Ind {
				dense[j] = c.row.Val[p]
			}
			nc := rowNorm(c.row)
			for _, b := range best {
				d := found[b].row
				dot := 0.0
				for p, j := range d.Ind {
					dot += d.Val[p] * dense[j]
				}
				if dot > maxParallel*nc*rowNorm(d) {
					drop[k] = true
					break
				}
			}
		}
		if !drop[k] && len(best) < limit {
			best = append(best, k)
		}
	}
	var kept []scoredCut
	for k, c := range found {
		if !drop[k] {
			kept = append(kept, c)
		}
	}
	return kept
}

// rowNorm is the Euclidean norm of r's coefficients.
func rowNorm(r lp.Row) float64 {
	s := 0.0
	for _, v := range r.Val {
		s += v * v
	}
	return math.Sqrt(s)
}

// bestCuts drops the repeats (same cutKey; the first one found stays) from
// found and returns the rows of the rest, best efficacy first, at most limit
// of them. Two cuts of the same key have the same columns, so a cut is
// compared only with the earlier ones of its columns (indHash groups them),
// by sameKey.
func bestCuts(found []scoredCut, limit int) []lp.Row {
	var distinct []scoredCut
	byCols := map[uint64][]int{}
	for _, c := range found {
		h := indHash(c.row.Ind)
		dup := false
		for _, k := range byCols[h] {
			if sameKey(distinct[k].row, c.row) {
				dup = true
				break
			}
		}
		if !dup {
			byCols[h] = append(byCols[h], len(distinct))
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

// sameKey reports whether cutKey(a) == cutKey(b) without writing the keys
// where the coefficients decide it: the columns must be the same, and two
// coefficients write differently if they differ by more than 2·10⁻⁵ of the
// larger magnitude (two numbers written alike to six significant digits
// are within one unit of the sixth digit, about 10⁻⁵ of either). Only when
// every pair is the same float64 or closer than that (±0 too) are the keys
// written and compared.
func sameKey(a, b lp.Row) bool {
	if !slices.Equal(a.Ind, b.Ind) {
		return false
	}
	near := false
	for k, u := range a.Val {
		v := b.Val[k]
		switch {
		case math.Float64bits(u) == math.Float64bits(v):
		case math.Abs(u-v) > 2e-5*math.Max(math.Abs(u), math.Abs(v)):
			return false
		default:
			near = true
		}
	}
	return !near || cutKey(a) == cutKey(b)
}

// indHash hashes a list of columns (FNV-1a over the indices).
func indHash(ind []int) uint64 {
	h := uint64(14695981039346656037)
	for _, j := range ind {
		h = (h ^ uint64(j)) * 1099511628211
	}
	return h
}

// cutKey identifies a cut by its columns and coefficients rounded to six
// significant digits, to drop duplicates.
func cutKey(r lp.Row) string {
	b := make([]byte, 0, 16*len(r.Ind))
	for k, j := range r.Ind {
		b = strconv.AppendInt(b, int64(j), 10)
		b = append(b, ':')
		b = strconv.AppendFloat(b, r.Val[k], 'g', 6, 64)
		b = append(b, ' ')
	}
	return string(b)
}

// reset empties the aggregated row.
func (m *mirSep) reset() {
	for _, j := range m.idx {
		m.agg[j] = 0
		m.inAgg[j] = false
	}
	m.idx = m.idx[:0]
	m.sorted = m.sorted[:0]
}

// add adds mult·(row i) to the aggregated row.
func (m *mirSep) add(i int, mult float64) {
	r := &m.w.Rows[i]
	start := len(m.idx)
	for k, j := range r.Ind {
		if !m.inAgg[j] {
			m.inAgg[j] = true
			m.idx = append(m.idx, j)
		}
		m.agg[j] += mult * r.Val[k]
	}
	// the new columns merged into sorted, which separate walks instead of
	// sorting its terms
	fresh := m.idx[start:]
	if len(fresh) == 0 {
		return
	}
	if !slices.IsSorted(fresh) {
		m.fresh = append(m.fresh[:0], fresh...)
		slices.Sort(m.fresh)
		fresh = m.fresh
	}
	if len(m.sorted) == 0 || m.sorted[len(m.sorted)-1] < fresh[0] {
		m.sorted = append(m.sorted, fresh...)
		return
	}
	m.merged = mergeSorted(m.merged[:0], m.sorted, fresh)
	m.sorted, m.merged = m.merged, m.sorted
}

// mergeSorted appends to dst the merge of the increasing lists a and b.
func mergeSorted(dst, a, b []int) []int {
	for len(a) > 0 && len(b) > 0 {
		if a[0] < b[0] {
			dst, a = append(dst, a[0]), a[1:]
		} else {
			dst, b = append(dst, b[0]), b[1:]
		}
	}
	return append(append(dst, a...), b...)
}

// fromBase builds the base inequality side·(row i) ≤ b, aggregates and
// returns the most efficacious violated c-MIR cut found on the way.
func (m *mirSep) fromBase(i int, side, b float64) (scoredCut, bool) {
	m.reset()
	m.add(i, side)
	m.used = append(m.used[:0], i)
	var best scoredCut
	ok := false
	for step := 0; ; step++ {
		if c, found := m.separate(b); found && (!ok || c.eff > best.eff) {
			best, ok = c, true
		}
		if step == maxAggr {
			break
		}
		// the continuous column farthest from its bounds
		pick, dist := -1, 1e-6
		for _, j := range m.idx {
			if m.isInt[j] || math.Abs(m.agg[j]) < 1e-9 {
				continue
			}
			d := math.Min(m.x[j]-m.lo[j], m.hi[j]-m.x[j])
			if v := m.vubs[j]; v.y >= 0 {
				d = math.Min(d, v.u*m.x[v.y]-m.x[j])
			}
			if d > dist {
				pick, dist = j, d
			}
		}
		if pick < 0 {
			break
		}
		// a row through it with a usable side, preferring tight ones
		row, mult, rhs, slack := -1, 0.0, 0.0, inf
		for e := m.cols.ColPtr[pick]; e < m.cols.ColPtr[pick+1]; e++ {
			k := m.cols.RowInd[e]
			if slices.Contains(m.used, k) {
				continue
			}
			r := &m.w.Rows[k]
			coef := m.cols.Val[e]
			if coef == 0 {
				continue
			}
			act := m.act[k]
			lam := -m.agg[pick] / coef
			var sideVal, sl float64
			if lam > 0 {
				sideVal, sl = r.Upper, r.Upper-act
			} else {
				sideVal, sl = r.Lower, act-r.Lower
			}
			if math.IsInf(sideVal, 0) {
				continue
			}
			sl = math.Abs(sl) / math.Max(1, math.Abs(sideVal))
			if sl < slack {
				row, mult, rhs, slack = k, lam, sideVal, sl
			}
		}
		if row < 0 {
			break
		}
		m.used = append(m.used, row)
		m.add(row, mult)
		b += mult * rhs
		m.agg[pick] = 0 // exactly eliminated
	}
	return best, ok
}

// term is one column of the transformed base inequality.
type term struct {
	j    int
	a    float64 // coefficient of x' (integer) or t (continuous)
	xv   float64 // LP value of x' or t
	kind int8    // substitution used, see below
}

const (
	subLower int8 = iota // x = l + x'
	subUpper             // x = u − x'
	subVUB               // x = u·y − t (continuous only)
)

// addInt adds a to the integer coefficient of column j.
func (m *mirSep) addInt(j int, a float64) {
	if !m.inInt[j] {
		m.inInt[j] = true
		m.intIdx = append(m.intIdx, j)
	}
	m.intAcc[j] += a
}

// addCont records the term of a continuous column.
func (m *mirSep) addCont(t term) {
	m.contTm[t.j] = t
	m.inCont[t.j] = m.stamp
}

// separate runs bound substitution and MIR rounding on the aggregated row
// Σ agg·x ≤ b.
func (m *mirSep) separate(b float64) (scoredCut, bool) {
	for _, j := range m.intIdx {
		m.intAcc[j] = 0
		m.inInt[j] = false
	}
	m.intIdx = m.intIdx[:0]
	m.stamp++
	wide := m.wide[:0]
	defer func() { m.wide = wide[:0] }()
	for _, j := range m.idx {
		a := m.agg[j]
		if math.Abs(a) < 1e-12 {
			continue
		}
		if m.isInt[j] {
			m.addInt(j, a)
			continue
		}
		l, u, xv := m.lo[j], m.hi[j], m.x[j]
		dl, du := xv-l, u-xv
		best, bd := int8(-1), inf
		if !math.IsInf(l, 0) {
			best, bd = subLower, dl
		}
		if !math.IsInf(u, 0) && du < bd {
			best, bd = subUpper, du
		}
		if v := m.vubs[j]; v.y >= 0 && l >= 0 {
			if d := v.u*m.x[v.y] - xv; d < bd {
				best, bd = subVUB, d
			}
		}
		switch best {
		case subLower:
			b -= a * l
			m.addCont(term{j, a, math.Max(0, dl), subLower})
		case subUpper:
			b -= a * u
			m.addCont(term{j, -a, math.Max(0, du), subUpper})
		case subVUB:
			v := m.vubs[j]
			m.addInt(v.y, a*v.u)
			m.addCont(term{j, -a, math.Max(0, bd), subVUB})
		default:
			return scoredCut{}, false // a free continuous column
		}
	}
	slices.Sort(m.intIdx)
	ints := m.ints[:0]
	defer func() { m.ints = ints[:0] }()
	gi := false // a general integer is rounded
	for _, j := range m.intIdx {
		a := m.intAcc[j]
		if math.Abs(a) < 1e-12 {
			continue
		}
		l, u, xv := m.lo[j], m.hi[j], m.x[j]
		if u-l > 1 {
			if !m.gi {
				return scoredCut{}, false // general integers are left to branching
			}
			if u-l > maxIntRange {
				// too wide to round: substituted like a continuous column
				t, shift, ok := simpleSub(j, a, l, u, xv)
				if !ok {
					return scoredCut{}, false
				}
				b -= shift
				wide = append(wide, t)
				continue
			}
			gi = true
		}
		switch {
		case !math.IsInf(u, 0) && (math.IsInf(l, 0) || u-xv < xv-l):
			b -= a * u
			ints = append(ints, term{j, -a, u - xv, subUpper})
		case !math.IsInf(l, 0):
			b -= a * l
			ints = append(ints, term{j, a, xv - l, subLower})
		default:
			return scoredCut{}, false // a free integer column
		}
	}
	if len(ints) == 0 {
		return scoredCut{}, false
	}
	// the continuous terms the cut keeps (negative coefficients; the
	// others are dropped), by column
	cont := m.cont[:0]
	for _, j := range m.sorted {
		if m.inCont[j] == m.stamp && m.contTm[j].a < 0 {
			cont = append(cont, m.contTm[j])
		}
	}
	if len(wide) > 0 {
		for _, t := range wide {
			if t.a < 0 {
				cont = append(cont, t)
			}
		}
		slices.SortFunc(cont, func(p, q term) int { return cmp.Compare(p.j, q.j) })
	}
	m.cont = cont

	// candidate divisors: coefficients of integer columns strictly inside
	deltas := m.deltas[:0]
	for _, t := range ints {
		if t.xv > 1e-6 && t.xv < m.hi[t.j]-m.lo[t.j]-1e-6 {
			d := math.Abs(t.a)
			dup := false
			for _, e := range deltas {
				if math.Abs(e-d) <= 1e-9*math.Max(1, d) {
					dup = true
					break
				}
			}
			if !dup && d > 1e-6 {
				deltas = append(deltas, d)
			}
			if len(deltas) == maxDivisors {
				break
			}
		}
	}
	m.deltas = deltas
	bestEff, bestDelta := 0.0, 0.0
	for _, d := range deltas {
		if eff, ok := mirEfficacy(ints, cont, b, d); ok && eff > bestEff {
			bestEff, bestDelta = eff, d
		}
	}
	if bestDelta == 0 {
		return scoredCut{}, false
	}
	for k, d := 1, bestDelta/2; k <= 3; k, d = k+1, d/2 {
		if eff, ok := mirEfficacy(ints, cont, b, d); ok && eff > bestEff {
			bestEff, bestDelta = eff, d
		}
	}
	if bestEff < minEfficacy {
		return scoredCut{}, false
	}
	row, eff, ok := m.mirRow(ints, cont, b, bestDelta)
	if !ok || eff < minEfficacy {
		return scoredCut{}, false
	}
	if gi {
		row.Name = "mirgi"
	}
	return scoredCut{row, eff}, true
}

// simpleSub substitutes the column j (coefficient a, bounds l, u, LP value
// xv) by its distance t ≥ 0 to the nearer finite bound: x = l + t or
// x = u − t. It returns the term and a·bound, which leaves the right-hand
// side; false if both bounds are infinite.
func simpleSub(j int, a, l, u, xv float64) (term, float64, bool) {
	switch {
	case !math.IsInf(u, 0) && (math.IsInf(l, 0) || u-xv < xv-l):
		return term{j, -a, math.Max(0, u-xv), subUpper}, a * u, true
	case !math.IsInf(l, 0):
		return term{j, a, math.Max(0, xv-l), subLower}, a * l, true
	}
	return term{}, 0, false
}

// mirFrac returns ⌊b/d⌋ and f₀, the fractional part of b/d, or false if
// f₀ is too close to 0 or 1 or b/d too large to round.
func mirFrac(b, d float64) (rhs, f0 float64, ok bool) {
	beta := b / d
	f0 = beta - math.Floor(beta)
	if f0 < minFrac || f0 > 1-minFrac || math.Abs(beta) > 1e9 {
		return 0, 0, false
	}
	return math.Floor(beta), f0, true
}

// mirIntCoef is the MIR coefficient of an integer column of transformed
// coefficient a for divisor d and fractional part f0.
func mirIntCoef(a, d, f0 float64) float64 {
	q := a / d
	fj := q - math.Floor(q)
	return math.Floor(q) + math.Max(0, fj-f0)/(1-f0)
}

// mirContCoef is the MIR coefficient of a continuous column of transformed
// coefficient a: 0 if a ≥ 0 (the term is dropped), a/(d(1 − f0)) if not.
func mirContCoef(a, d, f0 float64) float64 {
	if a < 0 {
		return a / (d * (1 - f0))
	}
	return 0
}

// mirEfficacy is the efficacy, in the transformed space, of the MIR cut for
// divisor d. The norm is taken there too, which ranks divisors the same way
// as the original space does up to the substitutions.
func mirEfficacy(ints, cont []term, b, d float64) (float64, bool) {
	rhs, f0, ok := mirFrac(b, d)
	if !ok {
		return 0, false
	}
	act, norm := 0.0, 0.0
	for _, t := range ints {
		g := mirIntCoef(t.a, d, f0)
		act += g * t.xv
		norm += g * g
	}
	for _, t := range cont {
		g := mirContCoef(t.a, d, f0)
		act += g * t.xv
		norm += g * g
	}
	if norm == 0 {
		return 0, false
	}
	return (act - rhs) / math.Sqrt(norm), true
}

// addCoef adds g to the cut coefficient of column j.
func (m *mirSep) addCoef(j int, g float64) {
	if !m.inCoef[j] {
		m.inCoef[j] = true
		m.coefIx = append(m.coefIx, j)
	}
	m.coef[j] += g
}

// mirRow undoes the substitutions of the MIR cut for divisor d and returns
// it as a row over the original columns with its efficacy at the LP point.
func (m *mirSep) mirRow(ints, cont []term, b, d float64) (lp.Row, float64, bool) {
	rhs, f0, ok := mirFrac(b, d)
	if !ok {
		return lp.Row{}, 0, false
	}
	for _, t := range ints {
		g := mirIntCoef(t.a, d, f0)
		if g == 0 {
			continue
		}
		if t.kind == subUpper { // x' = u − x
			m.addCoef(t.j, -g)
			rhs -= g * m.hi[t.j]
		} else { // x' = x − l
			m.addCoef(t.j, g)
			rhs += g * m.lo[t.j]
		}
	}
	for _, t := range cont {
		g := mirContCoef(t.a, d, f0)
		if g == 0 {
			continue
		}
		switch t.kind {
		case subLower: // t = x − l
			m.addCoef(t.j, g)
			rhs += g * m.lo[t.j]
		case subUpper: // t = u − x
			m.addCoef(t.j, -g)
			rhs -= g * m.hi[t.j]
		case subVUB: // t = u·y − x
			v := m.vubs[t.j]
			m.addCoef(t.j, -g)
			m.addCoef(v.y, g*v.u)
		}
	}
	slices.Sort(m.coefIx)
	m.vals = m.vals[:0]
	for _, j := range m.coefIx {
		m.vals = append(m.vals, m.coef[j])
		m.coef[j] = 0
		m.inCoef[j] = false
	}
	row, eff, ok := finishSorted("mir", m.coefIx, m.vals, rhs, m.lo, m.hi, m.x)
	m.coefIx = m.coefIx[:0]
	return row, eff, ok
}

// finishCut turns Σ coef[j]·x_j ≤ rhs into a row over sorted columns and
// returns its efficacy (violation at x over the Euclidean norm), as
// finishSorted does.
func finishCut(name string, coef map[int]float64, rhs float64, lo, hi, x []float64) (lp.Row, float64, bool) {
	ind := sortedKeys(coef)
	val := make([]float64, len(ind))
	for k, j := range ind {
		val[k] = coef[j]
	}
	return finishSorted(name, ind, val, rhs, lo, hi, x)
}

// finishSorted turns Σ val[k]·x_ind[k] ≤ rhs, ind increasing, into a row
// and returns its efficacy (violation at x over the Euclidean norm). A
// coefficient under 1e-9 in magnitude is dropped, the right-hand side
// relaxed by the term's least value over the column's bounds; where that
// bound is infinite, a coefficient under 1e-12 is dropped as rounding noise
// and a larger one kept. A cut with no column left, a non-finite right-hand
// side or coefficients spread over more than maxCoefRatio is refused. The
// row is built in new slices; ind and val are left as they were.
func finishSorted(name string, ind []int, val []float64, rhs float64, lo, hi, x []float64) (lp.Row, float64, bool) {
	act, norm, amax, amin := 0.0, 0.0, 0.0, inf
	kept := 0
	for k, j := range ind {
		c := val[k]
		a := math.Abs(c)
		if dropped(c, lo[j], hi[j], &rhs) {
			continue
		}
		kept++
		act += c * x[j]
		norm += c * c
		amax, amin = math.Max(amax, a), math.Min(amin, a)
	}
	if kept == 0 || amax > maxCoefRatio*amin || math.IsInf(rhs, 0) || math.IsNaN(rhs) {
		return lp.Row{}, 0, false
	}
	row := lp.Row{Name: name, Lower: math.Inf(-1), Upper: rhs,
		Ind: make([]int, 0, kept), Val: make([]float64, 0, kept)}
	for k, j := range ind {
		c := val[k]
		var r float64
		if dropped(c, lo[j], hi[j], &r) {
			continue
		}
		row.Ind = append(row.Ind, j)
		row.Val = append(row.Val, c)
	}
	return row, (act - rhs) / math.Sqrt(norm), true
}

// dropped reports whether finishSorted drops the coefficient c of a column
// with bounds l, u, and then relaxes *rhs by the term's least value.
func dropped(c, l, u float64, rhs *float64) bool {
	if math.Abs(c) >= 1e-9 {
		return false
	}
	least := c * l // the least value of c·x_j
	if c < 0 {
		least = c * u
	}
	switch {
	case !math.IsInf(least, 0):
		*rhs -= least
		return true
	case math.Abs(c) < 1e-12:
		return true
	}
	return false
}

// sortedKeys returns the columns of a coefficient map in increasing order,
// so that sums over it are the same from run to run.
func sortedKeys(coef map[int]float64) []int {
	keys := make([]int, 0, len(coef))
	for j := range coef {
		keys = append(keys, j)
	}
	sort.Ints(keys)
	return keys
}
