package rrs

import (
	"fmt"
	"math"
	"slices"
	"sort"

	"github.com/streamopt/streamopt/lp"
)

// split holds the difference-of-squares form of RRS's quadratic part used
// by the global method (doc.go, "Global optimum"): with u_j = κ_j φ_j,
// w_j = φ_j, unit vectors û = u/‖u‖, ŵ = w/‖w‖ and
// β_i = α_i ‖u‖‖w‖ / 4, α_i = N² a_i ι_i,
//
//	−α_i (uᵀf_i)(wᵀf_i) = −β_i S_i² + β_i T_i²,
//	S_i = (û + ŵ)ᵀ f_i,   T_i = (û − ŵ)ᵀ f_i.
//
// −β S² is concave and is outer-approximated by tangents; β T² is the
// non-concave part, one scalar per DC, bounded by its secant over the
// node's range of T_i.
type split struct {
	in       *Instance
	beta     []float64 // β_i
	sum, dif []float64 // û + ŵ and û − ŵ, per region
	root     box
	// pool[i] holds the tangent points of S_i² added by cutting planes;
	// every node's relaxation uses those inside the root range.
	pool [][]float64
	// kmin and kmax are the smallest and largest slope κ_j.
	kmin, kmax float64
	sLo        []float64 // range of S_i over the RRS constraints
	sHi        []float64
}

// box is the range [Lo_i, Hi_i] of every T_i at a node.
type box struct{ Lo, Hi []float64 }

func (b box) clone() box {
	return box{Lo: append([]float64(nil), b.Lo...), Hi: append([]float64(nil), b.Hi...)}
}

// newSplit computes the form and the root ranges of S_i and T_i.
func newSplit(in *Instance) *split {
	s, r := len(in.DataCenters), len(in.Regions)
	sp := &split{in: in, beta: make([]float64, s), sum: make([]float64, r), dif: make([]float64, r), pool: make([][]float64, s),
		root: box{Lo: make([]float64, s), Hi: make([]float64, s)}, sLo: make([]float64, s), sHi: make([]float64, s)}
	nu, nw := 0.0, 0.0
	for _, reg := range in.Regions {
		nu += reg.RevenueSlope * reg.RevenueSlope * reg.Share * reg.Share
		nw += reg.Share * reg.Share
	}
	nu, nw = math.Sqrt(nu), math.Sqrt(nw)
	sp.kmin, sp.kmax = math.Inf(1), math.Inf(-1)
	for _, reg := range in.Regions {
		sp.kmin, sp.kmax = math.Min(sp.kmin, reg.RevenueSlope), math.Max(sp.kmax, reg.RevenueSlope)
	}
	for j, reg := range in.Regions {
		uj, wj := reg.RevenueSlope*reg.Share/nu, reg.Share/nw
		sp.sum[j], sp.dif[j] = uj+wj, uj-wj
	}
	for i := range in.DataCenters {
		d := &in.DataCenters[i]
		sp.beta[i] = in.Users * in.Users * d.ResponseSlopeMS * d.CPUPerUser * nu * nw / 4
		hi := math.Min(d.Capacity()/in.Users, 1)
		sp.root.Lo[i], sp.root.Hi[i] = sp.rangeOf(sp.dif, hi)
		sp.sLo[i], sp.sHi[i] = sp.rangeOf(sp.sum, hi)
	}
	return sp
}

// rangeOf returns the minimum and maximum of Σ_j g_j f_j over 0 ≤ f_j ≤ 1,
// Σ_j φ_j f_j ≤ h: a continuous knapsack, solved greedily by g_j/φ_j.
func (sp *split) rangeOf(g []float64, h float64) (lo, hi float64) {
	regs := sp.in.Regions
	order := make([]int, len(regs))
	for j := range order {
		order[j] = j
	}
	ratio := func(j int) float64 { return g[j] / regs[j].Share }
	sort.Slice(order, func(a, b int) bool { return ratio(order[a]) > ratio(order[b]) })
	fill := func(pick func(j int) bool, ord []int) float64 {
		v, left := 0.0, h
		for _, j := range ord {
			if !pick(j) || left <= 0 {
				continue
			}
			x := math.Min(1, left/regs[j].Share)
			v += g[j] * x
			left -= regs[j].Share * x
		}
		return v
	}
	hi = fill(func(j int) bool { return g[j] > 0 }, order)
	rev := make([]int, len(order))
	for k, j := range order {
		rev[len(order)-1-k] = j
	}
	lo = fill(func(j int) bool { return g[j] < 0 }, rev)
	return lo, hi
}

