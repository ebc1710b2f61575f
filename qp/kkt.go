package qp

import (
	"fmt"
	"math"

	"github.com/streamopt/streamopt/fault"
	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/solve"
)

// Solution is a primal point with its KKT multipliers.
type Solution struct {
	X     []float64 // primal point
	Mu    []float64 // multipliers of G x ≤ h, ≥ 0
	Gamma []float64 // multipliers of E x = e, free
	Eta   []float64 // multipliers of x ≥ 0, ≥ 0

	Objective float64 // ½ xᵀQx + cᵀx at X
	// Identity is ½(cᵀx + hᵀμ + eᵀγ), equal to Objective at a KKT point.
	Identity  float64
	Residuals Residuals

	Method     string // "kkt-milp", "wolfe" or "qp"
	Backend    string // LP/MILP backend used, if any
	Iterations int    // IPM iterations, simplex pivots, or MILP nodes
	// Stats are the counts of the method that produced the solution.
	Stats Stats
	// Audit sums up solve.Verify's reports on the LP and MILP answers the
	// solution relied on (kkt-milp's MILPs and multiplier LP; empty for
	// the interior point and Wolfe, which solve no LP through package
	// solve).
	Audit solve.Audit
}

// Stats are the counts and sizes of the method that produced a Solution:
// the group of that method is set, the others are nil.
type Stats struct {
	Convex  *ConvexStats  // SolveConvex
	Wolfe   *WolfeStats   // SolveWolfe
	KKTMILP *KKTMILPStats // SolveKKTMILP
}

// ConvexStats are the sizes of the interior point's linear systems.
type ConvexStats struct {
	Rows      int `json:"rows"`       // rows of the constraint matrix
	Columns   int `json:"columns"`    // its columns
	SchurSize int `json:"schur_size"` // order of the dense Schur complement
}

// WolfeStats are the size of Wolfe's tableau and its pivots.
type WolfeStats struct {
	Pivots         int `json:"pivots"`
	TableauRows    int `json:"tableau_rows"`
	TableauColumns int `json:"tableau_columns"`
}

// KKTMILPStats describe the KKT-MILP search (the MILP nodes are the
// Solution's Iterations).
type KKTMILPStats struct {
	BigM          float64 `json:"big_m"`   // the multiplier bound M of the last MILP
	Growths       int     `json:"growths"` // tenfold growths of M
	MILPColumns   int     `json:"milp_columns"`
	MILPRows      int     `json:"milp_rows"`
	ProvenBounds  bool    `json:"proven_bounds,omitempty"`  // M came from bounds proven on the data (MILPOptions.Bounds)
	MultiplierRay bool    `json:"multiplier_ray,omitempty"` // the multipliers lie on a ray: a tenfold M changed nothing
	// BestBound is, when a limit stopped the search, the backend's upper
	// bound on the identity over the KKT points with multipliers ≤ BigM;
	// NaN otherwise.
	BestBound float64 `json:"-"`
}

// Residuals measures how far a point is from satisfying the KKT conditions
// of a Problem. Every entry is an infinity norm scaled by 1 + the size of the
// data it compares against, so 1e-7 means "7 significant digits".
type Residuals struct {
	Primal          float64 `json:"primal"`          // violation of Gx ≤ h, Ex = e, x ≥ 0
	Dual            float64 `json:"dual"`            // violation of μ ≥ 0, η ≥ 0
	Stationarity    float64 `json:"stationarity"`    // ‖c + Qx − Gᵀμ − Eᵀγ + η‖∞
	Complementarity float64 `json:"complementarity"` // max |μᵢ(h − Gx)ᵢ|, |ηⱼxⱼ|
}

// Max returns the largest residual.
func (r Residuals) Max() float64 {
	return math.Max(math.Max(r.Primal, r.Dual), math.Max(r.Stationarity, r.Complementarity))
}

// KKTTol is the scaled residual below which a point counts as a KKT point.
const KKTTol = 1e-6

