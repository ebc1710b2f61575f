package mip

import (
	"fmt"
	"math"
	"slices"

	"github.com/streamopt/streamopt/lp"
)

// Diving heuristics (Achterberg 2007, §9.2; T. Berthold, Primal heuristics
// for mixed integer programs, Diploma thesis, TU Berlin 2006, §3.3): from a
// node's LP point, bound one fractional integer column at a time towards an
// integer, propagate and re-solve the LP, until the LP point is integral.
// The rules differ only in the column and direction they pick; one driver,
// dive, runs them all.
const (
	// DefaultDiving is whether the family of dives runs (at the root, and
	// with Options.DiveTree in the tree) when Options.Diving is Auto
	// (doc.go, "Diving").
	DefaultDiving = true
	// DefaultDiveTree is whether the family, when it runs, dives in the
	// tree as well as at the root when Options.DiveTree is Auto (doc.go,
	// "Diving").
	DefaultDiveTree = false
	// maxDiveLPs bounds the LP solves of one dive.
	maxDiveLPs = 300
	// diveFreq is the node distance between the first two dives of a rule
	// in the tree; the distance doubles after every dive of the rule that
	// does not improve the incumbent and falls back to diveFreq after one
	// that does (as RINS's). Each rule first dives at node diveFreq plus
	// its offset (diveRule.offset), so that the rules take turns.
	diveFreq = 10
	// diveQuot and diveOffset give a rule's budget of work (counted in
	// simplex iterations, see dive): diveQuot·(1 + 2·found)·(the search's
	// iterations outside dives) + diveOffset, less what its dives took so
	// far; found counts the incumbents it found, so that a rule that pays
	// may take more.
	diveQuot   = 0.05
	diveOffset = 1000
	// diveRootShare: a dive at the root may take at least this share of
	// the iterations the root took (its LP, cut rounds and the
	// heuristics before): a dive cut short finds nothing, and the root's
	// dives start from the best LP point the search has.
	diveRootShare = 0.25
	// diveUBQuot stops a dive, once there is an incumbent, where its LP
	// value passes lb + diveUBQuot·(cutoff − lb), lb the global bound: a
	// point found beyond would improve the incumbent by little.
	diveUBQuot = 0.8
	// diveResolveQuot is the share of the integer columns whose bounds a
	// dive tightens (by its steps and their propagation) before it
	// re-solves the LP.
	diveResolveQuot = 0.15
	// diveProbWork bounds the row visits of the propagation after each
	// step of a dive: on long rows a full propagation per step costs more
	// than the LPs of the dive.
	diveProbWork = 100
	// diveLPCost is what each LP of a dive costs beyond its simplex
	// iterations, in iterations: the fixed work of a solve (x, y and d
	// computed afresh, the answer checked in model units: several passes
	// over the matrix). On cap6000, whose dive LPs take 3 or 4 iterations
	// each, that fixed part took as long as 3 to 4 iterations (doc.go,
	// "Diving"), and a dive counting iterations alone solved 100 to 145
	// LPs for its budget of about 1000.
	diveLPCost = 4
)

// A diveRule picks, among the candidates (fractional columns that no
// rounding direction is free for), the column a dive bounds next and
// whether it goes up (xⱼ ≥ ⌈x̄ⱼ⌉) or down (xⱼ ≤ ⌊x̄ⱼ⌋).
type diveRule struct {
	name   string // the incumbent source, as Event.Source reports it
	offset int    // the rule's first dive in the tree is at node diveFreq + offset
	guided bool   // it needs an incumbent
	pick   func(s *search, x []float64, cands []int) (j int, up bool)
}

const numDiveRules = 5

