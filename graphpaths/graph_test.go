package graphpaths

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"

	"github.com/yourbasic/graph"
	gg "gonum.org/v1/gonum/graph"
	"gonum.org/v1/gonum/graph/path"
	"gonum.org/v1/gonum/graph/simple"
)

// randomHoldings places m contents on n servers: each server stores each
// content with probability q (seeded).
func randomHoldings(rng *rand.Rand, n, m int, q float64) [][]int {
	h := make([][]int, n)
	for u := range h {
		for c := 0; c < m; c++ {
			if rng.Float64() < q {
				h[u] = append(h[u], c)
			}
		}
	}
	return h
}

func randomLinks(rng *rand.Rand, n int, q float64) [][2]int {
	links := [][2]int{}
	for u := 0; u < n; u++ {
		for v := u + 1; v < n; v++ {
			if rng.Float64() < q {
				links = append(links, [2]int{u, v})
			}
		}
	}
	return links
}

func toGonum(g *Graph) *simple.UndirectedGraph {
	ug := simple.NewUndirectedGraph()
	for u := 0; u < g.Order(); u++ {
		ug.AddNode(simple.Node(u))
	}
	for u := 0; u < g.Order(); u++ {
		for _, v := range g.Neighbors(u) {
			if u < v {
				ug.SetEdge(simple.Edge{F: simple.Node(u), T: simple.Node(v)})
			}
		}
	}
	return ug
}

func nodesToPath(ns []gg.Node) Path {
	p := make(Path, len(ns))
	for i, n := range ns {
		p[i] = int(n.ID())
	}
	return p
}

func sortPaths(ps []Path) { slices.SortFunc(ps, comparePaths) }

func TestNewEdgesAndShared(t *testing.T) {
	// Hand-made placement: H0={0,1}, H1={1,2}, H2={2}, H3={3}.
	// Edges by shared content: 0–1 (content 1), 1–2 (content 2); 3 isolated.
	g, err := New([][]int{{0, 1}, {1, 2}, {2}, {3}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		u, v   int
		edge   bool
		shared []int
	}{
		{0, 1, true, []int{1}}, {1, 0, true, []int{1}}, {1, 2, true, []int{2}},
		{0, 2, false, nil}, {2, 3, false, nil}, {0, 9, false, nil},
	}
	for _, c := range cases {
		if g.Edge(c.u, c.v) != c.edge || !slices.Equal(g.Shared(c.u, c.v), c.shared) {
			t.Errorf("edge %d–%d: got %v %v, want %v %v", c.u, c.v, g.Edge(c.u, c.v), g.Shared(c.u, c.v), c.edge, c.shared)
		}
	}
	if g.Connected() {
		t.Error("server 3 shares nothing, the graph must not be connected")
	}
	if got := g.Components(); !slices.EqualFunc(got, [][]int{{0, 1, 2}, {3}}, slices.Equal) {
		t.Errorf("components %v", got)
	}
	// The topology removes 1–2 although they share content 2.
	g2, err := New([][]int{{0, 1}, {1, 2}, {2}, {3}}, [][2]int{{0, 1}, {2, 3}})
	if err != nil {
		t.Fatal(err)
	}
	if g2.Edge(1, 2) || !g2.Edge(0, 1) || g2.Edge(2, 3) {
		t.Error("topology restriction not applied")
	}
}

func TestNewBadInput(t *testing.T) {
	cases := []struct {
		name     string
		holdings [][]int
		links    [][2]int
		want     string
	}{
		{"no servers", nil, nil, "holdings: must name at least one server"},
		{"negative content", [][]int{{0}, {-3}}, nil, "holdings[1][0]: must be >= 0, got -3"},
		{"unknown server", [][]int{{0}, {0}}, [][2]int{{0, 5}}, "links[0]: server must be in 0..1, got 5"},
		{"self link", [][]int{{0}, {0}}, [][2]int{{1, 1}}, "links[0]: a link joins two different servers"},
	}
	for _, c := range cases {
		_, err := New(c.holdings, c.links)
		if err == nil || !errors.Is(err, ErrInput) || !contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.name, err, c.want)
		}
	}
}

func contains(s, sub string) bool {
	return len(sub) == 0 || (len(s) >= len(sub) && indexOf(s, sub) >= 0)
}

