package mip

import (
	"fmt"
	"math"
	"slices"

	"github.com/streamopt/streamopt/lp"
)

// pcEps is the floor of each factor in the pseudo-cost product score
// (Achterberg 2007, §5.1 uses 10⁻⁶).
const pcEps = 1e-6

// productScore is the product score of a branching whose children gain dn
// and up: max(dn, ε)·max(up, ε) with ε = pcEps.
func productScore(dn, up float64) float64 {
	return math.Max(dn, pcEps) * math.Max(up, pcEps)
}

// Reliability branching parameters (Achterberg, Koch & Martin 2005): a
// column's pseudo-costs are trusted once both directions have relThreshold
// observations; before that it is scored by strong branching, at most
// sbMax columns per node, stopping after sbLookahead columns without a
// better score.
const (
	relThreshold = 4
	sbMax        = 12
	sbLookahead  = 4
)

// DefaultStrongCap is whether Options.StrongCap is on when Auto (doc.go,
// "Branching").
const DefaultStrongCap = true

// DefaultStrongBudget is whether Options.StrongBudget is on when Auto
// (doc.go, "Branching").
const DefaultStrongBudget = true

// The strong-branching budget (Options.StrongBudget): the iterations of
// the strong-branching LPs may reach sbIterQuot times those of the node
// LPs below the root plus sbIterOfs (about a second of the simplex on the
// development set's LPs) before one observation per direction makes a
// column reliable; SCIP's reliability branching bounds its strong
// branching by the same kind of quotient and offset.
const (
	sbIterQuot = 0.5
	sbIterOfs  = 10000
)

// The iteration cap of a strong-branching LP is sbCapFactor times the
// average iterations of the node LPs below the root, and at least
// sbCapMin; before the first node LP below the root it is not capped.
const (
	sbCapFactor = 2
	sbCapMin    = 10
)

// cappedRelaxation is a relaxation whose solves can be capped and that
// gives the bound a capped solve's basis proves (simplex.Solver's
// SetIterationLimit, IterationLimit and DualBound).
type cappedRelaxation interface {
	SetIterationLimit(n int) error
	IterationLimit() int
	// DualBound is a bound on the LP optimum with the current bounds, in
	// the model's sense, from the current basis.
	DualBound() float64
}

// lpWork counts the LPs of the tree search by kind: the node LPs below
// the root, and the strong-branching LPs with those stopped by the cap.
type lpWork struct {
	nodeLPs, nodeIters       int
	sbLPs, sbIters, sbCapped int
}

func (a lpWork) minus(b lpWork) lpWork {
	return lpWork{a.nodeLPs - b.nodeLPs, a.nodeIters - b.nodeIters, a.sbLPs - b.sbLPs, a.sbIters - b.sbIters, a.sbCapped - b.sbCapped}
}

func (a *lpWork) add(b lpWork) {
	a.nodeLPs += b.nodeLPs
	a.nodeIters += b.nodeIters
	a.sbLPs += b.sbLPs
	a.sbIters += b.sbIters
	a.sbCapped += b.sbCapped
}

// sbIterCap is the iteration cap of the next strong-branching LP; 0 for
// none.
func (s *search) sbIterCap() int {
	if s.opts.strongCapFixed > 0 {
		return s.opts.strongCapFixed
	}
	if !s.opts.StrongCap.enabled(DefaultStrongCap) || s.work.nodeLPs == 0 {
		return 0
	}
	return max(sbCapMin, sbCapFactor*s.work.nodeIters/s.work.nodeLPs)
}

// reliability is the number of pseudo-cost observations in each
// direction that make a column reliable: relThreshold while the
// strong-branching LPs have cost at most sbIterQuot times the iterations of
// the node LPs plus sbIterOfs, and 1 beyond, with Options.StrongBudget on
// (doc.go, "Branching"); 0 in a sub-MIP, which branches on the
// pseudo-costs its parent learnt without strong branching (subMIP).
func (s *search) reliability() int {
	if s.primal.sub {
		return 0
	}
	if !s.opts.StrongBudget.enabled(DefaultStrongBudget) {
		return relThreshold
	}
	w := s.work
	if float64(w.sbIters) > sbIterQuot*float64(w.nodeIters)+sbIterOfs {
		return 1
	}
	return relThreshold
}

// descending returns a comparison for slices.SortStableFunc that puts
// larger keys first; keys that compare neither way (NaN) count as equal.
func descending[T any](key func(T) float64) func(a, b T) int {
	return func(a, b T) int {
		switch ka, kb := key(a), key(b); {
		case ka > kb:
			return -1
		case ka < kb:
			return 1
		}
		return 0
	}
}

