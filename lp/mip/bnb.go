package mip

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/simplex"
)

var inf = math.Inf(1)

// plungeFrac limits a dive: after branching, the search continues with a
// child only while the node's bound lies within this fraction of the
// distance from the best open bound to the incumbent (doc.go, "Branch and
// bound", for 0.8 against 0.5).
const plungeFrac = 0.8

// search is the state of one branch-and-bound run. Internally every
// objective value is of the minimisation form: z = sign·(cᵀx + c₀).
type search struct {
	ctx  context.Context
	m    *lp.Model // the model as given: incumbents are checked against it
	w    *lp.Model // the working model: rows strengthened, bounds tightened
	opts Options
	rel  relaxation
	sign float64

	n              int
	isInt          []bool
	rootLo, rootHi []float64 // global bounds, tightened as the search learns
	lo, hi         []float64 // bounds currently set in rel
	tLo, tHi       []float64 // scratch: the bounds of the node being set up
	prop           *propagator
	upLocks        []int // rows that may become violated when xⱼ increases
	downLocks      []int
	objStep        float64 // integer objective values differ by multiples of this (0: unknown)

	incX []float64 // incumbent, nil if none
	incZ float64

	pcSum [2][]float64 // [0] down, [1] up
	pcCnt [2][]int
	pcAll [2]float64
	pcN   [2]int

	// root LP, for global reduced-cost fixing
	rootZ     float64
	rootD     []float64 // reduced costs in minimisation form; nil if unknown
	rootX     []float64
	rootLPLo  []float64
	rootLPHi  []float64
	haveRoot  bool
	rootUnbnd bool
	open      nodeHeap
	seq       uint64 // the seq of the next node made (stamp)
	// dropped is the smallest lower bound of any part of the tree left
	// unexplored without being proven unable to improve the incumbent at
	// all: subtrees pruned by the gap tolerance (bound ≥ cutoff but below
	// the incumbent), column ranges removed by reduced-cost fixing against
	// the cutoff, and nodes dropped because their LP failed. It stays in the
	// reported bound, so that the bound is valid whatever the tolerance.
	dropped      float64
	nodes, iters int
	work         lpWork // node and strong-branching LPs (branching.go)
	incomplete   bool   // a node was dropped because its LP failed
	start        time.Time
	lastLog      int
	active       float64 // bound of the node being processed, for the log
	// openFloor is, in a worker of a round, the smallest bound of the
	// open nodes outside its task (frozen at the round's start); +∞ in
	// the search that owns the tree (see openMin)
	openFloor float64
	task      *task // in a worker of a round: what its task produces (parallel.go); nil otherwise

	mk            newRelaxation // makes the relaxation, for rebuilds
	depth         int           // depth of the node being processed
	stop          error         // what a callback returned to stop the search
	lazy          []lp.Row      // the lazy constraints returned so far
	pending       []lp.Row      // rows not yet in the relaxation (flushRows)
	lastEvent     int           // node count at the last progress event
	userCutsAdded int
	nodeCut       nodeCutState // cut separation at tree nodes (nodecuts.go)
	primal        primalState  // the primal heuristics' state (submip.go)

	learnt   // conflict pool and clique table (conflict.go, clique.go)
	cutState // root cut families and restarts (restart.go)

	sym      *symmetry // symmetry generators and handling (symmetry.go); nil: none
	symFixed int       // bounds tightened at nodes by lexicographic propagation

	// bufs are node's scratch slices, kept from one node to the next
	// (each worker of a parallel round has its own)
	bufs *nodeBuffers
	// varLo, varHi are the bounds of the model as given, and varLoTol,
	// varHiTol the values beyond which roundedValue rejects a point
	varLo, varHi, varLoTol, varHiTol []float64
}

// nodeBuffers are the slices node and what it calls fill afresh at every
// node; none of them outlives the call that fills it.
type nodeBuffers struct {
	changed  []int         // the columns whose bounds node changes
	learnt   []int         // propagateLearnt's first list of columns
	frac     []int         // node's fractional columns
	d        []float64     // a node LP's reduced costs (not the root's)
	diff     []boundChange // changesExcept
	round    [4][]float64  // roundingHeuristics' two points and their rounded copies
	duals    []float64     // proofConflict's duals in minimisation form
	conflict []float64     // proofConflict's aggregated row
}