func indexOf(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return i
		}
	}
	return -1
}

// TestShortestPathSetsAgainstGonum compares ω(u) with gonum's
// DijkstraAllFrom(...).AllTo on random seeded graphs: the same set of
// shortest paths to every v within maxHops.
func TestShortestPathSetsAgainstGonum(t *testing.T) {
	for seed := uint64(1); seed <= 40; seed++ {
		rng := rand.New(rand.NewPCG(seed, 7))
		n := 3 + rng.IntN(9)
		var links [][2]int
		if seed%2 == 0 {
			links = randomLinks(rng, n, 0.6)
		}
		g, err := New(randomHoldings(rng, n, 2+rng.IntN(8), 0.3), links)
		if err != nil {
			t.Fatal(err)
		}
		maxHops := 1 + int(seed%4)
		ps, err := g.ShortestPathSets(maxHops)
		if err != nil {
			t.Fatal(err)
		}
		ug := toGonum(g)
		for u := 0; u < n; u++ {
			alts := path.DijkstraAllFrom(simple.Node(u), ug)
			var want []Path
			for v := 0; v < n; v++ {
				if v == u {
					continue
				}
				all, w := alts.AllTo(int64(v))
				if len(all) == 0 || w > float64(maxHops) {
					continue
				}
				for _, p := range all {
					want = append(want, nodesToPath(p))
				}
			}
			sortPaths(want)
			got := ps.From(u)
			if !slices.EqualFunc(got, want, func(a, b Path) bool { return slices.Equal(a, b) }) {
				t.Fatalf("seed %d, ω(%d) with ≤%d hops:\n got  %v\n want %v", seed, u, maxHops, got, want)
			}
			d, _ := g.Distances(u)
			for v := 0; v < n; v++ {
				_, w := alts.AllTo(int64(v))
				if (d[v] < 0) != (w > float64(n)) || (d[v] >= 0 && float64(d[v]) != w) {
					t.Fatalf("seed %d: dist(%d,%d) = %d, gonum %g", seed, u, v, d[v], w)
				}
			}
		}
	}
}

// TestSimplePathsAgainstYen compares the bounded simple-path enumeration
// with gonum's YenKShortestPaths (k < 0: every loopless path within a cost
// bound above the shortest) on random seeded graphs.
func TestSimplePathsAgainstYen(t *testing.T) {
	for seed := uint64(1); seed <= 30; seed++ {
		rng := rand.New(rand.NewPCG(seed, 11))
		n := 3 + rng.IntN(6)
		g, err := New(randomHoldings(rng, n, 3+rng.IntN(5), 0.35), nil)
		if err != nil {
			t.Fatal(err)
		}
		ug := toGonum(g)
		maxHops := 1 + int(seed%4)
		for s := 0; s < n; s++ {
			d, _ := g.Distances(s)
			for tt := 0; tt < n; tt++ {
				if tt == s {
					continue
				}
				got, err := g.SimplePathsBetween(s, tt, maxHops)
				if err != nil {
					t.Fatal(err)
				}
				var want []Path
				if d[tt] > 0 && d[tt] <= maxHops {
					for _, p := range path.YenKShortestPaths(ug, -1, float64(maxHops-d[tt]), simple.Node(s), simple.Node(tt)) {
						want = append(want, nodesToPath(p))
					}
				}
				sortPaths(want)
				if !slices.EqualFunc(got, want, func(a, b Path) bool { return slices.Equal(a, b) }) {
					t.Fatalf("seed %d, %d→%d ≤%d hops:\n got  %v\n want %v", seed, s, tt, maxHops, got, want)
				}
			}
		}
	}
}

// testState is a cluster state: streams by server and content.
type testState struct {
	cap    []int
	load   []int
	count  []map[int]int
	failed []bool
}

func newTestState(n, L int) *testState {
	s := &testState{cap: make([]int, n), load: make([]int, n), count: make([]map[int]int, n), failed: make([]bool, n)}
	for u := range s.cap {
		s.cap[u] = L
		s.count[u] = map[int]int{}
	}
	return s
}

func (s *testState) InService(u int) bool  { return !s.failed[u] }
func (s *testState) HasRoom(u int) bool    { return !s.failed[u] && s.load[u] < s.cap[u] }
func (s *testState) Serving(u, c int) bool { return s.count[u][c] > 0 }
func (s *testState) add(u, c int)          { s.load[u]++; s.count[u][c]++ }
func (s *testState) remove(u, c int)       { s.load[u]--; s.count[u][c]-- }

