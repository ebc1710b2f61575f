package mip

import (
	"context"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/streamopt/streamopt/lp"
)

// TestDives runs every diving rule from the LP point of seeded random
// integer programs on which rounding that point (roundingHeuristics) finds
// no feasible point, at the root and, for every other model, at a node
// with its first column fixed to its lower bound. Every point a dive hands
// over must satisfy the model (checked against the model as given, as well
// as by tryIncumbent) and be no better than complete enumeration's optimum;
// the relaxation's bounds and basis must be what they were before the
// dive; and each rule but guided diving (which starts from an incumbent)
// must have found points on some of the models where rounding found none.
func TestDives(t *testing.T) {
	var found [numDiveRules]int
	tried := 0
	for seed := uint64(1); seed <= 150; seed++ {
		rng := rand.New(rand.NewPCG(seed, 29))
		m := randomIP(rng, 4+rng.IntN(5), 2+rng.IntN(4))
		opt, feasible := enumerate(m)
		sources := map[string]int{}
		o := Options{OneOpt: Off}
		o.Callbacks.Event = checkedEvents(t, m, sources)
		s, ok := presolvedSearch(t, m, o)
		if !ok {
			continue
		}
		var err error
		if s.rel, err = simplexRelax(s.w); err != nil {
			t.Fatal(err)
		}
		if seed%2 == 0 && s.lo[0] < s.hi[0] {
			// a node: the first column at its lower bound
			s.hi[0] = s.lo[0]
			s.rel.SetColBounds(0, s.lo[0], s.hi[0])
		}
		sol, err := s.rel.Solve(context.Background())
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if sol.Status != lp.Optimal {
			continue
		}
		x, z := sol.X, s.sign*sol.Objective
		s.rootX = x
		frac := s.fractional(x)
		if len(frac) == 0 {
			continue
		}
		if s.roundingHeuristics(x, frac); s.incX != nil {
			continue // rounding alone finds a point
		}
		tried++
		for r := range diveRules {
			var guide []float64
			if diveRules[r].guided {
				// the incumbent a guided dive starts from: any feasible
				// point of the other rules, if one was found
				if guide = s.lastDive(x, z, r); guide == nil {
					continue
				}
				s.incX, s.incZ = guide, s.sign*m.Objective(guide)
			}
			bounds, basis := colBounds(s.rel, s.n), s.rel.Snapshot()
			lo, hi := slices.Clone(s.lo), slices.Clone(s.hi)
			if err := s.dive(r, x, z, inf); err != nil {
				t.Fatalf("seed %d, %s: %v", seed, diveRules[r].name, err)
			}
			if got := colBounds(s.rel, s.n); !reflect.DeepEqual(got, bounds) || !reflect.DeepEqual(s.lo, lo) || !reflect.DeepEqual(s.hi, hi) {
				t.Errorf("seed %d, %s: bounds after the dive %v, before %v", seed, diveRules[r].name, got, bounds)
			}
			if got := s.rel.Snapshot(); !reflect.DeepEqual(got, basis) {
				t.Errorf("seed %d, %s: basis after the dive %v, before %v", seed, diveRules[r].name, got, basis)
			}
			if s.incX != nil && (guide == nil || s.incZ < s.sign*m.Objective(guide)) {
				// in minimisation form, the optimum is s.sign·opt
				if !feasible || s.incZ < s.sign*opt-1e-6*(1+math.Abs(opt)) {
					t.Errorf("seed %d, %s: point of objective %v, enumeration's optimum %v (feasible %v)", seed, diveRules[r].name, s.sign*s.incZ, opt, feasible)
				}
				found[r]++
			}
			s.incX, s.incZ = nil, inf
		}
	}
	t.Logf("%d models where rounding fails; points found per rule: %v", tried, found)
	for r := range diveRules {
		if !diveRules[r].guided && found[r] == 0 {
			t.Errorf("%s found no point on %d models where rounding finds none: the test checks nothing", diveRules[r].name, tried)
		}
	}
}

// lastDive runs the rules before r from x (value z) and returns the point
// the last of them to succeed found, nil if none did; the search is left
// without an incumbent.
func (s *search) lastDive(x []float64, z float64, r int) []float64 {
	var last []float64
	for k := range r {
		if err := s.dive(k, x, z, inf); err == nil && s.incX != nil {
			last = s.incX
		}
		s.incX, s.incZ = nil, inf
	}
	return last
}

// colBounds lists the bounds of the relaxation's n columns.
func colBounds(rel relaxation, n int) [][2]float64 {
	b := make([][2]float64, n)
	for j := range b {
		b[j][0], b[j][1] = rel.ColBounds(j)
	}
	return b
}

// solveCounter counts the solves of a relaxation.
type solveCounter struct {
	relaxation
	solves int
}

func (c *solveCounter) Solve(ctx context.Context) (*lp.Solution, error) {
	c.solves++
	return c.relaxation.Solve(ctx)
}

// TestDiveChargesLPs checks that a dive's work counts diveLPCost for each
// LP beyond its simplex iterations, so that a dive whose LPs take few
// iterations each is still bounded by its budget: on the seeded random
// models of TestDives where a dive solves two LPs or more, each rule's
// work grows by at least its iterations plus diveLPCost per LP, and the
// same dive with a budget of diveLPCost stops after its first LP.
func TestDiveChargesLPs(t *testing.T) {
	multi := 0
	for seed := uint64(1); seed <= 150; seed++ {
		rng := rand.New(rand.NewPCG(seed, 29))
		m := randomIP(rng, 4+rng.IntN(5), 2+rng.IntN(4))
		s, ok := presolvedSearch(t, m, Options{OneOpt: Off})
		if !ok {
			continue
		}
		rel, err := simplexRelax(s.w)
		if err != nil {
			t.Fatal(err)
		}
		c := &solveCounter{relaxation: rel}
		s.rel = c
		sol, err := s.rel.Solve(context.Background())
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if sol.Status != lp.Optimal || len(s.fractional(sol.X)) == 0 {
			continue
		}
		x, z := sol.X, s.sign*sol.Objective
		s.rootX = x
		st := &s.primal.dives
		for r := range diveRules {
			if diveRules[r].guided {
				continue
			}
			work, iters, solves := st.work[r], st.iters[r], c.solves
			if err := s.dive(r, x, z, inf); err != nil {
				t.Fatalf("seed %d, %s: %v", seed, diveRules[r].name, err)
			}
			s.incX, s.incZ = nil, inf
			lps := c.solves - solves
			if want := float64(st.iters[r]-iters) + diveLPCost*float64(lps); st.work[r]-work < want-1e-9 {
				t.Errorf("seed %d, %s: work %v for %d iterations and %d LPs, want at least %v", seed, diveRules[r].name, st.work[r]-work, st.iters[r]-iters, lps, want)
			}
			if lps < 2 {
				continue
			}
			multi++
			solves = c.solves
			if err := s.dive(r, x, z, diveLPCost); err != nil {
				t.Fatalf("seed %d, %s: %v", seed, diveRules[r].name, err)
			}
			s.incX, s.incZ = nil, inf
			if lps := c.solves - solves; lps > 1 {
				t.Errorf("seed %d, %s: %d LPs within a budget of diveLPCost = %v, want at most 1", seed, diveRules[r].name, lps, float64(diveLPCost))
			}
		}
	}
	if multi == 0 {
		t.Error("no dive solved two LPs or more: the test checks nothing")
	}
	t.Logf("%d dives of two LPs or more", multi)
}
