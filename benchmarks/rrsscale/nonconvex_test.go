package main

import (
	"testing"

	"github.com/streamopt/streamopt/internal/shard"
	"github.com/streamopt/streamopt/models/rrs"
)

// TestMultistartShardsMakeTheWhole: the three shards of a multistart run
// together exactly the starts of the unsharded run, each with the same
// profit, so the best of the shards' bests is the unsharded best.
func TestMultistartShardsMakeTheWhole(t *testing.T) {
	in := rrs.Random(4, 12, 3, 0.75)
	p, err := in.Compile()
	if err != nil {
		t.Fatal(err)
	}
	const n = 7
	var whole []startResult
	all := multistart(p, in, 3, n, 2, 0, false, shard.All, func(st startResult) { whole = append(whole, st) })
	if all.asked != n || all.done != n || len(whole) != n {
		t.Fatalf("unsharded: %d asked, %d done, %d reported; want %d", all.asked, all.done, len(whole), n)
	}
	seen := map[int]float64{}
	best := all.best - 1
	for i := 0; i < 3; i++ {
		part := multistart(p, in, 3, n, 1, 0, false, shard.Spec{Index: i, Count: 3}, func(st startResult) {
			if st.k%3 != i {
				t.Errorf("shard %d/3 ran start %d", i, st.k)
			}
			if _, dup := seen[st.k]; dup {
				t.Errorf("start %d ran twice", st.k)
			}
			seen[st.k] = st.profit
		})
		best = max(best, part.best)
	}
	for _, st := range whole {
		if got, ok := seen[st.k]; !ok || got != st.profit {
			t.Errorf("start %d: shards %v (ran %v), unsharded %v", st.k, got, ok, st.profit)
		}
	}
	if len(seen) != n || best != all.best {
		t.Errorf("shards ran %d starts with best %v; unsharded %d with best %v", len(seen), best, n, all.best)
	}
}