// solveWith runs LP-based branch and bound on m with the relaxations mk
// makes. See the package documentation for the statuses it returns and what
// the solution holds in each case.
func solveWith(ctx context.Context, m *lp.Model, opts Options, mk newRelaxation) (*lp.Solution, error) {
	start := time.Now()
	if m == nil {
		return nil, errors.New("mip: nil model")
	}
	if err := m.Validate(); err != nil {
		return nil, fmt.Errorf("mip: %w", err)
	}
	o, err := opts.withDefaults()
	if err != nil {
		return nil, err
	}
	if o.Start != nil && len(o.Start) != len(m.Vars) {
		return nil, fmt.Errorf("mip: options.Start: %d values for %d columns", len(o.Start), len(m.Vars))
	}
	s := newSearch(ctx, m, o)
	s.start = start
	s.mk = mk
	var warnings []string
	if o.Start != nil {
		w, err := s.useStart(mk)
		if err != nil {
			return nil, err
		}
		if w != "" {
			warnings = append(warnings, w)
		}
	}
	st := lp.Infeasible
	if s.presolve() {
		rel, err := mk(s.w)
		if err != nil {
			return nil, fmt.Errorf("mip: building the LP relaxation: %w", err)
		}
		s.rel = rel
		if o.FeasJump.enabled(DefaultFeasJump) {
			s.feasJump()
		}
		if !o.NoCuts {
			if err := s.rootCuts(mk); err != nil {
				return nil, err
			}
		}
		if st, err = s.run(); err != nil {
			return nil, err
		}
	}
	if err := s.stopErr(); err != nil {
		return nil, err
	}
	if s.rootUnbnd {
		if o.Callbacks.Lazy != nil {
			return nil, fmt.Errorf("%w: the LP relaxation is unbounded, and with lazy constraints whether the rows left out bound it cannot be known: bound the columns", ErrCallback)
		}
		return s.unbounded(ctx, mk, start)
	}
	sol := s.result(st)
	sol.Time = time.Since(start)
	sol.Warnings = warnings
	return sol, nil
}

func newSearch(ctx context.Context, m *lp.Model, o Options) *search {
	n := len(m.Vars)
	s := &search{ctx: ctx, m: m, w: m.Clone(), opts: o, sign: 1, n: n, incZ: inf, active: -inf, dropped: inf, openFloor: inf}
	if m.Sense == lp.Maximize {
		s.sign = -1
	}
	s.isInt = make([]bool, n)
	s.rootLo, s.rootHi = make([]float64, n), make([]float64, n)
	s.lo, s.hi = make([]float64, n), make([]float64, n)
	s.tLo, s.tHi = make([]float64, n), make([]float64, n)
	s.bufs = &nodeBuffers{}
	s.varLo, s.varHi = make([]float64, n), make([]float64, n)
	s.varLoTol, s.varHiTol = make([]float64, n), make([]float64, n)
	for j, v := range m.Vars {
		s.varLo[j], s.varHi[j] = v.Lower, v.Upper
		s.varLoTol[j] = v.Lower - feasTol*(1+math.Abs(v.Lower))
		s.varHiTol[j] = v.Upper + feasTol*(1+math.Abs(v.Upper))
		s.isInt[j] = v.Integer
		s.lo[j], s.hi[j] = v.Lower, v.Upper
		s.rootLo[j], s.rootHi[j] = v.Lower, v.Upper
		if v.Integer {
			s.rootLo[j] = math.Ceil(v.Lower - o.IntTol)
			s.rootHi[j] = math.Floor(v.Upper + o.IntTol)
		}
	}
	for d := 0; d < 2; d++ {
		s.pcSum[d] = make([]float64, n)
		s.pcCnt[d] = make([]int, n)
	}
	s.prop = newPropagator(s.w, s.isInt, o.IntTol)
	if o.Conflicts.enabled(defaultConflicts) {
		s.pool = newConflictPool(s.w, s.isInt, o.IntTol)
	}
	s.upLocks, s.downLocks = make([]int, n), make([]int, n)
	for i := range m.Rows {
		s.lockRow(&m.Rows[i], 1)
	}
	return s
}

// lockRow adds delta to the rounding locks of row r's columns: a column
// is locked upwards by the rows that increasing it can violate, downwards
// by those that decreasing it can (delta 1 for a row that joins the
// model, −1 for one deleted from it).
func (s *search) lockRow(r *lp.Row, delta int) {
	hasLo, hasHi := !math.IsInf(r.Lower, -1), !math.IsInf(r.Upper, 1)
	for k, j := range r.Ind {
		if (r.Val[k] > 0 && hasHi) || (r.Val[k] < 0 && hasLo) {
			s.upLocks[j] += delta
		}
		if (r.Val[k] > 0 && hasLo) || (r.Val[k] < 0 && hasHi) {
			s.downLocks[j] += delta
		}
	}
}

// presolve rounds the bounds of integer columns, propagates the rows and
// tightens coefficients, alternately (not with Options.NoPresolve), and
// stores the result in the working model. It reports false if it proves
// the model infeasible.
func (s *search) presolve() bool {
	for j := range s.rootLo {
		if s.rootLo[j] > s.rootHi[j] {
			return false
		}
	}
	for round := 0; round < 3 && !s.opts.NoPresolve; round++ {
		if !s.prop.run(s.rootLo, s.rootHi, nil, nil) {
			return false
		}
		if s.opts.ContBounds.enabled(DefaultContBounds) {
			if _, ok := tightenContinuous(s.prop, s.rootLo, s.rootHi); !ok {
				return false
			}
		}
		if tightenCoefficients(s.w, s.rootLo, s.rootHi) == 0 {
			break
		}
		// the propagator's column index holds the old coefficients
		s.prop = newPropagator(s.w, s.isInt, s.opts.IntTol)
	}
	hulled := s.probeHulled
	if !s.buildCliques() {
		return false
	}
	if s.probeHulled > hulled && tightenCoefficients(s.w, s.rootLo, s.rootHi) > 0 {
		s.prop = newPropagator(s.w, s.isInt, s.opts.IntTol)
	}
	for j := range s.w.Vars {
		s.w.Vars[j].Lower, s.w.Vars[j].Upper = s.rootLo[j], s.rootHi[j]
	}
	copy(s.lo, s.rootLo)
	copy(s.hi, s.rootHi)
	s.objStep = objectiveStep(s.w, s.rootLo, s.rootHi)
	s.detectSymmetry()
	return true
}

