package graphpaths

import (
	"fmt"
	"sort"

	"github.com/streamopt/streamopt/fault"
	"github.com/yourbasic/graph"
)

// ErrInput marks errors caused by bad arguments.
var ErrInput = fault.New(fault.ErrInput, "graphpaths: invalid input")

// Path is a sequence of distinct servers u_0, …, u_λ; it has λ = len−1 hops.
type Path []int

// Hops is the number of migration steps λ of the path.
func (p Path) Hops() int { return len(p) - 1 }

// Terminal is the last server of the path.
func (p Path) Terminal() int { return p[len(p)-1] }

// Graph is the migration graph of a content placement restricted by a
// topology.
type Graph struct {
	n      int
	g      *graph.Immutable
	shared map[int][]int // key u*n+v → sorted contents in H_u ∩ H_v
	adj    [][]int
}

// New builds the migration graph of the placement holdings (holdings[u]
// lists the contents stored at server u; content ids are any non-negative
// integers) restricted by the topology links: nil means every pair of
// servers is linked, otherwise only the listed undirected pairs are.
func New(holdings [][]int, links [][2]int) (*Graph, error) {
	n := len(holdings)
	if n == 0 {
		return nil, fmt.Errorf("%w: holdings: must name at least one server", ErrInput)
	}
	sets := make([]map[int]bool, n)
	for u, h := range holdings {
		sets[u] = make(map[int]bool, len(h))
		for i, c := range h {
			if c < 0 {
				return nil, fmt.Errorf("%w: holdings[%d][%d]: must be >= 0, got %d", ErrInput, u, i, c)
			}
			sets[u][c] = true
		}
	}
	var allowed map[int]bool
	if links != nil {
		allowed = make(map[int]bool, 2*len(links))
		for i, l := range links {
			for _, x := range l {
				if x < 0 || x >= n {
					return nil, fmt.Errorf("%w: links[%d]: server must be in 0..%d, got %d", ErrInput, i, n-1, x)
				}
			}
			if l[0] == l[1] {
				return nil, fmt.Errorf("%w: links[%d]: a link joins two different servers, got %d–%d", ErrInput, i, l[0], l[1])
			}
			allowed[l[0]*n+l[1]] = true
			allowed[l[1]*n+l[0]] = true
		}
	}
	m := graph.New(n)
	gr := &Graph{n: n, shared: map[int][]int{}, adj: make([][]int, n)}
	for u := 0; u < n; u++ {
		for v := u + 1; v < n; v++ {
			if allowed != nil && !allowed[u*n+v] {
				continue
			}
			var common []int
			for c := range sets[u] {
				if sets[v][c] {
					common = append(common, c)
				}
			}
			if len(common) == 0 {
				continue
			}
			sort.Ints(common)
			gr.shared[u*n+v] = common
			gr.shared[v*n+u] = common
			m.AddBoth(u, v)
			gr.adj[u] = append(gr.adj[u], v)
			gr.adj[v] = append(gr.adj[v], u)
		}
	}
	for u := range gr.adj {
		sort.Ints(gr.adj[u])
	}
	gr.g = graph.Sort(m)
	return gr, nil
}

// Order is the number of servers.
func (g *Graph) Order() int { return g.n }

// Iterator returns the migration graph as a yourbasic/graph iterator
// (undirected edges stored in both directions, unit costs).
func (g *Graph) Iterator() graph.Iterator { return g.g }

// Edge reports whether u and v are adjacent.
func (g *Graph) Edge(u, v int) bool {
	if u < 0 || v < 0 || u >= g.n || v >= g.n {
		return false
	}
	return g.g.Edge(u, v)
}

// Neighbors returns the servers adjacent to u in increasing order. The
// slice must not be modified.
func (g *Graph) Neighbors(u int) []int {
	if u < 0 || u >= g.n {
		return nil
	}
	return g.adj[u]
}

// Shared returns H_u ∩ H_v, sorted, for adjacent u and v (nil otherwise).
// The slice must not be modified.
func (g *Graph) Shared(u, v int) []int {
	if u < 0 || v < 0 || u >= g.n || v >= g.n {
		return nil
	}
	return g.shared[u*g.n+v]
}

// Connected reports whether the migration graph is connected.
func (g *Graph) Connected() bool { return graph.Connected(g.g) }

// Components returns the connected components, each sorted.
func (g *Graph) Components() [][]int {
	cs := graph.Components(g.g)
	for _, c := range cs {
		sort.Ints(c)
	}
	sort.Slice(cs, func(i, j int) bool { return cs[i][0] < cs[j][0] })
	return cs
}

// Distances returns the hop distance from u to every server (−1 when
// unreachable), by breadth-first search.
func (g *Graph) Distances(u int) ([]int, error) {
	if u < 0 || u >= g.n {
		return nil, fmt.Errorf("%w: server must be in 0..%d, got %d", ErrInput, g.n-1, u)
	}
	d := make([]int, g.n)
	for i := range d {
		d[i] = -1
	}
	d[u] = 0
	graph.BFS(g.g, u, func(v, w int, _ int64) { d[w] = d[v] + 1 })
	return d, nil
}
