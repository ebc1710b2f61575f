package rrs

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/streamopt/streamopt/fault"
	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/qp"
	"github.com/streamopt/streamopt/solve"
)

// Methods a Solve can use.
const (
	MethodAuto    = "auto"     // qp when the objective is concave, global otherwise
	MethodQP      = "qp"       // interior-point convex QP solver (concave only)
	MethodWolfe   = "wolfe"    // Wolfe's method (concave only)
	MethodKKTMILP = "kkt-milp" // global KKT-MILP on a MILP backend
	MethodGlobal  = "global"   // spatial branch and bound on the DC shares (SolveGlobal)
)

// Methods lists the method names Solve accepts.
var Methods = []string{MethodAuto, MethodQP, MethodWolfe, MethodGlobal, MethodKKTMILP}

// Options control Solve.
type Options struct {
	Method  string        // one of Methods; "" means auto
	Backend string        // MILP backend for kkt-milp, LP backend for global; "" means auto
	BigM    float64       // first big-M for kkt-milp; 0 means bounds derived from the data (no growth)
	Gap     float64       // relative gap global proves; 0 means DefaultGlobalGap
	Solve   solve.Options // passed to the backend (its NodeLimit also bounds global's nodes)
}

// DCLoad is the state of one data centre.
type DCLoad struct {
	Name       string  `json:"name"`
	Users      float64 `json:"users"`       // x_i
	Capacity   float64 `json:"capacity"`    // C_i
	CPU        float64 `json:"cpu"`         // θ_i
	ResponseMS float64 `json:"response_ms"` // g_i
	Mu         float64 `json:"mu"`          // multiplier of the capacity row
}

// RegionDelay is the mean delay seen by one region.
type RegionDelay struct {
	Name    string  `json:"name"`
	DelayMS float64 `json:"delay_ms"` // Σ_i f_ij d_ij
	Gamma   float64 `json:"gamma"`    // multiplier of the assignment row
}

// Status says how Solve ended; its string is the one in JSON output.
type Status string

// The statuses of a Result.
const (
	StatusOptimal    Status = "optimal"    // the method's optimum (global for qp, wolfe and kkt-milp on their classes)
	StatusInfeasible Status = "infeasible" // Proposition 1 fails: more users than capacity
	StatusTimeLimit  Status = "time_limit" // the context's deadline or cancellation stopped the solve
	StatusLimit      Status = "limit"      // a node or iteration limit of Options.Solve stopped the solve
)

func (s Status) String() string { return string(s) }

// Result is the answer of Solve.
type Result struct {
	// Status is StatusOptimal or StatusInfeasible, or, when a limit stopped
	// the solve (Partial), StatusTimeLimit or StatusLimit.
	Status Status `json:"status"`
	// Partial is set when a limit stopped the solve: Policy, Profit and the
	// loads then describe the best KKT point kkt-milp or global had found (none when
	// Policy is nil), and BestBound bounds the optimum from above.
	Partial bool `json:"partial,omitempty"`
	// BestBound is the upper bound on the profit of kkt-milp or global
	// stopped by a limit: for kkt-milp the MILP's, over the KKT points with
	// multipliers ≤ Stats.BigM; for global the largest bound of an open
	// box, valid for every policy (Stats.Gap is the gap it proves).
	BestBound *float64 `json:"best_bound,omitempty"`
	Method    string   `json:"method"`
	// MethodReason says why method auto chose Method; empty when the
	// method was asked for by name.
	MethodReason string `json:"method_reason,omitempty"`
	// Search is the branch and bound of method global: SearchShares or
	// SearchSecant.
	Search string `json:"search,omitempty"`
	// Backend is the MILP backend of kkt-milp, the LP backend of global, or
	// "pure-go" for qp and wolfe.
	Backend string  `json:"backend"`
	Users   float64 `json:"users"`
	// TotalCapacity is ΣC_i (Proposition 1 compares it with Users).
	TotalCapacity float64 `json:"total_capacity"`
	Profit        float64 `json:"profit,omitempty"`
	// Identity is ½(ĉᵀf + mᵀμ + 1ᵀγ), equal to the profit at a KKT point.
	Identity float64 `json:"identity,omitempty"`
	// Concave reports whether the objective is concave (uniform κ).
	Concave bool `json:"concave"`
	// MaxEigen is the largest eigenvalue of the quadratic-form matrix A
	// (U = ĉᵀf + fᵀAf) over all DC blocks.
	MaxEigen float64       `json:"max_eigenvalue"`
	Policy   [][]float64   `json:"policy,omitempty"` // f_ij, DC × region
	Loads    []DCLoad      `json:"loads,omitempty"`
	Regions  []RegionDelay `json:"regions,omitempty"`
	KKT      *qp.Residuals `json:"kkt_residuals,omitempty"`
	// Verification sums up solve.Verify's reports on the LP and MILP
	// answers the method relied on (kkt-milp, global); nil for qp and
	// wolfe, which solve none through package solve.
	Verification *solve.Audit `json:"verification,omitempty"`
	// Stats are the method's counts; nil when no method ran (infeasible).
	Stats   *Stats `json:"stats,omitempty"`
	Message string `json:"message,omitempty"`
}

