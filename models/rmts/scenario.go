package rmts

import (
	"fmt"
	"math/rand/v2"

	"github.com/streamopt/streamopt/graphpaths"
	"github.com/streamopt/streamopt/sim"
)

// Scenario is a validated instance with its placement, migration graph and
// path sets computed.
type Scenario struct {
	In        *Instance
	Params    Resolved
	Servers   int
	Capacity  int
	Contents  int
	Durations []float64 // per content, minutes
	Pop       *sim.Categorical
	// Holders[v] are the servers storing content v; Holdings[u] the
	// contents stored at u (sorted). With shared storage every server
	// holds everything.
	Holders  [][]int
	Holdings [][]int
	Graph    *graphpaths.Graph
	Omega    *graphpaths.PathSets
	shared   [][]int // shared[u*Servers+v] = H_u ∩ H_v on a migration edge
}

// Build validates the instance, computes the placement (spec B.7) and the
// migration graph with ω(u) for λ ≤ Γ−1.
func Build(in *Instance) (*Scenario, error) {
	if err := in.Validate(); err != nil {
		return nil, err
	}
	sc := &Scenario{In: in, Params: in.Policy.withDefaults(in.Servers.Capacity), Servers: in.Servers.Count,
		Capacity: in.Servers.Capacity, Contents: in.Contents.Count}
	z, err := sim.NewZipf(sc.Contents, 1-in.Contents.Theta)
	if err != nil {
		return nil, inputErr("contents: %v", err)
	}
	sc.Pop = z
	sc.Durations = make([]float64, sc.Contents)
	for v := range sc.Durations {
		sc.Durations[v] = in.Contents.Duration
		if len(in.Contents.Durations) > 0 {
			sc.Durations[v] = in.Contents.Durations[v]
		}
	}
	if in.Placement.explicit() {
		sc.Holders = make([][]int, sc.Contents)
		for v, hs := range in.Placement.Holders {
			sc.Holders[v] = append([]int(nil), hs...)
		}
	} else {
		pop := make([]float64, sc.Contents)
		for v := range pop {
			pop[v] = z.P(v)
		}
		maxCopies := sc.Servers
		if in.Placement.MaxCopies > 0 {
			maxCopies = in.Placement.MaxCopies
		}
		counts, err := ReplicaCounts(pop, in.Placement.Replicas, maxCopies)
		if err != nil {
			return nil, err
		}
		if sc.Holders, err = PopularityPlacement(pop, counts, sc.Servers, in.Servers.Slots); err != nil {
			return nil, err
		}
	}
	if err := checkHolders(sc.Holders, sc.Servers); err != nil {
		return nil, err
	}
	if sc.Params.SharedStorage {
		all := make([]int, sc.Servers)
		for u := range all {
			all[u] = u
		}
		for v := range sc.Holders {
			sc.Holders[v] = all
		}
	}
	// Size checks before the migration graph is built: its lists H_u ∩ H_v
	// hold Σ_v r_v(r_v−1)/2 entries, and that many server pairs (at most
	// all pairs, or the links) bound its edges E; the breadth-first
	// searches that find the path sets take about servers × (servers + 2E)
	// steps.
	entries := 0
	for _, hs := range sc.Holders {
		entries += len(hs) * (len(hs) - 1) / 2
	}
	if entries > MaxSharedEntries {
		return nil, inputErr("placement: the copies make %d (server pair, shared content) entries Σ_v r_v(r_v−1)/2 for the migration graph, over the cap of %.0e", entries, float64(MaxSharedEntries))
	}
	edges := min(entries, sc.Servers*(sc.Servers-1)/2)
	if in.Topology != nil {
		edges = min(edges, len(in.Topology.Links))
	}
	if w := float64(sc.Servers) * float64(sc.Servers+2*edges); w > MaxGraphWork {
		return nil, inputErr("servers.count: the migration graph of %d servers has up to %d edges, so finding the path sets ω(u) takes up to %.3g search steps, over the cap of %.0e",
			sc.Servers, edges, w, float64(MaxGraphWork))
	}
	sc.Holdings = make([][]int, sc.Servers)
	for v, hs := range sc.Holders {
		for _, u := range hs {
			sc.Holdings[u] = append(sc.Holdings[u], v)
		}
	}
	var links [][2]int
	if in.Topology != nil {
		links = in.Topology.Links
		if links == nil {
			links = [][2]int{}
		}
	}
	if sc.Graph, err = graphpaths.New(sc.Holdings, links); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrInput, err)
	}
	hops := max(sc.Params.Gamma-1, 0)
	if n := pathSetSize(sc.Graph, hops, MaxPaths); n > MaxPaths {
		return nil, inputErr("policy.gamma: the path sets ω(u) of shortest paths up to Γ−1 = %d hops hold more than %.0e paths, the cap", hops, float64(MaxPaths))
	}
	sc.shared = make([][]int, sc.Servers*sc.Servers)
	for u := 0; u < sc.Servers; u++ {
		for _, v := range sc.Graph.Neighbors(u) {
			sc.shared[u*sc.Servers+v] = sc.Graph.Shared(u, v)
		}
	}
	if sc.Omega, err = sc.Graph.ShortestPathSets(hops); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrInput, err)
	}
	return sc, nil
}

// pathSetSize returns Σ_u |ω(u)|, the number of shortest paths of 1..maxHops
// hops from every server, without listing them: a breadth-first search from
// each server u counts the shortest u–v paths σ(v) as the sum of σ over v's
// predecessors. Counts saturate, and it returns as soon as the total passes
// limit.
func pathSetSize(g *graphpaths.Graph, maxHops, limit int) int {
	n := g.Order()
	dist, sigma := make([]int, n), make([]int, n)
	queue := make([]int, 0, n)
	total := 0
	for u := 0; u < n; u++ {
		for v := range dist {
			dist[v], sigma[v] = -1, 0
		}
		dist[u], sigma[u] = 0, 1
		queue = append(queue[:0], u)
		for h := 0; h < len(queue); h++ {
			v := queue[h]
			if dist[v] >= maxHops {
				continue
			}
			for _, w := range g.Neighbors(v) {
				if dist[w] < 0 {
					dist[w] = dist[v] + 1
					queue = append(queue, w)
				}
				if dist[w] == dist[v]+1 {
					sigma[w] = min(sigma[w]+sigma[v], limit+1)
				}
			}
		}
		for _, v := range queue[1:] {
			total += sigma[v]
		}
		if total > limit {
			return total
		}
	}
	return total
}

// Request is one arrival of a trace.
type Request struct {
	Arrival float64 // minutes
	Content int
}

// Trace draws the Poisson arrivals of rate ξ (per minute) in [0, horizon)
// with Zipf-distributed contents from rng.
func (sc *Scenario) Trace(rng *rand.Rand, rate, horizon float64) []Request {
	var out []Request
	t := 0.0
	for {
		t += sim.Exp(rng, rate)
		if t >= horizon {
			return out
		}
		out = append(out, Request{Arrival: t, Content: sc.Pop.Sample(rng)})
	}
}