// cutLoop runs rounds of cut separation at the root: solve the LP, add the
// violated cover, zero-half, implied-bound, flow-cover, c-MIR, clique and
// Gomory cuts to the working model and to the relaxation (warm when it can
// take rows, rebuilt otherwise). It stops when no cut is found, a round
// raises the bound by less than 0.1 % of its distance from the first LP
// value, or after cutRounds rounds, and then drops the cuts that do not
// support the last optimum (dropSlackCuts). It returns the last optimal
// LP solution (nil if the LP failed). The root is solved again, as a node,
// by run.
func (s *search) cutLoop(mk newRelaxation) (*lp.Solution, error) {
	var last *lp.Solution
	first, prev := math.NaN(), math.NaN()
	added, rounds := 0, 0
	nOrig := len(s.w.Rows)
	vubs := findVUBs(s.w, s.rootLo, s.rootHi)
	for round := 0; ; round++ {
		rounds = round
		sol, err := s.rel.Solve(s.ctx)
		if sol != nil {
			s.iters += sol.Iterations
		}
		if err != nil || sol.Status != lp.Optimal {
			last = nil
			break // run reports what the root LP says
		}
		last = sol
		z := s.sign * sol.Objective
		stop := round == cutRounds
		if round == 0 {
			first = z
		} else if z-prev <= 1e-3*math.Max(z-first, 1e-6*math.Max(1, math.Abs(z))) {
			stop = true
		}
		prev = z
		var cuts []lp.Row
		if !stop {
			cuts = s.moreCuts(sol.X)
			cuts = append(cuts, flowCuts(s.w, s.rootLo, s.rootHi, sol.X, vubs)...)
			cuts = append(cuts, s.countGI(mirCuts(s.w, s.rootLo, s.rootHi, sol.X, vubs, s.intCutsOn()))...)
			cuts = append(cuts, s.cliqueCuts(sol.X)...)
			if round < gomoryRounds {
				if b, ok := s.rel.Snapshot().(simplex.Basis); ok {
					cuts = append(cuts, s.countGI(gomoryCuts(s.w, s.rootLo, s.rootHi, sol.X, b, s.intCutsOn()))...)
				}
			}
		}
		if len(cuts) == 0 {
			// the last solution is optimal for the current rows: drop the
			// slack cuts before the search starts
			if s.dropSlackCuts(nOrig, sol) > 0 {
				if err := s.rebuild(mk); err != nil {
					return nil, err
				}
			}
			break
		}
		s.w.Rows = append(s.w.Rows, cuts...)
		added += len(cuts)
		if ra, ok := s.rel.(rowAdder); ok && ra.AddRows(cuts) == nil {
			continue // warm: the next solve continues from the current basis
		}
		if err := s.rebuild(mk); err != nil {
			return nil, err
		}
	}
	if added > 0 {
		s.prop = newPropagator(s.w, s.isInt, s.opts.IntTol)
		if s.opts.Log != nil {
			fmt.Fprintf(s.opts.Log, "root: %d cuts in %d rounds, %d kept, LP bound %.10g -> %.10g\n",
				added, rounds, len(s.w.Rows)-nOrig, s.sign*first, s.sign*prev)
		}
	}
	return last, nil
}

// splitUndecided handles a node whose LP failed (status st). In the
// KKT-MILPs of models/rrs this happens when the LP is infeasible by a
// margin no certificate can prove in float64 (glpsol, CLP and lp_solve call
// it infeasible too); a cold solve of such an LP fails the same way.
// Without an LP point it branches on the pseudo-solution, as SCIP does on
// unresolved numerical trouble in a node's LP (its solve.c): the unfixed
// integer column of best pseudo-cost score is split at the middle of its
// range, and both children keep the node's bound, which holds for every
// subset of its region. With fewer columns free the children's LPs are
// usually decided. A node with every integer column fixed is dropped: its
// part of the tree stays in the bound, and the answer can no longer be
// proven (NumericalError).
func (s *search) splitUndecided(cur *node, st lp.Status) {
	j, bestScore := -1, -1.0
	for k := range s.n {
		if s.isInt[k] && s.lo[k] < s.hi[k] {
			if score := productScore(s.pseudoCost(0, k), s.pseudoCost(1, k)); score > bestScore {
				j, bestScore = k, score
			}
		}
	}
	if j < 0 {
		if s.opts.Log != nil {
			fmt.Fprintf(s.opts.Log, "node %d: LP ended %v with every integer column fixed; node dropped with its bound %.10g, the answer cannot be proven\n", s.nodes, st, s.sign*cur.bound)
		}
		s.incomplete = true
		s.drop(cur.bound)
		return
	}
	if s.opts.Log != nil {
		fmt.Fprintf(s.opts.Log, "node %d: LP ended %v; split on column %d's range [%g, %g] without an LP point\n", s.nodes, st, j, s.lo[j], s.hi[j])
	}
	mid := math.Floor((s.lo[j] + s.hi[j]) / 2)
	diff := s.changesExcept(j)
	for _, r := range [][2]float64{{s.lo[j], mid}, {mid + 1, s.hi[j]}} {
		s.open.push(s.stamp(&node{bound: cur.bound, changes: withChange(diff, boundChange{j, r[0], r[1]}),
			warm: cur.warm, depth: cur.depth + 1, pcVar: -1, parentZ: inf}))
	}
}