// Residuals computes the scaled KKT residuals of (x, μ, γ, η).
// It returns an error if a slice has the wrong length.
func (p *Problem) Residuals(x, mu, gamma, eta []float64) (Residuals, error) {
	n := len(p.C)
	if len(x) != n || len(mu) != len(p.G) || len(gamma) != len(p.E) || len(eta) != n {
		return Residuals{}, fmt.Errorf("qp: residuals: lengths x=%d μ=%d γ=%d η=%d, want %d, %d, %d, %d",
			len(x), len(mu), len(gamma), len(eta), n, len(p.G), len(p.E), n)
	}
	var r Residuals
	scaleH, scaleC := 1.0, 1.0
	for _, c := range p.C {
		scaleC = math.Max(scaleC, math.Abs(c))
	}
	g := p.Gradient(x)
	for i := range p.G {
		scaleH = math.Max(scaleH, math.Abs(p.G[i].RHS))
	}
	for i := range p.E {
		scaleH = math.Max(scaleH, math.Abs(p.E[i].RHS))
	}
	for j := range x {
		r.Primal = math.Max(r.Primal, -x[j]/scaleH)
		r.Dual = math.Max(r.Dual, -eta[j]/scaleC)
		g[j] += eta[j]
		r.Complementarity = math.Max(r.Complementarity, math.Abs(eta[j]*x[j])/scaleC)
	}
	for i := range p.G {
		row := &p.G[i]
		slack := row.RHS - rowDot(row, x)
		r.Primal = math.Max(r.Primal, -slack/scaleH)
		r.Dual = math.Max(r.Dual, -mu[i]/scaleC)
		r.Complementarity = math.Max(r.Complementarity, math.Abs(mu[i]*slack)/scaleC)
		for k, j := range row.Ind {
			g[j] -= row.Val[k] * mu[i]
		}
	}
	for i := range p.E {
		row := &p.E[i]
		r.Primal = math.Max(r.Primal, math.Abs(row.RHS-rowDot(row, x))/scaleH)
		for k, j := range row.Ind {
			g[j] -= row.Val[k] * gamma[i]
		}
	}
	for j := range g {
		r.Stationarity = math.Max(r.Stationarity, math.Abs(g[j])/scaleC)
	}
	return r, nil
}

// identity returns ½(cᵀx + hᵀμ + eᵀγ).
func (p *Problem) identity(x, mu, gamma []float64) float64 {
	s := 0.0
	for j := range x {
		s += p.C[j] * x[j]
	}
	for i := range p.G {
		s += p.G[i].RHS * mu[i]
	}
	for i := range p.E {
		s += p.E[i].RHS * gamma[i]
	}
	return s / 2
}

// finish fills the objective, identity and residuals of s and checks the
// residuals against KKTTol.
func (p *Problem) finish(s *Solution) error {
	s.Objective = p.Objective(s.X)
	s.Identity = p.identity(s.X, s.Mu, s.Gamma)
	r, err := p.Residuals(s.X, s.Mu, s.Gamma, s.Eta)
	if err != nil {
		return err
	}
	s.Residuals = r
	if r.Max() > KKTTol {
		return fmt.Errorf("qp: %s: the returned point fails the KKT check (primal %.2g, dual %.2g, stationarity %.2g, complementarity %.2g)",
			s.Method, r.Primal, r.Dual, r.Stationarity, r.Complementarity)
	}
	return nil
}

// Pair is a complementarity pair of columns of a KKTSystem: at a KKT point
// at least one of the two is zero.
type Pair struct{ A, B int }

// KKTSystem is the linear part of the KKT conditions of a Problem as an
// lp.Model, with the complementarity pairs that make it exact:
//
//	−Qx + Gᵀμ + Eᵀγ − η = c     (stationarity, one row per variable)
//	 Gx + s            = h     (one row per G row, slack s ≥ 0)
//	 Ex                = e
//	 x, s, μ, η ≥ 0, γ free,    x ⟂ η, s ⟂ μ.
type KKTSystem struct {
	Model *lp.Model
	X     []int // columns of x
	S     []int // columns of the slacks s
	Mu    []int // columns of μ
	Gamma []int // columns of γ
	Eta   []int // columns of η
	// Stat, Cap and Assign are the row indices of the stationarity rows, of
	// the G rows and of the E rows.
	Stat, GRows, ERows []int
	Pairs              []Pair // (x_j, η_j) then (s_i, μ_i)
}

// MaxKKTNonzeros bounds the Hessian nonzeros BuildKKT writes into the
// stationarity rows (each block is written densely). Each costs about 130
// bytes by the time a MILP backend holds the KKT-MILP (the model, the
// backend's copies and its factorisations: `solve rrs --method kkt-milp`
// peaked at 1.1 GB on 5 × 1000 = 5e6 nonzeros and at 2.7 GB on 2e7), so the
// cap keeps the system itself near 0.5 GB.
const MaxKKTNonzeros = 4_000_000

// ErrTooLarge is returned when a KKT-based method is asked to build a system
// larger than MaxKKTNonzeros or a tableau larger than MaxWolfeTableau.
var ErrTooLarge = fault.New(fault.ErrInput, "qp: problem too large for a KKT-based method (use the interior-point solver)")

