package qp

import (
	"context"
	"fmt"
	"math"

	"github.com/streamopt/streamopt/fault"
	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/solve"
)

// KKTMILP is the KKT-MILP of a Problem for one big-M value:
//
//	maximise ½(cᵀx + hᵀμ + eᵀγ)
//	subject to  the KKTSystem rows,
//	            x_j ≤ X_j y_j,   η_j ≤ M (1 − y_j),   y_j ∈ {0,1},
//	            s_i ≤ S_i w_i,   μ_i ≤ M (1 − w_i),   w_i ∈ {0,1},
//
// where X_j and S_i are bounds implied by the rows (or M when there is none).
type KKTMILP struct {
	*KKTSystem
	Y, W []int   // binary columns
	M    float64 // big-M on the multipliers
	XUB  []float64
	SUB  []float64
}

// MultiplierBounds are bounds on the KKT multipliers that some global
// maximiser's multipliers satisfy: μ_i ≤ Mu[i], η_j ≤ Eta[j], |γ_i| ≤
// Gamma[i]. A model that can derive them from its data (models/rrs does)
// passes them to SolveKKTMILP, which then uses them as the big-M values
// and needs no growth: the MILP contains that maximiser's KKT point.
type MultiplierBounds struct {
	Mu, Eta, Gamma []float64
}

// check reports a malformed b for p.
func (b *MultiplierBounds) check(p *Problem) error {
	for _, v := range []struct {
		name string
		vals []float64
		n    int
	}{{"mu", b.Mu, len(p.G)}, {"eta", b.Eta, len(p.C)}, {"gamma", b.Gamma, len(p.E)}} {
		if len(v.vals) != v.n {
			return fmt.Errorf("qp: multiplier bounds: %s has %d entries, want %d", v.name, len(v.vals), v.n)
		}
		for i, x := range v.vals {
			if !(x > 0) || math.IsInf(x, 0) {
				return fmt.Errorf("qp: multiplier bounds: %s[%d]: must be finite and > 0, got %v", v.name, i, x)
			}
		}
	}
	return nil
}

// CompileKKTMILP builds the KKT-MILP of p with multiplier bound bigM > 0.
func (p *Problem) CompileKKTMILP(bigM float64) (*KKTMILP, error) {
	if !(bigM > 0) || math.IsInf(bigM, 0) {
		return nil, fmt.Errorf("qp: big-M: must be finite and > 0, got %v", bigM)
	}
	return p.compileKKTMILP(bigM, nil)
}

// CompileKKTMILPBounded builds the KKT-MILP of p with the big-M values of
// b: each multiplier's own bound (see MultiplierBounds).
func (p *Problem) CompileKKTMILPBounded(b *MultiplierBounds) (*KKTMILP, error) {
	if err := b.check(p); err != nil {
		return nil, err
	}
	bigM := 0.0
	for _, vs := range [][]float64{b.Mu, b.Eta, b.Gamma} {
		for _, v := range vs {
			bigM = math.Max(bigM, v)
		}
	}
	return p.compileKKTMILP(bigM, b)
}

