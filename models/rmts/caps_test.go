package rmts

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// TestSizeCapsInFiles: a field that drives memory or time beyond its cap
// is refused by Parse with the field, the value and the estimate (the
// expected requests are rate × horizon, spec B.7's Poisson stream).
func TestSizeCapsInFiles(t *testing.T) {
	// The paper scenario (spec B.7), with each case's edits.
	paper := map[string]string{
		"servers":   `{"count": 20, "capacity": 120, "slots": 30}`,
		"contents":  `{"count": 200, "duration": 60, "theta": 0.27}`,
		"placement": `{"rule": "popularity", "replicas": 600}`,
		"arrivals":  `{"rate": 40, "horizon": 600}`,
	}
	file := func(edits map[string]string) string {
		var b strings.Builder
		for _, k := range []string{"servers", "contents", "placement", "arrivals", "runs", "policy"} {
			v, ok := edits[k]
			if !ok {
				v, ok = paper[k]
			}
			if ok {
				if b.Len() > 0 {
					b.WriteString(", ")
				}
				fmt.Fprintf(&b, "%q: %s", k, v)
			}
		}
		return "{" + b.String() + "}"
	}
	for _, c := range []struct {
		name  string
		edits map[string]string
		want  string
	}{
		{"horizon", map[string]string{"arrivals": `{"rate": 40, "horizon": 1e9}`},
			"arrivals.horizon: 1e+09 min at rate 40/min means about 4e+10 requests per trace, over the cap of 1e+07"},
		{"rate", map[string]string{"arrivals": `{"rate": 1e9, "horizon": 600}`},
			"arrivals.horizon: 600 min at rate 1e+09/min means about 6e+11 requests per trace, over the cap of 1e+07"},
		// Omitting runs means the default; an explicit 0 is an error.
		{"explicit runs 0", map[string]string{"runs": "0"}, "runs: must be >= 1, got 0"},
		{"runs", map[string]string{"runs": "1000000"}, "runs: must be in [1, 100000], got 1000000"},
		{"runs × requests", map[string]string{"runs": "100000"},
			"runs: 100000 runs of about 2.4e+04 requests each means 2.4e+09 simulated requests per policy, over the cap of 1e+09"},
		{"explicit max_copies 0", map[string]string{"placement": `{"replicas": 600, "max_copies": 0}`}, "placement.max_copies: must be >= 1, got 0"},
		{"explicit last_minute_hops 0", map[string]string{"policy": `{"last_minute_hops": 0}`}, "policy.last_minute_hops: must be >= 1, got 0"},
		{"copies × servers", map[string]string{"servers": `{"count": 2000, "capacity": 120}`, "placement": `{"replicas": 200000}`},
			"placement.replicas: 200000 stored copies × 2000 servers = 400000000 steps to place them and compare every pair of servers' holdings, over the cap of 2e+08"},
		// Shared storage stores every content on every server.
		{"shared storage", map[string]string{"servers": `{"count": 20, "capacity": 120}`, "contents": `{"count": 600000, "duration": 60}`,
			"placement": `{"replicas": 600000}`, "policy": `{"shared_storage": true}`},
			"policy.shared_storage: 12000000 stored copies × 20 servers = 240000000 steps to place them and compare every pair of servers' holdings, over the cap of 2e+08"},
	} {
		_, err := Parse(strings.NewReader(file(c.edits)))
		if !errors.Is(err, ErrInput) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.name, err, c.want)
		}
	}
	for _, edits := range []map[string]string{{"runs": "20"}, {"policy": `{"shared_storage": true}`}} {
		if _, err := Parse(strings.NewReader(file(edits))); err != nil {
			t.Errorf("the paper scenario with %v must be valid: %v", edits, err)
		}
	}
}

// explicitInstance has one content per entry of holders (1 minute long).
func explicitInstance(servers int, holders [][]int, gamma int) *Instance {
	return &Instance{
		Servers:   Servers{Count: servers, Capacity: 4},
		Contents:  Contents{Count: len(holders), Duration: 1},
		Placement: Placement{Rule: "explicit", Holders: holders},
		Arrivals:  Arrivals{Rate: 1, Horizon: 10},
		Policy:    Params{Gamma: &gamma},
	}
}