// choose picks the branching column among the fractional ones. With
// pseudo-cost branching, unreliable candidates are scored by strong
// branching; zDown and zUp are then the LP values of the chosen column's
// children (−∞ if not computed, +∞ if infeasible).
func (s *search) choose(frac []int, x []float64, z float64, warm any) (best int, zDown, zUp float64, err error) {
	zDown, zUp = -inf, -inf
	if s.opts.Branching == MostFractional {
		bestScore := -1.0
		for _, j := range frac {
			f := x[j] - math.Floor(x[j])
			if score := math.Min(f, 1-f); score > bestScore {
				best, bestScore = j, score
			}
		}
		return best, zDown, zUp, nil
	}
	type cand struct {
		j     int
		score float64
	}
	cands := make([]cand, len(frac))
	for k, j := range frac {
		f := x[j] - math.Floor(x[j])
		cands[k] = cand{j, productScore(f*s.pseudoCost(0, j), (1-f)*s.pseudoCost(1, j))}
	}
	slices.SortStableFunc(cands, descending(func(c cand) float64 { return c.score }))
	best, bestScore := -1, -1.0
	strong, noImprove := 0, 0
	cut := s.cutoff()
	rel := s.reliability()
	for _, c := range cands {
		j := c.j
		score := c.score
		reliable := min(s.pcCnt[0][j], s.pcCnt[1][j]) >= rel
		var dn, up float64
		sb := false
		if !reliable && strong < sbMax && noImprove < sbLookahead {
			strong++
			sb = true
			dn, up, err = s.strongBranch(j, x[j], z, warm)
			if err != nil || s.halted() {
				break
			}
			if dn >= cut || up >= cut {
				// one child (or both) is pruned already: branch here
				best, zDown, zUp = j, dn, up
				break
			}
			score = productScore(dn-z, up-z)
		}
		if score > bestScore {
			best, bestScore, noImprove = j, score, 0
			zDown, zUp = -inf, -inf
			if sb {
				zDown, zUp = dn, up
			}
		} else if sb {
			noImprove++
		}
	}
	if strong > 0 {
		if rerr := s.rel.Restore(warm); rerr != nil && err == nil {
			err = fmt.Errorf("mip: restoring a warm start: %w", rerr)
		}
	}
	if best < 0 {
		best = cands[0].j
	}
	return best, zDown, zUp, err
}

// strongBranch solves the two children of branching on column j at value
// xj and returns their LP values (+∞ if infeasible; z if the LP failed),
// recording them as pseudo-cost observations. A child LP capped by
// sbIterCap gives the dual bound its basis proves instead of its optimum
// (a valid child bound, and a pseudo-cost estimate that is low), never an
// incumbent; the node's basis is then restored before the other child.
// The node's bounds are put back; its basis is restored by the caller.
func (s *search) strongBranch(j int, xj, z float64, warm any) (dn, up float64, err error) {
	lo, hi := s.lo[j], s.hi[j]
	f := xj - math.Floor(xj)
	cr, _ := s.rel.(cappedRelaxation)
	limit := 0
	if cr != nil {
		limit = s.sbIterCap()
	}
	if limit > 0 {
		prev := cr.IterationLimit()
		if prev > 0 && prev <= limit {
			limit = 0 // the LP options' own limit is tighter
		} else if err := cr.SetIterationLimit(limit); err != nil {
			return z, z, fmt.Errorf("mip: capping a strong-branching LP: %w", err)
		} else {
			defer func() {
				if rerr := cr.SetIterationLimit(prev); rerr != nil && err == nil {
					err = fmt.Errorf("mip: uncapping the LP after strong branching: %w", rerr)
				}
			}()
		}
	}
	// The children are solved from whatever basis the previous solve left:
	// every basis stays dual feasible under bound changes, and restoring
	// the node's basis each time would cost a refactorisation.
	eval := func(l, h, delta float64, isUp bool) (float64, error) {
		s.rel.SetColBounds(j, l, h)
		sol, err := s.rel.Solve(s.ctx)
		s.work.sbLPs++
		if sol != nil {
			s.iters += sol.Iterations
			s.work.sbIters += sol.Iterations
		}
		if err != nil || sol == nil {
			return z, nil // the caller checks the context
		}
		switch sol.Status {
		case lp.Infeasible:
			return inf, nil
		case lp.Optimal:
			v := s.sign * sol.Objective
			s.addPseudoCost(j, isUp, math.Max(0, v-z)/delta)
			if v < s.cutoff() && len(s.fractional(sol.X)) == 0 {
				s.tryIncumbent(sol.X, "strong branching")
			}
			return math.Max(v, z), nil
		case lp.IterationLimit:
			if limit == 0 {
				break
			}
			s.work.sbCapped++
			v := s.sign * cr.DualBound()
			// the capped basis is far from the node's: start the other
			// child from the node's
			if rerr := s.rel.Restore(warm); rerr != nil {
				return z, fmt.Errorf("mip: restoring a warm start: %w", rerr)
			}
			if math.IsNaN(v) || v <= z {
				return z, nil
			}
			s.addPseudoCost(j, isUp, (v-z)/delta)
			return v, nil
		}
		return z, nil
	}
	if dn, err = eval(lo, math.Floor(xj), f, false); err != nil {
		s.rel.SetColBounds(j, lo, hi)
		return
	}
	up, err = eval(math.Ceil(xj), hi, 1-f, true)
	s.rel.SetColBounds(j, lo, hi)
	return
}

// pseudoCost is the average objective gain per unit of branching of column
// j in direction dir (0 down, 1 up); the average over all columns if j has
// no observation yet, and 1 if no column has one.
func (s *search) pseudoCost(dir, j int) float64 {
	if c := s.pcCnt[dir][j]; c > 0 {
		return s.pcSum[dir][j] / float64(c)
	}
	if s.pcN[dir] > 0 {
		return s.pcAll[dir] / float64(s.pcN[dir])
	}
	return 1
}

func (s *search) updatePseudoCost(nd *node, z float64) {
	if nd.pcDelta <= 0 || math.IsInf(nd.parentZ, 0) {
		return
	}
	s.addPseudoCost(nd.pcVar, nd.pcUp, math.Max(0, z-nd.parentZ)/nd.pcDelta)
}

func (s *search) addPseudoCost(j int, up bool, gain float64) {
	dir := 0
	if up {
		dir = 1
	}
	if s.task != nil {
		s.task.pc = append(s.task.pc, pcObs{j, up, gain})
	}
	s.pcSum[dir][j] += gain
	s.pcCnt[dir][j]++
	s.pcAll[dir] += gain
	s.pcN[dir]++
}
