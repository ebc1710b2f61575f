package qp

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/streamopt/streamopt/fault"
)

// eigTol is the relative size below which an eigenvalue of a Hessian block
// counts as zero: |λ| ≤ eigTol·‖Q_b‖₂, the block's largest absolute
// eigenvalue. Treating such an eigenvalue as zero changes the objective by
// at most ½·eigTol·‖Q_b‖₂·‖x_b‖², a relative 1e-8 of the block's quadratic
// term, below the 1e-6 to which objectives are compared; and it lies far
// above the eigensolver's rounding (a few ulps of ‖Q_b‖₂). See the package
// documentation, "Curvature".
const eigTol = 1e-8

// blockEigen is the eigen-decomposition Q_b = Σ_k Values[k]·v_k v_kᵀ of one
// block, keeping only the nonzero eigenvalues; Vectors is len(Vars)×len(Values).
type blockEigen struct {
	All []float64 // the computed eigenvalues, ascending
	// ImplicitZero reports that the block has eigenvalues 0 not listed in All
	// (a low-rank block with fewer factor columns than variables).
	ImplicitZero bool
	Values       []float64 // the nonzero ones
	Vectors      *mat.Dense
}

// eigen decomposes block b. Dense blocks use gonum's symmetric eigensolver;
// low-rank blocks U·S·Uᵀ use a thin QR, U = Q̂R, and the k×k eigenproblem of
// R·S·Rᵀ, whose eigenpairs (λ, p) give the block's nonzero eigenpairs (λ, Q̂p).
func (b *Block) eigen() (*blockEigen, error) {
	var vals []float64
	var vecs *mat.Dense
	if b.Dense != nil {
		var es mat.EigenSym
		if !es.Factorize(b.Dense, true) {
			return nil, fmt.Errorf("eigen-decomposition did not converge")
		}
		vals = es.Values(nil)
		vecs = new(mat.Dense)
		es.VectorsTo(vecs)
	} else {
		n, k := b.U.Dims()
		if n < k {
			// More factor columns than variables: expand densely.
			d := mat.NewSymDense(n, nil)
			for a := 0; a < n; a++ {
				for c := a; c < n; c++ {
					d.SetSym(a, c, b.At(a, c))
				}
			}
			return (&Block{Vars: b.Vars, Dense: d}).eigen()
		}
		qt, rt := thinQR(b.U)
		var rs, rsr mat.Dense
		rs.Mul(rt, b.S)
		rsr.Mul(&rs, rt.T())
		sym := mat.NewSymDense(k, nil)
		for a := 0; a < k; a++ {
			for c := a; c < k; c++ {
				sym.SetSym(a, c, 0.5*(rsr.At(a, c)+rsr.At(c, a)))
			}
		}
		var es mat.EigenSym
		if !es.Factorize(sym, true) {
			return nil, fmt.Errorf("eigen-decomposition did not converge")
		}
		vals = es.Values(nil)
		var p mat.Dense
		es.VectorsTo(&p)
		vecs = new(mat.Dense)
		vecs.Mul(qt, &p)
	}
	scale := 0.0
	for _, v := range vals {
		scale = math.Max(scale, math.Abs(v))
	}
	e := &blockEigen{All: vals}
	if b.Dense == nil {
		n, k := b.U.Dims()
		e.ImplicitZero = n > k
	}
	var keep []int
	for k, v := range vals {
		if math.Abs(v) > eigTol*scale {
			keep = append(keep, k)
			e.Values = append(e.Values, v)
		}
	}
	n, _ := vecs.Dims()
	e.Vectors = mat.NewDense(n, max(len(keep), 1), nil)
	for c, k := range keep {
		for a := 0; a < n; a++ {
			e.Vectors.Set(a, c, vecs.At(a, k))
		}
	}
	return e, nil
}

// thinQR returns Q̂ (n×k, orthonormal columns) and R (k×k, upper
// triangular) with U = Q̂R. It orthogonalises the columns by classical
// Gram–Schmidt applied twice, O(n·k²), which gives columns orthogonal to
// working precision unless U is numerically rank-deficient (L. Giraud,
// J. Langou, M. Rozložník, "The loss of orthogonality in the Gram–Schmidt
// process", Comput. Math. Appl. 50, 2005). When a column keeps less than
// 1e-8 of its norm after the first pass (nearly dependent columns, as the
// two factors of an RRS block are when the slopes are nearly uniform), it
// falls back to a Householder QR, whose full n×n Q costs O(n²·k): a block
// of 2 000 variables spent most of a local solve forming it.
func thinQR(u *mat.Dense) (mat.Matrix, mat.Matrix) {
	n, k := u.Dims()
	q := mat.NewDense(n, k, nil)
	r := mat.NewDense(k, k, nil)
	col := make([]float64, n)
	for c := 0; c < k; c++ {
		mat.Col(col, c, u)
		norm0 := floats.Norm(col, 2)
		for pass := 0; pass < 2; pass++ {
			for a := 0; a < c; a++ {
				d := 0.0
				for i := 0; i < n; i++ {
					d += q.At(i, a) * col[i]
				}
				for i := 0; i < n; i++ {
					col[i] -= d * q.At(i, a)
				}
				r.Set(a, c, r.At(a, c)+d)
			}
			if pass == 0 && !(floats.Norm(col, 2) > 1e-8*norm0) {
				return householderQR(u)
			}
		}
		nc := floats.Norm(col, 2)
		r.Set(c, c, nc)
		for i := 0; i < n; i++ {
			q.Set(i, c, col[i]/nc)
		}
	}
	return q, r
}

