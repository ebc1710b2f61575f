package mip

import (
	"math"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/simplex"
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
	// nodeCutMaxAge: a node cut slack at this many node LPs in a row is
	// deleted from the working model and the relaxation
	nodeCutMaxAge = 10
	// nodeCutBatch: node cuts are deleted in batches of at least this
	// many, which share one refactorisation of the basis
	nodeCutBatch = 5
	// nodeCutSlack: a row is slack at a point when its activity is further
	// than this, relative to max(1, |side|), from each finite side
	nodeCutSlack = 1e-6
)

// nodeCutState is the state of the separation at tree nodes.
type nodeCutState struct {
	next     int // the node count from which the next node separates
	interval int // nodes between separations (1 … nodeCutMaxGap)
	calls    int // separation rounds run
	success  int // rounds that raised the node's bound
	added    int // cuts added
	iters    int // simplex iterations of the LPs solved again after node cuts
	limit    int // the most node cuts in the working model at once (0: not yet set)
	// rows lists the indices in the working model of the node cuts it
	// holds, ascending; age[k] is the number of node LPs in a row at which
	// row rows[k] was slack
	rows     []int
	age      []int
	removed  int // node cuts deleted
	batches  int // deletions
	nextDrop int // the node count from which the next deletion is tried
}

// rowDeleter is a relaxation that can delete rows whose logicals are basic
// while keeping its basis (simplexRelaxation).
type rowDeleter interface {
	DeleteRows(rows []int) error
	Basis() simplex.Basis
	// markTight marks the rows that are nonbasic in a snapshot
	markTight(snap any, rows []int, tight []bool)
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
// allows it: the node cuts in the working model stay under their cap
// (half its rows when the tree starts, at least 50: dropNodeCuts deletes
// only cuts slack for a while and tight in no open node's snapshot), and
// the separation rounds (nodeCutSepCost each) and the LPs solved again
// after node cuts have cost at most a twentieth of the node LPs'
// iterations plus 1 000.
func (s *search) nodeCutsDue(round int) bool {
	nc := &s.nodeCut
	if round >= nodeCutRounds || (round == 0 && s.nodes < nc.next) {
		return false
	}
	if nc.limit == 0 {
		nc.limit = max(50, len(s.w.Rows)/2)
	}
	return len(nc.rows) < nc.limit && nc.iters <= s.work.nodeIters/20+1000
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

// nodeCutsAdded records that the last n rows of the working model are
// node cuts.
func (s *search) nodeCutsAdded(n int) {
	nc := &s.nodeCut
	for i := len(s.w.Rows) - n; i < len(s.w.Rows); i++ {
		nc.rows = append(nc.rows, i)
		nc.age = append(nc.age, 0)
	}
}

// ageNodeCuts counts one more node LP, with row activities act, in the
// ages of the node cuts: a cut slack there (nodeCutSlack) ages by one, a
// tight one goes back to 0.
func (s *search) ageNodeCuts(act []float64) {
	nc := &s.nodeCut
	if len(nc.rows) == 0 || len(act) != len(s.w.Rows) {
		return
	}
	tight := func(a, side float64) bool {
		return !math.IsInf(side, 0) && math.Abs(a-side) <= nodeCutSlack*math.Max(1, math.Abs(side))
	}
	for k, i := range nc.rows {
		r := &s.w.Rows[i]
		if a := act[i]; tight(a, r.Lower) || tight(a, r.Upper) || a < r.Lower || a > r.Upper {
			nc.age[k] = 0
		} else {
			nc.age[k]++
		}
	}
}

// dropNodeCuts deletes the node cuts that have been slack for
// nodeCutMaxAge node LPs in a row, whose logicals are basic in the
// relaxation's current basis and in the snapshot of every open node, when
// there are at least nodeCutBatch of them, from the relaxation (which keeps its basis and point, see
// simplex.Solver.DeleteRows), the working model, the rounding locks and
// the propagator. It is called with the node's optimal basis current,
// before the children's snapshot.
func (s *search) dropNodeCuts() {
	nc := &s.nodeCut
	maxAge, batch := nodeCutMaxAge, nodeCutBatch
	if s.opts.nodeCutAge > 0 {
		maxAge, batch = s.opts.nodeCutAge, s.opts.nodeCutBatch
	}
	old := 0
	for _, a := range nc.age {
		if a >= maxAge {
			old++
		}
	}
	if old < batch || s.nodes < nc.nextDrop {
		return
	}
	// The scan of the open nodes below costs O(open nodes); tried at most
	// once per eighth of their number of nodes, it costs O(1) per node.
	nc.nextDrop = s.nodes + max(nodeCutMaxAge, len(s.open)/8)
	rd, ok := s.rel.(rowDeleter)
	if !ok {
		return
	}
	st := rd.Basis().Rows
	if len(st) != len(s.w.Rows) {
		return
	}
	var del []int // ascending, as nc.rows
	for k, i := range nc.rows {
		if nc.age[k] >= maxAge && st[i] == simplex.Basic {
			del = append(del, i)
		}
	}
	if len(del) < batch {
		return
	}
	// A cut tight in an open node's snapshot stays: deleting it would
	// leave that snapshot one basic variable too many, and its node
	// would start from another basis.
	tight := make([]bool, len(del))
	for _, nd := range s.open {
		rd.markTight(nd.warm, del, tight)
	}
	k := 0
	for t, i := range del {
		if !tight[t] {
			del[k] = i
			k++
		}
	}
	del = del[:k]
	if len(del) < batch || rd.DeleteRows(del) != nil {
		return
	}
	nc.removed += len(del)
	nc.batches++
	if s.opts.nodeCutsDeleted != nil {
		rows := make([]lp.Row, len(del))
		for t, i := range del {
			rows[t] = s.w.Rows[i]
		}
		s.opts.nodeCutsDeleted(rows)
	}
	// the working model's rows, in a new slice (other holders of the old
	// one, such as a sub-MIP's copy, keep theirs)
	rows := make([]lp.Row, 0, len(s.w.Rows)-len(del))
	newIdx := make([]int, len(s.w.Rows))
	d := 0
	for i := range s.w.Rows {
		if d < len(del) && del[d] == i {
			s.lockRow(&s.w.Rows[i], -1)
			newIdx[i] = -1
			d++
			continue
		}
		newIdx[i] = len(rows)
		rows = append(rows, s.w.Rows[i])
	}
	s.w.Rows = rows
	k = 0
	for t, i := range nc.rows {
		if newIdx[i] >= 0 {
			nc.rows[k], nc.age[k] = newIdx[i], nc.age[t]
			k++
		}
	}
	nc.rows, nc.age = nc.rows[:k], nc.age[:k]
	s.prop = newPropagator(s.w, s.isInt, s.opts.IntTol)
}

// logNodeCuts writes what the node cut separation did, if it ran.
func (s *search) logNodeCuts() {
	if nc := &s.nodeCut; nc.calls > 0 {
		s.logf("node cuts: %d rounds, %d raised the bound, %d cuts added (cap %d), %d deleted in %d batches, %d iterations after them",
			nc.calls, nc.success, nc.added, nc.limit, nc.removed, nc.batches, nc.iters)
		if r, ok := s.rel.(*simplexRelaxation); ok && r.kept > 0 {
			s.logf("node cuts: %d restores kept the current basis (a deleted cut tight in the snapshot)", r.kept)
		}
	}
}
