package mip

import (
	"bytes"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/streamopt/streamopt/internal/instances"
	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/mps"
)

// miplibSearch returns the presolved search of the shared instance name
// with options o, its relaxation built, and the instance (optimum from
// its optimal.csv); it skips the test without the shared folder.
func miplibSearch(t *testing.T, name string, o Options) (*search, instances.Instance) {
	t.Helper()
	for _, in := range instances.MiplibOrSkip(t) {
		if in.Name != name {
			continue
		}
		m, err := mps.ReadFile(in.Path)
		if err != nil {
			t.Fatal(err)
		}
		s, ok := presolvedSearch(t, m, o)
		s.start = time.Now()
		if !ok {
			t.Fatalf("%s: presolve found the model infeasible", name)
		}
		if s.rel, err = simplexRelax(s.w); err != nil {
			t.Fatal(err)
		}
		return s, in
	}
	t.Fatalf("no instance %s in the shared miplib folder", name)
	return nil, instances.Instance{}
}

// TestSubMIPWholeBox gives the sub-MIP, with its cheap settings (no cut
// loop, no strong branching), the whole root box of quick shared
// instances, in a search that has spent a million iterations (a budget of
// half a million for its sub-MIPs): its point, through the parent's
// incumbent check, is the optimum of optimal.csv, so that the cheap
// settings still solve a sub-MIP to the end (not gt2's: its general
// integers need the cuts, which the sub-MIP leaves to its parent); and
// its iterations are counted in the parent's (search.iters and
// primalState.subIters; the former also counts the polish LP of a point
// with continuous columns).
func TestSubMIPWholeBox(t *testing.T) {
	for _, name := range []string{"egout", "flugpl", "rgn"} {
		t.Run(name, func(t *testing.T) {
			var log bytes.Buffer
			s, in := miplibSearch(t, name, Options{Threads: 1, Log: &log})
			const before = 1000000
			s.iters = before
			s.subMIP(s.rootLo, s.rootHi, 100000, "test", 0, s.n)
			if s.incX == nil {
				t.Fatalf("no incumbent; log:\n%s", log.String())
			}
			z := s.sign * s.incZ
			if math.Abs(z-in.Optimum) > 1e-6*math.Max(1, math.Abs(in.Optimum)) {
				t.Errorf("sub-MIP incumbent %.10g, want the optimum %.10g (%s)", z, in.Optimum, in.Source)
			}
			if s.primal.subIters == 0 || s.primal.subIters > s.iters-before {
				t.Errorf("sub-MIP iterations %d, search iterations %d more: want 0 < the former <= the latter", s.primal.subIters, s.iters-before)
			}
			t.Logf("%s", strings.TrimSpace(log.String()))
		})
	}
}

// TestSubMIPBudget: with its iterations spent, a search starts no
// sub-MIP (and says so in the log); a search whose iteration limit is
// reached stops with status IterationLimit before its tree is done, its
// bound still valid, while without the limit the same search solves the
// instance to its optimum (optimal.csv).
func TestSubMIPBudget(t *testing.T) {
	var log bytes.Buffer
	s, _ := miplibSearch(t, "lseu", Options{Threads: 1, Log: &log})
	s.primal.subIters = subIterOfs // and none outside: nothing left
	s.subMIP(s.rootLo, s.rootHi, 100000, "test", 0, s.n)
	if s.iters != 0 || s.incX != nil || !strings.Contains(log.String(), "test: 0 of 89 integer columns fixed, no sub-MIP") {
		t.Errorf("a sub-MIP ran without budget: %d iterations, log %q", s.iters, log.String())
	}

	full, in := miplibSearch(t, "lseu", Options{Threads: 1})
	full.primal.sub, full.primal.objLimit = true, inf // a sub-MIP's search: no heuristics of its own
	st, err := full.run()
	if err != nil {
		t.Fatal(err)
	}
	if st != lp.Optimal || math.Abs(full.incZ-in.Optimum) > 1e-6 {
		t.Fatalf("without a limit: %v %v, want optimal %v (%s)", st, full.incZ, in.Optimum, in.Source)
	}
	const limit = 500
	if full.iters <= 2*limit {
		t.Fatalf("the search took %d iterations: too few to test a limit of %d", full.iters, limit)
	}
	cut, _ := miplibSearch(t, "lseu", Options{Threads: 1})
	cut.primal.sub, cut.primal.objLimit, cut.primal.iterLimit = true, inf, limit
	st, err = cut.run()
	if err != nil {
		t.Fatal(err)
	}
	if st != lp.IterationLimit || cut.iters < limit || cut.nodes >= full.nodes || len(cut.open) == 0 {
		t.Errorf("limit %d: status %v after %d iterations, %d nodes (%d open); without it %d nodes", limit, st, cut.iters, cut.nodes, len(cut.open), full.nodes)
	}
	if b := cut.lowerBound(); b > in.Optimum+1e-6 {
		t.Errorf("bound %v beyond the optimum %v", b, in.Optimum)
	}
}
