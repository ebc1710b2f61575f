package mip

import (
	"fmt"
	"math"
	"slices"

	"github.com/streamopt/streamopt/lp"
)

// Conflict analysis from the LP (Witzig, Berthold & Heinz 2017): a node
// whose LP is infeasible or whose LP bound reaches the cutoff yields one
// linear constraint, valid for every point the search still looks for and
// violated by the node's local bounds, that is kept in a pool and
// propagated at the other nodes.
//
// Dual ray (infeasible LP). With y the Farkas certificate of the node LP
// and z = Aᵀy, every point x with rl ≤ Ax ≤ ru satisfies
//
//	zᵀx = yᵀ(Ax) ≥ β(y) = Σ_{yᵢ>0} yᵢ rlᵢ + Σ_{yᵢ<0} yᵢ ruᵢ,
//
// whatever y is; the certificate makes the largest zᵀx over the node's
// bounds smaller than β(y). Dual proof (cut-off node). With y the LP's row
// duals (minimisation form), d = c − Aᵀy and the cutoff γ, every point
// that improves the incumbent has cᵀx ≤ γ − c₀ and yᵀAx ≥ β(y), so
//
//	dᵀx ≤ γ − c₀ − β(y),
//
// which the node's bounds violate when its LP value reaches γ. It removes
// only points with objective above γ, and γ only decreases; search.drop
// records γ for the gap accounting.
//
// Before a constraint enters the pool, terms of continuous columns (whose
// bounds the search never changes) and of fixed columns are moved to the
// right-hand side at their global bounds, as are terms below
// conflictDropTol of the largest; the right-hand side is relaxed by an
// allowance for rounding; the constraint must still be violated by the
// node's bounds, have at most maxConflictLen(n) terms and a coefficient
// range below maxConflictRange.
const (
	conflictDropTol  = 1e-9
	maxConflictRange = 1e7
	// maxConflicts is the pool's size limit; when full, the half of the
	// constraints that went longest without tightening a bound goes.
	maxConflicts = 500
	// maxConflictAge: a constraint that has not tightened a bound or
	// pruned a node in this many propagation calls is removed.
	maxConflictAge = 1000
)

// maxConflictLen is the longest conflict kept for a model with n columns.
func maxConflictLen(n int) int { return n/5 + 20 }

// conflictPool holds the learnt constraints Σ aⱼxⱼ ≥ b.
type conflictPool struct {
	m   lp.Model // Rows: the conflicts; Vars: the working model's
	age []int
	// prop propagates the rows (nil until the first propagate): row i
	// is its row slot[i]. Rows added are added to it, rows removed
	// removed from it, so that its column index is not built again.
	prop  *propagator
	slot  []int
	isInt []bool
	tol   float64

	added, removed int
	onAdd          func(lp.Row) // called with each row added (tests)

	// version counts the changes of the rows, so that a worker's view
	// is made again only when they changed.
	version int
	// frozen marks a worker's view of the pool during a round (view):
	// rows are neither aged nor removed but their hits summed in hitSum
	// over calls propagations, and rows added go to learnt as well as to
	// the view's own rows (grown: the view no longer matches the pool).
	frozen, grown bool
	hitSum        []int
	calls         int
	learnt        []lp.Row
}

// view returns a read-only copy of the pool for a worker of a round,
// sharing its rows.
func (c *conflictPool) view() *conflictPool {
	return &conflictPool{m: lp.Model{Vars: c.m.Vars, Rows: slices.Clip(c.m.Rows)}, isInt: c.isInt, tol: c.tol,
		frozen: true, version: c.version, hitSum: make([]int, len(c.m.Rows))}
}

