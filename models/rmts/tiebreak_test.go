package rmts

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestRMTSTieLowestOrigin checks the last tie-break of spec B.5 Step 1②
// (equal mp, hops and terminal load: lower ids) when S* is full and every
// holder's paths compete. Four servers of capacity L = 1 (L_th = 0.7);
// content 0 on servers 2 and 0 (listed in that order), content 1 on {0, 1},
// content 2 on {2, 3}; so the migration graph has edges 0–1, 0–2 and 2–3.
// Request 0 (content 1) goes to server 0 and request 1 (content 2) to
// server 2, the least-loaded holders (ties: lowest id). Request 2
// (content 0) finds both holders full: S* = 0, and since l_{S*} = L the
// candidates are the valid paths of all holders, (0, 1) moving request 0
// and (2, 3) moving request 1 (every other path of ω(0) and ω(2) ends at a
// full server or needs a hop its origin serves no content for). Both have
// one hop and an empty terminal, so equal mp; the lower origin id, 0,
// wins, p = 1 (full origin): request 0 moves to server 1 and request 2 is
// served at 0 with delay 2τ. Taking the first holder in placement order
// would pick (2, 3) instead; listing the holders as {0, 2} must not change
// the answer.
func TestRMTSTieLowestOrigin(t *testing.T) {
	type fate struct {
		Server, Moves int
		Delay         float64
	}
	want := []fate{{1, 1, 1}, {2, 0, 1}, {0, 0, 2}}
	for _, holders := range [][]int{{2, 0}, {0, 2}} {
		in := &Instance{
			Servers:   Servers{Count: 4, Capacity: 1},
			Contents:  Contents{Count: 3, Duration: 100},
			Placement: Placement{Holders: [][]int{holders, {0, 1}, {2, 3}}},
			Arrivals:  Arrivals{Rate: 1, Horizon: 10},
		}
		sc, err := Build(in)
		if err != nil {
			t.Fatal(err)
		}
		trace := []Request{{1, 1}, {2, 2}, {3, 0}}
		res, err := sc.Simulate(context.Background(), trace, rand.New(rand.NewPCG(1, 1)), RunOptions{Policy: RMTS, Horizon: 10, Check: true, Record: true})
		if err != nil {
			t.Fatal(err)
		}
		var got []fate
		for _, st := range res.Streams {
			got = append(got, fate{st.Server, st.Moves, st.Delay})
		}
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("holders of content 0 %v: server, moves and delay of each request (-hand-worked +got):\n%s", holders, d)
		}
		if res.MigrationsAll != 1 || res.ServedAll != 3 {
			t.Errorf("holders %v: %d migrations, %d served; hand-worked 1 and 3", holders, res.MigrationsAll, res.ServedAll)
		}
	}
}
