package mip

import (
	"math"
	"slices"
	"time"
)

// Defaults of the large-neighbourhood heuristics.
const (
	// DefaultRENS is whether RENS runs when Options.RENS is Auto.
	DefaultRENS = true
	// DefaultRINS is whether RINS runs when Options.RINS is Auto.
	DefaultRINS = true
	// subMinFixRate is the least fraction of the unfixed integer columns a
	// sub-MIP must fix (or, for RENS, fix or restrict to two values): a
	// looser neighbourhood is nearly the whole problem again.
	subMinFixRate = 0.5
	// rensNodes and rinsNodes are the node limits of the sub-MIPs.
	rensNodes = 500
	rinsNodes = 200
	// rinsFirst is the node count of the first RINS; the distance to the
	// next doubles after a RINS that finds nothing, from rinsEvery.
	rinsFirst = 20
	rinsEvery = 100
	// The sub-MIPs of a search may together spend subIterQuot times the
	// simplex iterations the search spent outside them, plus subIterOfs
	// (doc.go, "Primal heuristics"); a sub-MIP stops at the first node
	// after it reached what is left, and none starts with less than
	// subIterMin left.
	subIterQuot = 0.5
	subIterOfs  = 10000
	subIterMin  = 500
)

// primalState is the state of the primal heuristics of one search.
type primalState struct {
	cols     *columns // of the original model, for 1-opt
	inOneOpt bool     // tryIncumbent runs 1-opt on its own candidates not again
	inPolish bool     // tryIncumbent is checking a polished point: no second polish
	// sub marks a sub-MIP's search: it runs neither feasibility jump nor
	// sub-MIPs of its own, and its cutoff without an incumbent is objLimit
	// (the parent's cutoff), so that it only reports better points.
	sub      bool
	objLimit float64
	pumped   bool // the root's feasibility pump has run (feasPumpRoot)
	nextRINS int  // node count at or after which RINS runs next
	rinsGap  int
	// polishes counts the LPs of polishContinuous, polishIters their
	// simplex iterations
	polishes, polishIters int
	rensRan               bool // RENS runs once per search
	// subIters counts the simplex iterations of the sub-MIPs this search
	// ran; iterLimit, in a sub-MIP, is the count of its own iterations
	// that stops it before its next node (0: no limit)
	subIters, iterLimit int
	dives               diveStats
}

// runSubMIPs reports whether this search may start sub-MIPs.
func (s *search) runSubMIPs() bool { return !s.primal.sub && s.stop == nil }

// rens runs RENS (Berthold 2014, "RENS: the optimal rounding", Math. Prog.
// Comp. 6) at the root: with the root LP point x, the integer columns at an
// integral value are fixed to it and every other integer column is
// restricted to {⌊xⱼ⌋, ⌈xⱼ⌉}; the sub-MIP so defined holds every rounding of
// x, and is solved by the same branch and bound with a node limit, when
// the fixed columns are at least subMinFixRate of the unfixed ones.
func (s *search) rens(x []float64) {
	if s.primal.rensRan {
		return // before a restart decision (restart.go)
	}
	s.primal.rensRan = true
	lo, hi := slices.Clone(s.rootLo), slices.Clone(s.rootHi)
	free, fixed := 0, 0
	for j := range s.n {
		if !s.isInt[j] || lo[j] == hi[j] {
			continue
		}
		free++
		if r := math.Round(x[j]); math.Abs(x[j]-r) <= s.opts.IntTol {
			lo[j], hi[j] = r, r
			fixed++
		} else {
			lo[j], hi[j] = math.Max(lo[j], math.Floor(x[j])), math.Min(hi[j], math.Ceil(x[j]))
		}
	}
	if free == 0 || float64(fixed) < subMinFixRate*float64(free) {
		if s.opts.Log != nil {
			s.logf("rens: %d of %d integer columns integral at the root LP, too few to fix", fixed, free)
		}
		return
	}
	s.subMIP(lo, hi, rensNodes, "rens", fixed, free)
}

// rins runs RINS (Danna, Rothberg & Le Pape 2005, "Exploring relaxation
// induced neighborhoods to improve MIP solutions", Math. Prog. 102) at a
// node with LP point x: the integer columns whose value in x equals the
// incumbent's are fixed to it, the others keep their global bounds, and
// the sub-MIP is solved with a node limit when enough columns agree. It
// runs at node rinsFirst and then ever more rarely while it finds nothing.
func (s *search) rins(x []float64) {
	if s.primal.rinsGap == 0 {
		s.primal.rinsGap = rinsEvery
	}
	s.primal.nextRINS = s.nodes + s.primal.rinsGap
	lo, hi := slices.Clone(s.rootLo), slices.Clone(s.rootHi)
	free, fixed := 0, 0
	for j := range s.n {
		if !s.isInt[j] || lo[j] == hi[j] {
			continue
		}
		free++
		v := s.incX[j]
		if math.Abs(x[j]-v) <= s.opts.IntTol && v >= lo[j] && v <= hi[j] {
			lo[j], hi[j] = v, v
			fixed++
		}
	}
	if free == 0 || float64(fixed) < subMinFixRate*float64(free) || fixed == free {
		s.primal.rinsGap *= 2
		return
	}
	before := s.incZ
	s.subMIP(lo, hi, rinsNodes, "rins", fixed, free)
	if !(s.incZ < before) {
		s.primal.rinsGap *= 2
	}
}

