package tpd

import (
	"math"
	"math/rand/v2"
	"testing"
)

// bruteMDD is rule (16) by linear scan: argmin max(δ_i, t + p_i), ties by
// D_i, then arrival sequence.
func bruteMDD(items []int, t float64, delta, p, dl []float64, seq []int) int {
	best := -1
	for _, i := range items {
		if best < 0 {
			best = i
			continue
		}
		ki, kb := math.Max(delta[i], t+p[i]), math.Max(delta[best], t+p[best])
		switch {
		case ki < kb:
			best = i
		case ki == kb && (dl[i] < dl[best] || (dl[i] == dl[best] && seq[i] < seq[best])):
			best = i
		}
	}
	return best
}

// TestMDDQueueMatchesScan drives the three-heap MDD queue with random
// pushes and pops at increasing times and compares every pop with the
// linear-scan definition of rule (16). Values are drawn from a coarse grid
// so that ties in keys, deadlines and thresholds occur often.
func TestMDDQueueMatchesScan(t *testing.T) {
	for seed := uint64(1); seed <= 30; seed++ {
		rng := rand.New(rand.NewPCG(seed, 3))
		const n = 400
		delta, p, dl := make([]float64, n), make([]float64, n), make([]float64, n)
		seq, state := make([]int, n), make([]uint8, n)
		q := newMDDQueue(delta, p, dl, seq, state)
		var live []int
		now := 0.0
		next := 0
		for step := 0; step < 3*n; step++ {
			now += float64(rng.IntN(3))
			if next < n && (len(live) == 0 || rng.IntN(2) == 0) {
				i := next
				next++
				dl[i] = now + float64(rng.IntN(20))
				delta[i] = dl[i] - float64(rng.IntN(3))
				p[i] = float64(1 + rng.IntN(6))
				seq[i] = i
				q.push(i)
				live = append(live, i)
				continue
			}
			if len(live) == 0 {
				continue
			}
			want := bruteMDD(live, now, delta, p, dl, seq)
			got := q.pop(now)
			if got != want {
				t.Fatalf("seed %d step %d t=%g: pop %d (key %g), scan says %d (key %g)", seed, step, now,
					got, math.Max(delta[got], now+p[got]), want, math.Max(delta[want], now+p[want]))
			}
			for j, x := range live {
				if x == got {
					live = append(live[:j], live[j+1:]...)
					break
				}
			}
			if q.size() != len(live) {
				t.Fatalf("size %d, want %d", q.size(), len(live))
			}
		}
	}
}
