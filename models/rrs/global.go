package rrs

import (
	"container/heap"
	"context"
	"fmt"
	"math"
	"sort"

	"github.com/streamopt/streamopt/fault"
	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/qp"
	"github.com/streamopt/streamopt/solve"
)

// DefaultGlobalGap is the relative gap at which SolveGlobal stops by
// default: (bound − profit)/max(1, |profit|) ≤ 1e-6, the tolerance to which
// objectives are compared.
const DefaultGlobalGap = 1e-6

// GlobalOptions control SolveGlobal.
type GlobalOptions struct {
	// Gap is the relative gap to prove; 0 means DefaultGlobalGap.
	Gap float64
	// Backend is the LP backend of the relaxations; "" means auto.
	Backend string
	// NodeLimit stops the search after this many nodes; 0 means none.
	NodeLimit int
	// Solve is passed to the LP backend.
	Solve solve.Options
	// Search is the branch and bound: SearchShares or SearchSecant
	// (doc.go); "" chooses by size (SearchFor).
	Search string
	// Progress, if not nil, is called after every node with the proven
	// bound and the incumbent's profit (−Inf before the first), from the
	// goroutine of SolveGlobal.
	Progress func(bound, profit float64)
}

// The searches of SolveGlobal (doc.go): over the DCs' shares y_i with the
// Lagrangian bound, or over the ranges of T_i with the LP relaxation of
// secants and tangents.
const (
	SearchShares = "shares"
	SearchSecant = "secant"
)

// sharesMinVars is the size s·r from which SearchFor chooses the search
// over shares. Measured with a 20 s limit (models/rrs generator, slopes
// spread ±75 %, load 0.8, two seeds each; doc.go): at 6 × 40 both close
// 1e-6 (shares in 1 and 323 nodes, secant in 24 and 46); from 10 × 50 the
// secant search stops with gaps of 5e-5 to 2e-2 where the shares search
// closes 1e-6 within 3 s; but on the smallest instances of the tests'
// family (4 × 12, 9 × 9) the shares search needs more than 3 000 nodes to
// close 1e-6 where the secant search needs 19 and 62.
const sharesMinVars = 200

// SearchFor returns the search SolveGlobal runs on in by default: the
// search over shares from s·r = 200 shares up, the secant search below.
func SearchFor(in *Instance) string {
	if len(in.DataCenters)*len(in.Regions) >= sharesMinVars {
		return SearchShares
	}
	return SearchSecant
}

// ErrGlobalLimit is returned with the best policy found when the context or
// the node limit stopped SolveGlobal before the gap was closed.
var ErrGlobalLimit = fault.New(fault.ErrLimit, "rrs: global search stopped by a limit")

// node is an open box with the LP bound of its parent (or its own, once solved).
type node struct {
	b     box
	bound float64
	depth int
	tight bool      // its ranges were tightened already
	near  []float64 // S_i at the parent's LP point (nil at the root)
}

// tightenable returns the DCs whose range is worth tightening at a node,
// largest first: those whose largest possible secant error
// β_i(H_i − L_i)²/4 exceeds the share of the gap cutTol allows. Tightening
// any other DC could gain the bound at most that much, not worth its two
// LPs; and when a limit stops the tightening early, the DCs that could
// gain the most have had their turn.
func (sr *search) tightenable(b box, bound float64) []int {
	tol := sr.cutTol(bound)
	potential := func(i int) float64 { w := b.Hi[i] - b.Lo[i]; return sr.sp.beta[i] * w * w / 4 }
	var out []int
	for i := range b.Lo {
		if potential(i) > tol {
			out = append(out, i)
		}
	}
	sort.SliceStable(out, func(a, c int) bool { return potential(out[a]) > potential(out[c]) })
	return out
}

// search is the state of one SolveGlobal run.
type search struct {
	in         *Instance
	p          *qp.Problem
	sp         *split
	opt        GlobalOptions
	best       *qp.Solution // incumbent, a KKT point from a local solve
	lower      float64      // its profit
	pruned     float64      // largest bound of a node closed by the gap tolerance
	nodes      int
	lps        int
	locals     int
	qps        int // QP relaxations solved (qpBound)
	lpFails    int
	dualRounds int         // cutting-plane rounds of the Lagrangian dual (shareSearch)
	backend    string      // the LP backend that solved the relaxations
	audit      solve.Audit // the verification reports of every LP solved
}