// stamp gives n the next sequence number and returns it.
func (s *search) stamp(n *node) *node {
	n.seq = s.seq
	s.seq++
	return n
}

// changesExcept lists the bounds of the current node (s.lo, s.hi) that
// differ from the root's, leaving out column skip. The list is s.bufs.diff,
// valid until the next call: the children copy it (withChange).
func (s *search) changesExcept(skip int) []boundChange {
	diff := s.bufs.diff[:0]
	for k := range s.n {
		if k != skip && (s.lo[k] != s.rootLo[k] || s.hi[k] != s.rootHi[k]) {
			diff = append(diff, boundChange{k, s.lo[k], s.hi[k]})
		}
	}
	s.bufs.diff = diff
	return diff
}

// fmax is math.Max, with the order of two distinct numbers decided inline
// (math.Max is a call on amd64); equal numbers (±0) and NaNs go to
// math.Max, so the result is math.Max's in every case.
func fmax(a, b float64) float64 {
	if a > b {
		return a
	}
	if b > a {
		return b
	}
	return math.Max(a, b)
}

// fmin is math.Min as fmax is math.Max.
func fmin(a, b float64) float64 {
	if a < b {
		return a
	}
	if b < a {
		return b
	}
	return math.Min(a, b)
}

// withChange returns a new list: diff followed by c.
func withChange(diff []boundChange, c boundChange) []boundChange {
	out := make([]boundChange, len(diff)+1)
	copy(out, diff)
	out[len(diff)] = c
	return out
}

// rebuild makes a fresh relaxation of the working model.
func (s *search) rebuild(mk newRelaxation) error {
	rel, err := mk(s.w)
	if err != nil {
		return fmt.Errorf("mip: rebuilding the LP relaxation with cuts: %w", err)
	}
	s.rel = rel
	return nil
}

// dropSlackCuts removes the cut rows (those from index nOrig on) that do
// not support the LP optimum sol: with duals, those whose multiplier is
// zero; without, those not binding at sol.X (within 1e-6 of a finite side,
// relative to it). It returns how many it removed.
func (s *search) dropSlackCuts(nOrig int, sol *lp.Solution) int {
	act := sol.RowActivity
	if len(act) != len(s.w.Rows) {
		act = s.w.Activities(sol.X)
	}
	binding := func(a, side float64) bool {
		return !math.IsInf(side, 0) && math.Abs(a-side) <= 1e-6*math.Max(1, math.Abs(side))
	}
	kept := s.w.Rows[:nOrig]
	for i, r := range s.w.Rows[nOrig:] {
		var keep bool
		if len(sol.RowDual) == len(s.w.Rows) {
			keep = math.Abs(sol.RowDual[nOrig+i]) > 1e-9
		} else {
			a := act[nOrig+i]
			keep = binding(a, r.Upper) || binding(a, r.Lower) || a > r.Upper || a < r.Lower
		}
		if keep {
			kept = append(kept, r)
		}
	}
	n := len(s.w.Rows) - len(kept)
	s.w.Rows = kept
	return n
}

// objectiveStep returns g > 0 if every integer-feasible objective value is
// c₀ plus a multiple of g (all costs on columns that are not fixed belong to
// integer columns and are integer multiples of g), else 0.
func objectiveStep(m *lp.Model, lo, hi []float64) float64 {
	var g int64
	for j, c := range m.Obj {
		if c == 0 || lo[j] == hi[j] {
			continue
		}
		if !m.Vars[j].Integer || c != math.Trunc(c) || math.Abs(c) > 1<<40 {
			return 0
		}
		g = gcd(g, int64(math.Abs(c)))
	}
	return float64(g)
}

func countTrue(b []bool) int {
	n := 0
	for _, v := range b {
		if v {
			n++
		}
	}
	return n
}

func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// cutoff returns the value at or above which a node cannot improve the
// incumbent enough to matter.
func (s *search) cutoff() float64 {
	if s.incX == nil {
		if s.primal.sub {
			return s.primal.objLimit
		}
		return inf
	}
	allow := math.Max(s.opts.AbsGap, s.opts.MIPGap*math.Max(1, math.Abs(s.incZ)))
	c := s.incZ - allow
	if s.objStep > 0 {
		// the next better solution is at most incZ − step
		c = math.Min(c, s.incZ-s.objStep+1e-6*s.objStep+1e-9*math.Abs(s.incZ))
	}
	return c
}