// compileKKTMILP is CompileKKTMILP with per-multiplier bounds when b is set
// (bigM then only bounds x without a bound of its own).
func (p *Problem) compileKKTMILP(bigM float64, b *MultiplierBounds) (*KKTMILP, error) {
	k, err := p.BuildKKT()
	if err != nil {
		return nil, err
	}
	m := k.Model
	m.Name = "kkt_milp"
	m.Sense = lp.Maximize
	km := &KKTMILP{KKTSystem: k, M: bigM}
	for j := range p.C {
		m.Obj[k.X[j]] = p.C[j] / 2
	}
	for i := range p.G {
		m.Obj[k.Mu[i]] = p.G[i].RHS / 2
	}
	for i := range p.E {
		m.Obj[k.Gamma[i]] = p.E[i].RHS / 2
	}
	xub := p.upperBounds()
	for j := range xub {
		if math.IsInf(xub[j], 1) {
			xub[j] = bigM
		}
	}
	km.XUB = xub
	for i := range p.G {
		r := &p.G[i]
		lo := 0.0 // min of G_i x over 0 ≤ x ≤ X
		for q, j := range r.Ind {
			lo += math.Min(0, r.Val[q]*xub[j])
		}
		sub := r.RHS - lo
		if b == nil || math.IsInf(sub, 1) {
			// bigM doubles as the cap of an unbounded slack (and, with
			// multiplier bounds, only then: the slack's bound is its own).
			sub = math.Min(sub, bigM)
		}
		km.SUB = append(km.SUB, sub)
	}
	mEta := func(j int) float64 { return bigM }
	mMu := mEta
	if b != nil {
		mEta = func(j int) float64 { return b.Eta[j] }
		mMu = func(i int) float64 { return b.Mu[i] }
		for i, c := range k.Gamma {
			m.Vars[c].Lower, m.Vars[c].Upper = -b.Gamma[i], b.Gamma[i]
		}
	}
	for j := range p.C {
		y := m.AddBinary("y_"+p.name(j), 0)
		km.Y = append(km.Y, y)
		m.Vars[k.X[j]].Upper = xub[j]
		me := mEta(j)
		m.Vars[k.Eta[j]].Upper = me
		m.AddLE("xy_"+p.name(j), 0, lp.Term{Var: k.X[j], Coef: 1}, lp.Term{Var: y, Coef: -xub[j]})
		m.AddLE("etay_"+p.name(j), me, lp.Term{Var: k.Eta[j], Coef: 1}, lp.Term{Var: y, Coef: me})
	}
	for i := range p.G {
		w := m.AddBinary(fmt.Sprintf("w%d", i), 0)
		km.W = append(km.W, w)
		m.Vars[k.S[i]].Upper = km.SUB[i]
		mm := mMu(i)
		m.Vars[k.Mu[i]].Upper = mm
		m.AddLE(fmt.Sprintf("sw%d", i), 0, lp.Term{Var: k.S[i], Coef: 1}, lp.Term{Var: w, Coef: -km.SUB[i]})
		m.AddLE(fmt.Sprintf("muw%d", i), mm, lp.Term{Var: k.Mu[i], Coef: 1}, lp.Term{Var: w, Coef: mm})
	}
	// Curvature cut: at a KKT point xᵀQx = hᵀμ + eᵀγ − cᵀx (the identity),
	// and λ_min(Q_b)‖x_b‖² ≤ x_bᵀQ_b x_b ≤ λ_max(Q_b)‖x_b‖² on each block, so
	// with x ≤ X the linear form hᵀμ + eᵀγ − cᵀx lies in [Σ min(0, λ_min)‖X_b‖²,
	// Σ max(0, λ_max)‖X_b‖²]. For a concave Q it says hᵀμ + eᵀγ ≤ cᵀx, which
	// stops the relaxation from inflating the multipliers.
	if curv, err := p.CheckCurvature(); err == nil {
		lo, hi := 0.0, 0.0
		for bi := range p.Blocks {
			nx := 0.0
			for _, j := range p.Blocks[bi].Vars {
				nx += xub[j] * xub[j]
			}
			lo += math.Min(0, curv.MinEigen[bi]) * nx
			hi += math.Max(0, curv.MaxEigen[bi]) * nx
		}
		var t []lp.Term
		for j := range p.C {
			t = append(t, lp.Term{Var: k.X[j], Coef: -p.C[j]})
		}
		for i := range p.G {
			t = append(t, lp.Term{Var: k.Mu[i], Coef: p.G[i].RHS})
		}
		for i := range p.E {
			t = append(t, lp.Term{Var: k.Gamma[i], Coef: p.E[i].RHS})
		}
		if !math.IsInf(lo, 0) && !math.IsInf(hi, 0) && !math.IsNaN(lo+hi) {
			m.AddRow("curvature_cut", lo*(1+1e-9)-1e-9, hi*(1+1e-9)+1e-9, t...)
		}
	}
	// Valid cuts: a row Σ a_j x_j = e (or ≥ through G) with every a_j ≥ 0 and
	// e > 0 needs some x_j > 0, hence Σ y_j ≥ 1 over its columns.
	for i := range p.E {
		r := &p.E[i]
		ok := r.RHS > 0 && len(r.Ind) > 0
		for _, v := range r.Val {
			ok = ok && v >= 0
		}
		if !ok {
			continue
		}
		var t []lp.Term
		for q, j := range r.Ind {
			if r.Val[q] > 0 {
				t = append(t, lp.Term{Var: km.Y[j], Coef: 1})
			}
		}
		m.AddGE(fmt.Sprintf("cover_%s", rowName("e", i, r.Name)), 1, t...)
	}
	return km, nil
}