// diveRules are the rules of the family; the first, fractional diving, is
// the one that runs alone while Options.Diving is off.
var diveRules = [numDiveRules]diveRule{
	{name: "fractional diving", offset: 0, pick: (*search).pickFractional},
	{name: "coefficient diving", offset: 2, pick: (*search).pickCoefficient},
	{name: "pseudo-cost diving", offset: 4, pick: (*search).pickPseudoCost},
	{name: "vector-length diving", offset: 6, pick: (*search).pickVectorLength},
	{name: "guided diving", offset: 8, guided: true, pick: (*search).pickGuided},
}

// diveStats counts, per rule, the dives, the incumbents they found, their
// simplex iterations, and their work (the iterations, the LPs and the
// propagation of the steps, in iterations: see dive); next and gap are
// the rule's schedule in the tree: the node count at or after which it
// dives next, and the distance after that (0: not yet set).
type diveStats struct {
	calls, found, iters [numDiveRules]int
	work                [numDiveRules]float64
	next, gap           [numDiveRules]int
}

// minus returns a − b, rule by rule (the schedule is a's).
func (a diveStats) minus(b diveStats) diveStats {
	for r := range numDiveRules {
		a.calls[r] -= b.calls[r]
		a.found[r] -= b.found[r]
		a.iters[r] -= b.iters[r]
		a.work[r] -= b.work[r]
	}
	return a
}

// plus returns a + b, rule by rule (the schedule is b's).
func (a diveStats) plus(b diveStats) diveStats {
	for r := range numDiveRules {
		a.calls[r] += b.calls[r]
		a.found[r] += b.found[r]
		a.iters[r] += b.iters[r]
		a.work[r] += b.work[r]
	}
	a.next, a.gap = b.next, b.gap
	return a
}

func (a diveStats) totalIters() int {
	t := 0
	for _, v := range a.iters {
		t += v
	}
	return t
}

// runDives runs the dives due at the node whose LP point is x with value z
// (minimisation form). With Options.Diving off, and in a sub-MIP, that is
// only fractional diving at the root while there is no incumbent, bounded
// by maxDiveLPs alone; with it on, every rule dives at the root and, with
// Options.DiveTree, in the tree on its schedule (diveFreq) while its
// budget lasts; guided diving needs an incumbent. Options.NoDiving turns
// every dive off.
func (s *search) runDives(x []float64, z float64, root bool) error {
	if s.opts.NoDiving || s.halted() {
		return nil
	}
	if s.primal.sub || !s.opts.Diving.enabled(DefaultDiving) {
		if root && s.incX == nil {
			return s.dive(0, x, z, inf)
		}
		return nil
	}
	if !root && !s.opts.DiveTree.enabled(DefaultDiveTree) {
		return nil
	}
	st := &s.primal.dives
	outside := float64(s.iters - st.totalIters())
	for r := range diveRules {
		rule := &diveRules[r]
		if st.gap[r] == 0 {
			st.next[r], st.gap[r] = diveFreq+rule.offset, diveFreq
		}
		if (!root && s.nodes < st.next[r]) || (rule.guided && s.incX == nil) {
			continue
		}
		budget := diveQuot*float64(1+2*st.found[r])*outside + diveOffset - st.work[r]
		if budget <= 0 {
			continue
		}
		if root {
			budget = max(budget, diveRootShare*outside)
		}
		found := st.found[r]
		if err := s.dive(r, x, z, budget); err != nil {
			return err
		}
		if !root {
			if st.found[r] > found {
				st.gap[r] = diveFreq
			} else {
				st.gap[r] *= 2
			}
			st.next[r] = s.nodes + st.gap[r]
		}
		if z >= s.cutoff() || s.halted() {
			break // the node is pruned by the dive's incumbent
		}
	}
	return nil
}

