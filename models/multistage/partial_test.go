package multistage

import (
	"context"
	"errors"
	"testing"

	"github.com/streamopt/streamopt/fault"
)

// TestSweepPartial stops a sweep from its progress callback after three
// points: Sweep returns those three (N = 300, 301, 302) and a limit error.
func TestSweepPartial(t *testing.T) {
	in := paper(t)
	p, err := Plan(context.Background(), &in.Network, "S2", []float64{400}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var last [2]int
	opt := Options{Progress: func(done, total int) {
		last = [2]int{done, total}
		if done == 3 {
			cancel()
		}
	}}
	pts, err := Sweep(ctx, &in.Network, []*Policy{p}, 300, 400, 1, opt)
	if !errors.Is(err, context.Canceled) || fault.Of(err) != fault.Limit {
		t.Fatalf("error = %v, want a limit wrapping context.Canceled", err)
	}
	if len(pts) != 3 || pts[0].N != 300 || pts[2].N != 302 || last != [2]int{3, 101} {
		t.Errorf("got %d points (progress %v), want N = 300..302 of 101", len(pts), last)
	}
	if n := SweepPoints(300, 400, 5); n != 21 {
		t.Errorf("SweepPoints(300, 400, 5) = %d, want 21", n)
	}
	// A done context stops the planning too.
	if _, err := Plan(ctx, &in.Network, "S4", []float64{300, 330, 360, 400}, Options{}); fault.Of(err) != fault.Limit {
		t.Errorf("Plan on a cancelled context: %v, want a limit", err)
	}
}