// tangentPoints are where every relaxation puts tangents of S_i² on its
// range: both ends and the quartiles.
var tangentPoints = []float64{0, 0.25, 0.5, 0.75, 1}

// relaxation is the LP of one node and the columns of its extra variables.
type relaxation struct {
	model        *lp.Model
	s, t, sq, tq []int // per DC: S_i, T_i, σ_i ≥ S_i², τ_i ≤ secant of T_i²; −1 where β_i = 0
}

// relax builds the LP relaxation of RRS over box b:
//
//	max ĉᵀf + Σ_i g_i
//	s.t. Σ_i f_ij = 1,  Σ_j φ_j f_ij ≤ m_i,  f ≥ 0,
//	     S_i = (û + ŵ)ᵀ f_i,  T_i = (û − ŵ)ᵀ f_i ∈ [Lo_i, Hi_i],
//	     g_i ≤ −β_i σ_i + β_i τ_i,
//	     σ_i ≥ 2t S_i − t²                  (tangents of S², t in S_i's range),
//	     τ_i ≤ (Lo_i + Hi_i) T_i − Lo_i Hi_i (the secant of T² over the box),
//
// and the other bounds on g_i of addProductBounds. Every policy whose T
// lies in the box, with σ_i = S_i², τ_i = T_i² and g_i its DC's quadratic
// term, is feasible here with the same objective (S² lies above its
// tangents, T² below its secant on [Lo, Hi]), so the LP optimum bounds the
// box's maximum profit from above (doc.go). near (nil at the root) is where
// the parent's LP put each S_i; see nearTangents.
func (sp *split) relax(b box, near []float64) *relaxation {
	in := sp.in
	ns, nr := len(in.DataCenters), len(in.Regions)
	m := lp.New("rrs_relaxation", lp.Maximize)
	for i := 0; i < ns; i++ {
		for j := 0; j < nr; j++ {
			m.AddVar(fmt.Sprintf("f[%d,%d]", i+1, j+1), 0, lp.Inf, in.LinearCoef(i, j))
		}
	}
	for j := 0; j < nr; j++ {
		t := make([]lp.Term, ns)
		for i := range t {
			t[i] = lp.Term{Var: in.Var(i, j), Coef: 1}
		}
		m.AddEQ(fmt.Sprintf("assign[%d]", j+1), 1, t...)
	}
	rx := &relaxation{model: m, s: make([]int, ns), t: make([]int, ns), sq: make([]int, ns), tq: make([]int, ns)}
	for i := 0; i < ns; i++ {
		t := make([]lp.Term, nr)
		for j := 0; j < nr; j++ {
			t[j] = lp.Term{Var: in.Var(i, j), Coef: in.Regions[j].Share}
		}
		m.AddLE(fmt.Sprintf("capacity[%d]", i+1), in.DataCenters[i].Capacity()/in.Users, t...)
		if sp.beta[i] == 0 {
			rx.s[i], rx.t[i], rx.sq[i], rx.tq[i] = -1, -1, -1, -1
			continue
		}
		bt, lo, hi := sp.beta[i], b.Lo[i], b.Hi[i]
		rx.s[i] = m.AddVar(fmt.Sprintf("S[%d]", i+1), sp.sLo[i], sp.sHi[i], 0)
		rx.t[i] = m.AddVar(fmt.Sprintf("T[%d]", i+1), lo, hi, 0)
		rx.sq[i] = m.AddVar(fmt.Sprintf("sigma[%d]", i+1), 0, lp.Inf, -bt)
		rx.tq[i] = m.AddVar(fmt.Sprintf("tau[%d]", i+1), 0, lp.Inf, bt)
		for _, def := range []struct {
			name string
			col  int
			g    []float64
		}{{"S", rx.s[i], sp.sum}, {"T", rx.t[i], sp.dif}} {
			t := []lp.Term{{Var: def.col, Coef: -1}}
			for j := 0; j < nr; j++ {
				if def.g[j] != 0 {
					t = append(t, lp.Term{Var: in.Var(i, j), Coef: def.g[j]})
				}
			}
			m.AddEQ(fmt.Sprintf("%s[%d]", def.name, i+1), 0, t...)
		}
		for _, w := range tangentPoints {
			rx.tangent(i, sp.sLo[i]+w*(sp.sHi[i]-sp.sLo[i]))
		}
		for _, tp := range sp.nearTangents(i, near) {
			rx.tangent(i, tp)
		}
		m.AddLE(fmt.Sprintf("secant[%d]", i+1), -lo*hi, lp.Term{Var: rx.tq[i], Coef: 1}, lp.Term{Var: rx.t[i], Coef: -(lo + hi)})
		if sp.kmax > 0 && (sp.kmax-sp.kmin)/sp.kmax > productSpread {
			sp.addProductBounds(rx, i)
		}
	}
	return rx
}

