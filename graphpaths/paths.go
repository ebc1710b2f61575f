package graphpaths

import (
	"fmt"
	"slices"
)

// PathSets is Ω: for every server u, ω(u) = all shortest paths from u to
// every server v at hop distance 1..MaxHops.
type PathSets struct {
	MaxHops int
	from    [][]Path
}

// ShortestPathSets precomputes ω(u) for every u with paths of at most
// maxHops hops (maxHops = Γ−1 ≥ 1; Γ ≥ 2 for any migration). Paths in ω(u)
// are sorted by hops, then lexicographically.
func (g *Graph) ShortestPathSets(maxHops int) (*PathSets, error) {
	if maxHops < 0 {
		return nil, fmt.Errorf("%w: maxHops: must be >= 0, got %d", ErrInput, maxHops)
	}
	ps := &PathSets{MaxHops: maxHops, from: make([][]Path, g.n)}
	for u := 0; u < g.n; u++ {
		ps.from[u] = g.shortestFrom(u, maxHops)
	}
	return ps, nil
}

// From returns ω(u); the slice must not be modified.
func (ps *PathSets) From(u int) []Path {
	if u < 0 || u >= len(ps.from) {
		return nil
	}
	return ps.from[u]
}

// Size is |Ω|, the total number of paths.
func (ps *PathSets) Size() int {
	n := 0
	for _, f := range ps.from {
		n += len(f)
	}
	return n
}

func (g *Graph) shortestFrom(u, maxHops int) []Path {
	dist, _ := g.Distances(u)
	var out []Path
	// Walk the DAG of shortest-path successors: v → w with dist[w] = dist[v]+1.
	cur := Path{u}
	var walk func(v int)
	walk = func(v int) {
		if len(cur) > 1 {
			out = append(out, slices.Clone(cur))
		}
		if dist[v] >= maxHops {
			return
		}
		for _, w := range g.adj[v] {
			if dist[w] == dist[v]+1 {
				cur = append(cur, w)
				walk(w)
				cur = cur[:len(cur)-1]
			}
		}
	}
	walk(u)
	slices.SortStableFunc(out, comparePaths)
	return out
}

func comparePaths(a, b Path) int {
	if len(a) != len(b) {
		return len(a) - len(b)
	}
	return slices.Compare(a, b)
}

// SimplePaths calls visit for every simple path that starts at u and has
// 1..maxHops hops, in depth-first order with neighbours in increasing id;
// visit returns false to stop. The path passed to visit is reused: clone it
// to keep it.
func (g *Graph) SimplePaths(u, maxHops int, visit func(Path) bool) error {
	if u < 0 || u >= g.n {
		return fmt.Errorf("%w: server must be in 0..%d, got %d", ErrInput, g.n-1, u)
	}
	if maxHops < 0 {
		return fmt.Errorf("%w: maxHops: must be >= 0, got %d", ErrInput, maxHops)
	}
	on := make([]bool, g.n)
	cur := Path{u}
	on[u] = true
	var rec func(v int) bool
	rec = func(v int) bool {
		if len(cur)-1 >= maxHops {
			return true
		}
		for _, w := range g.adj[v] {
			if on[w] {
				continue
			}
			on[w] = true
			cur = append(cur, w)
			if !visit(cur) || !rec(w) {
				return false
			}
			cur = cur[:len(cur)-1]
			on[w] = false
		}
		return true
	}
	rec(u)
	return nil
}

// SimplePathsBetween returns every simple s–t path with at most maxHops
// hops, sorted by hops then lexicographically.
func (g *Graph) SimplePathsBetween(s, t, maxHops int) ([]Path, error) {
	if t < 0 || t >= g.n {
		return nil, fmt.Errorf("%w: server must be in 0..%d, got %d", ErrInput, g.n-1, t)
	}
	var out []Path
	err := g.SimplePaths(s, maxHops, func(p Path) bool {
		if p.Terminal() == t {
			out = append(out, slices.Clone(p))
		}
		return true
	})
	slices.SortStableFunc(out, comparePaths)
	return out, err
}