// Stats are the counts and measures of the method that solved an
// instance: Iterations, and the group of the method, the others nil (in
// JSON, the fields of the groups are those of stats itself).
type Stats struct {
	// Iterations are the interior point's iterations (qp), Wolfe's pivots,
	// or the branch-and-bound nodes (kkt-milp, global).
	Iterations int `json:"iterations"`
	// Nodes are the branch-and-bound nodes of kkt-milp and global.
	Nodes *int `json:"nodes,omitempty"`
	// BestBound is the proven upper bound on the profit: global's, or that
	// of kkt-milp stopped by a limit.
	BestBound *float64 `json:"best_bound,omitempty"`
	// Gap is the relative gap (BestBound − profit)/max(1, |profit|) with
	// BestBound: +Inf before the first incumbent.
	Gap *float64 `json:"gap,omitempty"`
	*qp.ConvexStats
	*qp.WolfeStats
	*qp.KKTMILPStats
	*GlobalStats
}

// statsOf gathers the stats of a method's solution s (nil: none found) and,
// for global, of its search g.
func statsOf(s *qp.Solution, g *GlobalStats) *Stats {
	st := &Stats{}
	if s != nil {
		st.Iterations = s.Iterations
		st.ConvexStats, st.WolfeStats, st.KKTMILPStats = s.Stats.Convex, s.Stats.Wolfe, s.Stats.KKTMILP
	}
	if k := st.KKTMILPStats; k != nil {
		nodes := s.Iterations
		st.Nodes = &nodes
		if !math.IsNaN(k.BestBound) {
			b := k.BestBound
			st.BestBound = &b
		}
	}
	if g != nil {
		st.GlobalStats, st.Iterations = g, g.Nodes
		nodes, b, gap := g.Nodes, g.BestBound, g.Gap
		st.Nodes, st.BestBound, st.Gap = &nodes, &b, &gap
	}
	return st
}

// policyZero is the share below which a routing fraction is printed as 0:
// far below any meaningful fraction of a user, above interior-point noise.
const policyZero = 1e-9

// ErrMethod is returned for an unknown method or one that cannot handle the instance.
var ErrMethod = fault.New(fault.ErrInput, "rrs: method")

