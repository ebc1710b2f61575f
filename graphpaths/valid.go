package graphpaths

// State is the run-time view of the cluster that path validity needs.
type State interface {
	// InService reports whether server u is up (not failed).
	InService(u int) bool
	// HasRoom reports whether server u has spare capacity (l_u < L_u).
	HasRoom(u int) bool
	// Serving reports whether server u currently serves at least one
	// stream of content c.
	Serving(u, c int) bool
}

// Movable reports whether a stream can move from u to v now: they are
// adjacent, both are in service and u serves a stream of a content in
// H_u ∩ H_v (condition (b) of B.3 for one hop). It returns the smallest
// such content, or −1.
func (g *Graph) Movable(st State, u, v int) (content int, ok bool) {
	if !st.InService(u) || !st.InService(v) {
		return -1, false
	}
	for _, c := range g.Shared(u, v) {
		if st.Serving(u, c) {
			return c, true
		}
	}
	return -1, false
}

// Valid reports whether p is a valid migration path in st with at most
// maxHops hops (B.3): at least one hop, distinct servers, every hop movable
// and the terminal with spare capacity.
func (g *Graph) Valid(st State, p Path, maxHops int) bool {
	if len(p) < 2 || p.Hops() > maxHops {
		return false
	}
	for i, u := range p {
		if u < 0 || u >= g.n {
			return false
		}
		for _, w := range p[:i] {
			if w == u {
				return false
			}
		}
	}
	if !st.HasRoom(p.Terminal()) {
		return false
	}
	for h := 1; h < len(p); h++ {
		if _, ok := g.Movable(st, p[h-1], p[h]); !ok {
			return false
		}
	}
	return true
}

// ShortestValid searches breadth-first, from all sources at once, for a
// valid migration path with at least minHops and at most maxHops hops
// (maxHops ≤ 0: unbounded, the augmenting-path search). Only movable hops
// are followed. Among the terminals at the smallest feasible depth it picks
// the one with the smallest rank (ties: lowest id); the path to it is the
// breadth-first tree path (sources in the given order, neighbours in
// increasing id). Sources out of service are ignored. A 0-hop path (a
// source with room) is returned only when minHops = 0.
func (g *Graph) ShortestValid(st State, sources []int, minHops, maxHops int, rank func(terminal int) int) (Path, bool) {
	parent := make([]int, g.n)
	depth := make([]int, g.n)
	for i := range parent {
		parent[i] = -2
	}
	var frontier []int
	for _, s := range sources {
		if s < 0 || s >= g.n || parent[s] != -2 || !st.InService(s) {
			continue
		}
		parent[s] = -1
		depth[s] = 0
		frontier = append(frontier, s)
	}
	for d := 0; len(frontier) > 0; d++ {
		if d >= minHops {
			best := -1
			bestRank := 0
			for _, v := range frontier {
				if !st.HasRoom(v) {
					continue
				}
				r := 0
				if rank != nil {
					r = rank(v)
				}
				if best < 0 || r < bestRank || (r == bestRank && v < best) {
					best, bestRank = v, r
				}
			}
			if best >= 0 {
				p := make(Path, d+1)
				for v, i := best, d; i >= 0; i-- {
					p[i] = v
					v = parent[v]
				}
				return p, true
			}
		}
		if maxHops > 0 && d >= maxHops {
			break
		}
		var next []int
		for _, v := range frontier {
			for _, w := range g.adj[v] {
				if parent[w] != -2 {
					continue
				}
				if _, ok := g.Movable(st, v, w); !ok {
					continue
				}
				parent[w] = v
				depth[w] = d + 1
				next = append(next, w)
			}
		}
		frontier = next
	}
	return nil, false
}