// dive runs rule r from the LP point x (value z) of the bounds set in the
// relaxation (s.lo, s.hi). Each step bounds the column the rule picks in
// the direction it picks and propagates; when propagation refutes the
// bound, the step backtracks once, to the other direction of the same
// column. The LP is re-solved only once the bounds tightened since the
// last LP reach diveResolveQuot of the integer columns, or no candidate is
// left; until then the rule picks from the last LP point, among the
// columns still free around their value in it. When the LP refutes a
// batch of several steps (infeasible, or its value reaches the dive's
// limit), the bounds of the last LP are put back and the batches shrink to
// a quarter; when it refutes a single step, that step backtracks once, if
// it has not already; otherwise the dive gives up. It stops at an integral
// LP point, or one whose fractional columns can all be rounded in a
// direction no row locks, which goes to tryIncumbent; after maxDiveLPs
// LPs; or once its work reached iterCap: its simplex iterations,
// diveLPCost per LP, and its propagation charged as the row terms read
// over the nonzeros of the matrix (an iteration of the dual simplex reads
// about the whole matrix).
// The relaxation's bounds and basis are put back after.
func (s *search) dive(r int, x []float64, z float64, iterCap float64) error {
	rule := &diveRules[r]
	st := &s.primal.dives
	st.calls[r]++
	before := s.incZ
	limit := s.cutoff()
	if s.incX != nil {
		lb := math.Min(math.Min(s.lowerBound(), s.openMin()), z)
		limit = lb + diveUBQuot*(limit-lb)
	}
	resolveAt := max(1, int(diveResolveQuot*float64(countTrue(s.isInt))))
	warm := s.rel.Snapshot()
	// s.tLo, s.tHi mirror the relaxation's bounds during the dive; dLo,
	// dHi equal them between steps, and a step tightens them in place,
	// touching only the columns it changes.
	copy(s.tLo, s.lo)
	copy(s.tHi, s.hi)
	dLo, dHi := slices.Clone(s.lo), slices.Clone(s.hi)
	setRel := func(lo, hi []float64) {
		for k := 0; k < s.n; k++ {
			if lo[k] != s.tLo[k] || hi[k] != s.tHi[k] {
				s.tLo[k], s.tHi[k] = lo[k], hi[k]
				s.rel.SetColBounds(k, lo[k], hi[k])
			}
		}
		copy(dLo, lo)
		copy(dHi, hi)
	}
	// step bounds column j of x up or down, propagates (with at most
	// diveProbWork row visits), and sets the result in the relaxation; it
	// reports the number of bounds tightened, or -1 (the bounds left as
	// they were) if propagation refutes the step.
	lps, used := 0, 0.0
	nnz := float64(max(1, len(s.prop.a.RowInd)))
	var tight []int
	work := s.prop.maxWork
	s.prop.maxWork = min(work, diveProbWork)
	defer func() { s.prop.maxWork = work }()
	step := func(j int, up bool) int {
		if up {
			dLo[j] = math.Ceil(x[j])
		} else {
			dHi[j] = math.Floor(x[j])
		}
		tight = append(tight[:0], j)
		v := s.prop.visits
		ok := s.prop.runTracked(dLo, dHi, []int{j}, &tight)
		st.work[r] += float64(s.prop.visits-v) / nnz
		used += float64(s.prop.visits-v) / nnz
		for _, k := range tight {
			if !ok {
				dLo[k], dHi[k] = s.tLo[k], s.tHi[k]
			} else if dLo[k] != s.tLo[k] || dHi[k] != s.tHi[k] {
				s.tLo[k], s.tHi[k] = dLo[k], dHi[k]
				s.rel.SetColBounds(k, dLo[k], dHi[k])
			}
		}
		if !ok {
			return -1
		}
		return len(tight)
	}
	// solve re-solves the LP and reports its point, nil if it refutes the bounds
	pending := 0 // bounds tightened since the last LP
	solve := func() []float64 {
		sol, err := s.rel.Solve(s.ctx)
		lps++
		st.work[r] += diveLPCost
		used += diveLPCost
		if sol != nil {
			s.iters += sol.Iterations
			st.iters[r] += sol.Iterations
			st.work[r] += float64(sol.Iterations)
			used += float64(sol.Iterations)
		}
		if err == nil && sol.Status == lp.Optimal && s.sign*sol.Objective < limit {
			return sol.X
		}
		return nil
	}
	var (
		fresh    = true // x is the LP point of the bounds set
		steps    int    // steps since the last LP
		lastJ    int    // the last step's column, direction, and whether it backtracked
		lastUp   bool
		lastBack bool
	)
	lpLo, lpHi := slices.Clone(s.lo), slices.Clone(s.hi) // the bounds of x
	// retreat puts back the bounds of the last LP, whose point x still is,
	// and makes the batches of steps between LPs smaller; it reports false
	// when the batch was a single step already.
	retreat := func() bool {
		if steps <= 1 {
			return false
		}
		setRel(lpLo, lpHi)
		resolveAt = max(1, pending/4)
		fresh, pending, steps = true, 0, 0
		return true
	}
	frac := s.fractional(x)
	var cands []int
	for lps < maxDiveLPs && used < iterCap && !s.halted() {
		cands = cands[:0]
		for _, j := range frac {
			if s.downLocks[j] > 0 && s.upLocks[j] > 0 && s.tLo[j] < x[j] && x[j] < s.tHi[j] {
				cands = append(cands, j)
			}
		}
		if fresh && len(frac) == 0 {
			s.tryIncumbent(x, rule.name)
			break
		}
		if fresh && len(cands) == 0 {
			// every fractional column rounds freely one way
			s.tryIncumbent(s.lockRound(x, frac), rule.name)
			break
		}
		if !fresh && (len(cands) == 0 || pending >= resolveAt) {
			y := solve()
			if y == nil && retreat() {
				continue
			}
			if y == nil && !lastBack {
				// backtrack: the last step, the only one since the
				// LP, the other way
				lastBack = true
				setRel(lpLo, lpHi)
				if step(lastJ, !lastUp) < 0 {
					break
				}
				y = solve()
			}
			if y == nil {
				break
			}
			x, fresh, pending, steps = y, true, 0, 0
			frac = s.fractional(x)
			copy(lpLo, s.tLo)
			copy(lpHi, s.tHi)
			continue
		}
		j, up := rule.pick(s, x, cands)
		lastJ, lastUp, lastBack = j, up, false
		k := step(j, up)
		if k < 0 {
			lastUp, lastBack = !up, true
			k = step(j, !up)
		}
		if k < 0 {
			if retreat() {
				continue
			}
			break // both directions fail: give up
		}
		pending += k
		steps++
		fresh = false
	}
	if s.incZ < before {
		st.found[r]++
	}
	setRel(s.lo, s.hi)
	if err := s.rel.Restore(warm); err != nil {
		return fmt.Errorf("mip: restoring a warm start: %w", err)
	}
	return nil
}

