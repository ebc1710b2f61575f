package qp

import (
	"context"
	"fmt"
	"math"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// LocalOptions control SolveLocal.
type LocalOptions struct {
	MaxIter int     // outer iterations; 0 means 200
	Tol     float64 // relative objective change that stops it; 0 means 1e-11
	// Track makes the second step a tracking solve (see SolveLocal):
	// several times faster on large problems, but it tends to lead many
	// starts to the same local maximum, and at times to a worse one than
	// the plain steps (RRS at 200×2000: the best of 56 starts 32678.50
	// against 32679.16 for the first start without it).
	Track bool
}

// SolveLocal finds a KKT point of p, concave or not, from the point x0 by
// the convex–concave procedure (A. L. Yuille and A. Rangarajan, Neural
// Computation 15, 2003; difference-of-convex programming): Q is split into
// its negative and positive semidefinite parts Q = Q⁻ + Q⁺ from each block's
// eigen-decomposition, and each step maximises the concave minorant
//
//	½ xᵀQ⁻x + (c + Q⁺x_k)ᵀx + const ≤ U(x)
//
// with the interior-point method of SolveConvex; a fixed point is a KKT
// point of p. Only the linear term changes from step to step, which the
// method uses three ways (measured on RRS, where one local solve at
// 100×1000 went from 144 s to 10.5 s with all three):
//
//   - every step after the first starts from the first step's iterate at
//     1/100 of its initial complementarity (far enough from that problem's
//     optimum to adapt to the next one), about half the iterations of a
//     cold start;
//   - with opt.Track, the second step is a tracking solve: it
//     relinearises at its own iterate at every iteration until the
//     complementarity is below trackFrac of the start's and then finishes
//     like a step; its result is the next linearisation point if it
//     improves U;
//   - when three steps in a row shrink at a steady rate ρ < 0.95 (within
//     5 %), the next linearisation point is x + ρ/(1−ρ)·(x − x_prev), the
//     limit of that geometric sequence (Aitken's Δ² extrapolation); a step
//     from there is kept only if it improves U, else the method steps from
//     x as usual.
//
// It stops when U gains less than Tol and the point passes p.Residuals
// within KKTTol: the steps' optima need not be unique, and a stalled U
// alone may leave x moving along a face while Q⁺ times that move spoils
// p's stationarity. U never decreases between accepted steps beyond the
// interior point's tolerance. Different x0 may give different local
// maxima; the result is not a global optimum unless p is concave.
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
	base := x // the last accepted iterate
	var plain int
	var jumped bool
	lastStep, lastRho := math.Inf(1), math.Inf(1)
	var last, accepted *Solution // the newest step, and the one before it
	prev := math.Inf(-1)
	it := 0
	linearize := func(x []float64) {
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
	}
	for it = 0; it < opt.MaxIter; it++ {
		linearize(x)
		if it == 1 && opt.Track && ws.ready() {
			// One interior-point solve that follows its own iterate:
			// linearise at it at every iteration until the complementarity
			// is below trackFrac of the start's, then finish with that
			// linearisation. Most of the steps' progress happens here;
			// the result only serves as the next linearisation point, and
			// only if it improves U.
			ws.relinearize = func(v []float64, mu float64) {
				if mu >= trackFrac*ws.mu0 {
					linearize(v)
				}
			}
			s, err := neg.interiorPoint(ctx, ConvexOptions{}, lifted, ws)
			ws.relinearize = nil
			if err == nil {
				if obj := p.Objective(s.X); obj > prev {
					x, base, prev = s.X, s.X, obj
				}
			}
			linearize(x)
		}
		s, err := neg.interiorPoint(ctx, ConvexOptions{Tol: localStepTol}, lifted, ws)
		if err != nil && ctx.Err() == nil {
			// The warm start or the tight tolerance failed: solve this
			// step and the rest cold, to the default tolerance.
			ws = nil
			s, err = neg.interiorPoint(ctx, ConvexOptions{}, lifted, nil)
		}
		if err != nil {
			return nil, fmt.Errorf("qp: local step %d: %w", it, err)
		}
		obj := p.Objective(s.X)
		accepted, last = last, s
		// Stop when the objective stalls at a KKT point of p. The
		// objective alone is not enough: the steps' optima need not be
		// unique, and a step may move x along a face at equal value while
		// Q⁺ times that move still spoils p's stationarity.
		if obj-prev <= opt.Tol*math.Max(1, math.Abs(obj)) {
			if r, err := p.Residuals(s.X, s.Mu, s.Gamma, s.Eta); err == nil && r.Max() <= KKTTol {
				break
			}
		}
		if jumped {
			jumped, plain = false, 0
			if obj < prev {
				// The extrapolated point led nowhere better: step from
				// the last accepted iterate, base, instead.
				x, last = base, accepted
				continue
			}
		} else {
			plain++
		}
		step := floats.Distance(s.X, base, 2)
		rho := step / lastStep
		if plain >= 3 && rho < 0.95 && math.Abs(rho-lastRho) <= 0.05*rho {
			// The steps shrink at a steady rate ρ: linearise next at the
			// limit of the geometric sequence, x + ρ/(1−ρ)·(x − x_prev).
			f := rho / (1 - rho)
			y := make([]float64, len(s.X))
			for j := range y {
				y[j] = math.Max(0, s.X[j]+f*(s.X[j]-base[j]))
			}
			base = s.X
			x = y
			jumped = true
		} else {
			base = s.X
			x = s.X
		}
		lastStep, lastRho = step, rho
		prev = math.Max(prev, obj)
	}
	out := &Solution{Method: "local", Iterations: it + 1, X: last.X, Mu: last.Mu, Gamma: last.Gamma, Eta: last.Eta}
	out.Objective = p.Objective(out.X)
	out.Identity = p.identity(out.X, out.Mu, out.Gamma)
	out.Residuals, _ = p.Residuals(out.X, out.Mu, out.Gamma, out.Eta)
	return out, nil
}

// localStepTol is the interior point's tolerance in SolveLocal's steps:
// near a local maximum the steps gain about 1e-9 of U each, which the
// default 1e-9 blurs (U then fell by up to 1.5e-8 relative between steps at
// 200×2000); 1e-11 costs about one iteration more per step.
const localStepTol = 1e-11

// trackFrac ends SolveLocal's tracking solve (the second step): measured on
// RRS at 50×500 and 100×1000 (qp/ipm.go's warm start is the start), 1e-6
// needs 23 and 96 iterations and leaves the stationarity residual at 5e-5;
// 1e-4 stops tracking too early (the steps after it creep), and tracking to
// the end (no freeze) did not converge in 200 iterations at 100×1000.
const trackFrac = 1e-6
