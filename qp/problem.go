package qp

import (
	"fmt"
	"math"

	"github.com/streamopt/streamopt/fault"
	"gonum.org/v1/gonum/mat"
)

// ErrInvalid is wrapped by every error Problem.Validate returns.
var ErrInvalid = fault.New(fault.ErrInput, "invalid QP")

// Row is a sparse linear row Σ Val[k]·x[Ind[k]] compared with RHS.
type Row struct {
	Name string
	Ind  []int
	Val  []float64
	RHS  float64
}

// Block is one diagonal block of the Hessian Q, on the variables Vars.
// Exactly one representation is set:
//
//   - Dense: the symmetric len(Vars)×len(Vars) matrix Q restricted to Vars;
//   - U and S: the low-rank form Q_b = U·S·Uᵀ with U of size len(Vars)×k and
//     S symmetric k×k. Low-rank blocks keep large rank-one or rank-two
//     blocks (as in RRS) cheap for both the sign check and the solvers.
type Block struct {
	Vars  []int
	Dense *mat.SymDense
	U     *mat.Dense
	S     *mat.SymDense
}

// At returns the entry of the block in local coordinates (a, b).
func (b *Block) At(a, c int) float64 {
	if b.Dense != nil {
		return b.Dense.At(a, c)
	}
	_, k := b.U.Dims()
	s := 0.0
	for p := 0; p < k; p++ {
		ua := b.U.At(a, p)
		if ua == 0 {
			continue
		}
		for q := 0; q < k; q++ {
			s += ua * b.S.At(p, q) * b.U.At(c, q)
		}
	}
	return s
}

// mulAdd adds Q_b·x (x in global coordinates) into y.
func (b *Block) mulAdd(x, y []float64) {
	n := len(b.Vars)
	if b.Dense != nil {
		for a := 0; a < n; a++ {
			s := 0.0
			for c := 0; c < n; c++ {
				s += b.Dense.At(a, c) * x[b.Vars[c]]
			}
			y[b.Vars[a]] += s
		}
		return
	}
	_, k := b.U.Dims()
	t := make([]float64, k)
	for p := 0; p < k; p++ {
		for a := 0; a < n; a++ {
			t[p] += b.U.At(a, p) * x[b.Vars[a]]
		}
	}
	st := make([]float64, k)
	for p := 0; p < k; p++ {
		for q := 0; q < k; q++ {
			st[p] += b.S.At(p, q) * t[q]
		}
	}
	for a := 0; a < n; a++ {
		s := 0.0
		for p := 0; p < k; p++ {
			s += b.U.At(a, p) * st[p]
		}
		y[b.Vars[a]] += s
	}
}

// Problem is the quadratic program
//
//	maximise    ½ xᵀQx + cᵀx
//	subject to  G x ≤ h     (multipliers μ ≥ 0)
//	            E x = e     (multipliers γ free)
//	            x ≥ 0       (multipliers η ≥ 0)
//
// Q is symmetric and block diagonal: the sum of the Blocks, which must not
// share variables. Bounds other than x ≥ 0 are written as rows of G.
type Problem struct {
	Names  []string  // optional variable names, len NumVars when set
	C      []float64 // linear term c, len NumVars
	Blocks []Block   // Hessian Q
	G      []Row     // Gx ≤ h, RHS holds h
	E      []Row     // Ex = e, RHS holds e
}

// NumVars is the number of variables.
func (p *Problem) NumVars() int { return len(p.C) }