// lockRound rounds the columns frac of x in a direction no row locks
// (simple rounding, Achterberg 2007, §9.1); it returns nil if some column
// has no such direction.
func (s *search) lockRound(x []float64, frac []int) []float64 {
	return s.lockRoundTo(nil, x, frac)
}

// lockRoundTo is lockRound writing the point to y[:len(x)] (y grown as
// needed; y's contents are ignored).
func (s *search) lockRoundTo(y, x []float64, frac []int) []float64 {
	y = append(y[:0], x...)
	for _, j := range frac {
		switch {
		case s.downLocks[j] == 0:
			y[j] = math.Floor(x[j])
		case s.upLocks[j] == 0:
			y[j] = math.Ceil(x[j])
		default:
			return nil
		}
	}
	return y
}

// pickFractional is fractional diving: the column closest to an integer,
// rounded to it.
func (s *search) pickFractional(x []float64, cands []int) (int, bool) {
	best, bestUp, bestD := -1, false, inf
	for _, j := range cands {
		f := x[j] - math.Floor(x[j])
		if d := math.Min(f, 1-f); d < bestD {
			best, bestUp, bestD = j, f > 0.5, d
		}
	}
	return best, bestUp
}

// pickCoefficient is coefficient diving: the column and direction with the
// fewest locks (rows the move may violate), the closer integer on a tie.
func (s *search) pickCoefficient(x []float64, cands []int) (int, bool) {
	best, bestUp, bestL, bestD := -1, false, math.MaxInt, inf
	for _, j := range cands {
		f := x[j] - math.Floor(x[j])
		up := s.upLocks[j] < s.downLocks[j] || (s.upLocks[j] == s.downLocks[j] && f > 0.5)
		l, d := s.downLocks[j], f
		if up {
			l, d = s.upLocks[j], 1-f
		}
		if l < bestL || (l == bestL && d < bestD) {
			best, bestUp, bestL, bestD = j, up, l, d
		}
	}
	return best, bestUp
}