// SolveGlobal finds a global maximiser of RRS(N, M), concave or not, by a
// spatial branch and bound on the non-concave scalars T_i, one per data
// centre (doc.go, "Global optimum"). p must be in.Compile(). It returns
// the maximiser (a KKT point from a local solve) and the search's
// GlobalStats: the proven relative gap, the bound and the counts. When the
// context or the node limit stops it first, it returns the best point
// found (nil when there is none) with ErrGlobalLimit; the stats then hold
// what was proven so far.
func SolveGlobal(ctx context.Context, in *Instance, p *qp.Problem, opt GlobalOptions) (*qp.Solution, *GlobalStats, error) {
	if opt.Gap == 0 {
		opt.Gap = DefaultGlobalGap
	}
	if !(opt.Gap > 0) || math.IsInf(opt.Gap, 0) {
		return nil, nil, fmt.Errorf("%w: global gap: must be finite and > 0, got %v", ErrInput, opt.Gap)
	}
	if opt.NodeLimit < 0 {
		return nil, nil, fmt.Errorf("%w: global node limit: must be ≥ 0, got %d", ErrInput, opt.NodeLimit)
	}
	if opt.Backend == "" {
		opt.Backend = solve.Auto
	}
	switch opt.Search {
	case "":
		opt.Search = SearchFor(in)
	case SearchShares, SearchSecant:
	default:
		return nil, nil, fmt.Errorf("%w: global search: must be %q or %q, got %q", ErrInput, SearchShares, SearchSecant, opt.Search)
	}
	sr := &search{in: in, p: p, sp: newSplit(in), opt: opt, lower: math.Inf(-1), pruned: math.Inf(-1)}
	// A first bound before any LP, from the QP relaxation of the root
	// (qpBound): one interior-point solve, where the root LP takes most
	// of a 10-minute budget at 200×2000 on the pure-Go simplex. The LP
	// then only lowers it.
	rootBound, prices := sr.qpBound(ctx, sr.sp.root, true)
	if opt.Search == SearchShares {
		if prices == nil {
			prices = make([]float64, len(in.Regions))
		}
		openBound, stop := sr.shareSearch(ctx, rootBound, prices)
		return sr.finish(math.Max(math.Max(sr.lower, sr.pruned), openBound), stop)
	}
	// A first incumbent before any LP, by a local solve from the uniform
	// policy: at planning scale the root relaxation alone can take a whole
	// time budget (200×2000: 10 minutes went to the root LP and its first
	// cuts), and a search stopped there should still answer with a policy.
	uniform := make([]float64, p.NumVars())
	for k := range uniform {
		uniform[k] = 1 / float64(len(in.DataCenters))
	}
	if err := sr.offer(ctx, uniform, true); err != nil && ctx.Err() == nil {
		return nil, nil, err
	}
	open := newBestFirst(func(n *node) float64 { return n.bound }, &node{b: sr.sp.root, bound: rootBound})
	var stop error
	for open.Len() > 0 {
		if err := ctx.Err(); err != nil {
			stop = fmt.Errorf("%w: %w", ErrGlobalLimit, err)
			break
		}
		if opt.NodeLimit > 0 && sr.nodes >= opt.NodeLimit {
			stop = fmt.Errorf("%w: node limit %d", ErrGlobalLimit, opt.NodeLimit)
			break
		}
		nd := heap.Pop(open).(*node)
		if sr.closed(nd.bound) {
			sr.pruned = math.Max(sr.pruned, nd.bound)
			continue
		}
		kids, err := sr.process(ctx, nd)
		if sr.opt.Progress != nil && err == nil {
			upper := math.Max(math.Max(sr.lower, sr.pruned), open.max())
			for _, o := range kids {
				upper = math.Max(upper, o.bound)
			}
			sr.opt.Progress(upper, sr.lower)
		}
		if err != nil {
			if ctx.Err() != nil {
				heap.Push(open, nd) // its bound still counts
				stop = fmt.Errorf("%w: %w", ErrGlobalLimit, ctx.Err())
				break
			}
			return nil, nil, err
		}
		for _, k := range kids {
			heap.Push(open, k)
		}
	}
	upper := math.Max(math.Max(sr.lower, sr.pruned), open.max())
	return sr.finish(upper, stop)
}