// absorb ages the rows by what the views of a round saw: a row that
// tightened a bound in any of their propagations gets age 0, the others
// age by the number of propagations; rows older than maxConflictAge go.
func (c *conflictPool) absorb(views []*conflictPool) {
	calls := 0
	hit := make([]bool, len(c.m.Rows))
	for _, v := range views {
		calls += v.calls
		for i, h := range v.hitSum[:min(len(v.hitSum), len(hit))] {
			hit[i] = hit[i] || h > 0
		}
	}
	if calls == 0 {
		return
	}
	var idx []int
	old := false
	for i := range c.age {
		if hit[i] {
			c.age[i] = 0
		} else if c.age[i] += calls; c.age[i] > maxConflictAge {
			old = true
			continue
		}
		idx = append(idx, i)
	}
	if old {
		c.keep(idx)
	}
}

func newConflictPool(w *lp.Model, isInt []bool, tol float64) *conflictPool {
	return &conflictPool{m: lp.Model{Vars: w.Vars}, isInt: isInt, tol: tol}
}

func (c *conflictPool) add(r lp.Row) {
	if c.frozen {
		// kept for the merge, and propagated in the rest of the task
		c.learnt = append(c.learnt, r)
		c.m.Rows = append(c.m.Rows, r)
		c.hitSum = append(c.hitSum, 0)
		c.grown = true
		c.addToProp(r)
		return
	}
	c.version++
	if len(c.m.Rows) >= maxConflicts {
		c.shrink(maxConflicts / 2)
	}
	if c.onAdd != nil {
		c.onAdd(r)
	}
	c.m.Rows = append(c.m.Rows, r)
	c.age = append(c.age, 0)
	c.added++
	c.addToProp(r)
}

// addToProp adds row r, just appended to the rows, to c.prop.
func (c *conflictPool) addToProp(r lp.Row) {
	if c.prop != nil {
		c.slot = append(c.slot, c.prop.addRow(r))
	}
}

// shrink keeps the keep rows that tightened a bound most recently.
func (c *conflictPool) shrink(keep int) {
	idx := make([]int, len(c.m.Rows))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return c.age[a] - c.age[b] })
	idx = idx[:keep]
	slices.Sort(idx)
	c.keep(idx)
}

// keep retains the rows idx (increasing).
func (c *conflictPool) keep(idx []int) {
	rows, age := c.m.Rows[:0:0], c.age[:0:0]
	var slot []int
	k := 0 // the next of idx
	for i := range c.m.Rows {
		if k < len(idx) && idx[k] == i {
			k++
			rows = append(rows, c.m.Rows[i])
			age = append(age, c.age[i])
			if c.prop != nil {
				slot = append(slot, c.slot[i])
			}
		} else if c.prop != nil {
			c.prop.removeRow(c.slot[i])
		}
	}
	c.removed += len(c.m.Rows) - len(rows)
	c.m.Rows, c.age, c.slot = rows, age, slot
	if c.prop != nil {
		if next := c.prop.compact(); next != nil {
			for i, q := range c.slot {
				c.slot[i] = next[q]
			}
		}
	}
	c.version++
}

// propagate tightens lo, hi by the pool's rows that hold a column of
// changed, appending tightened columns to *tightened; it reports false if
// a row proves the bounds infeasible. Rows that did nothing age by one;
// those older than maxConflictAge are removed.
func (c *conflictPool) propagate(lo, hi []float64, changed []int, tightened *[]int) bool {
	if len(c.m.Rows) == 0 {
		return true
	}
	if c.prop == nil {
		c.prop = newGrowingPropagator(len(c.m.Vars), c.isInt, c.tol)
		c.slot = c.slot[:0]
		for _, r := range c.m.Rows {
			c.addToProp(r)
		}
	}
	clear(c.prop.hits)
	// the moved sums pass over the rows that cannot act, as at the nodes
	ok := c.prop.runTracked(lo, hi, changed, tightened)
	if c.frozen {
		for i, q := range c.slot {
			c.hitSum[i] += c.prop.hits[q]
		}
		c.calls++
		return ok
	}
	var old bool
	for i, q := range c.slot {
		if h := c.prop.hits[q]; h > 0 {
			c.age[i] = 0
		} else if c.age[i]++; c.age[i] > maxConflictAge {
			old = true
		}
	}
	if old {
		var idx []int
		for i, a := range c.age {
			if a <= maxConflictAge {
				idx = append(idx, i)
			}
		}
		c.keep(idx)
	}
	return ok
}