// pickPseudoCost is pseudo-cost diving: the direction is the one the
// column has moved in since the root LP (by more than 0.4), else the one
// its fractional part clearly favours (below 0.3 down, above 0.7 up), else
// the one with the smaller estimated objective gain (pseudo-cost ×
// distance); among the columns, the one whose chosen direction is cheapest
// against the other, (1 + gain of the other) / (1 + gain of the chosen).
func (s *search) pickPseudoCost(x []float64, cands []int) (int, bool) {
	best, bestUp, bestS := -1, false, -inf
	for _, j := range cands {
		f := x[j] - math.Floor(x[j])
		down, upG := s.pseudoCost(0, j)*f, s.pseudoCost(1, j)*(1-f)
		var up bool
		switch {
		case len(s.rootX) == s.n && x[j] < s.rootX[j]-0.4:
			up = false
		case len(s.rootX) == s.n && x[j] > s.rootX[j]+0.4:
			up = true
		case f < 0.3:
			up = false
		case f > 0.7:
			up = true
		default:
			up = upG < down
		}
		sc := (1 + upG) / (1 + down)
		if up {
			sc = 1 / sc
		}
		if sc > bestS {
			best, bestUp, bestS = j, up, sc
		}
	}
	return best, bestUp
}

// pickVectorLength is vector-length diving, made for set partitioning and
// covering: each column goes in the direction that worsens the objective
// (up for a zero cost), and the column chosen is the one whose move costs
// the least objective per row it appears in, |cⱼ|·distance / (rows + 1).
func (s *search) pickVectorLength(x []float64, cands []int) (int, bool) {
	best, bestUp, bestS := -1, false, inf
	a := s.prop.a
	for _, j := range cands {
		f := x[j] - math.Floor(x[j])
		c := s.sign * s.w.Obj[j]
		up, d := c >= 0, 1-f
		if !up {
			d = f
		}
		sc := (math.Abs(c)*d + 1e-9) / float64(a.ColPtr[j+1]-a.ColPtr[j]+1)
		if sc < bestS {
			best, bestUp, bestS = j, up, sc
		}
	}
	return best, bestUp
}

// pickGuided is guided diving (Danna, Rothberg, Le Pape 2005): the column
// closest to its value in the incumbent, moved towards it.
func (s *search) pickGuided(x []float64, cands []int) (int, bool) {
	best, bestUp, bestD := -1, false, inf
	for _, j := range cands {
		if d := math.Abs(x[j] - s.incX[j]); d < bestD {
			best, bestUp, bestD = j, s.incX[j] > x[j], d
		}
	}
	return best, bestUp
}

// logDives writes one summary line of the dives, if any ran.
func (s *search) logDives() {
	st := &s.primal.dives
	line := ""
	for r := range diveRules {
		if st.calls[r] > 0 {
			line += fmt.Sprintf("; %s %d dives, %d iterations, %d incumbents", diveRules[r].name, st.calls[r], st.iters[r], st.found[r])
		}
	}
	if line != "" {
		fmt.Fprintf(s.opts.Log, "diving: %s\n", line[2:])
	}
}
