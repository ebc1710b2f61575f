package rrs

import (
	"fmt"
	"math"

	"github.com/streamopt/streamopt/lp"
)

// bilinear holds the split of RRS's quadratic part used by the global
// method (doc.go, "Global optimum"): for DC i,
//
//	(Σ_j κ_j φ_j f_ij)(Σ_j φ_j f_ij) = κ₀ y_i² + d_i y_i,
//	y_i = Σ_j φ_j f_ij,   d_i = Σ_j (κ_j − κ₀) φ_j f_ij ∈ [0, Δ y_i],
//
// with κ₀ = min_j κ_j and Δ = max_j κ_j − κ₀.
type bilinear struct {
	in     *Instance
	alpha  []float64 // α_i = N² a_i ι_i, the weight of DC i's product
	kappa0 float64   // κ₀
	delta  float64   // Δ
	root   box
	// pool[i] holds the tangent points of y_i² added by cutting planes;
	// every node's relaxation uses those inside its box.
	pool [][]float64
}

// box is the range [Lo_i, Hi_i] of every y_i at a node and the range
// [KLo_i, KHi_i] of DC i's mean slope z_i / y_i, z_i = Σ_j κ_j φ_j f_ij.
type box struct{ Lo, Hi, KLo, KHi []float64 }

func (b box) clone() box {
	c := func(v []float64) []float64 { return append([]float64(nil), v...) }
	return box{Lo: c(b.Lo), Hi: c(b.Hi), KLo: c(b.KLo), KHi: c(b.KHi)}
}

// newBilinear computes the split and the root box: y_i ≤ min(m_i, 1) by the
// capacity row and Σφ = 1, and y_i ≥ 1 − Σ_{k≠i} min(m_k, 1) because the
// other DCs cannot take more than their capacity.
func newBilinear(in *Instance) *bilinear {
	s := len(in.DataCenters)
	bl := &bilinear{in: in, alpha: make([]float64, s), kappa0: math.Inf(1), pool: make([][]float64, s)}
	hi := math.Inf(-1)
	for _, r := range in.Regions {
		bl.kappa0 = math.Min(bl.kappa0, r.RevenueSlope)
		hi = math.Max(hi, r.RevenueSlope)
	}
	bl.delta = hi - bl.kappa0
	bl.root = box{Lo: make([]float64, s), Hi: make([]float64, s), KLo: make([]float64, s), KHi: make([]float64, s)}
	total := 0.0
	for i := range in.DataCenters {
		d := &in.DataCenters[i]
		bl.alpha[i] = in.Users * in.Users * d.ResponseSlopeMS * d.CPUPerUser
		bl.root.Hi[i] = math.Min(d.Capacity()/in.Users, 1)
		bl.root.KLo[i], bl.root.KHi[i] = bl.kappa0, hi
		total += bl.root.Hi[i]
	}
	for i := range bl.root.Lo {
		bl.root.Lo[i] = math.Max(0, math.Min(1-(total-bl.root.Hi[i]), bl.root.Hi[i]))
	}
	return bl
}

// tangentPoints are where the relaxation puts tangents of y² on [lo, hi]:
// both ends and the quartiles.
var tangentPoints = []float64{0, 0.25, 0.5, 0.75, 1}

// relaxation is the LP of one node and the columns of its extra variables.
type relaxation struct {
	model      *lp.Model
	y, e, q, p []int     // per DC; e, q, p are −1 where α_i = 0
	k          []float64 // KLo_i of the box
}

