package mip

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/mps"
)

// nodeCut is a cut a node cut round added, with the cutoff (minimisation
// form) in force then.
type nodeCut struct {
	row    lp.Row
	cutoff float64
}

// checkNodeCuts checks each node cut against every feasible point of the
// pure integer program m (enumerated) whose objective, in minimisation
// form, lies below the cutoff of its round: those are the points the tree
// still had to keep when the cut was added (reduced-cost fixing on the
// root's bounds has removed the others). It returns how many it checked.
func checkNodeCuts(t *testing.T, what string, m *lp.Model, cuts []nodeCut) int {
	t.Helper()
	sign := 1.0
	if m.Sense == lp.Maximize {
		sign = -1
	}
	forEachPoint(m, func(x []float64) bool {
		if !rowsHold(m, x, 0) {
			return true
		}
		z := sign * m.Objective(x)
		for _, c := range cuts {
			if z < c.cutoff-1e-9 && violation(&c.row, x) > 1e-6 {
				t.Errorf("%s: node cut %v %v in [%v, %v] (cutoff %v) cuts off the feasible point %v of objective %v",
					what, c.row.Ind, c.row.Val, c.row.Lower, c.row.Upper, c.cutoff, x, sign*z)
				return false
			}
		}
		return true
	})
	return len(cuts)
}

// largeTrees switches off the root cuts, the heuristics that end a search
// early and probing, and branches on the most fractional column: larger
// trees, whose nodes find the cuts the root would have.
func largeTrees(o *Options) {
	o.NoCuts, o.NoDiving, o.FeasJump, o.RENS, o.Probing = true, true, Off, Off, Off
	o.Branching = MostFractional
}

// TestNodeCutsRandomAgainstEnumeration solves seeded random integer, 0/1
// and knapsack programs with node cuts on: every answer must be the
// optimum found by complete enumeration, every node cut must hold at every
// feasible point that could still improve the incumbent when it was added,
// and two runs with one thread count must be identical to the bit (node
// cuts act with one thread only; with two the search is that of NodeCuts
// off, and must reach the same optimum). Symmetry handling is off so that
// no feasible point is excluded by anything else than the cutoff; half of
// the models are solved without root cuts and heuristics, by
// most-fractional branching, so that their nodes have cuts to find.
func TestNodeCutsRandomAgainstEnumeration(t *testing.T) {
	checked := 0
	for seed := uint64(1); seed <= 200; seed++ {
		rng := rand.New(rand.NewPCG(seed, 35))
		m := randomMixedIP(rng, seed)
		for _, th := range []int{1, 2} {
			var cuts []nodeCut
			opts := Options{NodeCuts: On, Symmetry: Off, Threads: th, nodeCutsSeen: func(rows []lp.Row, cutoff float64) {
				for _, r := range rows {
					cuts = append(cuts, nodeCut{r, cutoff})
				}
			}}
			if seed%2 == 0 {
				largeTrees(&opts)
			}
			what := fmt.Sprintf("seed %d, %d threads", seed, th)
			var first *lp.Solution
			for run := 0; run < 2; run++ {
				sol, err := Solve(context.Background(), m, opts)
				if err != nil {
					t.Fatalf("%s: %v", what, err)
				}
				if run == 1 {
					if d := sameRun(first, sol); d != "" {
						t.Errorf("%s: two runs differ: %s", what, d)
					}
					continue
				}
				first = sol
				checkEnumerated(t, what, m, sol)
				if th > 1 && len(cuts) > 0 {
					t.Errorf("%s: %d node cuts with more than one thread", what, len(cuts))
				}
				checked += checkNodeCuts(t, what, m, cuts)
			}
		}
	}
	checkedSome(t, "node cuts", checked)
}