// Solve validates the instance, checks Proposition 1, compiles it and runs
// the chosen method. An infeasible instance gives a Result with Status
// "infeasible" and a nil error: it is a definitive answer.
//
// When ctx is done before the method finishes (or a limit of opt.Solve
// stops kkt-milp or global), Solve returns a Partial result together with
// an error that carries the limit kind of package fault: kkt-milp and
// global report their best KKT point so far and their bound, qp and wolfe
// have nothing valid to report before they converge.
func Solve(ctx context.Context, in *Instance, opt Options) (*Result, error) {
	if err := in.Validate(); err != nil {
		return nil, err
	}
	if err := solve.CheckBackend(opt.Backend); err != nil {
		return nil, fmt.Errorf("backend: %w", err)
	}
	method := opt.Method
	if method == "" {
		method = MethodAuto
	}
	switch method {
	case MethodAuto, MethodQP, MethodWolfe, MethodKKTMILP, MethodGlobal:
	default:
		return nil, fmt.Errorf("%w: unknown method %q (want one of %v)", ErrMethod, method, Methods)
	}
	if err := in.checkSize(method); err != nil {
		return nil, err
	}
	res := &Result{Users: in.Users, TotalCapacity: in.TotalCapacity(), Method: method}
	p, err := in.Compile()
	var inf *InfeasibleError
	if errors.As(err, &inf) {
		res.Status = StatusInfeasible
		res.Message = inf.Error()
		if method == MethodAuto {
			res.Method = ""
		}
		return res, nil
	}
	if err != nil {
		return nil, err
	}
	curv, err := p.CheckCurvature()
	if err != nil {
		return nil, err
	}
	res.Concave = curv.Concave
	res.MaxEigen = math.Inf(-1)
	if len(p.Blocks) < len(in.DataCenters) {
		res.MaxEigen = 0 // a data centre with a_i = 0 has a zero block (Compile leaves it out)
	}
	for _, e := range curv.MaxEigen {
		res.MaxEigen = math.Max(res.MaxEigen, e/2)
	}
	if method == MethodAuto {
		method = autoMethod(curv.Concave)
		res.MethodReason = fmt.Sprintf("auto: the objective is concave (largest eigenvalue of A %.3g ≤ 0), which the interior point solves to its global maximum", res.MaxEigen)
		if !curv.Concave {
			res.MethodReason = fmt.Sprintf("auto: the objective is not concave (largest eigenvalue of A %.3g > 0: revenue slopes differ by region), so a local method may stop at a local maximum; the global branch and bound proves the optimum", res.MaxEigen)
		}
	}
	res.Method = method
	var s *qp.Solution
	var gs *GlobalStats
	switch method {
	case MethodQP:
		s, err = p.SolveConvex(ctx, qp.ConvexOptions{})
	case MethodWolfe:
		s, err = p.SolveWolfe(ctx, qp.WolfeOptions{})
	case MethodKKTMILP:
		mo := qp.MILPOptions{Backend: opt.Backend, BigM: opt.BigM, Solve: opt.Solve}
		if opt.BigM == 0 {
			mo.Bounds = in.multiplierBounds()
		}
		s, err = p.SolveKKTMILP(ctx, mo)
	case MethodGlobal:
		res.Search = SearchFor(in)
		s, gs, err = SolveGlobal(ctx, in, p, GlobalOptions{Search: res.Search, Gap: opt.Gap, Backend: opt.Backend, NodeLimit: opt.Solve.NodeLimit, Solve: opt.Solve})
	}
	if err != nil {
		var nc *qp.NotConcaveError
		if errors.As(err, &nc) {
			return nil, fmt.Errorf("%w %s: %w; use --method global (or kkt-milp) for the global optimum", ErrMethod, method, err)
		}
		if fault.Of(err) != fault.Limit {
			return nil, err
		}
		res.Status, res.Partial = StatusLimit, true
		if ctx.Err() != nil {
			res.Status = StatusTimeLimit
		}
		res.Message = fmt.Sprintf("%s stopped before it finished: %v", method, err)
		if s == nil && gs == nil {
			return res, err
		}
		st := statsOf(s, gs)
		if b := st.BestBound; b != nil && !math.IsNaN(*b) && !math.IsInf(*b, 0) {
			v := *b
			res.BestBound = &v
		}
		if s == nil || s.X == nil {
			res.Stats = st
			if s != nil {
				res.Backend = s.Backend
			}
			if a := auditOf(s, gs); a.Solves > 0 {
				res.Verification = &a
			}
			return res, err
		}
		if ferr := fillResult(in, res, s, st, gs); ferr != nil {
			return nil, fmt.Errorf("%w; its incumbent: %w", err, ferr)
		}
		return res, err
	}
	res.Status = StatusOptimal
	if err := fillResult(in, res, s, statsOf(s, gs), gs); err != nil {
		return nil, err
	}
	return res, nil
}