// finish returns the incumbent with the proven bound upper and the
// search's stats, and stop (the limit that ended the search, or nil).
func (sr *search) finish(upper float64, stop error) (*qp.Solution, *GlobalStats, error) {
	st := sr.stats(upper)
	if sr.best == nil {
		if stop != nil {
			return nil, st, stop
		}
		return nil, nil, fmt.Errorf("%w: global search found no feasible point (every relaxation infeasible)", qp.ErrNoKKTPoint)
	}
	s := sr.best
	s.Method = MethodGlobal
	s.Backend = sr.backend
	s.Iterations = sr.nodes
	s.Stats = qp.Stats{}
	s.Audit = sr.audit
	if stop == nil && st.Gap > sr.opt.Gap*(1+1e-9) {
		return nil, nil, fmt.Errorf("rrs: global search ended with gap %.3g above %.3g", st.Gap, sr.opt.Gap)
	}
	return s, st, stop
}

// GlobalStats describe a global search (SolveGlobal).
type GlobalStats struct {
	// Gap is the proven relative gap (BestBound − profit)/max(1, |profit|),
	// +Inf before the first incumbent.
	Gap float64 `json:"-"`
	// BestBound is the proven upper bound on the profit of every policy.
	BestBound float64 `json:"-"`
	// Nodes are the boxes processed.
	Nodes       int         `json:"-"`
	LPSolves    int         `json:"lp_solves"`    // relaxation LPs solved
	LocalSolves int         `json:"local_solves"` // local solves for incumbents
	QPSolves    int         `json:"qp_solves"`    // QP relaxations solved
	LPFailures  int         `json:"lp_failures"`  // relaxations without a trustworthy bound
	TangentPool int         `json:"tangent_pool"` // cutting planes kept
	DualRounds  int         `json:"dual_rounds"`  // cutting-plane rounds of the Lagrangian dual (search shares)
	Audit       solve.Audit `json:"-"`            // the verification reports of the LPs solved
}

func (sr *search) stats(upper float64) *GlobalStats {
	gap := math.Inf(1)
	if !math.IsInf(sr.lower, -1) {
		gap = math.Max(0, upper-sr.lower) / math.Max(1, math.Abs(sr.lower))
	}
	return &GlobalStats{Gap: gap, BestBound: upper, Nodes: sr.nodes, LPSolves: sr.lps, LocalSolves: sr.locals, QPSolves: sr.qps,
		LPFailures: sr.lpFails, TangentPool: sr.sp.poolSize(), DualRounds: sr.dualRounds, Audit: sr.audit}
}

// closed reports whether a node with this bound cannot improve the
// incumbent by more than the gap.
func (sr *search) closed(bound float64) bool {
	if math.IsInf(sr.lower, -1) {
		return false
	}
	return bound-sr.lower <= sr.opt.Gap*math.Max(1, math.Abs(sr.lower))
}

// process solves the relaxation of nd, updates the incumbent and returns
// the two halves of the box when it stays open.
func (sr *search) process(ctx context.Context, nd *node) ([]*node, error) {
	sr.nodes++
	rx := sr.sp.relax(nd.b, nd.near)
	sol, rep, err := solve.Solve(ctx, rx.model, sr.opt.Backend, sr.opt.Solve)
	sr.lps++
	sr.audit.Add(rep)
	if err != nil {
		return nil, fmt.Errorf("rrs: global relaxation: %w", err)
	}
	sr.backend = sol.Backend
	switch {
	case sol.Status == lp.Infeasible:
		return nil, nil // no policy has its shares in this box
	case sol.Status.IsLimit():
		return nil, fmt.Errorf("%w: the relaxation LP stopped: %v", ErrGlobalLimit, sol.Status)
	case sol.Status != lp.Optimal:
		// No trustworthy bound: keep the parent's and split the widest side.
		sr.lpFails++
		return sr.split(nd, nd.bound, nd.near, widest(nd.b, sr.sp.root), math.NaN()), nil
	}
	// Should a limit stop the rest of the node, it goes back to the open
	// list with its own LP bound rather than its parent's.
	nd.bound = math.Min(nd.bound, sol.Objective)
	// Kelley's cutting planes on the concave part: while the LP's σ_i falls
	// short of S_i² by more than cutTol, add the tangent at its S_i and
	// solve again. The tangents are valid everywhere, so they join the pool
	// every later node starts from.
	for round := 0; round < maxCutRounds; round++ {
		tol := sr.cutTol(sol.Objective)
		_, tangent := sr.sp.errors(rx, sol.X)
		added := false
		for i, e := range tangent {
			if e > tol {
				v := sol.X[rx.s[i]]
				rx.tangent(i, v)
				sr.sp.addTangent(i, v)
				added = true
			}
		}
		if !added {
			break
		}
		next, rep, err := solve.Solve(ctx, rx.model, sr.opt.Backend, sr.opt.Solve)
		sr.lps++
		sr.audit.Add(rep)
		if err != nil {
			return nil, fmt.Errorf("rrs: global relaxation: %w", err)
		}
		if next.Status != lp.Optimal {
			break // keep the last good solve: its bound is valid, only weaker
		}
		sol = next
		nd.bound = math.Min(nd.bound, sol.Objective)
	}
	bound := nd.bound
	x := sol.X[:sr.p.NumVars()]
	if err := sr.offer(ctx, x, nd.depth == 0); err != nil {
		return nil, err
	}
	if sr.closed(bound) {
		sr.pruned = math.Max(sr.pruned, bound)
		return nil, nil
	}
	errs, _ := sr.sp.errors(rx, sol.X)
	near := rx.sValues(sol.X)
	if !nd.tight {
		nb, ok, err := sr.tighten(ctx, nd.b, near, sr.tightenable(nd.b, bound))
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, nil
		}
		return []*node{{b: nb, bound: bound, depth: nd.depth, tight: true, near: near}}, nil
	}
	at := 0
	for i := range errs {
		if errs[i] > errs[at] {
			at = i
		}
	}
	if errs[at] <= 0 {
		// The secants are exact at the LP point but the incumbent did not
		// close the node (a failed polish, or tangent error): split the
		// widest range.
		return sr.split(nd, bound, near, widest(nd.b, sr.sp.root), math.NaN()), nil
	}
	return sr.split(nd, bound, near, at, sol.X[rx.t[at]]), nil
}

