package simplex

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/streamopt/streamopt/internal/instances"
	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/mps"
)

// warmBenchInstances are the MIPLIB instances of the shared folder whose
// relaxations BenchmarkWarm re-solves.
var warmBenchInstances = map[string]bool{
	"lseu": true, "egout": true, "bell5": true, "rgn": true, "gt2": true, "p0548": true, "dcmulti": true,
}

// warmSteps is the number of warm solves per benchmark iteration.
const warmSteps = 300

// warmState is a node of the replayed search: its column bounds and the
// basis its LP ended with.
type warmState struct {
	lo, hi []float64
	basis  Basis
	x      []float64
}

// replayWarm runs a fixed-seed sequence of branch-and-bound-like warm
// solves on sv: each step restores a stored node with probability 1/2
// (its bounds and basis), rounds one fractional integer column of that
// node's solution down or up, and re-solves. It returns the number of
// simplex iterations.
func replayWarm(tb testing.TB, m *lp.Model, seed uint64) int {
	sv, err := New(m, Options{})
	if err != nil {
		tb.Fatal(err)
	}
	ctx := context.Background()
	sol, err := sv.Solve(ctx)
	if err != nil || sol.Status != lp.Optimal {
		tb.Fatalf("root: %v %v", sol.Status, err)
	}
	n := len(m.Vars)
	root := warmState{lo: make([]float64, n), hi: make([]float64, n), basis: sv.Basis(), x: sol.X}
	for j, v := range m.Vars {
		root.lo[j], root.hi[j] = v.Lower, v.Upper
	}
	nodes := []warmState{root}
	cur := 0
	rng := rand.New(rand.NewPCG(seed, 11))
	iters := sol.Iterations
	for step := 0; step < warmSteps && len(nodes) > 0; step++ {
		if cur < 0 || rng.IntN(2) == 0 {
			k := rng.IntN(len(nodes))
			if k != cur {
				cur = k
				nd := &nodes[k]
				for j := 0; j < n; j++ {
					if l, h := sv.ColBounds(j); l != nd.lo[j] || h != nd.hi[j] {
						sv.SetColBounds(j, nd.lo[j], nd.hi[j])
					}
				}
				if err := sv.SetBasis(nd.basis); err != nil {
					tb.Fatal(err)
				}
			}
		}
		nd := nodes[cur]
		var frac []int
		for j, v := range m.Vars {
			if v.Integer && math.Abs(nd.x[j]-math.Round(nd.x[j])) > 1e-6 {
				frac = append(frac, j)
			}
		}
		if len(frac) == 0 {
			// integral: drop the node
			nodes[cur] = nodes[len(nodes)-1]
			nodes = nodes[:len(nodes)-1]
			cur = -1
			continue
		}
		j := frac[rng.IntN(len(frac))]
		lo := append([]float64(nil), nd.lo...)
		hi := append([]float64(nil), nd.hi...)
		if rng.IntN(2) == 0 {
			hi[j] = math.Floor(nd.x[j])
		} else {
			lo[j] = math.Ceil(nd.x[j])
		}
		sv.SetColBounds(j, lo[j], hi[j])
		sol, err := sv.Solve(ctx)
		if err != nil {
			tb.Fatal(err)
		}
		iters += sol.Iterations
		switch sol.Status {
		case lp.Optimal:
			nodes = append(nodes, warmState{lo: lo, hi: hi, basis: sv.Basis(), x: sol.X})
			cur = len(nodes) - 1
		case lp.Infeasible:
			// stay at the parent's bounds with whatever basis the solve left
			sv.SetColBounds(j, nd.lo[j], nd.hi[j])
		default:
			tb.Fatalf("step %d: status %v", step, sol.Status)
		}
	}
	return iters
}

// BenchmarkWarm times warm re-solves of MIPLIB relaxations after bound
// changes and basis restores (see replayWarm); it reports the simplex
// iterations per op.
func BenchmarkWarm(b *testing.B) {
	ins := instances.MiplibOrSkip(b)
	for _, in := range ins {
		if !warmBenchInstances[in.Name] {
			continue
		}
		m, err := mps.ReadFile(in.Path)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(in.Name, func(b *testing.B) {
			iters := 0
			for b.Loop() {
				iters += replayWarm(b, m, 1)
			}
			b.ReportMetric(float64(iters)/float64(b.N), "lpiters/op")
		})
	}
}