// subMIP solves the working model (with its cuts and lazy rows) within the
// column bounds lo, hi by a branch and bound of its own, with the node
// limit, no callbacks and no sub-MIPs of its own, and a cutoff at the
// current one; its best point is offered to tryIncumbent, which checks it
// against the original model. It runs with cheap settings: no root cut
// loop, pseudo-cost branching from the parent's pseudo-costs without
// strong branching, and an iteration limit, what is left of the sub-MIPs'
// budget (subBudget); with less than subIterMin left it does not run.
func (s *search) subMIP(lo, hi []float64, nodeLimit int, how string, fixed, free int) {
	budget := s.subBudget()
	if budget < subIterMin {
		if s.opts.Log != nil {
			s.logf("%s: %d of %d integer columns fixed, no sub-MIP: the sub-MIPs used %d of their %d iterations", how, fixed, free, s.primal.subIters, s.primal.subIters+budget)
		}
		return
	}
	m := s.w.Clone()
	for j := range m.Vars {
		m.Vars[j].Lower, m.Vars[j].Upper = lo[j], hi[j]
	}
	o := s.opts
	o.Log, o.Callbacks, o.NodeLimit = nil, Callbacks{}, nodeLimit
	o.FeasJump, o.RENS, o.RINS, o.FeasPump = Off, Off, Off, Off
	o.Threads = 1 // it may run in a worker of a round already
	// The working model carries the parent's cuts: no cut loop of its
	// own (and so no restarts), which cost the sub-MIPs more than their
	// tree (doc.go, "Primal heuristics").
	o.NoCuts = true
	o, err := o.withDefaults()
	if err != nil {
		return
	}
	sub := newSearch(s.ctx, m, o)
	sub.start, sub.mk = time.Now(), s.mk
	sub.primal.sub, sub.primal.objLimit = true, s.cutoff()
	sub.primal.iterLimit = budget
	sub.inheritPseudoCosts(s)
	found := false
	if sub.presolve() {
		if rel, err := s.mk(sub.w); err == nil {
			sub.rel = rel
			_, err = sub.run()
			s.iters += sub.iters
			s.primal.subIters += sub.iters
			if before := s.incZ; err == nil && sub.incX != nil {
				s.offerSubPoint(sub.incX, how)
				found = s.incZ < before
			}
		}
	}
	if s.opts.Log != nil {
		res := "no better point"
		if found {
			res = "new incumbent"
		}
		s.logf("%s: %d of %d integer columns fixed, sub-MIP of %d nodes, %d iterations (of %d left): %s", how, fixed, free, sub.nodes, sub.iters, budget, res)
	}
}

// subBudget is what is left of the sub-MIPs' iterations: subIterQuot
// times the search's iterations outside them, plus subIterOfs, less what
// they spent.
func (s *search) subBudget() int {
	outside := s.iters - s.primal.subIters
	return int(subIterQuot*float64(outside)) + subIterOfs - s.primal.subIters
}

// inheritPseudoCosts starts a sub-MIP's pseudo-costs from its parent's,
// whose columns it shares: it branches on them without strong branching
// (reliability), as HiGHS's sub-MIPs do.
func (s *search) inheritPseudoCosts(parent *search) {
	for d := range 2 {
		copy(s.pcSum[d], parent.pcSum[d])
		copy(s.pcCnt[d], parent.pcCnt[d])
	}
	s.pcAll, s.pcN = parent.pcAll, parent.pcN
}

// offerSubPoint offers a sub-MIP's point to the incumbent check. A sub-MIP
// solves a presolved copy with its own LP tolerances, so its continuous
// columns can leave a row of the original model violated by more than
// solve.Verify accepts, though within the incumbent check's tolerance
// (mas76: 7.9e-7 relative against Verify's 1e-7, and an objective 3e-6
// below the optimum). With continuous columns the point is therefore
// taken only through the LP of the original model with its integer
// columns fixed (polish), whose answer meets the LP tolerances; a model of
// integer columns only has exact activities once they are rounded. The
// MIP start's completing sub-MIP (start.go) goes through it too. It
// reports whether the point was accepted (tryIncumbent).
func (s *search) offerSubPoint(x []float64, how string) bool {
	if countTrue(s.isInt) < s.n {
		return s.polish(x, how)
	}
	return s.tryIncumbent(x, how)
}
