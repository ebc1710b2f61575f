package mip

import (
	"math"

	"github.com/streamopt/streamopt/lp"
)

// DefaultNodeCuts is whether Options.NodeCuts is on when Auto (doc.go,
// "Cuts at the nodes of the tree" gives the measurement behind it).
const DefaultNodeCuts = false

// Node cut separation (doc.go, "Cuts at the nodes of the tree").
const (
	nodeCutRounds    = 2    // separation rounds per node at most
	nodeCutsPerRound = 10   // cuts added per round at most
	nodeCutMinEff    = 1e-2 // smallest efficacy (violation / norm) of a node cut
	nodeCutMaxGap    = 64   // the longest interval, in nodes, between separations
	// a round that raises the node's bound by less than this fraction of
	// max(1, |z|) (or of the gap to the incumbent, when smaller) fails
	nodeCutMinGain = 1e-3
	// nodeCutSepCost is what a separation round is charged, in simplex
	// iterations: on cap6000 and pk1 alike a round of the separators costs
	// about as much as 50 iterations of the node LP (both scale with the
	// model's nonzeros)
	nodeCutSepCost = 50
)

// nodeCutState is the state of the separation at tree nodes.
type nodeCutState struct {
	next     int // the node count from which the next node separates
	interval int // nodes between separations (1 … nodeCutMaxGap)
	calls    int // separation rounds run
	success  int // rounds that raised the node's bound
	added    int // cuts added
	iters    int // simplex iterations of the LPs solved again after node cuts
	limit    int // the most node cuts the search adds (0: not yet set)
}

// nodeCutsOn reports whether this search separates cuts at tree nodes:
// Options.NodeCuts, in a search that processes one node at a time (no
// rounds, see run), outside sub-MIPs.
func (s *search) nodeCutsOn() bool {
	return s.opts.NodeCuts.enabled(DefaultNodeCuts) && !s.primal.sub &&
		s.threads() == 1 && !s.opts.roundsAlways && s.task == nil
}

// nodeCutsDue reports whether the node being processed (not the root)
// separates in its round-th round of node cuts, and s.nodeCut's budget
// allows it: the cuts added stay under their cap (half the rows of the
// working model when the tree starts, at least 50: the relaxation cannot
// drop rows, so a node cut stays in every later LP), and the separation
// rounds (nodeCutSepCost each) and the LPs solved again after node cuts
// have cost at most a twentieth of the node LPs' iterations plus 1 000.
func (s *search) nodeCutsDue(round int) bool {
	nc := &s.nodeCut
	if round >= nodeCutRounds || (round == 0 && s.nodes < nc.next) {
		return false
	}
	if nc.limit == 0 {
		nc.limit = max(50, len(s.w.Rows)/2)
	}
	return nc.added < nc.limit && nc.iters <= s.work.nodeIters/20+1000
}

// separateNode returns the globally valid cuts the node's LP point x
// violates with efficacy at least nodeCutMinEff, at most nodeCutsPerRound
// of them, best first: c-MIR (rounding binaries only: on general integers
// they took bell5 from 3 475 nodes to more than 378 000), flow covers,
// knapsack covers (lifted when Options.LiftedCovers is on) and implied
// bounds, all separated over the root's bounds (s.rootLo, s.rootHi), so
// that every cut holds in the whole tree (for every point better than the
// cutoff, which is what reduced-cost fixing leaves in those bounds).
func (s *search) separateNode(x []float64) []lp.Row {
	vubs := findVUBs(s.w, s.rootLo, s.rootHi)
	s.nodeCut.iters += nodeCutSepCost
	var cuts []lp.Row
	cuts = append(cuts, mirCuts(s.w, s.rootLo, s.rootHi, x, vubs, false)...)
	cuts = append(cuts, flowCuts(s.w, s.rootLo, s.rootHi, x, vubs)...)
	cuts = append(cuts, coverCuts(s.w, s.rootLo, s.rootHi, x, s.liftedCoversOn())...)
	cuts = append(cuts, s.implied.cuts(s.rootLo, s.rootHi, x)...)
	var found []scoredCut
	for _, c := range cuts {
		if eff := efficacy(&c, x); eff >= nodeCutMinEff {
			found = append(found, scoredCut{row: c, eff: eff})
		}
	}
	return bestCuts(found, nodeCutsPerRound)
}

// efficacy is by how much x violates r over the Euclidean norm of r's
// coefficients (the distance from x to the cut's hyperplane); 0 if x
// satisfies r.
func efficacy(r *lp.Row, x []float64) float64 {
	act := 0.0
	for k, j := range r.Ind {
		act += r.Val[k] * x[j]
	}
	v := math.Max(r.Lower-act, act-r.Upper)
	n := rowNorm(*r)
	if v <= 0 || n == 0 {
		return 0
	}
	return v / n
}

// nodeCutsDone records the outcome of a node's separation rounds: the
// node's bound went from z0 to z. A gain of at least nodeCutMinGain of
// max(1, |z0|), or of the gap to the incumbent when that is smaller, halves
// the interval between separating nodes; otherwise it doubles, up to
// nodeCutMaxGap.
func (s *search) nodeCutsDone(z0, z float64) {
	nc := &s.nodeCut
	scale := math.Max(1, math.Abs(z0))
	if s.incX != nil && s.incZ-z0 > 0 {
		scale = math.Min(scale, s.incZ-z0)
	}
	if z-z0 >= nodeCutMinGain*scale {
		nc.success++
		nc.interval = max(1, nc.interval/2)
	} else {
		nc.interval = min(nodeCutMaxGap, max(1, 2*nc.interval))
	}
	nc.next = s.nodes + nc.interval
}

// logNodeCuts writes what the node cut separation did, if it ran.
func (s *search) logNodeCuts() {
	if nc := &s.nodeCut; nc.calls > 0 {
		s.logf("node cuts: %d rounds, %d raised the bound, %d cuts added (cap %d), %d iterations after them",
			nc.calls, nc.success, nc.added, nc.limit, nc.iters)
	}
}