// relax builds the LP relaxation of RRS over box b. For DC i with slope
// range [k, k + δ] (k = KLo_i, δ = KHi_i − KLo_i) it writes the product as
// z_i y_i = k y_i² + e_i y_i with e_i = z_i − k y_i ∈ [0, δ y_i]:
//
//	max ĉᵀf − Σ_i α_i (k q_i + p_i)
//	s.t. Σ_i f_ij = 1,  y_i = Σ_j φ_j f_ij ∈ [Lo_i, Hi_i],
//	     e_i = Σ_j (κ_j − k) φ_j f_ij,  0 ≤ e_i ≤ δ y_i,
//	     q_i ≥ 2t y_i − t²            (tangents of y², t ∈ [Lo_i, Hi_i]),
//	     p_i ≥ Lo_i e_i,  p_i ≥ E y_i + Hi_i e_i − Hi_i E,  E = δ Hi_i  (McCormick),
//	     f ≥ 0.
//
// Every f feasible for RRS whose shares and mean slopes lie in the box, with
// q_i = y_i² and p_i = e_i y_i, is feasible here with the same objective, so
// the LP optimum bounds the box's maximum profit from above (doc.go).
func (bl *bilinear) relax(b box) *relaxation {
	in := bl.in
	s, r := len(in.DataCenters), len(in.Regions)
	m := lp.New("rrs_relaxation", lp.Maximize)
	for i := 0; i < s; i++ {
		for j := 0; j < r; j++ {
			m.AddVar(fmt.Sprintf("f[%d,%d]", i+1, j+1), 0, lp.Inf, in.LinearCoef(i, j))
		}
	}
	for j := 0; j < r; j++ {
		t := make([]lp.Term, s)
		for i := range t {
			t[i] = lp.Term{Var: in.Var(i, j), Coef: 1}
		}
		m.AddEQ(fmt.Sprintf("assign[%d]", j+1), 1, t...)
	}
	rx := &relaxation{model: m, y: make([]int, s), e: make([]int, s), q: make([]int, s), p: make([]int, s), k: make([]float64, s)}
	for i := 0; i < s; i++ {
		lo, hi := b.Lo[i], b.Hi[i]
		rx.y[i] = m.AddVar(fmt.Sprintf("y[%d]", i+1), lo, hi, 0)
		t := []lp.Term{{Var: rx.y[i], Coef: -1}}
		for j := 0; j < r; j++ {
			t = append(t, lp.Term{Var: in.Var(i, j), Coef: in.Regions[j].Share})
		}
		m.AddEQ(fmt.Sprintf("share[%d]", i+1), 0, t...)
		if bl.alpha[i] == 0 {
			rx.e[i], rx.q[i], rx.p[i] = -1, -1, -1
			continue
		}
		a, k, dk := bl.alpha[i], b.KLo[i], b.KHi[i]-b.KLo[i]
		rx.k[i] = k
		eU := dk * hi
		rx.e[i] = m.AddVar(fmt.Sprintf("e[%d]", i+1), 0, eU, 0)
		rx.q[i] = m.AddVar(fmt.Sprintf("q[%d]", i+1), 0, lp.Inf, -a*k)
		rx.p[i] = m.AddVar(fmt.Sprintf("p[%d]", i+1), 0, lp.Inf, -a)
		t = []lp.Term{{Var: rx.e[i], Coef: -1}}
		for j := 0; j < r; j++ {
			if c := in.Regions[j].RevenueSlope - k; c != 0 {
				t = append(t, lp.Term{Var: in.Var(i, j), Coef: c * in.Regions[j].Share})
			}
		}
		m.AddEQ(fmt.Sprintf("slope[%d]", i+1), 0, t...)
		m.AddLE(fmt.Sprintf("sector[%d]", i+1), 0, lp.Term{Var: rx.e[i], Coef: 1}, lp.Term{Var: rx.y[i], Coef: -dk})
		for n, w := range tangentPoints {
			if n > 0 && hi-lo <= 0 {
				break
			}
			rx.tangent(i, lo+w*(hi-lo))
		}
		for _, tp := range bl.pool[i] {
			if tp > lo && tp < hi {
				rx.tangent(i, tp)
			}
		}
		if eU > 0 {
			m.AddGE(fmt.Sprintf("mccormick_lo[%d]", i+1), 0, lp.Term{Var: rx.p[i], Coef: 1}, lp.Term{Var: rx.e[i], Coef: -lo})
			m.AddGE(fmt.Sprintf("mccormick_hi[%d]", i+1), -hi*eU,
				lp.Term{Var: rx.p[i], Coef: 1}, lp.Term{Var: rx.y[i], Coef: -eU}, lp.Term{Var: rx.e[i], Coef: -hi})
		}
	}
	return rx
}

// tangent adds the cut q_i ≥ 2t·y_i − t², the tangent of y² at t.
func (rx *relaxation) tangent(i int, t float64) {
	rx.model.AddGE(fmt.Sprintf("tangent[%d,%d]", i+1, rx.model.NumRows()), -t*t,
		lp.Term{Var: rx.q[i], Coef: 1}, lp.Term{Var: rx.y[i], Coef: -2 * t})
}

// errors returns, for the LP point x, each DC's relaxation error
// α_i (k y_i² + e_i y_i − k q_i − p_i) ≥ 0 (up to LP tolerances): how much
// the LP overstates that DC's profit at its own point.
func (bl *bilinear) errors(rx *relaxation, x []float64) []float64 {
	e := make([]float64, len(rx.y))
	for i := range e {
		if rx.q[i] < 0 {
			continue
		}
		y, d := x[rx.y[i]], x[rx.e[i]]
		e[i] = bl.alpha[i] * (rx.k[i]*(y*y-x[rx.q[i]]) + d*y - x[rx.p[i]])
	}
	return e
}