// maxCutRounds bounds the tangent rounds per node.
const maxCutRounds = 4

// cutTol is the error of the S² tangents worth another LP round: a tenth
// of the gap, shared by the DCs.
func (sr *search) cutTol(bound float64) float64 {
	ref := math.Abs(bound)
	if !math.IsInf(sr.lower, -1) {
		ref = math.Abs(sr.lower)
	}
	return 0.1 * sr.opt.Gap * math.Max(1, ref) / float64(len(sr.in.DataCenters))
}

// offer evaluates the LP's policy (feasible for RRS) and, when it beats the
// incumbent or at the root, polishes it by a local solve into a KKT point.
func (sr *search) offer(ctx context.Context, x []float64, root bool) error {
	f := make([]float64, len(x))
	for k, v := range x {
		f[k] = math.Max(v, 0)
	}
	if !root && sr.p.Objective(f) <= sr.lower {
		return nil
	}
	loc, err := sr.p.SolveLocal(ctx, f, qp.LocalOptions{})
	sr.locals++
	if err != nil {
		if ctx.Err() != nil {
			return err
		}
		return nil // a failed polish loses only a candidate
	}
	if loc.Residuals.Primal > qp.KKTTol {
		return nil
	}
	if loc.Objective > sr.lower {
		sr.best, sr.lower = loc, loc.Objective
	}
	return nil
}

// split halves nd's box on DC i at t (the LP's T_i, kept within the middle
// 60 % of the range so that every range shrinks geometrically), or at the
// midpoint when t is NaN. A range shorter than minSide is not split: the
// node is closed and its bound stays in the reported gap.
func (sr *search) split(nd *node, bound float64, near []float64, i int, t float64) []*node {
	lo, hi := nd.b.Lo[i], nd.b.Hi[i]
	if hi-lo < minSide {
		sr.pruned = math.Max(sr.pruned, bound)
		return nil
	}
	at := 0.5 * (lo + hi)
	if !math.IsNaN(t) {
		at = math.Min(math.Max(t, lo+0.2*(hi-lo)), hi-0.2*(hi-lo))
	}
	a, b := nd.b.clone(), nd.b.clone()
	a.Hi[i], b.Lo[i] = at, at
	return []*node{{b: a, bound: bound, depth: nd.depth + 1, near: near}, {b: b, bound: bound, depth: nd.depth + 1, near: near}}
}

// minSide is the shortest T-range split: the secant error β(Hi − Lo)²/4
// is then below rounding for any β an instance can have.
const minSide = 1e-12

// widest is the DC whose T-range is the widest relative to the root's.
func widest(b, root box) int {
	at, best := 0, -1.0
	for i := range b.Lo {
		if w := (b.Hi[i] - b.Lo[i]) / math.Max(root.Hi[i]-root.Lo[i], minSide); w > best {
			at, best = i, w
		}
	}
	return at
}