func TestValid(t *testing.T) {
	// H0={0}, H1={0,1}, H2={1}: path 0→1→2 moves content 0 then content 1.
	g, err := New([][]int{{0}, {0, 1}, {1}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	st := newTestState(3, 2)
	st.add(0, 0)
	st.add(0, 0)
	st.add(1, 1)
	st.add(1, 0)
	cases := []struct {
		name    string
		p       Path
		maxHops int
		prep    func(*testState)
		want    bool
	}{
		{"two hops", Path{0, 1, 2}, 2, nil, true},
		{"too long for Γ=2", Path{0, 1, 2}, 1, nil, false},
		{"one hop to full server", Path{0, 1}, 2, nil, false},
		{"one hop", Path{1, 2}, 1, nil, true},
		{"no shared content served", Path{1, 2}, 1, func(s *testState) { s.remove(1, 1) }, false},
		{"not an edge", Path{0, 2}, 2, nil, false},
		{"repeated server", Path{1, 0, 1}, 3, nil, false},
		{"failed terminal", Path{1, 2}, 1, func(s *testState) { s.failed[2] = true }, false},
		{"single server", Path{0}, 1, nil, false},
	}
	for _, c := range cases {
		s := newTestState(3, 2)
		for u := range st.count {
			for k, v := range st.count[u] {
				s.count[u][k] = v
			}
			s.load[u] = st.load[u]
		}
		if c.prep != nil {
			c.prep(s)
		}
		if got := g.Valid(s, c.p, c.maxHops); got != c.want {
			t.Errorf("%s: Valid(%v) = %v, want %v", c.name, c.p, got, c.want)
		}
	}
}

// feasible reports whether streams (content per stream) fit on servers
// within capacity at holders, by max flow (yourbasic/graph.MaxFlow on the
// source → content → holder → sink network).
func feasible(holdings [][]int, caps []int, demand map[int]int) bool {
	n := len(holdings)
	var contents []int
	for c := range demand {
		contents = append(contents, c)
	}
	sort.Ints(contents)
	// vertices: 0 source, 1..len(contents) contents, then servers, then sink.
	k := len(contents)
	src, sink := 0, 1+k+n
	m := graph.New(sink + 1)
	total := 0
	for i, c := range contents {
		m.AddCost(src, 1+i, int64(demand[c]))
		total += demand[c]
		for u, h := range holdings {
			if slices.Contains(h, c) {
				m.AddCost(1+i, 1+k+u, int64(demand[c]))
			}
		}
	}
	for u := 0; u < n; u++ {
		m.AddCost(1+k+u, sink, int64(caps[u]))
	}
	f, _ := graph.MaxFlow(m, src, sink)
	return int(f) == total
}

// TestAugmentingPathIsExact fills random clusters request by request: a
// request is admitted iff the unbounded ShortestValid finds a path from a
// holder, and that must agree with the max-flow b-matching check of all
// active requests plus the new one (the augmenting-path theorem). Executing
// the path must keep every server within capacity and every stream at a
// holder of its content.
func TestAugmentingPathIsExact(t *testing.T) {
	admitted, rejected := 0, 0
	for seed := uint64(1); seed <= 60; seed++ {
		rng := rand.New(rand.NewPCG(seed, 3))
		n, m, L := 3+rng.IntN(5), 2+rng.IntN(5), 1+rng.IntN(3)
		h := randomHoldings(rng, n, m, 0.4)
		holders := make([][]int, m)
		for u, hs := range h {
			for _, c := range hs {
				holders[c] = append(holders[c], u)
			}
		}
		g, err := New(h, nil)
		if err != nil {
			t.Fatal(err)
		}
		st := newTestState(n, L)
		demand := map[int]int{}
		// where[u] lists the contents of the streams at u.
		where := make([][]int, n)
		for step := 0; step < 3*n*L; step++ {
			c := rng.IntN(m)
			if len(holders[c]) == 0 {
				continue
			}
			demand[c]++
			want := feasible(h, st.cap, demand)
			p, ok := g.ShortestValid(st, holders[c], 0, 0, func(v int) int { return st.load[v] })
			if ok != want {
				t.Fatalf("seed %d step %d: augmenting path %v, b-matching feasible %v", seed, step, ok, want)
			}
			if !ok {
				demand[c]--
				rejected++
				continue
			}
			admitted++
			if !slices.Contains(holders[c], p[0]) {
				t.Fatalf("path %v does not start at a holder of %d", p, c)
			}
			for i := len(p) - 1; i >= 1; i-- {
				mc, ok := g.Movable(st, p[i-1], p[i])
				if !ok {
					t.Fatalf("hop %d→%d not movable", p[i-1], p[i])
				}
				st.remove(p[i-1], mc)
				st.add(p[i], mc)
				j := slices.Index(where[p[i-1]], mc)
				where[p[i-1]] = slices.Delete(where[p[i-1]], j, j+1)
				where[p[i]] = append(where[p[i]], mc)
			}
			st.add(p[0], c)
			where[p[0]] = append(where[p[0]], c)
			for u := 0; u < n; u++ {
				if st.load[u] > L || st.load[u] != len(where[u]) {
					t.Fatalf("server %d load %d > %d", u, st.load[u], L)
				}
				for _, x := range where[u] {
					if !slices.Contains(h[u], x) {
						t.Fatalf("stream of %d at non-holder %d", x, u)
					}
				}
			}
		}
	}
	if admitted == 0 || rejected == 0 {
		t.Fatalf("test covers only one outcome: %d admitted, %d rejected", admitted, rejected)
	}
}

func TestShortestValidBoundsAndRank(t *testing.T) {
	// Chain 0–1–2–3 by shared contents; servers 0,1,2 full, 3 has room.
	g, err := New([][]int{{0}, {0, 1}, {1, 2}, {2}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	st := newTestState(4, 1)
	st.add(0, 0)
	st.add(1, 1)
	st.add(2, 2)
	if _, ok := g.ShortestValid(st, []int{0}, 1, 2, nil); ok {
		t.Error("a 3-hop path must not be found with maxHops 2")
	}
	p, ok := g.ShortestValid(st, []int{0}, 1, 3, nil)
	if !ok || !slices.Equal(p, Path{0, 1, 2, 3}) {
		t.Errorf("got %v %v, want [0 1 2 3]", p, ok)
	}
	// Two terminals at depth 1: rank picks the one with the lower rank.
	g2, _ := New([][]int{{0, 1}, {0}, {1}}, nil)
	st2 := newTestState(3, 5)
	st2.add(0, 0)
	st2.add(0, 1)
	st2.add(1, 0)
	p, ok = g2.ShortestValid(st2, []int{0}, 1, 1, func(v int) int { return st2.load[v] })
	if !ok || !slices.Equal(p, Path{0, 2}) {
		t.Errorf("least-loaded terminal: got %v, want [0 2]", p)
	}
	p, ok = g2.ShortestValid(st2, []int{0}, 0, 1, nil)
	if !ok || !slices.Equal(p, Path{0}) {
		t.Errorf("minHops 0 with room at the source: got %v, want [0]", p)
	}
}

func ExampleGraph_ShortestPathSets() {
	// Three servers in a chain by shared contents: H0={0}, H1={0,1}, H2={1}.
	g, _ := New([][]int{{0}, {0, 1}, {1}}, nil)
	ps, _ := g.ShortestPathSets(2) // Γ = 3
	for _, p := range ps.From(0) {
		fmt.Println(p, "hops", p.Hops())
	}
	// Output:
	// [0 1] hops 1
	// [0 1 2] hops 2
}

func ExampleGraph_ShortestValid() {
	// Server 0 is full and serves content 0, also stored at server 1, which
	// has room: one migration step 0→1 frees a slot at 0.
	g, _ := New([][]int{{0}, {0}}, nil)
	st := exampleState{load: []int{1, 0}, cap: 1, content: 0}
	p, ok := g.ShortestValid(st, []int{0}, 1, 0, nil)
	fmt.Println(p, ok)
	// Output: [0 1] true
}

type exampleState struct {
	load    []int
	cap     int
	content int
}

func (s exampleState) InService(int) bool    { return true }
func (s exampleState) HasRoom(u int) bool    { return s.load[u] < s.cap }
func (s exampleState) Serving(u, c int) bool { return c == s.content && s.load[u] > 0 }