// householderQR is thinQR by gonum's Householder QR.
func householderQR(u *mat.Dense) (mat.Matrix, mat.Matrix) {
	n, k := u.Dims()
	var qr mat.QR
	qr.Factorize(u)
	var q, r mat.Dense
	qr.QTo(&q)
	qr.RTo(&r)
	return q.Slice(0, n, 0, k), r.Slice(0, k, 0, k)
}

// Curvature is the outcome of the Hessian sign check.
type Curvature struct {
	// Concave reports whether Q is negative semidefinite (every block's
	// largest eigenvalue ≤ the tolerance), so that the maximisation is convex.
	Concave bool
	// MaxEigen[b] is the largest eigenvalue of block b of Q.
	MaxEigen []float64
	// MinEigen[b] is the smallest eigenvalue of block b of Q.
	MinEigen []float64
	// Worst is the block with the largest eigenvalue (−1 when there are no blocks).
	Worst int
}

// NotConcaveError says that the Hessian has a positive eigenvalue.
type NotConcaveError struct {
	Block      int     // index of the offending block
	Eigenvalue float64 // its largest eigenvalue of Q
	Vars       []int   // the block's variables
	Names      string  // a short description of the block's variables
}

// Unwrap makes the error one of kind input (package fault): the method asked
// for needs a concave objective, and the caller chooses another.
func (e *NotConcaveError) Unwrap() error { return fault.ErrInput }

func (e *NotConcaveError) Error() string {
	return fmt.Sprintf("qp: objective is not concave: Hessian block %d (%s) has eigenvalue %+.4g "+
		"(quadratic form xᵀAx with A = Q/2: %+.4g); the maximisation is a non-convex QP",
		e.Block, e.Names, e.Eigenvalue, e.Eigenvalue/2)
}

// CheckCurvature computes every block's extreme eigenvalues and reports
// whether Q is negative semidefinite. A positive eigenvalue counts when it
// exceeds eigTol = 1e-8 times the block's largest absolute eigenvalue;
// smaller ones are rounding or curvature too slight to matter (slopes that
// differ by less than about 1e-4 relative in RRS), see eigTol.
func (p *Problem) CheckCurvature() (*Curvature, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	c := &Curvature{Concave: true, Worst: -1}
	worst := math.Inf(-1)
	for bi := range p.Blocks {
		e, err := p.Blocks[bi].eigen()
		if err != nil {
			return nil, fmt.Errorf("qp: Hessian block %d: %v", bi, err)
		}
		lo, hi := math.Inf(1), math.Inf(-1)
		if e.ImplicitZero || len(e.All) == 0 {
			lo, hi = 0, 0
		}
		scale := 0.0
		for _, v := range e.All {
			lo, hi = math.Min(lo, v), math.Max(hi, v)
			scale = math.Max(scale, math.Abs(v))
		}
		c.MaxEigen = append(c.MaxEigen, hi)
		c.MinEigen = append(c.MinEigen, lo)
		if hi > worst {
			worst, c.Worst = hi, bi
		}
		if hi > eigTol*scale {
			c.Concave = false
		}
	}
	return c, nil
}

// RequireConcave returns a *NotConcaveError naming the block with the
// largest positive eigenvalue when Q is not negative semidefinite.
func (p *Problem) RequireConcave() error {
	c, err := p.CheckCurvature()
	if err != nil {
		return err
	}
	if c.Concave {
		return nil
	}
	b := &p.Blocks[c.Worst]
	desc := fmt.Sprintf("%d variables", len(b.Vars))
	if len(b.Vars) > 0 {
		desc = fmt.Sprintf("%s … %s", p.name(b.Vars[0]), p.name(b.Vars[len(b.Vars)-1]))
	}
	return &NotConcaveError{Block: c.Worst, Eigenvalue: c.MaxEigen[c.Worst], Vars: b.Vars, Names: desc}
}
