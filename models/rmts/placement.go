package rmts

import (
	"fmt"
	"math"
	"sort"
)

// loadTol is the tolerance under which two expected server loads
// Σ p_v/r_v count as tied in the greedy placement (the loads are sums of at
// most a few hundred terms of size ≤ 1, so rounding is ≪ 1e-12).
const loadTol = 1e-12

// ReplicaCounts returns r_v for the popularity rule of spec B.7:
// r_v = min(N, max(1, ⌊R·p_v⌋)) with N = servers (the largest number of
// copies of one content), then a largest-remainder top-up (ties:
// more popular first) until Σ r_v = R; if the max(1, ·) floor overshoots R,
// copies are taken back from the smallest remainders among r_v > 1.
func ReplicaCounts(pop []float64, total, servers int) ([]int, error) {
	m := len(pop)
	if total < m || total > m*servers {
		return nil, inputErr("placement.replicas: must be in [%d, %d], got %d", m, m*servers, total)
	}
	r := make([]int, m)
	frac := make([]float64, m)
	sum := 0
	for v, p := range pop {
		x := float64(total) * p
		f := math.Floor(x)
		frac[v] = x - f
		r[v] = min(servers, max(1, int(f)))
		sum += r[v]
	}
	order := make([]int, m)
	for v := range order {
		order[v] = v
	}
	sort.SliceStable(order, func(i, j int) bool { return frac[order[i]] > frac[order[j]] })
	for sum < total {
		for _, v := range order {
			if sum == total {
				break
			}
			if r[v] < servers {
				r[v]++
				sum++
			}
		}
	}
	for sum > total {
		for i := m - 1; i >= 0 && sum > total; i-- {
			if v := order[i]; r[v] > 1 {
				r[v]--
				sum--
			}
		}
	}
	return r, nil
}

// PopularityPlacement places the copies greedily by decreasing popularity
// (spec B.7): each copy of v goes to the server with the smallest expected
// load Σ_{v'∈H_s} p_{v'}/r_{v'} among servers with a free slot that do not
// hold v yet; ties go to a server in a connected component of the
// migration graph that holds no copy of v yet (the copy then joins two
// components), then to the lowest id. slots ≤ 0 means unlimited. It
// returns holders[v], the servers storing v, in placement order.
func PopularityPlacement(pop []float64, counts []int, servers, slots int) ([][]int, error) {
	m := len(pop)
	if len(counts) != m {
		panic("rmts: PopularityPlacement: len(counts) != len(pop)")
	}
	order := make([]int, m)
	for v := range order {
		order[v] = v
	}
	sort.SliceStable(order, func(i, j int) bool { return pop[order[i]] > pop[order[j]] })
	load := make([]float64, servers)
	used := make([]int, servers)
	has := make([]map[int]bool, servers)
	for s := range has {
		has[s] = map[int]bool{}
	}
	// Union-find over servers: two servers are connected once they share
	// a content.
	parent := make([]int, servers)
	for s := range parent {
		parent[s] = s
	}
	find := func(x int) int {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	holders := make([][]int, m)
	for _, v := range order {
		for k := 0; k < counts[v]; k++ {
			comps := map[int]bool{}
			for _, s := range holders[v] {
				comps[find(s)] = true
			}
			best := -1
			bestJoins := false
			for s := 0; s < servers; s++ {
				if has[s][v] || (slots > 0 && used[s] >= slots) {
					continue
				}
				joins := len(holders[v]) > 0 && !comps[find(s)]
				switch {
				case best < 0:
				case load[s] < load[best]-loadTol:
				case load[s] <= load[best]+loadTol && joins && !bestJoins:
				default:
					continue
				}
				best, bestJoins = s, joins
			}
			if best < 0 {
				return nil, inputErr("placement: no server with a free slot can take copy %d of content %d (%d copies, %d slots per server)", k+1, v, counts[v], slots)
			}
			has[best][v] = true
			used[best]++
			load[best] += pop[v] / float64(counts[v])
			for _, s := range holders[v] {
				parent[find(s)] = find(best)
			}
			holders[v] = append(holders[v], best)
		}
	}
	return holders, nil
}

func checkHolders(holders [][]int, servers int) error {
	for v, hs := range holders {
		if len(hs) == 0 {
			return fmt.Errorf("%w: content %d is stored nowhere", ErrInput, v)
		}
		for _, s := range hs {
			if s < 0 || s >= servers {
				return fmt.Errorf("%w: content %d on unknown server %d", ErrInput, v, s)
			}
		}
	}
	return nil
}
