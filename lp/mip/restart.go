package mip

import (
	"fmt"
	"math"
	"slices"

	"github.com/streamopt/streamopt/lp"
)

// DefaultRestarts is whether Options.Restarts is on when Auto (doc.go,
// "Measured effect of the cuts and restarts").
const DefaultRestarts = true

const (
	// restartFrac is the share of the integer columns free at the start
	// of the root that reduced-cost fixing must fix for a restart. HiGHS
	// restarts on a few per cent (its logs show restarts at 2 % of the
	// integer columns inactive), but its presolve then removes the
	// columns; ours keeps them in the LP as fixed columns and gains only
	// what propagation, coefficient tightening and probing make of the
	// fixings, while a restart repeats the probing and the cut rounds, so
	// the bar is higher: a fifth.
	restartFrac = 0.20
	// maxRestarts bounds the restarts of one search.
	maxRestarts = 2
)

// cutState holds what the root's cut loop and restarts keep between rounds.
type cutState struct {
	implied  *implications // implied bounds from probing; nil when off
	restarts int
	// cuts added, by family
	coverAdded, zeroHalfAdded, impliedAdded int
	mirGIAdded, gmiGIAdded                  int // c-MIR and GMI cuts that round a general integer
}

// moreCuts separates the cut families of liftcover.go, zerohalf.go and
// impliedbound.go at the root LP point x.
func (s *search) moreCuts(x []float64) []lp.Row {
	cuts := coverCuts(s.w, s.rootLo, s.rootHi, x, s.liftedCoversOn())
	s.coverAdded += len(cuts)
	if s.opts.ZeroHalf.enabled(DefaultZeroHalf) {
		zh := zeroHalfCuts(s.w, s.rootLo, s.rootHi, x)
		s.zeroHalfAdded += len(zh)
		cuts = append(cuts, zh...)
	}
	ib := s.implied.cuts(s.rootLo, s.rootHi, x)
	s.impliedAdded += len(ib)
	return append(cuts, ib...)
}

// intCutsOn reports whether the c-MIR and GMI cuts round general integers (Options.IntCuts).
func (s *search) intCutsOn() bool { return s.opts.IntCuts.enabled(DefaultIntCuts) }

// countGI counts the cuts of cuts that round a general integer (named
// "mirgi" or "gmigi") and returns cuts.
func (s *search) countGI(cuts []lp.Row) []lp.Row {
	for _, c := range cuts {
		switch c.Name {
		case "mirgi":
			s.mirGIAdded++
		case "gmigi":
			s.gmiGIAdded++
		}
	}
	return cuts
}

// rootCuts runs the root's cut loop (cutLoop) and restarts it (restart)
// while reduced-cost fixing at its end fixes enough integer columns.
func (s *search) rootCuts(mk newRelaxation) error {
	for {
		free := s.freeIntegers()
		sol, err := s.cutLoop(mk)
		if err != nil {
			return err
		}
		again, err := s.restart(mk, sol, free)
		if err != nil {
			return err
		}
		if !again {
			break
		}
	}
	if s.opts.Log != nil {
		fmt.Fprintf(s.opts.Log, "root cuts: %d cover (lifted %v), %d zero-half, %d implied bound", s.coverAdded, s.liftedCoversOn(), s.zeroHalfAdded, s.impliedAdded)
		if s.intCutsOn() {
			fmt.Fprintf(s.opts.Log, ", %d c-MIR and %d GMI on general integers", s.mirGIAdded, s.gmiGIAdded)
		}
		fmt.Fprintf(s.opts.Log, "; %d restarts\n", s.restarts)
	}
	return nil
}

// freeIntegers returns the integer columns not fixed in the global bounds.
func (s *search) freeIntegers() []int {
	var free []int
	for j := range s.n {
		if s.isInt[j] && s.rootLo[j] < s.rootHi[j] {
			free = append(free, j)
		}
	}
	return free
}

// restart decides, after the root cut loop ended with the LP solution sol
// (nil if the LP failed), whether to restart the root (Options.Restarts).
// Without an incumbent it first runs the feasibility pump from sol and, if
// that finds none, RENS on sol (both of which the root node would run next
// anyway). With one, reduced-cost fixing on sol tightens the
// global bounds; when it fixed at least restartFrac of the integer columns
// free were free at the start (free), the working model, with the cuts the
// loop kept, is presolved again (propagation, coefficient tightening,
// probing), the relaxation rebuilt and the cut loop run again, at most
// maxRestarts times. The cuts stay valid: each holds for every point of
// the global bounds it was separated under, and those only shrink.
func (s *search) restart(mk newRelaxation, sol *lp.Solution, free []int) (bool, error) {
	if sol == nil || sol.ReducedCost == nil || len(free) == 0 || s.restarts >= maxRestarts ||
		!s.opts.Restarts.enabled(DefaultRestarts) || s.opts.NoPresolve {
		return false, nil
	}
	// without an incumbent, the pump first and RENS only if it fails
	// (doc.go, "Primal heuristics")
	s.feasPumpRoot(sol.X)
	if s.incX == nil && s.opts.RENS.enabled(DefaultRENS) && s.runSubMIPs() {
		s.rens(sol.X)
	}
	if s.incX == nil {
		return false, nil
	}
	d := make([]float64, s.n)
	for j := range d {
		d[j] = s.sign * sol.ReducedCost[j]
	}
	s.fixGlobal(s.sign*sol.Objective, sol.X, d, slices.Clone(s.rootLo), slices.Clone(s.rootHi))
	fixed := 0
	for _, j := range free {
		if s.rootLo[j] == s.rootHi[j] {
			fixed++
		}
	}
	if float64(fixed) < restartFrac*float64(len(free)) {
		// the fixings stay in the global bounds
		s.applyRootBounds()
		return false, nil
	}
	s.restarts++
	if s.opts.Log != nil {
		fmt.Fprintf(s.opts.Log, "restart %d: reduced-cost fixing fixed %d of %d free integer columns; presolving again with %d rows\n",
			s.restarts, fixed, len(free), len(s.w.Rows))
	}
	s.prop = newPropagator(s.w, s.isInt, s.opts.IntTol)
	// The objective step stays the one of the first presolve: the fixings
	// hold only for points better than the incumbent, which may lie
	// outside them, so the step of the fixed box would shift the lattice
	// of objective values the cutoff relies on.
	step := s.objStep
	ok := s.presolve()
	s.objStep = step
	if !ok {
		// no point better than the incumbent: leave the root only the
		// incumbent, whose LP the root node cuts off
		for j := range s.n {
			s.rootLo[j], s.rootHi[j] = s.incX[j], s.incX[j]
			if s.isInt[j] {
				s.rootLo[j] = math.Round(s.incX[j])
				s.rootHi[j] = s.rootLo[j]
			}
		}
		s.applyRootBounds()
		return false, nil
	}
	s.prop = newPropagator(s.w, s.isInt, s.opts.IntTol)
	return true, s.rebuild(mk)
}

// applyRootBounds sets the global bounds in the working model and the
// relaxation.
func (s *search) applyRootBounds() {
	for j := range s.n {
		s.w.Vars[j].Lower, s.w.Vars[j].Upper = s.rootLo[j], s.rootHi[j]
		if s.lo[j] != s.rootLo[j] || s.hi[j] != s.rootHi[j] {
			s.lo[j], s.hi[j] = s.rootLo[j], s.rootHi[j]
			s.rel.SetColBounds(j, s.lo[j], s.hi[j])
		}
	}
}