// checkSize refuses, before anything is built, an instance too large for
// the memory method needs: kkt-milp writes each data centre's r × r
// Hessian block densely into its KKT system (qp.MaxKKTNonzeros), wolfe
// builds a dense tableau of about (s·r) × 4(s·r) entries
// (qp.MaxWolfeTableau). qp and global (and so auto) need memory linear in
// s·r beyond the dense 2s × 2s Schur complement, which Validate caps.
func (in *Instance) checkSize(method string) error {
	s, r := len(in.DataCenters), len(in.Regions)
	switch method {
	case MethodKKTMILP:
		blocks := 0 // data centres with a quadratic term (a_i > 0)
		for i := range in.DataCenters {
			if in.DataCenters[i].ResponseSlopeMS != 0 {
				blocks++
			}
		}
		if nz := float64(blocks) * float64(r) * float64(r); nz > qp.MaxKKTNonzeros {
			return fmt.Errorf("%w %s: %d data centres (those with response_slope_ms > 0) × %d² regions = %.4g Hessian nonzeros in its KKT system, over the cap of %d (about 130 bytes each in the MILP backend); use --method qp or global",
				ErrMethod, method, blocks, r, nz, qp.MaxKKTNonzeros)
		}
	case MethodWolfe:
		if e := qp.WolfeTableauEntries(s*r, s, r); e > qp.MaxWolfeTableau {
			return fmt.Errorf("%w %s: %d data centres × %d regions need a dense tableau of %.4g entries, over the cap of %.4g (8 bytes each); use --method qp",
				ErrMethod, method, s, r, e, qp.MaxWolfeTableau)
		}
	}
	return nil
}

// auditOf is the verification summary of a method's solution s or, for
// global, of its search g.
func auditOf(s *qp.Solution, g *GlobalStats) solve.Audit {
	if g != nil {
		return g.Audit
	}
	if s != nil {
		return s.Audit
	}
	return solve.Audit{}
}

// fillResult copies a method's solution into res: the policy, its profit,
// the loads and the multipliers, and the stats st (of s and, for global,
// its search g).
func fillResult(in *Instance, res *Result, s *qp.Solution, st *Stats, g *GlobalStats) error {
	res.Backend = s.Backend
	if a := auditOf(s, g); a.Solves > 0 {
		res.Verification = &a
	}
	if res.Backend == "" {
		res.Backend = "pure-go"
	}
	res.Identity = s.Identity
	r := s.Residuals
	res.KKT = &r
	res.Stats = st
	nd, nr := len(in.DataCenters), len(in.Regions)
	res.Policy = make([][]float64, nd)
	for i := range res.Policy {
		res.Policy[i] = make([]float64, nr)
		for j := range res.Policy[i] {
			v := s.X[in.Var(i, j)]
			if v < policyZero {
				v = 0 // interior-point noise
			}
			res.Policy[i][j] = v
		}
	}
	loads, err := in.Evaluate(res.Policy)
	if err != nil {
		return err
	}
	res.Profit = loads.Profit
	consistentBound(res)
	for i := range in.DataCenters {
		d := &in.DataCenters[i]
		res.Loads = append(res.Loads, DCLoad{Name: dcName(d, i), Users: loads.Users[i], Capacity: d.Capacity(),
			CPU: loads.CPU[i], ResponseMS: loads.Response[i], Mu: s.Mu[i]})
	}
	for j := range in.Regions {
		res.Regions = append(res.Regions, RegionDelay{Name: regionName(&in.Regions[j], j), DelayMS: loads.RegionDelay[j], Gamma: s.Gamma[j]})
	}
	return nil
}

// CompareTol is the relative tolerance to which reported figures agree
// (doc.go, "Reported figures"): the profit of the printed policy, the
// method's objective, the identity and the bounds.
const CompareTol = 1e-6

// consistentBound makes a result's bound and gap agree with its profit,
// the profit of the printed policy (method objectives are computed on the
// unrounded point, within CompareTol of it): no bound is reported below
// the policy's profit (a bound computed a hair below it is raised to it,
// still an upper bound on the optimum), and the gap is recomputed from the
// two figures printed.
func consistentBound(res *Result) {
	st := res.Stats
	if st == nil || st.BestBound == nil || math.IsNaN(*st.BestBound) {
		return
	}
	b := math.Max(*st.BestBound, res.Profit)
	gap := math.Max(0, b-res.Profit) / math.Max(1, math.Abs(res.Profit))
	st.BestBound, st.Gap = &b, &gap
	if res.BestBound != nil {
		res.BestBound = &b
	}
}

func dcName(d *DataCenter, i int) string {
	if d.Name != "" {
		return d.Name
	}
	return fmt.Sprintf("DC%d", i+1)
}

func regionName(r *Region, j int) string {
	if r.Name != "" {
		return r.Name
	}
	return fmt.Sprintf("R%d", j+1)
}

