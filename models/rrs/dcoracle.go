package rrs

import (
	"container/heap"
	"math"
	"slices"
)

// dcOracle evaluates one data centre's Lagrangian subproblem (doc.go,
// "Lagrangian bound"): with the assignment rows priced at μ,
//
//	v_i(μ) = max (ĉ_i − μ)ᵀf_i − α_i (uᵀf_i)(wᵀf_i)
//	         s.t. wᵀf_i = y ∈ [yLo, yHi],  0 ≤ f_i ≤ 1.
//
// In the users' shares z_j = φ_j f_ij it reads max Σ_j r_j z_j − α P y with
// r_j = (ĉ_ij − μ_j)/φ_j, P = Σ_j κ_j z_j, y = Σ_j z_j, 0 ≤ z_j ≤ φ_j. A
// region without users (φ_j = 0) only adds max(0, −μ_j) (its ĉ_ij is 0).
type dcOracle struct {
	phi, kappa []float64 // φ_j, κ_j of the regions with φ_j > 0
	regs       []int     // their region indices
	empty      []int     // regions with φ_j = 0
	chat       []float64 // ĉ_ij of regs
	alpha      float64   // α_i = N² a_i ι_i
	kmin       float64   // the smallest κ_j
	yMax       float64   // min(m_i, 1)

	// scratch, reused by every call
	coef []float64
	r    []float64
	h    itemHeap
}

func newDCOracle(in *Instance, i int, kmin float64) *dcOracle {
	d := &in.DataCenters[i]
	o := &dcOracle{alpha: in.Users * in.Users * d.ResponseSlopeMS * d.CPUPerUser, kmin: kmin,
		yMax: math.Min(d.Capacity()/in.Users, 1)}
	for j, reg := range in.Regions {
		if reg.Share == 0 {
			o.empty = append(o.empty, j)
			continue
		}
		o.regs = append(o.regs, j)
		o.phi = append(o.phi, reg.Share)
		o.kappa = append(o.kappa, reg.RevenueSlope)
		o.chat = append(o.chat, in.LinearCoef(i, j))
	}
	o.coef = make([]float64, len(o.regs))
	o.r = make([]float64, len(o.regs))
	return o
}

// dcAnswer is the oracle's answer at one μ: an upper bound on v_i(μ), and
// the best policy of the DC it met (f_ij = Val[k] on region Ind[k]), whose
// objective at μ is Lower ≤ v_i(μ) ≤ Upper. Fixed is that policy's value
// without the prices, ĉ_iᵀf_i − α_i P y, so that its value at any μ' is
// Fixed − Σ_k Val[k] μ'_Ind[k]: a lower bound on v_i(μ') (a cut).
type dcAnswer struct {
	Upper, Lower, Fixed float64
	Y                   float64 // the policy's share wᵀf_i
	Ind                 []int
	Val                 []float64
}

// interval is a range of y with the bound of the DC's objective over it.
type interval struct{ a, b, ub float64 }

// dcMaxSplits caps the intervals one call bisects; its bound stays valid
// (the largest open one) when the cap stops it first.
const dcMaxSplits = 400