// productSpread is the relative slope spread (κmax − κmin)/κmax below
// which relax leaves out the bounds of addProductBounds. Their rows
// coincide with the difference-of-squares ones when the slopes are equal
// and are nearly parallel to them when the spread is small, which the
// pure-Go simplex does not survive (on the uniform-slope paper instance it
// claimed the root LP infeasible, with a certificate solve.Verify refused);
// and below this spread the secant's error, of order spread², is already
// under 1e-6 of the term, so there is nothing for them to gain.
const productSpread = 1e-3

// addProductBounds bounds DC i's profit term −α_i P_i y_i (P_i = uᵀf_i, the
// slope-weighted share, and y_i = wᵀf_i, the share) a second way: a
// column g_i takes over the objective of σ_i and τ_i, with
//
//	g_i ≤ −β_i σ_i + β_i τ_i                  (the difference of squares),
//	g_i ≤ −α_i (Y P_i + K y_i − Y K)           (McCormick: (Y − y)(K − P) ≥ 0),
//	g_i ≤ −α_i κmin (2t y_i − t²)              (P ≥ κmin·y, so Py ≥ κmin y²),
//	g_i ≤ −(α_i/κmax)(2t P_i − t²)             (y ≥ P/κmax, so Py ≥ P²/κmax),
//	g_i ≤ 0,
//
// Y = min(m_i, 1), K = κmax·Y, t at four points of each range. Each is
// valid at every policy (the product is ≥ each right-hand side, given
// y_i ≤ Y, which the capacity and assignment rows imply, and
// κmin·y_i ≤ P_i ≤ κmax·y_i, which f ≥ 0 implies), so the LP still
// bounds the profit.
func (sp *split) addProductBounds(rx *relaxation, i int) {
	in, m := sp.in, rx.model
	d := &in.DataCenters[i]
	alpha := in.Users * in.Users * d.ResponseSlopeMS * d.CPUPerUser
	kmin, kmax := sp.kmin, sp.kmax
	yU := math.Min(d.Capacity()/in.Users, 1)
	pU := kmax * yU
	y := m.AddVar(fmt.Sprintf("y[%d]", i+1), 0, lp.Inf, 0)
	pc := m.AddVar(fmt.Sprintf("P[%d]", i+1), 0, lp.Inf, 0)
	g := m.AddVar(fmt.Sprintf("g[%d]", i+1), -lp.Inf, 0, 1)
	ty, tp := []lp.Term{{Var: y, Coef: -1}}, []lp.Term{{Var: pc, Coef: -1}}
	for j, r := range in.Regions {
		ty = append(ty, lp.Term{Var: in.Var(i, j), Coef: r.Share})
		tp = append(tp, lp.Term{Var: in.Var(i, j), Coef: r.Share * r.RevenueSlope})
	}
	m.AddEQ(fmt.Sprintf("y[%d]", i+1), 0, ty...)
	m.AddEQ(fmt.Sprintf("P[%d]", i+1), 0, tp...)
	bt := sp.beta[i]
	m.Obj[rx.sq[i]], m.Obj[rx.tq[i]] = 0, 0
	m.AddLE(fmt.Sprintf("split[%d]", i+1), 0, lp.Term{Var: g, Coef: 1}, lp.Term{Var: rx.sq[i], Coef: bt}, lp.Term{Var: rx.tq[i], Coef: -bt})
	m.AddLE(fmt.Sprintf("mccormick[%d]", i+1), alpha*yU*pU, lp.Term{Var: g, Coef: 1}, lp.Term{Var: pc, Coef: alpha * yU}, lp.Term{Var: y, Coef: alpha * pU})
	for k, w := range tangentPoints[1:] {
		t := w * yU
		m.AddLE(fmt.Sprintf("ratio_lo[%d,%d]", i+1, k+1), alpha*kmin*t*t, lp.Term{Var: g, Coef: 1}, lp.Term{Var: y, Coef: 2 * alpha * kmin * t})
		t = w * pU
		m.AddLE(fmt.Sprintf("ratio_hi[%d,%d]", i+1, k+1), alpha/kmax*t*t, lp.Term{Var: g, Coef: 1}, lp.Term{Var: pc, Coef: 2 * alpha / kmax * t})
	}
}

