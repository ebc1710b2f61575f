package simplex

import (
	"context"
	"errors"
	"math"

	"github.com/streamopt/streamopt/lp"
)

// rangeTol is the size below which an entry of a row or column of the
// simplex tableau does not limit a ratio test, and a dual or value counts
// as zero when an infinite end decides the sign of the objective: the
// absolute 1e-9 glpsol's ratio tests use, here on the unscaled tableau too.
const rangeTol = 1e-9

// ErrNotOptimal is returned by Ranging when the last Solve did not end
// optimal, or the model changed since.
var ErrNotOptimal = errors.New("simplex: ranging needs an optimal basis: the last Solve did not end optimal or the model changed since")

// Ranging returns the cost and activity ranging of the optimal basis of
// the last Solve (see doc.go, "Ranging", and lp.Range). It works on the
// unscaled model with the same basis, refactorised, and restores the
// scaling afterwards; the next Solve starts from the same basis. The
// context stops it between variables.
func (sv *Solver) Ranging(ctx context.Context) (*lp.Ranging, error) {
	if ctx == nil {
		ctx = context.Background()
	}
	var out *lp.Ranging
	err := sv.withRanger(func(r *ranger) error {
		s := r.s
		out = &lp.Ranging{Cols: make([]lp.Range, s.n), Rows: make([]lp.Range, s.m)}
		for k := 0; k < s.n+s.m; k++ {
			if k%64 == 0 && ctx.Err() != nil {
				return ctx.Err()
			}
			rg := &out.Cols
			idx := k
			if k >= s.n {
				rg, idx = &out.Rows, k-s.n
			}
			if s.stat[k] == Basic {
				(*rg)[idx] = r.basic(k)
			} else {
				(*rg)[idx] = r.nonbasic(k)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// withRanger calls fn with a ranger on the unscaled model at the current
// optimal basis, refactorised, and restores the scaling afterwards.
func (sv *Solver) withRanger(fn func(*ranger) error) error {
	if !sv.optimal {
		return ErrNotOptimal
	}
	s := sv.s
	m := sv.model
	rs, cs := s.rs, s.cs
	sv.dualsKept = false
	s.rescale(m, ones(s.m), ones(s.n))
	defer s.rescale(m, rs, cs)
	if s.m > 0 && s.refactor() > 0 {
		// refactor replaced singular columns: a different basis
		return errors.New("simplex: ranging: the optimal basis is singular when refactorised unscaled")
	}
	s.computeX()
	s.computeDuals()
	s.reducedCosts(s.cost, s.rho, s.d, false) // the fixed columns' too
	r := &ranger{s: s, m: m}
	r.init()
	return fn(r)
}

// ranger holds what the ranging of one basis needs, on the unscaled core
// (x, d and the factors of the current basis in model units).
type ranger struct {
	s    *core
	m    *lp.Model
	sign float64 // 1 for a minimisation, −1 for a maximisation
	z    float64 // objective value in the model's sense
	col  []float64
}

func (r *ranger) init() {
	r.sign = 1
	if r.m.Sense == lp.Maximize {
		r.sign = -1
	}
	x := make([]float64, r.s.n)
	for j := range x {
		x[j] = r.s.x[j]
	}
	r.z = r.m.Objective(x)
	r.col = make([]float64, r.s.m)
}

// Internal variable k (a column, or the logical z = −aᵢᵀx of row i at
// k = n+i) maps to the model by two signs: its model value is g·x_k and a
// change δ of its internal (minimised) cost is a change f·δ of its model
// coefficient, hence its model dual is f·d_k, with g = 1 for columns and
// −1 for rows, f = sign·g.
func (r *ranger) g(k int) float64 {
	if k < r.s.n {
		return 1
	}
	return -1
}

func (r *ranger) f(k int) float64 { return r.sign * r.g(k) }

func (r *ranger) ref(k int) lp.VarRef {
	switch {
	case k < 0:
		return lp.VarRef{}
	case k < r.s.n:
		return lp.VarRef{Kind: lp.ColVar, Index: k}
	}
	return lp.VarRef{Kind: lp.RowVar, Index: k - r.s.n}
}

// coef is the model's objective coefficient of k (0 for a row).
func (r *ranger) coef(k int) float64 {
	if k < r.s.n {
		return r.m.Obj[k]
	}
	return 0
}

// objAt is the objective when k's model coefficient moves from coef(k)
// to c, k keeping its model value v (an infinite c moves it by ±∞ unless
// v is zero).
func (r *ranger) objAt(k int, c, v float64) float64 {
	if math.IsInf(c, 0) {
		if math.Abs(v) <= rangeTol {
			return r.z
		}
		return math.Copysign(math.Inf(1), c) * math.Copysign(1, v)
	}
	return r.z + (c-r.coef(k))*v
}

// ratio is the primal ratio test on the column col = B⁻¹a_q of the
// entering variable moving by t ≥ 0 in direction dir (x_B changes by
// −dir·t·col), skipping basis position skip (−1 for none): it returns
// the largest t that keeps every other basic variable within its bounds
// and the position that blocks, −1 if none does. Ties go to the larger
// |entry|.
func (r *ranger) ratio(col []float64, dir float64, skip int) (float64, int) {
	best, bp, big := math.Inf(1), -1, 0.0
	for p := range r.s.head {
		if p == skip {
			continue
		}
		if t, ok := r.ratioAt(col, dir, p); ok && (t < best || t == best && math.Abs(col[p]) > big) {
			best, bp, big = t, p, math.Abs(col[p])
		}
	}
	return best, bp
}

// ratioAt is the step t at which the basic variable at position p reaches
// the bound it moves towards in ratio's test; ok is false when it does not
// move (a tiny entry) or moves towards an infinite bound. A slightly
// violated bound counts as met (t = 0).
func (r *ranger) ratioAt(col []float64, dir float64, p int) (float64, bool) {
	s := r.s
	j := s.head[p]
	a := -dir * col[p] // rate of change of x_j
	if math.Abs(a) <= rangeTol {
		return 0, false
	}
	b := s.ub[j]
	if a < 0 {
		b = s.lb[j]
	}
	if math.IsInf(b, 0) {
		return 0, false
	}
	return math.Max((b-s.x[j])/a, 0), true
}

// nonbasic ranges nonbasic variable k: its cost interval ends where its
// reduced cost reaches zero, its activity interval where a basic variable
// reaches a bound as k's active bound moves.
func (r *ranger) nonbasic(k int) lp.Range {
	s := r.s
	v := r.g(k) * s.x[k]
	dual := r.f(k) * s.d[k]
	c := r.coef(k)
	var rg lp.Range
	s.loadColumn(k, r.col)
	if s.m > 0 {
		s.lu.ftran(r.col)
	}
	// activity: x_k moves by dir·t, internal direction dir, model
	// direction g·dir
	for _, dir := range [2]float64{-1, 1} {
		t, p := r.ratio(r.col, dir, -1)
		end := lp.RangeEnd{Value: math.Inf(int(r.g(k) * dir))}
		if p >= 0 {
			end.Value = v + r.g(k)*dir*t
			end.Leaving = r.ref(s.head[p])
			end.Objective = r.z + dual*(end.Value-v)
		} else if math.Abs(dual) <= rangeTol {
			end.Objective = r.z
		} else {
			end.Objective = math.Copysign(math.Inf(1), dual*end.Value)
		}
		rg.Activity[side(r.g(k)*dir)] = end
	}
	// cost: the finite end is c − dual; past it k enters, moving into
	// its range (up from a lower bound, down from an upper one)
	fixed := s.lb[k] == s.ub[k]
	for e := range rg.Cost {
		rg.Cost[e] = lp.RangeEnd{Value: math.Inf(2*e - 1), Objective: r.objAt(k, math.Inf(2*e-1), v)}
	}
	if fixed {
		return rg
	}
	// internal cost moves by −d_k to make d_k zero: the end on side
	// f·(−d_k) in the model; a free nonbasic has both ends there
	var dirs []float64 // internal directions x_k takes on entering
	switch {
	case s.stat[k] == AtZero:
		dirs = []float64{1, -1}
	case s.stat[k] == AtUpper:
		dirs = []float64{-1}
	default:
		dirs = []float64{1}
	}
	for _, dir := range dirs {
		// entering upwards means the internal cost fell below c − d_k
		e := side(-dir * r.f(k))
		end := lp.RangeEnd{Value: c - dual, Entering: r.ref(k)}
		end.Objective = r.objAt(k, end.Value, v)
		if _, p := r.ratio(r.col, dir, -1); p >= 0 {
			end.Leaving = r.ref(s.head[p])
		}
		rg.Cost[e] = end
	}
	return rg
}

// basic ranges basic variable k at basis position p: the dual ratio test
// on row p of the tableau gives its cost interval and the entering
// variable at each end; the primal ratio test on the entering column, k
// kept basic, the leaving variable and k's value in the adjacent basis.
func (r *ranger) basic(k int) lp.Range {
	s := r.s
	p := s.pos[k]
	v := r.g(k) * s.x[k]
	c := r.coef(k)
	rg := lp.Range{Basic: true}
	r.tableauRow(p)
	// the internal cost of k moves by tau·θ; d_j becomes d_j − tau·θ·α_j
	for _, tau := range [2]float64{-1, 1} {
		e := side(tau * r.f(k))
		best, q, big := math.Inf(1), -1, 0.0
		for _, j := range s.alphaIdx {
			th, ok := r.dualRatio(j, tau)
			if a := math.Abs(s.alpha[j]); ok && (th < best || th == best && a > big) {
				best, q, big = th, j, a
			}
		}
		end := lp.RangeEnd{Value: math.Inf(int(tau * r.f(k)))}
		act := lp.RangeEnd{Value: v}
		if q >= 0 {
			end.Value = c + r.f(k)*tau*best
			end.Entering = r.ref(q)
			var lv int
			act.Value, lv = r.adjacent(k, q, tau)
			end.Leaving = r.ref(lv)
		}
		end.Objective = r.objAt(k, end.Value, v)
		act.Objective, act.Entering, act.Leaving = end.Objective, end.Entering, end.Leaving
		rg.Cost[e] = end
		rg.Activity[e] = act
	}
	return rg
}

// tableauRow computes row p of the tableau, αⱼ = (B⁻ᵀeₚ)ᵀaⱼ, into
// s.alpha for the variables listed in s.alphaIdx.
func (r *ranger) tableauRow(p int) {
	s := r.s
	rho := s.rho
	for i := range rho {
		rho[i] = 0
	}
	rho[p] = 1
	s.lu.btran(rho)
	s.pivotRow(rho, nil, nil)
}

// dualRatio is the step θ ≥ 0 of the internal cost of the basic variable
// whose tableau row is in s.alpha, moving in direction tau, at which the
// reduced cost of nonbasic j reaches zero (dⱼ − tau·θ·αⱼ = 0); ok is false
// when j does not limit that direction (a basic or fixed j, a tiny αⱼ, or
// one that moves dⱼ away from zero). A free nonbasic limits at once.
func (r *ranger) dualRatio(j int, tau float64) (th float64, ok bool) {
	s := r.s
	ta := tau * s.alpha[j]
	if s.stat[j] == Basic || math.Abs(ta) <= rangeTol || s.lb[j] == s.ub[j] {
		return 0, false
	}
	switch s.stat[j] {
	case AtLower:
		if ta <= 0 {
			return 0, false
		}
	case AtUpper:
		if ta >= 0 {
			return 0, false
		}
	default: // free nonbasic: its reduced cost must stay zero
		return 0, true
	}
	return math.Max(s.d[j]/ta, 0), true
}

// adjacent is the model value of basic k in the adjacent basis past the
// end tau of its cost interval, where q enters (up if tau·α_q > 0, as d_q
// changes sign), and the variable that leaves (−1 for none: k's value is
// then unbounded). k itself is kept in the basis, as if free; s.alpha
// holds k's tableau row.
func (r *ranger) adjacent(k, q int, tau float64) (float64, int) {
	s := r.s
	p := s.pos[k]
	dir := math.Copysign(1, tau*s.alpha[q])
	s.loadColumn(q, r.col)
	s.lu.ftran(r.col)
	t, lp0 := r.ratio(r.col, dir, p)
	if lp0 < 0 {
		return math.Inf(int(-r.g(k) * dir * math.Copysign(1, r.col[p]))), -1
	}
	return r.g(k) * (s.x[k] - dir*t*r.col[p]), s.head[lp0]
}

// side is the index of the end a model direction points to: 0 for down,
// 1 for up.
func side(dir float64) int {
	if dir < 0 {
		return 0
	}
	return 1
}