// solve returns the answer at prices mu (indexed by region) over
// y ∈ [yLo, yHi] ⊆ [0, yMax], to within tol: Upper − Lower ≤ tol unless
// dcMaxSplits stopped it first. It returns ok = false when no policy has
// its share in the range (yLo > yHi).
//
// For y fixed the objective Σ_j (r_j − α κ_j y) z_j is linear in z, so
// v_i = max over y of a continuous knapsack. Over y ∈ [a, b] every policy
// has P ≥ κmin·y and y − a ≥ 0, so
//
//	Σ r_j z_j − α P y = Σ r_j z_j − α a P − α P (y − a)
//	                  ≤ Σ_j (r_j − α a (κ_j + κmin)) z_j + α κmin a²,
//
// a continuous knapsack over a ≤ Σz ≤ b, solved greedily. Its error at its
// maximiser is at most α κmax b (b − a), so bisecting y (best bound first)
// closes the gap; every knapsack's maximiser is a policy of the DC, whose
// exact value is a lower bound.
func (o *dcOracle) solve(mu []float64, yLo, yHi, tol float64) (dcAnswer, bool) {
	if yLo > yHi {
		return dcAnswer{}, false
	}
	for k, j := range o.regs {
		o.r[k] = (o.chat[k] - mu[j]) / o.phi[k]
	}
	emptyVal := 0.0
	for _, j := range o.empty {
		emptyVal += math.Max(0, -mu[j])
	}
	best := dcAnswer{Lower: math.Inf(-1)}
	var bestZ []float64
	var bestIdx []int
	offer := func(idx []int, z []float64) {
		if v, y := o.value(idx, z); v > best.Lower {
			best.Lower, best.Y = v, y
			bestIdx, bestZ = append(bestIdx[:0], idx...), append(bestZ[:0], z...)
		}
	}
	bound := func(a, b float64) float64 {
		for k := range o.coef {
			o.coef[k] = o.r[k] - o.alpha*a*(o.kappa[k]+o.kmin)
		}
		val, idx, z := o.fill(a, b)
		offer(idx, z)
		ub, at := o.interpolated(a, b)
		o.setCoef(at)
		_, idx, z = o.fill(at, at)
		offer(idx, z)
		return math.Min(val+o.alpha*o.kmin*a*a, ub)
	}
	open := newBestFirst(func(iv interval) float64 { return iv.ub }, interval{a: yLo, b: yHi, ub: bound(yLo, yHi)})
	pruned := math.Inf(-1) // the largest bound of an interval dropped within tol
	for splits := 0; ; splits++ {
		top := open.top()
		if top.ub-best.Lower <= tol || splits >= dcMaxSplits || top.b-top.a <= 1e-15*math.Max(1, top.b) {
			best.Upper = math.Max(math.Max(top.ub, pruned), best.Lower)
			break
		}
		heap.Pop(open)
		mid := 0.5 * (top.a + top.b)
		for _, half := range [2][2]float64{{top.a, mid}, {mid, top.b}} {
			// A half cannot be worth more than the whole.
			ub := math.Min(bound(half[0], half[1]), top.ub)
			if ub > best.Lower+tol {
				heap.Push(open, interval{a: half[0], b: half[1], ub: ub})
			} else {
				pruned = math.Max(pruned, ub)
			}
		}
		if open.Len() == 0 {
			best.Upper = math.Max(pruned, best.Lower)
			break
		}
	}
	best.Upper += emptyVal
	best.Lower += emptyVal
	best.Fixed = best.Lower
	for k, t := range bestIdx {
		j := o.regs[t]
		f := bestZ[k] / o.phi[t]
		best.Ind = append(best.Ind, j)
		best.Val = append(best.Val, f)
		best.Fixed += f * mu[j]
	}
	for _, j := range o.empty {
		if mu[j] < 0 {
			best.Ind = append(best.Ind, j)
			best.Val = append(best.Val, 1)
			best.Fixed += mu[j]
		}
	}
	return best, true
}

// setCoef sets coef to the knapsack coefficients at share y,
// r_j − α κ_j y.
func (o *dcOracle) setCoef(y float64) {
	for k := range o.coef {
		o.coef[k] = o.r[k] - o.alpha*o.kappa[k]*y
	}
}

// interpolated returns a second upper bound on the DC's objective over
// y ∈ [a, b], and the share at which it is attained. With
// G(y, c) = max {cᵀz : Σz = y, 0 ≤ z ≤ φ}, the objective at share y is at
// most G(y, c(y)), c(y) = r − α κ y; c(y) is affine in y and G convex in c
// (a maximum of linear functions), so with t = (y − a)/(b − a)
//
//	G(y, c(y)) ≤ (1 − t) G(y, c(a)) + t G(y, c(b)),
//
// exact where the greedy order at c(a) and c(b) agrees. Each G(·, c) is
// concave and piecewise linear in y (breaks where the greedy fills an
// item), so the right-hand side is piecewise quadratic and its maximum is
// at a break or a vertex.
func (o *dcOracle) interpolated(a, b float64) (ub, at float64) {
	o.setCoef(a)
	pa := o.pieces(b)
	if b-a <= 0 {
		v, _ := evalPieces(pa, a)
		return v, a
	}
	o.setCoef(b)
	pb := o.pieces(b)
	cuts := []float64{a, b}
	for _, p := range [][]piece{pa, pb} {
		for _, q := range p {
			if q.y > a && q.y < b {
				cuts = append(cuts, q.y)
			}
		}
	}
	slices.Sort(cuts)
	d := b - a
	ub, at = math.Inf(-1), a
	try := func(y, v float64) {
		if v > ub {
			ub, at = v, y
		}
	}
	for k := 0; k+1 < len(cuts); k++ {
		y0, y1 := cuts[k], cuts[k+1]
		if y1 <= y0 {
			continue
		}
		ga, sa := evalPieces(pa, 0.5*(y0+y1))
		gb, sb := evalPieces(pb, 0.5*(y0+y1))
		// the values at y0 on this piece
		ga -= sa * 0.5 * (y1 - y0)
		gb -= sb * 0.5 * (y1 - y0)
		t0 := (y0 - a) / d
		q := (sb - sa) / d
		l := (1-t0)*sa + t0*sb + (gb-ga)/d
		c := (1-t0)*ga + t0*gb
		f := func(u float64) float64 { return c + l*u + q*u*u }
		try(y0, f(0))
		try(y1, f(y1-y0))
		if q < 0 {
			if u := -l / (2 * q); u > 0 && u < y1-y0 {
				try(y0+u, f(u))
			}
		}
	}
	return ub, at
}