// addTangent adds t to DC i's pool, kept sorted, unless a point within
// 1e-4 of S_i's range is there already: the tangents there differ by less
// than the tolerance cutTol is about, and the pool would otherwise grow
// with every node.
func (sp *split) addTangent(i int, t float64) {
	tol := 1e-4 * (sp.sHi[i] - sp.sLo[i])
	p := sp.pool[i]
	k := sort.SearchFloat64s(p, t)
	if (k < len(p) && p[k]-t <= tol) || (k > 0 && t-p[k-1] <= tol) {
		return
	}
	sp.pool[i] = slices.Insert(p, k, t)
}

// nearPool is how many pooled tangent points on each side of the parent's
// S_i a node's relaxation takes.
const nearPool = 8

// nearTangents returns DC i's pooled tangent points for a node whose
// parent's LP put S_i at near[i]: the nearPool closest on each side, or
// the whole pool when near is nil (the root). Only the tangents next to
// the LP's S_i bind, and a node's S_i stays close to its parent's, so the
// rest would only lengthen every LP (a pool of hundreds of rows per DC
// made each LP five times slower); a tangent left out only weakens the
// bound, and the node's cutting planes add back any that matter.
func (sp *split) nearTangents(i int, near []float64) []float64 {
	p := sp.pool[i]
	if near == nil {
		return p
	}
	k := sort.SearchFloat64s(p, near[i])
	return p[max(0, k-nearPool):min(len(p), k+nearPool)]
}

// tangent adds the cut σ_i ≥ 2t·S_i − t², the tangent of S² at t.
func (rx *relaxation) tangent(i int, t float64) {
	rx.model.AddGE(fmt.Sprintf("tangent[%d,%d]", i+1, rx.model.NumRows()), -t*t,
		lp.Term{Var: rx.sq[i], Coef: 1}, lp.Term{Var: rx.s[i], Coef: -2 * t})
}

// errors returns, for the LP point x, each DC's secant error
// β_i (τ_i − T_i²) ≥ 0 and tangent error β_i (S_i² − σ_i) ≥ 0 (up to LP
// tolerances): how much the LP overstates that DC's profit at its point.
func (sp *split) errors(rx *relaxation, x []float64) (secant, tangent []float64) {
	secant, tangent = make([]float64, len(rx.s)), make([]float64, len(rx.s))
	for i := range rx.s {
		if rx.s[i] < 0 {
			continue
		}
		s, t := x[rx.s[i]], x[rx.t[i]]
		secant[i] = sp.beta[i] * (x[rx.tq[i]] - t*t)
		tangent[i] = sp.beta[i] * (s*s - x[rx.sq[i]])
	}
	return secant, tangent
}

// poolSize is the number of tangent points in every DC's pool.
func (sp *split) poolSize() int {
	n := 0
	for _, p := range sp.pool {
		n += len(p)
	}
	return n
}

// sValues returns S_i at the LP point x (0 where β_i = 0).
func (rx *relaxation) sValues(x []float64) []float64 {
	v := make([]float64, len(rx.s))
	for i, c := range rx.s {
		if c >= 0 {
			v[i] = x[c]
		}
	}
	return v
}