// ExportModel returns the linear model that method solves, for a file
// another solver can read, with comment lines that say what its objective
// and columns mean. Only kkt-milp has one: its MILP (with multiplier bound
// bigM, 0 for the qp default) has the same optimum as RRS(N, M). "auto" is
// resolved as Solve resolves it, except that a non-concave instance exports
// its KKT-MILP (global has no single model). qp, wolfe and global are refused with ErrMethod and
// the reason: the interior point solves the QP itself, and Wolfe's LP keeps
// complementarity only through its entering rule, so as a plain LP its
// optimum is the trivial 0.
func ExportModel(in *Instance, method string, bigM float64) (*lp.Model, []string, error) {
	p, err := exportable(in, method)
	if err != nil {
		return nil, nil, err
	}
	if bigM == 0 {
		bigM = p.DefaultBigM()
	}
	km, err := p.CompileKKTMILP(bigM)
	if err != nil {
		return nil, nil, err
	}
	name := in.Name
	if name == "" {
		name = "rrs"
	}
	about := []string{
		fmt.Sprintf("streamopt rrs: KKT-MILP of RRS(N, M) for %s: N = %g users, %d data centres, %d regions", name, in.Users, len(in.DataCenters), len(in.Regions)),
		"objective: maximise 0.5*(c'f + h'mu + e'gamma), which equals the profit U(F) at every KKT point,",
		"so the optimum of this MILP is the maximum profit of RRS(N, M) (models/rrs doc)",
		"columns f[i,j]: share of region j's viewers sent to data centre i; mu, gamma: multipliers of the",
		fmt.Sprintf("capacity and assignment rows; binaries pick the active set; big-M on the multipliers = %g", bigM),
	}
	return km.Model, about, nil
}

// CheckExport reports, without building the KKT-MILP, the error
// ExportModel would give for method before compiling it: an invalid or
// infeasible instance, an unknown method, or qp and wolfe (also when auto
// stands for qp), which have no faithful linear form.
func CheckExport(in *Instance, method string) error {
	_, err := exportable(in, method)
	return err
}

// exportable compiles in and returns its QP when method (auto resolved)
// has a linear model to export; see ExportModel for the refusals.
func exportable(in *Instance, method string) (*qp.Problem, error) {
	p, err := in.Compile()
	if err != nil {
		return nil, err
	}
	auto := method == "" || method == MethodAuto
	if method, err = resolveMethod(p, method); err != nil {
		return nil, err
	}
	if auto && method == MethodGlobal {
		method = MethodKKTMILP // the only linear form of a non-concave RRS
	}
	if method == MethodKKTMILP {
		if err := in.checkSize(method); err != nil {
			return nil, err
		}
	}
	switch method {
	case MethodGlobal:
		return nil, fmt.Errorf("%w global: the branch and bound solves a tree of LP relaxations, no single model; "+
			"export the KKT-MILP (method kkt-milp), whose optimum is the same profit", ErrMethod)
	case MethodQP:
		return nil, fmt.Errorf("%w qp: the interior-point method solves the QP itself, and MPS and LP files here carry no quadratic objective; "+
			"export the KKT-MILP (method kkt-milp), whose optimum is the same profit", ErrMethod)
	case MethodWolfe:
		return nil, fmt.Errorf("%w wolfe: Wolfe's LP keeps complementarity (x with eta, s with mu) only through its entering rule; "+
			"written as a plain LP every solver returns its trivial optimum 0; export the KKT-MILP (method kkt-milp), which states complementarity as rows", ErrMethod)
	}
	return p, nil
}

// resolveMethod checks method and resolves "auto" (or "") by the curvature
// of p: qp when the objective is concave, global otherwise.
func resolveMethod(p *qp.Problem, method string) (string, error) {
	switch method {
	case "", MethodAuto:
		curv, err := p.CheckCurvature()
		if err != nil {
			return "", err
		}
		return autoMethod(curv.Concave), nil
	case MethodQP, MethodWolfe, MethodKKTMILP, MethodGlobal:
		return method, nil
	}
	return "", fmt.Errorf("%w: unknown method %q (want one of %v)", ErrMethod, method, Methods)
}

// autoMethod is what "auto" stands for: the interior point for a concave
// objective, the spatial branch and bound otherwise.
func autoMethod(concave bool) string {
	if concave {
		return MethodQP
	}
	return MethodGlobal
}