// farkasConflict learns from an infeasible node LP with certificate y.
func (s *search) farkasConflict(y []float64) {
	if s.pool == nil || len(y) != len(s.w.Rows) {
		return
	}
	z := slices.Grow(s.bufs.conflict[:0], s.n)[:s.n] // scratch, as in proofConflict
	s.bufs.conflict = z
	clear(z)
	beta, ok := s.aggregate(y, z, false)
	if ok {
		s.addConflict(z, beta)
	}
}

// proofConflict learns from a node LP whose value reached the cutoff, with
// the row duals y of the LP's solution (in the model's sense).
func (s *search) proofConflict(y []float64) {
	if s.pool == nil || len(y) != len(s.w.Rows) {
		return
	}
	cut := s.cutoff()
	if math.IsInf(cut, 0) {
		return
	}
	// both are scratch: addConflict copies what it keeps
	ym := slices.Grow(s.bufs.duals[:0], len(y))[:len(y)]
	s.bufs.duals = ym
	for i, v := range y {
		ym[i] = s.sign * v
	}
	z := slices.Grow(s.bufs.conflict[:0], s.n)[:s.n]
	s.bufs.conflict = z
	clear(z)
	beta, ok := s.aggregate(ym, z, true)
	if !ok {
		return
	}
	// yᵀAx ≥ β and cᵀx ≤ γ − c₀ give (Aᵀy − c)ᵀx ≥ β − γ + c₀
	for j, c := range s.w.Obj {
		z[j] -= s.sign * c
	}
	if s.addConflict(z, beta-cut+s.sign*s.w.ObjOffset) {
		s.drop(cut)
	}
}

// aggregate sets z = Aᵀy over the working model's rows and returns β(y).
// A row whose side needed by the sign of yᵢ is infinite makes it fail,
// unless skip is set: then that row is left out (yᵢ taken as 0), which
// keeps the inequality valid.
func (s *search) aggregate(y, z []float64, skip bool) (float64, bool) {
	beta := 0.0
	for i, yi := range y {
		if yi == 0 {
			continue
		}
		r := &s.w.Rows[i]
		side := r.Lower
		if yi < 0 {
			side = r.Upper
		}
		if math.IsInf(side, 0) {
			if skip {
				continue
			}
			return 0, false
		}
		beta += yi * side
		for k, j := range r.Ind {
			z[j] += yi * r.Val[k]
		}
	}
	return beta, !math.IsNaN(beta) && !math.IsInf(beta, 0)
}

// addConflict cleans zᵀx ≥ beta (doc above) and adds it to the pool if it
// is still violated by the node's bounds s.lo, s.hi. It reports whether it
// did.
func (s *search) addConflict(z []float64, beta float64) bool {
	zmax := 0.0
	for _, v := range z {
		zmax = fmax(zmax, math.Abs(v))
	}
	if zmax == 0 || math.IsNaN(zmax) || math.IsInf(zmax, 0) {
		return false
	}
	// mag bounds the size of the terms, for the rounding allowance
	mag := math.Abs(beta)
	r := lp.Row{Name: "conflict", Upper: inf}
	zmin := inf
	for j, v := range z {
		if v == 0 {
			continue
		}
		lo, hi := s.rootLo[j], s.rootHi[j]
		if lo == hi || !s.isInt[j] || math.Abs(v) <= conflictDropTol*zmax {
			// move v·xⱼ to the right-hand side at its largest value
			top := math.Max(v*lo, v*hi)
			if math.IsInf(top, 0) || math.IsNaN(top) {
				if !s.isInt[j] && lo == s.lo[j] && hi == s.hi[j] && math.Abs(v) > conflictDropTol*zmax {
					// an unbounded continuous column stays in
					r.Ind, r.Val = append(r.Ind, j), append(r.Val, v)
					zmin = math.Min(zmin, math.Abs(v))
					continue
				}
				return false
			}
			beta -= top
			mag += math.Abs(top)
			continue
		}
		r.Ind, r.Val = append(r.Ind, j), append(r.Val, v)
		zmin = math.Min(zmin, math.Abs(v))
		mag += math.Abs(v) * math.Max(math.Abs(lo), math.Abs(hi))
	}
	if len(r.Ind) == 0 || len(r.Ind) > maxConflictLen(s.n) || zmax/zmin > maxConflictRange || math.IsInf(mag, 0) {
		return false
	}
	beta -= 1e-9 * (mag + 1)
	// violated by the node's bounds?
	maxAct := 0.0
	for k, j := range r.Ind {
		maxAct += math.Max(r.Val[k]*s.lo[j], r.Val[k]*s.hi[j])
	}
	if math.IsNaN(maxAct) || maxAct >= beta-1e-6*math.Max(1, math.Abs(beta)) {
		return false
	}
	for k := range r.Val {
		r.Val[k] /= zmax
	}
	r.Lower = beta / zmax
	s.pool.add(r)
	return true
}