// Validate checks that p is well formed.
func (p *Problem) Validate() error {
	n := len(p.C)
	if n == 0 {
		return fmt.Errorf("%w: no variables", ErrInvalid)
	}
	if p.Names != nil && len(p.Names) != n {
		return fmt.Errorf("%w: %d names for %d variables", ErrInvalid, len(p.Names), n)
	}
	for j, c := range p.C {
		if !finite(c) {
			return fmt.Errorf("%w: c[%d]: must be finite, got %v", ErrInvalid, j, c)
		}
	}
	owner := make([]int, n)
	for bi := range p.Blocks {
		b := &p.Blocks[bi]
		k := len(b.Vars)
		for _, j := range b.Vars {
			if j < 0 || j >= n {
				return fmt.Errorf("%w: blocks[%d].vars: index %d out of range [0,%d)", ErrInvalid, bi, j, n)
			}
			if owner[j] != 0 {
				return fmt.Errorf("%w: blocks[%d].vars: variable %d already in blocks[%d]", ErrInvalid, bi, j, owner[j]-1)
			}
			owner[j] = bi + 1
		}
		switch {
		case b.Dense != nil && b.U == nil && b.S == nil:
			if r := b.Dense.SymmetricDim(); r != k {
				return fmt.Errorf("%w: blocks[%d].dense: size %d for %d variables", ErrInvalid, bi, r, k)
			}
			if err := finiteMat(b.Dense); err != nil {
				return fmt.Errorf("%w: blocks[%d].dense: %v", ErrInvalid, bi, err)
			}
		case b.Dense == nil && b.U != nil && b.S != nil:
			r, c := b.U.Dims()
			if r != k || b.S.SymmetricDim() != c {
				return fmt.Errorf("%w: blocks[%d]: U is %d×%d and S is %d×%d for %d variables", ErrInvalid, bi, r, c, b.S.SymmetricDim(), b.S.SymmetricDim(), k)
			}
			if err := finiteMat(b.U); err != nil {
				return fmt.Errorf("%w: blocks[%d].u: %v", ErrInvalid, bi, err)
			}
			if err := finiteMat(b.S); err != nil {
				return fmt.Errorf("%w: blocks[%d].s: %v", ErrInvalid, bi, err)
			}
		default:
			return fmt.Errorf("%w: blocks[%d]: set either Dense or both U and S", ErrInvalid, bi)
		}
	}
	for _, rs := range []struct {
		name string
		rows []Row
	}{{"g", p.G}, {"e", p.E}} {
		for i, r := range rs.rows {
			if len(r.Ind) != len(r.Val) {
				return fmt.Errorf("%w: %s[%d]: %d indices but %d values", ErrInvalid, rs.name, i, len(r.Ind), len(r.Val))
			}
			if !finite(r.RHS) {
				return fmt.Errorf("%w: %s[%d].rhs: must be finite, got %v", ErrInvalid, rs.name, i, r.RHS)
			}
			for k, j := range r.Ind {
				if j < 0 || j >= n {
					return fmt.Errorf("%w: %s[%d]: index %d out of range [0,%d)", ErrInvalid, rs.name, i, j, n)
				}
				if !finite(r.Val[k]) {
					return fmt.Errorf("%w: %s[%d]: coefficient of x[%d] must be finite, got %v", ErrInvalid, rs.name, i, j, r.Val[k])
				}
			}
		}
	}
	return nil
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

func finiteMat(m mat.Matrix) error {
	r, c := m.Dims()
	for a := 0; a < r; a++ {
		for b := 0; b < c; b++ {
			if v := m.At(a, b); !finite(v) {
				return fmt.Errorf("entry (%d,%d) must be finite, got %v", a, b, v)
			}
		}
	}
	return nil
}

// QMul returns Q·x.
func (p *Problem) QMul(x []float64) []float64 {
	y := make([]float64, len(p.C))
	for bi := range p.Blocks {
		p.Blocks[bi].mulAdd(x, y)
	}
	return y
}

// Objective returns ½ xᵀQx + cᵀx.
func (p *Problem) Objective(x []float64) float64 {
	qx := p.QMul(x)
	s := 0.0
	for j := range x {
		s += x[j] * (p.C[j] + 0.5*qx[j])
	}
	return s
}

// Gradient returns Qx + c.
func (p *Problem) Gradient(x []float64) []float64 {
	g := p.QMul(x)
	for j := range g {
		g[j] += p.C[j]
	}
	return g
}

func rowDot(r *Row, x []float64) float64 {
	s := 0.0
	for k, j := range r.Ind {
		s += r.Val[k] * x[j]
	}
	return s
}

// name returns the name of variable j.
func (p *Problem) name(j int) string {
	if p.Names != nil && p.Names[j] != "" {
		return p.Names[j]
	}
	return fmt.Sprintf("x%d", j)
}
