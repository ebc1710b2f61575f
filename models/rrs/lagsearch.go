package rrs

import (
	"container/heap"
	"context"
	"fmt"
	"math"
	"slices"
)

// shareNode is an open node of the search over shares: every DC's share
// y_i = wᵀf_i restricted to [yLo_i, yHi_i], with the bound of its parent
// (or its own, once solved) and the parent's prices and cuts to start from.
type shareNode struct {
	yLo, yHi []float64
	bound    float64
	mu       []float64
	cuts     []cut
	depth    int
}

// Rounds of the cutting-plane method per node: the root starts from the QP
// relaxation's prices, the other nodes from their parent's prices and cuts.
const (
	rootFirstRounds = 150
	rootDualRounds  = 1000
	nodeDualRounds  = 200
)

// shareSearch is the branch and bound over the shares y_i with the
// Lagrangian bound (doc.go, "Lagrangian bound"). It starts from the root
// bound and prices mu0 and leaves the incumbent in sr; it returns the
// largest bound of the nodes left open when a limit stopped it (or −Inf),
// with the error of that limit.
func (sr *search) shareSearch(ctx context.Context, rootBound float64, mu0 []float64) (float64, error) {
	in := sr.in
	s := len(in.DataCenters)
	lg := newLagrangian(in, sr.sp.kmin)
	root := &shareNode{yLo: make([]float64, s), yHi: make([]float64, s), bound: rootBound, mu: mu0}
	for i := range root.yHi {
		root.yHi[i] = lg.oracles[i].yMax
	}
	open := newBestFirst(func(n *shareNode) float64 { return n.bound }, root)
	for open.Len() > 0 {
		if err := ctx.Err(); err != nil {
			return open.max(), fmt.Errorf("%w: %w", ErrGlobalLimit, err)
		}
		if sr.opt.NodeLimit > 0 && sr.nodes >= sr.opt.NodeLimit {
			return open.max(), fmt.Errorf("%w: node limit %d", ErrGlobalLimit, sr.opt.NodeLimit)
		}
		nd := heap.Pop(open).(*shareNode)
		if sr.closed(nd.bound) {
			sr.pruned = math.Max(sr.pruned, nd.bound)
			continue
		}
		kids, err := sr.processShares(ctx, lg, nd, open.max())
		if err != nil {
			heap.Push(open, nd) // its bound still counts
			if ctx.Err() != nil {
				return open.max(), fmt.Errorf("%w: %w", ErrGlobalLimit, ctx.Err())
			}
			return open.max(), err
		}
		for _, k := range kids {
			heap.Push(open, k)
		}
		if sr.opt.Progress != nil {
			sr.opt.Progress(math.Max(math.Max(sr.lower, sr.pruned), open.max()), sr.lower)
		}
	}
	return math.Inf(-1), nil
}

// processShares bounds nd by the Lagrangian dual over its share ranges,
// offers the combined policy of the dual's master to the local solve, and
// splits the node on the DC whose combination mixes the most distant
// shares.
//
// others is the largest bound of the other open nodes: with it, the
// dual's progress on a long node (the root at planning scale) is reported
// through GlobalOptions.Progress as it goes.
func (sr *search) processShares(ctx context.Context, lg *lagrangian, nd *shareNode, others float64) ([]*shareNode, error) {
	sr.nodes++
	// The root's dual runs in two stages, each followed by a local solve
	// from its combined policy: at planning scale the whole root can take
	// minutes, and the first stage's policy is the first incumbent
	// (200 × 2 000: a local solve from the uniform policy took 7 minutes
	// and ended 3 % below the bound).
	stages := []int{nodeDualRounds}
	if nd.depth == 0 {
		stages = []int{rootFirstRounds, rootDualRounds - rootFirstRounds}
	}
	var res dualResult
	mu, cuts := nd.mu, nd.cuts
	for _, rounds := range stages {
		scale := math.Max(1, math.Abs(sr.lower))
		if math.IsInf(sr.lower, -1) {
			scale = math.Max(1, math.Abs(nd.bound))
		}
		target := math.Inf(-1)
		if !math.IsInf(sr.lower, -1) {
			target = sr.lower + sr.opt.Gap*scale
		}
		dopt := dualOptions{tol: 0.1 * sr.opt.Gap * scale, target: target, maxRounds: rounds}
		if sr.opt.Progress != nil {
			dopt.improved = func(b float64) {
				sr.opt.Progress(math.Max(math.Max(sr.lower, sr.pruned), math.Max(others, math.Min(nd.bound, b))), sr.lower)
			}
		}
		res = lg.minimise(ctx, mu, nd.yLo, nd.yHi, cuts, dopt)
		sr.dualRounds += res.rounds
		if !res.ok {
			return nil, nil // no policy has its shares in these ranges
		}
		nd.bound = math.Min(nd.bound, res.bound)
		mu, cuts = res.mu, res.cuts
		if res.primal != nil {
			x := make([]float64, sr.p.NumVars())
			for i, row := range res.primal {
				for j, v := range row {
					x[sr.in.Var(i, j)] = v
				}
			}
			if err := sr.offer(ctx, x, nd.depth == 0); err != nil {
				return nil, err
			}
		}
		if ctx.Err() != nil || sr.closed(nd.bound) || res.rounds < rounds {
			break // stopped, closed, or converged
		}
	}
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	if sr.closed(nd.bound) {
		sr.pruned = math.Max(sr.pruned, nd.bound)
		return nil, nil
	}
	at, y := -1, 0.0
	best := 0.0
	for i := range res.spread {
		o := lg.oracles[i]
		if score := o.alpha * math.Max(o.kmin, 1e-12) * res.spread[i] * res.spread[i]; score > best && nd.yHi[i]-nd.yLo[i] > minShareSide {
			at, y, best = i, res.ybar[i], score
		}
	}
	if at < 0 {
		// No DC mixes distinct shares, yet the node is open (the master
		// stopped early, or the oracles' tolerance): split the widest range.
		for i := range nd.yLo {
			if w := nd.yHi[i] - nd.yLo[i]; w > minShareSide && (at < 0 || w > nd.yHi[at]-nd.yLo[at]) {
				at, y = i, math.NaN()
			}
		}
		if at < 0 {
			sr.pruned = math.Max(sr.pruned, nd.bound)
			return nil, nil
		}
	}
	lo, hi := nd.yLo[at], nd.yHi[at]
	if math.IsNaN(y) {
		y = 0.5 * (lo + hi)
	}
	y = math.Min(math.Max(y, lo+0.1*(hi-lo)), hi-0.1*(hi-lo))
	a := &shareNode{yLo: nd.yLo, yHi: slices.Clone(nd.yHi), bound: nd.bound, mu: res.mu, cuts: res.cuts, depth: nd.depth + 1}
	b := &shareNode{yLo: slices.Clone(nd.yLo), yHi: nd.yHi, bound: nd.bound, mu: res.mu, cuts: res.cuts, depth: nd.depth + 1}
	a.yHi[at], b.yLo[at] = y, y
	return []*shareNode{a, b}, nil
}

// minShareSide is the narrowest share range split.
const minShareSide = 1e-12