// lowerBound is the best bound over the open nodes, the parts of the tree
// dropped without proof (see search.dropped) and the incumbent. With a
// known objective step, it is rounded up to the lattice of objective values
// the incumbent lies on.
func (s *search) lowerBound() float64 {
	lb := math.Min(math.Min(s.open.min(), s.dropped), s.incZ)
	if s.objStep > 0 && s.incX != nil && lb < s.incZ && !math.IsInf(lb, -1) {
		// integer objective values lie on the lattice incZ + k·step
		lb = s.incZ - s.objStep*math.Floor((s.incZ-lb)/s.objStep+1e-9)
	}
	return lb
}

// drop records that a part of the tree whose objective is at least b is
// left unexplored: b stays in the reported bound.
func (s *search) drop(b float64) {
	if b < s.dropped {
		s.dropped = b
	}
}

// openMin is the smallest bound of the open nodes: those of the search,
// and in a worker of a round those outside its task as well.
func (s *search) openMin() float64 {
	return math.Min(s.open.min(), s.openFloor)
}

func (s *search) gapClosed() bool {
	return s.incX != nil && s.open.min() >= s.cutoff()
}

// run explores the tree and returns the final status. The root and the
// plunge from it are processed here; the rest of the tree goes in rounds
// (parallel.go), unless a user-cut or lazy-constraint callback makes every
// node depend on the rows returned at the nodes before it: then one node
// at a time, as loop does.
func (s *search) run() (lp.Status, error) {
	// One thread runs the serial loop, which the rounds of one node would
	// only repeat (TestRoundsOfOneThreadAreTheLoop) at the cost of a copy
	// of the pseudo-costs per plunge.
	rounds := s.opts.Callbacks.Cuts == nil && s.opts.Callbacks.Lazy == nil && (s.threads() > 1 || s.opts.roundsAlways)
	st, err := s.loop(s.stamp(&node{bound: -inf, pcVar: -1}), rounds)
	if err == nil && st == lp.NotSolved && rounds {
		st, err = s.rounds()
	}
	if err != nil || st != lp.NotSolved {
		return st, err
	}
	return s.finalStatus(), nil
}

// finalStatus is the status of a search that explored its whole tree. A
// node dropped because its LP failed (search.incomplete) leaves the answer
// unproven unless its bound, kept in search.dropped, lies at or above the
// cutoff: then no dropped region holds a point better than the incumbent
// by more than the gap tolerance, and the incumbent is proven as if the
// node had been pruned by its bound. (dsbmip ended NumericalError with the
// optimal incumbent and a closed gap: the one node dropped had the
// optimum's own bound.)
func (s *search) finalStatus() lp.Status {
	switch {
	case s.incomplete && (s.incX == nil || s.dropped < s.cutoff()):
		return lp.NumericalError
	case s.incX == nil:
		return lp.Infeasible
	}
	return lp.Optimal
}

// loop processes nodes one at a time from cur, diving into a child while
// node returns one and then taking the best open node, until the tree is
// done (status NotSolved) or a limit stops it. With plungeOnly it returns
// NotSolved as soon as the dive from cur ends.
func (s *search) loop(cur *node, plungeOnly bool) (lp.Status, error) {
	for {
		if cur == nil {
			if plungeOnly || len(s.open) == 0 || s.gapClosed() {
				return lp.NotSolved, nil
			}
			cur = s.open.pop()
			if cur.bound >= s.cutoff() {
				s.drop(cur.bound)
				cur = nil
				continue
			}
			if err := s.rel.Restore(cur.warm); err != nil {
				return 0, fmt.Errorf("mip: restoring a warm start: %w", err)
			}
		}
		if s.halted() {
			s.open.push(cur)
			return lp.TimeLimit, nil
		}
		if s.opts.NodeLimit > 0 && s.nodes >= s.opts.NodeLimit {
			s.open.push(cur)
			return lp.NodeLimit, nil
		}
		if s.primal.iterLimit > 0 && s.iters >= s.primal.iterLimit {
			s.open.push(cur)
			return lp.IterationLimit, nil
		}
		s.nodes++
		next, st, err := s.node(cur)
		if err != nil || st != lp.NotSolved {
			return st, err
		}
		cur = next
		s.active = inf
		if cur != nil {
			s.active = cur.bound
		}
		s.report()
	}
}

// report writes the periodic log line and sends the periodic progress
// event when they are due.
func (s *search) report() {
	if s.opts.Log != nil && s.nodes-s.lastLog >= s.opts.LogEvery {
		s.lastLog = s.nodes
		s.logLine("")
	}
	if s.opts.Callbacks.Event != nil && (s.nodes == 1 || s.nodes-s.lastEvent >= s.opts.Callbacks.Every) {
		s.lastEvent = s.nodes
		s.event(ProgressEvent, nil, "")
	}
}