// TestNodeCutsMiplib solves the quick shared instances with node cuts on,
// one thread: each answer must be Optimal at the optimum of the set's
// optimal.csv, and a second run identical to the bit.
func TestNodeCutsMiplib(t *testing.T) {
	added := 0
	for _, in := range sharedMILPs(t) {
		if !parallelInstances[in.name] {
			continue
		}
		t.Run(in.name, func(t *testing.T) {
			m, err := mps.ReadFile(in.path)
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			opts := Options{NodeCuts: On, Threads: 1, NodeLimit: 100000, nodeCutsSeen: func(rows []lp.Row, _ float64) { n += len(rows) }}
			var first *lp.Solution
			for run := 0; run < 2; run++ {
				sol, err := Solve(context.Background(), m, opts)
				if err != nil {
					t.Fatal(err)
				}
				if run == 1 {
					if d := sameRun(first, sol); d != "" {
						t.Errorf("two runs differ: %s", d)
					}
					continue
				}
				first = sol
				t.Logf("%v %.10g, %d nodes, %d node cuts", sol.Status, sol.Objective, sol.Nodes, n)
				if sol.Status != lp.Optimal || math.Abs(sol.Objective-in.opt) > 1e-6*math.Max(1, math.Abs(in.opt)) {
					t.Errorf("%v %.10g, want optimal %.10g (optimal.csv)", sol.Status, sol.Objective, in.opt)
				}
				checkPoint(t, m, sol)
				added += n
			}
		})
	}
	if added == 0 && !t.Skipped() {
		t.Fatal("no node cuts added on any instance: the test checks nothing")
	}
}

// TestNodeCutRemovalAgainstEnumeration solves the random programs of
// TestNodeCutsRandomAgainstEnumeration with node cuts on and their removal
// at its most aggressive (a cut slack at one node LP is deleted, one row
// is a batch): every answer must still be the optimum found by complete
// enumeration, two runs must agree to the bit, and every deleted row must
// be one of the node cuts added before.
func TestNodeCutRemovalAgainstEnumeration(t *testing.T) {
	deleted := 0
	for seed := uint64(1); seed <= 200; seed++ {
		rng := rand.New(rand.NewPCG(seed, 35))
		m := randomMixedIP(rng, seed)
		var cuts []nodeCut
		var gone [][]lp.Row
		opts := Options{NodeCuts: On, Symmetry: Off, Threads: 1, nodeCutAge: 1, nodeCutBatch: 1,
			nodeCutsSeen: func(rows []lp.Row, cutoff float64) {
				for _, r := range rows {
					cuts = append(cuts, nodeCut{r, cutoff})
				}
			},
			nodeCutsDeleted: func(rows []lp.Row) { gone = append(gone, rows) },
		}
		if seed%2 == 0 {
			largeTrees(&opts)
		}
		what := fmt.Sprintf("seed %d", seed)
		var first *lp.Solution
		for run := 0; run < 2; run++ {
			cuts, gone = nil, nil
			sol, err := Solve(context.Background(), m, opts)
			if err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			if run == 1 {
				if d := sameRun(first, sol); d != "" {
					t.Errorf("%s: two runs differ: %s", what, d)
				}
				continue
			}
			first = sol
			checkEnumerated(t, what, m, sol)
			checkNodeCuts(t, what, m, cuts)
			for _, batch := range gone {
				for _, r := range batch {
					deleted++
					if !slices.ContainsFunc(cuts, func(c nodeCut) bool {
						return slices.Equal(c.row.Ind, r.Ind) && slices.Equal(c.row.Val, r.Val) && c.row.Lower == r.Lower && c.row.Upper == r.Upper
					}) {
						t.Errorf("%s: deleted row %v %v in [%v, %v] is not a node cut", what, r.Ind, r.Val, r.Lower, r.Upper)
					}
				}
			}
		}
	}
	// without a deletion the test would check nothing of the removal
	if deleted == 0 {
		t.Fatal("no node cut deleted")
	}
	t.Logf("%d node cuts deleted", deleted)
}
