package mip

import "math"

// boundChange is a column's bounds at a node, relative to the root.
type boundChange struct {
	j      int
	lo, hi float64
}

// node is an open subproblem of the search tree.
type node struct {
	bound   float64       // lower bound on the (minimisation) objective in the subtree
	changes []boundChange // bounds that differ from the root's
	warm    any           // parent's basis snapshot; nil for the root
	depth   int
	// seq numbers the nodes in the order the search made them
	// (search.stamp): it breaks the ties of bound and depth, so that the
	// order in which the open nodes are taken does not depend on the
	// heap's layout, which differs between the loop and the rounds
	seq uint64

	// pseudo-cost bookkeeping: the branching that created this node
	pcVar   int     // −1 for the root
	pcUp    bool    // the child with xⱼ ≥ ⌈x̄ⱼ⌉
	pcDelta float64 // distance the branching moved xⱼ: f for down, 1−f for up
	parentZ float64 // the parent's LP value
}

// nodeHeap is a min-heap of open nodes by bound; ties go to the deeper
// node, then to the one made last (whose parent is the node processed
// most recently, so that its warm start is the nearest).
type nodeHeap []*node

func (h nodeHeap) less(a, b int) bool {
	if h[a].bound != h[b].bound {
		return h[a].bound < h[b].bound
	}
	if h[a].depth != h[b].depth {
		return h[a].depth > h[b].depth
	}
	return h[a].seq > h[b].seq
}

func (h *nodeHeap) push(n *node) {
	*h = append(*h, n)
	s := *h
	i := len(s) - 1
	for i > 0 {
		p := (i - 1) / 2
		if !s.less(i, p) {
			break
		}
		s[i], s[p] = s[p], s[i]
		i = p
	}
}

func (h *nodeHeap) pop() *node {
	s := *h
	top := s[0]
	last := len(s) - 1
	s[0] = s[last]
	s[last] = nil
	s = s[:last]
	s.down(0)
	*h = s
	return top
}

// down moves the node at i down to its place below its smaller children.
func (h nodeHeap) down(i int) {
	for {
		l, r, m := 2*i+1, 2*i+2, i
		if l < len(h) && h.less(l, m) {
			m = l
		}
		if r < len(h) && h.less(r, m) {
			m = r
		}
		if m == i {
			return
		}
		h[i], h[m] = h[m], h[i]
		i = m
	}
}

// min returns the smallest bound in the heap, +∞ if empty.
func (h nodeHeap) min() float64 {
	if len(h) == 0 {
		return inf
	}
	return h[0].bound
}

// prune drops every node whose bound is at least cutoff and returns the
// smallest bound among the dropped nodes (+∞ if none).
func (h *nodeHeap) prune(cutoff float64) (dropped float64) {
	s := *h
	k := 0
	dropped = inf
	for _, n := range s {
		if n.bound < cutoff {
			s[k] = n
			k++
		} else {
			dropped = math.Min(dropped, n.bound)
		}
	}
	for i := k; i < len(s); i++ {
		s[i] = nil
	}
	s = s[:k]
	for i := len(s)/2 - 1; i >= 0; i-- { // re-heapify
		s.down(i)
	}
	*h = s
	return dropped
}