// node processes one node. It returns the child to dive into (nil to pick
// the best open node next), or a status other than NotSolved to stop.
func (s *search) node(cur *node) (*node, lp.Status, error) {
	root := cur.pcVar < 0 && !s.haveRoot
	s.active = cur.bound
	s.depth = cur.depth
	if cur.bound >= s.cutoff() {
		s.drop(cur.bound)
		return nil, lp.NotSolved, nil
	}
	// rows returned by the callbacks since the last node
	if err := s.flushRows(); err != nil {
		return nil, 0, err
	}
	// bounds of this node: the root's, intersected with its own changes
	copy(s.tLo, s.rootLo)
	copy(s.tHi, s.rootHi)
	for _, c := range cur.changes {
		s.tLo[c.j] = fmax(s.tLo[c.j], c.lo)
		s.tHi[c.j] = fmin(s.tHi[c.j], c.hi)
		if s.tLo[c.j] > s.tHi[c.j] {
			return nil, lp.NotSolved, nil
		}
	}
	if !root {
		changed := s.bufs.changed[:0]
		for j := 0; j < s.n; j++ {
			if s.tLo[j] != s.lo[j] || s.tHi[j] != s.hi[j] {
				changed = append(changed, j)
			}
		}
		s.bufs.changed = changed
		if !s.prop.runTracked(s.tLo, s.tHi, changed, nil) || !s.propagateLearnt(s.tLo, s.tHi) || !s.propagateSymmetry(s.tLo, s.tHi) {
			return nil, lp.NotSolved, nil
		}
	}
	for j := 0; j < s.n; j++ {
		if s.tLo[j] != s.lo[j] || s.tHi[j] != s.hi[j] {
			s.lo[j], s.hi[j] = s.tLo[j], s.tHi[j]
			s.rel.SetColBounds(j, s.lo[j], s.hi[j])
		}
	}

	// The LP is solved again while its integral point is rejected by new
	// lazy constraints or user cuts cut its point off.
	var (
		z    float64
		x, d []float64
		frac []int
	)
	// the node's bound before and after its node cuts (nodecuts.go); NaN
	// if it separated none
	ncZ0, ncZ := math.NaN(), math.NaN()
	defer func() {
		if !math.IsNaN(ncZ0) {
			s.nodeCutsDone(ncZ0, ncZ)
		}
	}()
	for lazyRounds, cutRounds, nodeRounds := 0, 0, 0; ; {
		sol, err := s.rel.Solve(s.ctx)
		if sol != nil {
			s.iters += sol.Iterations
			if !root {
				s.work.nodeLPs++
				s.work.nodeIters += sol.Iterations
			}
			if nodeRounds > 0 {
				s.nodeCut.iters += sol.Iterations
			}
		}
		if err != nil {
			if s.ctx.Err() != nil {
				s.open.push(cur)
				return nil, lp.TimeLimit, nil
			}
			return nil, 0, fmt.Errorf("mip: LP relaxation at node %d: %w", s.nodes, err)
		}
		switch sol.Status {
		case lp.Optimal:
		case lp.Infeasible:
			s.farkasConflict(sol.FarkasRow)
			ncZ = inf
			return nil, lp.NotSolved, nil
		case lp.Unbounded, lp.InfeasibleOrUnbounded:
			if root {
				s.rootUnbnd = true
				return nil, lp.Unbounded, nil
			}
			// A subproblem of a bounded LP cannot be unbounded: numerical trouble.
			s.splitUndecided(cur, sol.Status)
			return nil, lp.NotSolved, nil
		case lp.TimeLimit:
			s.open.push(cur)
			return nil, lp.TimeLimit, nil
		default:
			if root {
				// the search cannot start: report the LP's limit or failure
				if sol.Status == lp.IterationLimit {
					return nil, lp.IterationLimit, nil
				}
				return nil, lp.NumericalError, nil
			}
			s.splitUndecided(cur, sol.Status)
			return nil, lp.NotSolved, nil
		}
		z, x = s.sign*sol.Objective, sol.X
		if !root {
			s.ageNodeCuts(sol.RowActivity)
		}
		if cur.pcVar >= 0 && lazyRounds+cutRounds+nodeRounds == 0 {
			s.updatePseudoCost(cur, z)
		}
		if z > cur.bound {
			cur.bound = z
		}
		s.active = cur.bound
		ncZ = z
		d = nil
		if sol.ReducedCost != nil {
			// the root keeps its reduced costs (rootD); a node's are
			// used before the next node
			if root {
				d = make([]float64, s.n)
			} else {
				d = slices.Grow(s.bufs.d[:0], s.n)[:s.n]
				s.bufs.d = d
			}
			for j := range d {
				d[j] = s.sign * sol.ReducedCost[j]
			}
		}
		if root {
			if s.opts.Log != nil && !s.haveRoot {
				fmt.Fprintf(s.opts.Log, "root: LP bound %.10g after %d iterations; %d integer columns, %d rows\n",
					s.sign*z, s.iters, countTrue(s.isInt), len(s.w.Rows))
			}
			s.haveRoot = true
			s.rootZ, s.rootD = z, d
			s.rootX = append([]float64(nil), x...)
			s.rootLPLo = append([]float64(nil), s.lo...)
			s.rootLPHi = append([]float64(nil), s.hi...)
		}
		if z >= s.cutoff() {
			s.proofConflict(sol.RowDual)
			s.drop(z)
			return nil, lp.NotSolved, nil
		}

		frac = s.fractionalTo(s.bufs.frac[:0], x)
		s.bufs.frac = frac
		if len(frac) == 0 {
			if s.tryIncumbent(x, "lp") {
				return nil, lp.NotSolved, nil
			}
			if s.halted() {
				s.open.push(cur)
				return nil, lp.TimeLimit, nil
			}
			if len(s.pending) > 0 && lazyRounds < maxLazyRounds {
				// cut off by the lazy constraints just returned
				lazyRounds++
				if err := s.flushRows(); err != nil {
					return nil, 0, err
				}
				continue
			}
			// integral within tolerance but infeasible after rounding
			if frac = s.inexact(x); len(frac) > 0 {
				// the rounding of these columns is what the check
				// rejects (a flow x ≤ u·y with y = 1e-7 < IntTol):
				// branching on them settles the node exactly
				if s.opts.Log != nil {
					fmt.Fprintf(s.opts.Log, "node %d: integral LP point rejected by the check against the model, branching on one of %d columns within the integrality tolerance (z = %.10g)\n", s.nodes, len(frac), s.sign*z)
				}
				break
			}
			if s.opts.Log != nil {
				fmt.Fprintf(s.opts.Log, "node %d: integral LP point rejected by the check against the model or the lazy constraints (z = %.10g)\n", s.nodes, s.sign*z)
			}
			s.incomplete = true
			s.drop(z)
			return nil, lp.NotSolved, nil
		}
		if s.opts.Callbacks.Cuts != nil && cutRounds < UserCutRounds && s.userCuts(x, z) {
			cutRounds++
			if err := s.flushRows(); err != nil {
				return nil, 0, err
			}
			continue
		}
		if !root && s.nodeCutsOn() && s.nodeCutsDue(nodeRounds) {
			if nodeRounds == 0 {
				ncZ0 = z
			}
			s.nodeCut.calls++
			if cuts := s.separateNode(x); len(cuts) > 0 {
				nodeRounds++
				s.nodeCut.added += len(cuts)
				if s.opts.nodeCutsSeen != nil {
					s.opts.nodeCutsSeen(cuts, s.cutoff())
				}
				s.addRows(cuts)
				if err := s.flushRows(); err != nil {
					return nil, 0, err
				}
				s.nodeCutsAdded(len(cuts))
				continue
			}
		}
		break
	}
	s.roundingHeuristics(x, frac)
	if root {
		s.feasPumpRoot(x)
	}
	if err := s.runDives(x, z, root); err != nil {
		return nil, 0, err
	}
	if s.runSubMIPs() {
		if root && s.opts.RENS.enabled(DefaultRENS) {
			s.rens(x)
		} else if !root && s.incX != nil && s.opts.RINS.enabled(DefaultRINS) && s.nodes >= max(rinsFirst, s.primal.nextRINS) {
			s.rins(x)
		}
	}
	if z >= s.cutoff() {
		s.drop(z)
		return nil, lp.NotSolved, nil
	}
	if d != nil && s.incX != nil {
		s.reducedCostFix(z, x, d)
	}

	if len(s.nodeCut.rows) > 0 {
		s.dropNodeCuts()
	}
	warm := s.rel.Snapshot()
	j, zDown, zUp, err := s.choose(frac, x, z, warm)
	if err != nil {
		return nil, 0, err
	}
	if s.halted() {
		s.open.push(cur)
		return nil, lp.TimeLimit, nil
	}
	xj := x[j]
	f := xj - math.Floor(xj)
	diff := s.changesExcept(j)
	mk := func(lo, hi, delta, bound float64, up bool) *node {
		return s.stamp(&node{bound: math.Max(z, bound), changes: withChange(diff, boundChange{j, lo, hi}), warm: warm, depth: cur.depth + 1,
			pcVar: j, pcUp: up, pcDelta: delta, parentZ: z})
	}
	down := mk(s.lo[j], math.Floor(xj), f, zDown, false)
	up := mk(math.Ceil(xj), s.hi[j], 1-f, zUp, true)
	dive, other := down, up
	if f >= 0.5 {
		dive, other = up, down
	}
	best := math.Min(s.openMin(), z)
	if s.incX == nil || z-best <= plungeFrac*(s.incZ-best) {
		s.open.push(other)
		return dive, lp.NotSolved, nil
	}
	s.open.push(other)
	s.open.push(dive)
	return nil, lp.NotSolved, nil
}