// MILPOptions control SolveKKTMILP.
type MILPOptions struct {
	// Backend names a MILP-capable backend of package solve; "" or "auto"
	// picks "simplex" when registered, else the first registered backend
	// with the MILP capability.
	Backend string
	// BigM is the first multiplier bound; 0 means DefaultBigM.
	BigM float64
	// MaxGrowth is how many times M may grow tenfold; 0 means 4.
	MaxGrowth int
	// Bounds, when set, are proven multiplier bounds (MultiplierBounds):
	// they replace BigM, and M does not grow.
	Bounds *MultiplierBounds
	// Solve is passed to the backend.
	Solve solve.Options
}

// ErrNoKKTPoint is returned when the KKT-MILP is infeasible: the QP has no
// feasible point (or no KKT point within the largest M tried).
var ErrNoKKTPoint = fault.New(fault.ErrSolver, "qp: KKT-MILP is infeasible")

// ErrLimit is returned when a limit (a deadline or cancellation of the
// context, a node or iteration limit of the backend) stopped the KKT-MILP
// before it was solved. See SolveKKTMILP for what comes with it.
var ErrLimit = fault.New(fault.ErrLimit, "qp: kkt-milp stopped by a limit")

// bindTol is the relative distance to M at which a multiplier counts as
// sitting at its bound.
const bindTol = 1e-6

// SolveKKTMILP finds a global maximiser of p (concave or not) by
// maximising the identity over the KKT-MILP, growing M tenfold while a
// multiplier sits at its bound. See the package documentation.
//
// When a limit stops the search it returns ErrLimit together with a
// Solution that holds the best KKT point found so far (X is nil when there
// is none): a feasible point whose objective is a lower bound on the
// maximum. Stats.KKTMILP.BestBound is then the backend's upper bound on
// the identity over the KKT points with multipliers ≤ Stats.KKTMILP.BigM.
func (p *Problem) SolveKKTMILP(ctx context.Context, opt MILPOptions) (*Solution, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	backend := opt.Backend
	if backend == "" {
		backend = solve.Auto
	}
	bigM := opt.BigM
	if bigM == 0 {
		bigM = p.DefaultBigM()
	}
	if opt.MaxGrowth <= 0 {
		opt.MaxGrowth = 4
	}
	var prev *Solution
	nodes := 0
	var audit solve.Audit // the reports of every MILP solved
	for grow := 0; ; grow++ {
		var km *KKTMILP
		var err error
		if opt.Bounds != nil {
			km, err = p.CompileKKTMILPBounded(opt.Bounds)
		} else {
			km, err = p.CompileKKTMILP(bigM)
		}
		if err != nil {
			return nil, err
		}
		bigM = km.M
		sol, rep, err := solve.Solve(ctx, km.Model, backend, opt.Solve)
		audit.Add(rep)
		if err != nil {
			return nil, fmt.Errorf("qp: kkt-milp: %w", err)
		}
		backend = sol.Backend
		nodes += sol.Nodes
		switch {
		case sol.Status == lp.Infeasible:
			// No KKT point with multipliers within M: grow M, or give up.
			if grow >= opt.MaxGrowth || opt.Bounds != nil {
				return nil, fmt.Errorf("%w with multipliers up to M = %g", ErrNoKKTPoint, bigM)
			}
			bigM *= 10
			continue
		case sol.Status.IsLimit():
			return p.stoppedKKTMILP(ctx, km, sol, prev, nodes, bigM, grow, audit)
		case sol.Status != lp.Optimal:
			return nil, fmt.Errorf("qp: kkt-milp on backend %s: status %v", backend, sol.Status)
		}
		s := km.extract(sol)
		s.Backend = backend
		s.Iterations = nodes
		s.Audit = audit
		st := &KKTMILPStats{BigM: bigM, Growths: grow, MILPColumns: km.Model.NumVars(), MILPRows: km.Model.NumRows(), BestBound: math.NaN()}
		s.Stats.KKTMILP = st
		atBound := km.atBound(sol)
		if opt.Bounds != nil {
			// Proven bounds: a multiplier at its bound is still a valid KKT
			// multiplier; the smallest ones on a ray are recomputed.
			st.ProvenBounds = true
			if atBound {
				if err := p.cleanMultipliers(ctx, backend, s, opt.Solve); err != nil {
					return nil, err
				}
			}
			return s, p.finish(s)
		}
		if !atBound {
			return s, p.finish(s)
		}
		obj := sol.Objective
		if prev != nil && math.Abs(obj-prev.Identity) <= 1e-7*math.Max(1, math.Abs(obj)) {
			// A tenfold M changed nothing: the multipliers lie on a ray
			// along which the identity is constant (spec A.8, Σm_i = 1).
			st.MultiplierRay = true
			if err := p.cleanMultipliers(ctx, backend, s, opt.Solve); err != nil {
				return nil, err
			}
			return s, p.finish(s)
		}
		if grow >= opt.MaxGrowth {
			return nil, fmt.Errorf("qp: kkt-milp: a multiplier still sits at its bound M = %g after %d tenfold growths", bigM, grow)
		}
		s.Identity = obj
		prev = s
		bigM *= 10
	}
}