// propagateLearnt applies the conflict pool and the clique table to the
// node bounds lo, hi after the rows have been propagated, alternating with
// the rows while they tighten something. It reports false if the bounds
// are proven infeasible.
func (s *search) propagateLearnt(lo, hi []float64) bool {
	if s.pool == nil && s.cliques == nil {
		return true
	}
	changed := s.bufs.learnt[:0]
	for j := range s.n {
		if lo[j] != s.rootLo[j] || hi[j] != s.rootHi[j] {
			changed = append(changed, j)
		}
	}
	s.bufs.learnt = changed // later lists are new: the propagators append to them
	for round := 0; round < 4 && len(changed) > 0; round++ {
		var t []int
		if s.cliques != nil && !s.cliques.propagate(lo, hi, changed, &t) {
			return false
		}
		if s.pool != nil && !s.pool.propagate(lo, hi, changed, &t) {
			return false
		}
		if len(t) == 0 {
			break
		}
		changed = t
		if !s.prop.runTracked(lo, hi, t, &changed) {
			return false
		}
	}
	return true
}

// learnt is the part of the search state this file and clique.go keep.
type learnt struct {
	pool            *conflictPool // nil: Options.Conflicts off
	cliques         *cliqueTable  // nil: Options.Cliques off or no clique
	probeFixed      int           // columns fixed by probing
	probeHulled     int           // continuous bounds probing tightened (probeHull)
	cliqueCutsAdded int
}

// logLearnt writes one summary line of the conflicts and cliques.
func (s *search) logLearnt() {
	if s.pool != nil {
		fmt.Fprintf(s.opts.Log, "conflicts: %d learnt, %d removed, %d in the pool\n", s.pool.added, s.pool.removed, len(s.pool.m.Rows))
	}
	if c := s.cliques; c != nil {
		fmt.Fprintf(s.opts.Log, "cliques: %d from rows, %d from probing, %d clique cuts\n", c.fromRow, len(c.cliques)-c.fromRow, s.cliqueCutsAdded)
	}
	if s.probeFixed+s.probeHulled > 0 {
		fmt.Fprintf(s.opts.Log, "probing: %d columns fixed, %d continuous bounds tightened\n", s.probeFixed, s.probeHulled)
	}
	if w := s.work; w.nodeLPs+w.sbLPs > 0 {
		fmt.Fprintf(s.opts.Log, "tree LPs: %d node LPs, %d iterations; %d strong-branching LPs, %d iterations, %d capped\n",
			w.nodeLPs, w.nodeIters, w.sbLPs, w.sbIters, w.sbCapped)
	}
	if s.sym != nil {
		fmt.Fprintf(s.opts.Log, "symmetry: %d bounds tightened at the nodes\n", s.symFixed)
	}
}