// fractional lists the integer columns whose value is not integral.
func (s *search) fractional(x []float64) []int {
	return s.fractionalTo(nil, x)
}

// fractionalTo is fractional appending to frac.
func (s *search) fractionalTo(frac []int, x []float64) []int {
	for j := 0; j < s.n; j++ {
		if s.isInt[j] {
			if math.Abs(x[j]-math.Round(x[j])) > s.opts.IntTol {
				frac = append(frac, j)
			}
		}
	}
	return frac
}

// inexact returns the integer columns, free at the node, whose value in x
// is integral within IntTol but not exactly.
func (s *search) inexact(x []float64) []int {
	var cols []int
	for j := 0; j < s.n; j++ {
		if s.isInt[j] && s.lo[j] < s.hi[j] && x[j] != math.Round(x[j]) {
			cols = append(cols, j)
		}
	}
	return cols
}

func (s *search) logLine(event string) {
	mark := " "
	if event != "" {
		mark = "*"
	}
	inc := "-"
	if s.incX != nil {
		inc = fmt.Sprintf("%.10g", s.sign*s.incZ)
	}
	lb := math.Min(s.lowerBound(), s.active)
	fmt.Fprintf(s.opts.Log, "%s %8d nodes %7d open  incumbent %-16s bound %-16.10g gap %-10s %8d iters %6.1fs %s\n",
		mark, s.nodes, len(s.open), inc, s.sign*lb, gapString(s.incZ, lb, s.incX != nil),
		s.iters, time.Since(s.start).Seconds(), event)
}