// stoppedKKTMILP is the answer of a search a limit stopped: the incumbent
// of the last MILP, or the KKT point of the previous (smaller) M when it is
// better or the only one, and the last MILP's bound.
func (p *Problem) stoppedKKTMILP(ctx context.Context, km *KKTMILP, sol *lp.Solution, prev *Solution, nodes int, bigM float64, grow int, audit solve.Audit) (*Solution, error) {
	err := fmt.Errorf("%w: backend %s: status %v after %d nodes", ErrLimit, sol.Backend, sol.Status, nodes)
	if cerr := ctx.Err(); cerr != nil {
		err = fmt.Errorf("%w: %w", err, cerr)
	}
	s := &Solution{Method: "kkt-milp"}
	if sol.HasPrimal() {
		s = km.extract(sol)
		s.Identity = sol.Objective
	}
	if prev != nil && (s.X == nil || prev.Identity > s.Identity) {
		s = prev
	}
	if s.X != nil {
		if ferr := p.finish(s); ferr != nil {
			return nil, fmt.Errorf("%w; the incumbent: %w", err, ferr)
		}
	}
	s.Backend = sol.Backend
	s.Iterations = nodes
	s.Audit = audit
	s.Stats.KKTMILP = &KKTMILPStats{BigM: bigM, Growths: grow, MILPColumns: km.Model.NumVars(), MILPRows: km.Model.NumRows(), BestBound: sol.BestBound}
	return s, err
}

func (km *KKTMILP) extract(sol *lp.Solution) *Solution {
	get := func(cols []int) []float64 {
		v := make([]float64, len(cols))
		for a, c := range cols {
			v[a] = sol.X[c]
		}
		return v
	}
	s := &Solution{Method: "kkt-milp", X: get(km.X), Mu: get(km.Mu), Gamma: get(km.Gamma), Eta: get(km.Eta)}
	for j := range s.X {
		s.X[j] = math.Max(s.X[j], 0)
		s.Eta[j] = math.Max(s.Eta[j], 0)
	}
	for i := range s.Mu {
		s.Mu[i] = math.Max(s.Mu[i], 0)
	}
	return s
}

func (km *KKTMILP) atBound(sol *lp.Solution) bool {
	lim := km.M * (1 - bindTol)
	for _, cols := range [][]int{km.Mu, km.Eta, km.Gamma} {
		for _, c := range cols {
			if math.Abs(sol.X[c]) >= lim {
				return true
			}
		}
	}
	for j, c := range km.X {
		if km.XUB[j] == km.M && sol.X[c] >= lim {
			return true
		}
	}
	return false
}

