package main

import (
	"testing"

	"github.com/streamopt/streamopt/internal/shard"
)

// TestMultistartShardsMakeTheWhole: the three shards of a multistart run
// together exactly the starts of the unsharded run, each with the same
// profit, so the best of the shards' bests is the unsharded best.
func TestMultistartShardsMakeTheWhole(t *testing.T) {
	in := generateSpread(4, 12, 3, 0.75)
	p, err := in.Compile()
	if err != nil {
		t.Fatal(err)
	}
	const n = 7
	var reported []int
	whole := multistart(p, in, 3, n, 2, 0, false, shard.All, func(st startResult) { reported = append(reported, st.k) })
	if whole.asked != n || whole.done != n || len(whole.starts) != n || len(reported) != n {
		t.Fatalf("unsharded: %d asked, %d done, %d listed, %d reported; want %d", whole.asked, whole.done, len(whole.starts), len(reported), n)
	}
	seen := map[int]float64{}
	best := whole.best - 1
	for i := 0; i < 3; i++ {
		part := multistart(p, in, 3, n, 1, 0, false, shard.Spec{Index: i, Count: 3}, nil)
		for _, st := range part.starts {
			if st.k%3 != i {
				t.Errorf("shard %d/3 ran start %d", i, st.k)
			}
			if _, dup := seen[st.k]; dup {
				t.Errorf("start %d ran twice", st.k)
			}
			seen[st.k] = st.profit
		}
		best = max(best, part.best)
	}
	for _, st := range whole.starts {
		if got, ok := seen[st.k]; !ok || got != st.profit {
			t.Errorf("start %d: shards %v (ran %v), unsharded %v", st.k, got, ok, st.profit)
		}
	}
	if len(seen) != n || best != whole.best {
		t.Errorf("shards ran %d starts with best %v; unsharded %d with best %v", len(seen), best, n, whole.best)
	}
}