// piece is one linear piece of G(·, c): from share y on, G grows with
// slope c from value v.
type piece struct{ y, v, c float64 }

// pieces returns the pieces of G(·, coef) over [0, hi].
func (o *dcOracle) pieces(hi float64) []piece {
	items := o.top(hi)
	out := make([]piece, 0, len(items))
	y, v := 0.0, 0.0
	for _, it := range items {
		out = append(out, piece{y: y, v: v, c: it.c})
		y += o.phi[it.k]
		v += it.c * o.phi[it.k]
		if y >= hi {
			break
		}
	}
	return out
}

// evalPieces returns G(y) and its slope at y from its pieces.
func evalPieces(ps []piece, y float64) (v, slope float64) {
	k, _ := slices.BinarySearchFunc(ps, y, func(p piece, y float64) int {
		if p.y <= y {
			return -1
		}
		return 1
	})
	if k == 0 {
		return 0, 0
	}
	p := ps[k-1]
	return p.v + p.c*(y-p.y), p.c
}

// value returns the DC's objective Σ r_j z_j − α P y at the shares z of
// items idx, and y.
func (o *dcOracle) value(idx []int, z []float64) (v, y float64) {
	lin, p := 0.0, 0.0
	for k, t := range idx {
		lin += o.r[t] * z[k]
		p += o.kappa[t] * z[k]
		y += z[k]
	}
	return lin - o.alpha*p*y, y
}

// fill maximises Σ coef_j z_j over lo ≤ Σ z_j ≤ hi, 0 ≤ z_j ≤ φ_j (lo ≤ hi
// ≤ Σφ): take the items by decreasing coefficient, all of them until the
// shares reach lo, then only those with a positive coefficient until they
// reach hi. Only the best items covering hi can be taken, so a min-heap
// keeps those (O(r log k) for k items) before they are sorted. It returns
// the value and the items taken with their shares.
func (o *dcOracle) fill(lo, hi float64) (val float64, idx []int, z []float64) {
	if hi <= 0 {
		return 0, nil, nil
	}
	items := o.top(hi)
	taken := 0.0
	for _, it := range items {
		if taken >= hi || (taken >= lo && it.c <= 0) {
			break
		}
		room := hi
		if it.c <= 0 {
			room = lo
		}
		x := math.Min(o.phi[it.k], room-taken)
		if x <= 0 {
			continue
		}
		val += it.c * x
		taken += x
		idx = append(idx, it.k)
		z = append(z, x)
	}
	return val, idx, z
}

// top returns the items of largest coefficient whose shares cover hi,
// sorted by decreasing coefficient (ties by index). A min-heap keeps them
// during one pass: O(r log k) for k items.
func (o *dcOracle) top(hi float64) []item {
	h := o.h[:0]
	w := 0.0
	for k, c := range o.coef {
		if w >= hi && len(h) > 0 && c <= h[0].c {
			continue
		}
		h = h.push(item{c: c, k: k})
		w += o.phi[k]
		for len(h) > 1 && w-o.phi[h[0].k] >= hi {
			w -= o.phi[h[0].k]
			h = h.pop()
		}
	}
	o.h = h
	items := slices.Clone([]item(h))
	slices.SortFunc(items, func(a, b item) int {
		if a.c > b.c {
			return -1
		}
		if a.c < b.c {
			return 1
		}
		return a.k - b.k
	})
	return items
}

// item is a knapsack item: its coefficient and index.
type item struct {
	c float64
	k int
}

// itemHeap is a min-heap of items by coefficient (ties: the larger index
// first out, so that the kept set does not depend on the scan order).
type itemHeap []item

func (h itemHeap) less(a, b int) bool {
	if h[a].c != h[b].c {
		return h[a].c < h[b].c
	}
	return h[a].k > h[b].k
}

func (h itemHeap) push(it item) itemHeap {
	h = append(h, it)
	for k := len(h) - 1; k > 0; {
		p := (k - 1) / 2
		if !h.less(k, p) {
			break
		}
		h[k], h[p] = h[p], h[k]
		k = p
	}
	return h
}

func (h itemHeap) pop() itemHeap {
	n := len(h) - 1
	h[0] = h[n]
	h = h[:n]
	for k := 0; ; {
		l, m := 2*k+1, k
		if l < n && h.less(l, m) {
			m = l
		}
		if l+1 < n && h.less(l+1, m) {
			m = l + 1
		}
		if m == k {
			break
		}
		h[k], h[m] = h[m], h[k]
		k = m
	}
	return h
}