// cleanMultipliers recomputes μ, γ, η for the fixed primal point of s by the
// LP  min Σμ + Ση  over stationarity, with μ_i = 0 on inactive rows and
// η_j = 0 where x_j > 0. It picks the smallest multipliers on a ray.
func (p *Problem) cleanMultipliers(ctx context.Context, backend string, s *Solution, opts solve.Options) error {
	const activeTol = 1e-7
	n := len(p.C)
	m := lp.New("multipliers", lp.Minimize)
	mu := make([]int, len(p.G))
	gamma := make([]int, len(p.E))
	eta := make([]int, n)
	for i := range p.G {
		hi := lp.Inf
		if p.G[i].RHS-rowDot(&p.G[i], s.X) > activeTol*math.Max(1, math.Abs(p.G[i].RHS)) {
			hi = 0
		}
		mu[i] = m.AddVar(fmt.Sprintf("mu%d", i), 0, hi, 1)
	}
	for i := range p.E {
		gamma[i] = m.AddVar(fmt.Sprintf("gamma%d", i), math.Inf(-1), lp.Inf, 0)
	}
	for j := 0; j < n; j++ {
		hi := lp.Inf
		if s.X[j] > activeTol {
			hi = 0
		}
		eta[j] = m.AddVar("eta_"+p.name(j), 0, hi, 1)
	}
	grad := p.Gradient(s.X)
	terms := make([][]lp.Term, n)
	for i := range p.G {
		for q, j := range p.G[i].Ind {
			terms[j] = append(terms[j], lp.Term{Var: mu[i], Coef: p.G[i].Val[q]})
		}
	}
	for i := range p.E {
		for q, j := range p.E[i].Ind {
			terms[j] = append(terms[j], lp.Term{Var: gamma[i], Coef: p.E[i].Val[q]})
		}
	}
	for j := 0; j < n; j++ {
		// Gᵀμ + Eᵀγ − η = c + Qx
		m.AddEQ("stat_"+p.name(j), grad[j], append(terms[j], lp.Term{Var: eta[j], Coef: -1})...)
	}
	sol, rep, err := solve.Solve(ctx, m, backend, opts)
	s.Audit.Add(rep)
	if err != nil {
		return fmt.Errorf("qp: multiplier LP: %w", err)
	}
	if sol.Status != lp.Optimal {
		return fmt.Errorf("qp: multiplier LP on backend %s: status %v", backend, sol.Status)
	}
	for i := range mu {
		s.Mu[i] = math.Max(sol.X[mu[i]], 0)
	}
	for i := range gamma {
		s.Gamma[i] = sol.X[gamma[i]]
	}
	for j := range eta {
		s.Eta[j] = math.Max(sol.X[eta[j]], 0)
	}
	return nil
}

// DefaultBigM is the first big-M SolveKKTMILP uses: 10·max(1, ‖c‖∞). A
// smaller M gives a tighter LP relaxation; M grows when it is too small.
func (p *Problem) DefaultBigM() float64 {
	m := 1.0
	for _, c := range p.C {
		m = math.Max(m, math.Abs(c))
	}
	return 10 * m
}

// WolfeLP returns the LP (22)–(28) of spec A.7 in the short form:
//
//	min Σz  s.t.  −Qx + Gᵀμ + Eᵀ(γ⁺ − γ⁻) − η + sgn(c)∘z = c,
//	              Gx + s = h,  Ex = e,  all variables ≥ 0.
//
// Complementarity (x ⟂ η, s ⟂ μ) is not part of it; SolveWolfe keeps it by
// its entering rule.
func (p *Problem) WolfeLP() (*lp.Model, error) {
	k, err := p.BuildKKT()
	if err != nil {
		return nil, err
	}
	m := k.Model
	m.Name = "wolfe_lp"
	// Split γ into γ⁺ − γ⁻: make γ the nonnegative γ⁺ and add γ⁻.
	for i, c := range k.Gamma {
		m.Vars[c].Lower = 0
		m.Vars[c].Name = fmt.Sprintf("gammap%d", i)
		neg := m.AddVar(fmt.Sprintf("gammam%d", i), 0, lp.Inf, 0)
		for _, j := range p.E[i].Ind {
			r := &m.Rows[k.Stat[j]]
			for q, col := range r.Ind {
				if col == c {
					r.Ind = append(r.Ind, neg)
					r.Val = append(r.Val, -r.Val[q])
					break
				}
			}
		}
	}
	for j, row := range k.Stat {
		sg := 1.0
		if p.C[j] < 0 {
			sg = -1
		}
		z := m.AddVar("z_"+p.name(j), 0, lp.Inf, 1)
		r := &m.Rows[row]
		r.Ind = append(r.Ind, z)
		r.Val = append(r.Val, sg)
	}
	return m, m.Validate()
}