func allServers(from, to int) []int {
	var s []int
	for u := from; u < to; u++ {
		s = append(s, u)
	}
	return s
}

// ladder is the explicit placement of a layered graph: w servers per layer,
// d layers, one content on each pair of servers of consecutive layers, so
// that a server of layer 0 has w^(k−1) shortest paths to each server of
// layer k.
func ladder(w, d int) [][]int {
	var holders [][]int
	for l := 0; l+1 < d; l++ {
		for a := 0; a < w; a++ {
			for b := 0; b < w; b++ {
				holders = append(holders, []int{l*w + a, (l+1)*w + b})
			}
		}
	}
	return holders
}

// TestSizeCapsOfTheMigrationGraph: Build refuses, before building them,
// lists of shared contents, searches and path sets beyond their caps.
func TestSizeCapsOfTheMigrationGraph(t *testing.T) {
	// 11 contents on all 2000 servers: 11 · C(2000, 2) shared entries.
	var all [][]int
	for v := 0; v < 11; v++ {
		all = append(all, allServers(0, 2000))
	}
	// One content on 707 of 2000 servers: a clique with 249 571 edges,
	// 2000 · (2000 + 2 · 249 571) > 10^9 search steps.
	for _, c := range []struct {
		name string
		in   *Instance
		want string
	}{
		{"shared entries", explicitInstance(2000, all, 3), "placement: the copies make 21989000 (server pair, shared content) entries Σ_v r_v(r_v−1)/2 for the migration graph, over the cap of 2e+07"},
		{"search steps", explicitInstance(2000, [][]int{allServers(0, 707)}, 3), "servers.count: the migration graph of 2000 servers has up to 249571 edges, so finding the path sets ω(u) takes up to 1e+09 search steps, over the cap of 1e+09"},
		{"paths", explicitInstance(80, ladder(4, 20), 21), "policy.gamma: the path sets ω(u) of shortest paths up to Γ−1 = 20 hops hold more than 1e+07 paths, the cap"},
	} {
		_, err := Build(c.in)
		if !errors.Is(err, ErrInput) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.name, err, c.want)
		}
	}
}

// TestPathSetSize: the count without listing equals the size of the path
// sets ShortestPathSets lists, on graphs with many equal-length paths.
func TestPathSetSize(t *testing.T) {
	for _, c := range []struct {
		servers int
		holders [][]int
		gamma   int
	}{
		{12, ladder(3, 4), 4},
		{12, ladder(3, 4), 2},
		{15, ladder(3, 5), 6},
		{6, [][]int{{0, 1, 2}, {2, 3}, {3, 4, 5}, {5, 0}}, 4},
		{5, [][]int{allServers(0, 5)}, 3},
		{5, [][]int{allServers(0, 5)}, 1},
	} {
		sc, err := Build(explicitInstance(c.servers, c.holders, c.gamma))
		if err != nil {
			t.Fatal(err)
		}
		want := sc.Omega.Size()
		if got := pathSetSize(sc.Graph, c.gamma-1, MaxPaths); got != want {
			t.Errorf("%v, Γ = %d: counted %d paths, ShortestPathSets lists %d", c.holders, c.gamma, got, want)
		}
		if want > 1 {
			if got := pathSetSize(sc.Graph, c.gamma-1, want-1); got <= want-1 {
				t.Errorf("%v, Γ = %d: with limit %d returned %d, want more than the limit", c.holders, c.gamma, want-1, got)
			}
		}
	}
	// A ladder of width 3 and depth 4 from a layer-0 server: 3^(k−1)
	// shortest paths to each of the 3 servers of layer k = 1, 2, 3, and 3
	// to each of the 2 other servers of layer 0: 3 + 9 + 27 + 6.
	sc, err := Build(explicitInstance(12, ladder(3, 4), 4))
	if err != nil {
		t.Fatal(err)
	}
	if got := len(sc.Omega.From(0)); got != 3+9+27+6 {
		t.Errorf("ω(0) of the 3 × 4 ladder has %d paths, want 45", got)
	}
}