// hessianNonzeros returns Σ_b |block b|².
func (p *Problem) hessianNonzeros() int {
	nz := 0
	for _, b := range p.Blocks {
		nz += len(b.Vars) * len(b.Vars)
	}
	return nz
}

// BuildKKT returns the KKT system of p. Its objective is left at zero.
func (p *Problem) BuildKKT() (*KKTSystem, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	if nz := p.hessianNonzeros(); nz > MaxKKTNonzeros {
		return nil, fmt.Errorf("%w: %d Hessian nonzeros in the stationarity rows, limit %d", ErrTooLarge, nz, MaxKKTNonzeros)
	}
	n := len(p.C)
	m := lp.New("kkt", lp.Minimize)
	k := &KKTSystem{Model: m}
	for j := 0; j < n; j++ {
		k.X = append(k.X, m.AddVar(p.name(j), 0, lp.Inf, 0))
	}
	for i := range p.G {
		k.S = append(k.S, m.AddVar(fmt.Sprintf("s%d", i), 0, lp.Inf, 0))
	}
	for i := range p.G {
		k.Mu = append(k.Mu, m.AddVar(fmt.Sprintf("mu%d", i), 0, lp.Inf, 0))
	}
	for i := range p.E {
		k.Gamma = append(k.Gamma, m.AddVar(fmt.Sprintf("gamma%d", i), math.Inf(-1), lp.Inf, 0))
	}
	for j := 0; j < n; j++ {
		k.Eta = append(k.Eta, m.AddVar("eta_"+p.name(j), 0, lp.Inf, 0))
	}
	// Stationarity: collect the terms of each row.
	terms := make([][]lp.Term, n)
	for bi := range p.Blocks {
		b := &p.Blocks[bi]
		for a, ja := range b.Vars {
			for c, jc := range b.Vars {
				if v := b.At(a, c); v != 0 {
					terms[ja] = append(terms[ja], lp.Term{Var: k.X[jc], Coef: -v})
				}
			}
		}
	}
	for i := range p.G {
		for q, j := range p.G[i].Ind {
			terms[j] = append(terms[j], lp.Term{Var: k.Mu[i], Coef: p.G[i].Val[q]})
		}
	}
	for i := range p.E {
		for q, j := range p.E[i].Ind {
			terms[j] = append(terms[j], lp.Term{Var: k.Gamma[i], Coef: p.E[i].Val[q]})
		}
	}
	for j := 0; j < n; j++ {
		terms[j] = append(terms[j], lp.Term{Var: k.Eta[j], Coef: -1})
		k.Stat = append(k.Stat, m.AddEQ("stat_"+p.name(j), p.C[j], terms[j]...))
	}
	for i := range p.G {
		t := []lp.Term{{Var: k.S[i], Coef: 1}}
		for q, j := range p.G[i].Ind {
			t = append(t, lp.Term{Var: k.X[j], Coef: p.G[i].Val[q]})
		}
		k.GRows = append(k.GRows, m.AddEQ(rowName("g", i, p.G[i].Name), p.G[i].RHS, t...))
	}
	for i := range p.E {
		var t []lp.Term
		for q, j := range p.E[i].Ind {
			t = append(t, lp.Term{Var: k.X[j], Coef: p.E[i].Val[q]})
		}
		k.ERows = append(k.ERows, m.AddEQ(rowName("e", i, p.E[i].Name), p.E[i].RHS, t...))
	}
	for j := 0; j < n; j++ {
		k.Pairs = append(k.Pairs, Pair{k.X[j], k.Eta[j]})
	}
	for i := range p.G {
		k.Pairs = append(k.Pairs, Pair{k.S[i], k.Mu[i]})
	}
	return k, nil
}

func rowName(prefix string, i int, name string) string {
	if name != "" {
		return name
	}
	return fmt.Sprintf("%s%d", prefix, i)
}

// upperBounds derives a finite upper bound for each variable where the rows
// imply one: a row Σ aₖxₖ ≤ b (or = b) with every aₖ ≥ 0 gives xⱼ ≤ b/aⱼ.
// Variables without such a row get +Inf.
func (p *Problem) upperBounds() []float64 {
	ub := make([]float64, len(p.C))
	for j := range ub {
		ub[j] = math.Inf(1)
	}
	for _, rows := range [][]Row{p.G, p.E} {
		for i := range rows {
			r := &rows[i]
			nonneg := r.RHS >= 0
			for _, v := range r.Val {
				if v < 0 {
					nonneg = false
				}
			}
			if !nonneg {
				continue
			}
			for q, j := range r.Ind {
				if r.Val[q] > 0 {
					ub[j] = math.Min(ub[j], r.RHS/r.Val[q])
				}
			}
		}
	}
	return ub
}