func gapString(inc, lb float64, have bool) string {
	if !have {
		return "-"
	}
	return fmt.Sprintf("%.3g%%", 100*gap(inc, lb))
}

// gap is |inc − lb| / max(1, |inc|), the definition of lp.Solution.Gap.
func gap(inc, lb float64) float64 {
	if math.IsInf(lb, 0) {
		return inf
	}
	return math.Abs(inc-lb) / math.Max(1, math.Abs(inc))
}

// result assembles the solution for status st.
func (s *search) result(st lp.Status) *lp.Solution {
	sol := &lp.Solution{Status: st, Nodes: s.nodes, Iterations: s.iters}
	lb := -inf
	switch st {
	case lp.Optimal:
		lb = s.lowerBound()
	case lp.Infeasible:
		lb = inf
	case lp.TimeLimit, lp.NodeLimit, lp.IterationLimit, lp.NumericalError:
		if s.haveRoot {
			lb = s.lowerBound()
		}
	}
	sol.BestBound = s.sign * lb
	if s.incX != nil {
		sol.X = s.incX
		sol.RowActivity = s.m.Activities(s.incX)
		sol.Objective = s.m.Objective(s.incX)
		sol.Gap = gap(s.incZ, lb)
		if st == lp.Optimal && sol.Gap > DefaultMIPGap {
			sol.GapTolerance = s.opts.MIPGap
		}
	} else {
		sol.Gap = inf
	}
	if s.opts.Log != nil {
		if s.opts.Callbacks.Lazy != nil || s.opts.Callbacks.Cuts != nil {
			fmt.Fprintf(s.opts.Log, "callbacks: %d lazy rows, %d user cuts added\n", len(s.lazy), s.userCutsAdded)
		}
		s.logLearnt()
		s.logNodeCuts()
		s.logDives()
		s.logLine("done: " + st.String())
	}
	return sol
}

// unbounded settles a MILP whose root LP relaxation is unbounded (or
// infeasible-or-unbounded): it searches for any integer point of the model
// with a zero objective. With rational data, a feasible MILP whose
// relaxation is unbounded is itself unbounded (Meyer 1974), so a point proves
// Unbounded and its absence proves Infeasible.
func (s *search) unbounded(ctx context.Context, mk newRelaxation, start time.Time) (*lp.Solution, error) {
	f := s.m.Clone()
	for j := range f.Obj {
		f.Obj[j] = 0
	}
	f.ObjOffset = 0
	o := s.opts
	o.Callbacks.Event = nil // the zero objective's incumbents are no news
	o.NodeLimit = 0
	if s.opts.NodeLimit > 0 {
		o.NodeLimit = max(1, s.opts.NodeLimit-s.nodes)
	}
	fs := newSearch(ctx, f, o)
	fs.start = start
	fs.mk = mk
	st := lp.Infeasible
	if fs.presolve() {
		rel, err := mk(fs.w)
		if err != nil {
			return nil, fmt.Errorf("mip: building the feasibility relaxation: %w", err)
		}
		fs.rel = rel
		if st, err = fs.run(); err != nil {
			return nil, err
		}
	}
	if fs.rootUnbnd {
		return nil, errors.New("mip: LP relaxation with zero objective reported unbounded")
	}
	sol := &lp.Solution{Status: st, Nodes: s.nodes + fs.nodes, Iterations: s.iters + fs.iters,
		Gap: inf, BestBound: -s.sign * inf}
	switch st {
	case lp.Optimal:
		sol.Status = lp.Unbounded
		sol.X = fs.incX
		sol.RowActivity = s.m.Activities(fs.incX)
		sol.Objective = s.m.Objective(fs.incX)
	case lp.Infeasible:
		sol.BestBound = s.sign * inf
	}
	sol.Time = time.Since(start)
	return sol, nil
}
