package qp

import (
	"context"
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
)

// LocalOptions control SolveLocal.
type LocalOptions struct {
	MaxIter int     // outer iterations; 0 means 200
	Tol     float64 // relative objective change that stops it; 0 means 1e-11
}

// SolveLocal finds a KKT point of p, concave or not, from the point x0 by
// the convex–concave procedure (A. L. Yuille and A. Rangarajan, Neural
// Computation 15, 2003; difference-of-convex programming): Q is split into
// its negative and positive semidefinite parts Q = Q⁻ + Q⁺ from each block's
// eigen-decomposition, and each step maximises the concave minorant
//
//	½ xᵀQ⁻x + (c + Q⁺x_k)ᵀx + const ≤ U(x)
//
// with the interior-point method of SolveConvex. Only the linear term
// changes from step to step, so every step after the first starts from the
// first step's iterate at 1/100 of its initial complementarity (far enough
// from that problem's optimum to adapt to the next one), which takes about
// half the iterations of a cold start. The objective never decreases, and a fixed point is a
// KKT point of p. Different x0 may give different local maxima; the result
// is not a global optimum unless p is concave.
func (p *Problem) SolveLocal(ctx context.Context, x0 []float64, opt LocalOptions) (*Solution, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	if len(x0) != len(p.C) {
		return nil, fmt.Errorf("qp: local: x0 has %d entries, want %d", len(x0), len(p.C))
	}
	if opt.MaxIter <= 0 {
		opt.MaxIter = 200
	}
	if opt.Tol <= 0 {
		opt.Tol = 1e-11
	}
	neg := &Problem{Names: p.Names, C: make([]float64, len(p.C)), G: p.G, E: p.E}
	type posPart struct {
		vars []int
		vals []float64
		vecs *mat.Dense
		cols []int
	}
	var pos []posPart
	for bi := range p.Blocks {
		b := &p.Blocks[bi]
		e, err := b.eigen()
		if err != nil {
			return nil, fmt.Errorf("qp: Hessian block %d: %v", bi, err)
		}
		var nk, pk []int
		for k, v := range e.Values {
			if v < 0 {
				nk = append(nk, k)
			} else {
				pk = append(pk, k)
			}
		}
		r := len(b.Vars)
		if len(nk) > 0 {
			u := mat.NewDense(r, len(nk), nil)
			s := mat.NewSymDense(len(nk), nil)
			for c, k := range nk {
				for a := 0; a < r; a++ {
					u.Set(a, c, e.Vectors.At(a, k))
				}
				s.SetSym(c, c, e.Values[k])
			}
			neg.Blocks = append(neg.Blocks, Block{Vars: b.Vars, U: u, S: s})
		}
		if len(pk) > 0 {
			pp := posPart{vars: b.Vars, vecs: e.Vectors, cols: pk}
			for _, k := range pk {
				pp.vals = append(pp.vals, e.Values[k])
			}
			pos = append(pos, pp)
		}
	}
	// neg is concave by construction; check it and lift it once, since the
	// steps change only its linear term.
	if err := neg.RequireConcave(); err != nil {
		return nil, fmt.Errorf("qp: local: %w", err)
	}
	lifted, err := neg.lift()
	if err != nil {
		return nil, err
	}
	x := append([]float64(nil), x0...)
	ws := &warmStart{}
	var last *Solution
	prev := math.Inf(-1)
	it := 0
	for it = 0; it < opt.MaxIter; it++ {
		copy(neg.C, p.C)
		for _, pp := range pos {
			for c, k := range pp.cols {
				t := 0.0
				for a, j := range pp.vars {
					t += pp.vecs.At(a, k) * x[j]
				}
				t *= pp.vals[c]
				for a, j := range pp.vars {
					neg.C[j] += t * pp.vecs.At(a, k)
				}
			}
		}
		neg.setLinear(lifted)
		s, err := neg.interiorPoint(ctx, ConvexOptions{}, lifted, ws)
		if err != nil && ws != nil && ws.saved && ctx.Err() == nil {
			// The warm start failed: solve this step and the rest cold.
			ws = nil
			s, err = neg.interiorPoint(ctx, ConvexOptions{}, lifted, nil)
		}
		if err != nil {
			return nil, fmt.Errorf("qp: local step %d: %w", it, err)
		}
		obj := p.Objective(s.X)
		last = s
		// Stop when the objective stalls at a KKT point of p. The
		// objective alone is not enough: the steps' optima need not be
		// unique, and a step may move x along a face at equal value while
		// Q⁺ times that move still spoils p's stationarity.
		if obj-prev <= opt.Tol*math.Max(1, math.Abs(obj)) {
			if r, err := p.Residuals(s.X, s.Mu, s.Gamma, s.Eta); err == nil && r.Max() <= KKTTol {
				break
			}
		}
		x = s.X
		prev = math.Max(prev, obj)
	}
	out := &Solution{Method: "local", Iterations: it + 1, X: last.X, Mu: last.Mu, Gamma: last.Gamma, Eta: last.Eta}
	out.Objective = p.Objective(out.X)
	out.Identity = p.identity(out.X, out.Mu, out.Gamma)
	out.Residuals, _ = p.Residuals(out.X, out.Mu, out.Gamma, out.Eta)
	return out, nil
}
