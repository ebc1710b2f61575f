package tpd

import (
	"context"
	"errors"
	"math"
	"testing"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/solve"
)

// TestImproveScheduleProperty: on RandomSmall seeds 1–60 (on-grid, so
// Exact gives OPT), the local search from the greedy schedule returns a
// feasible schedule (CheckSchedule) whose total delay lies in [OPT,
// greedy] and is what CheckSchedule computes; it improves the greedy on
// some instances (the count shows the check has teeth).
func TestImproveScheduleProperty(t *testing.T) {
	ctx := context.Background()
	better, optimal := 0, 0
	for seed := uint64(1); seed <= 60; seed++ {
		s, tasks := RandomSmall(seed)
		ex, err := Exact(ctx, s, tasks, 1, "auto", solve.Options{})
		if err != nil || ex.Status != lp.Optimal {
			t.Fatalf("seed %d: exact: %v", seed, err)
		}
		gOuts, greedy, err := Greedy(s, tasks)
		if err != nil {
			t.Fatal(err)
		}
		outs, total, err := ImproveSchedule(ctx, s, tasks, gOuts, 0)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		chk, err := CheckSchedule(s, tasks, outs)
		if err != nil {
			t.Fatalf("seed %d: improved schedule: %v", seed, err)
		}
		if math.Abs(chk-total) > 1e-9*chk {
			t.Errorf("seed %d: total %g, CheckSchedule says %g", seed, total, chk)
		}
		if total > greedy*(1+1e-12) || total < ex.Total*(1-objTol) {
			t.Errorf("seed %d: improved %g outside [OPT %g, greedy %g]", seed, total, ex.Total, greedy)
		}
		if total < greedy*(1-1e-9) {
			better++
		}
		if total <= ex.Total*(1+objTol) {
			optimal++
		}
	}
	if better == 0 {
		t.Error("the local search never improved the greedy schedule")
	}
	t.Logf("local search improved the greedy on %d of 60 instances and reached OPT on %d", better, optimal)
}

func TestImproveScheduleRejectsBadInput(t *testing.T) {
	ctx := context.Background()
	s, tasks := RandomSmall(2)
	outs, _, _ := Greedy(s, tasks)
	if _, _, err := ImproveSchedule(ctx, s, tasks, outs, -1); !errors.Is(err, ErrInput) {
		t.Errorf("negative limit: error %v, want ErrInput", err)
	}
	bad := append([]Outcome(nil), outs...)
	bad[0].Start -= 100 // before its release
	if _, _, err := ImproveSchedule(ctx, s, tasks, bad, 0); err == nil {
		t.Error("infeasible starting schedule: no error")
	}
	if _, _, err := ImproveSchedule(ctx, s, tasks, outs[1:], 0); err == nil {
		t.Error("schedule of the wrong length: no error")
	}
	// A cancelled search still returns a feasible schedule, no worse.
	c, cancel := context.WithCancel(ctx)
	cancel()
	got, total, err := ImproveSchedule(c, s, tasks, outs, 0)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: error %v, want context.Canceled", err)
	}
	if _, cerr := CheckSchedule(s, tasks, got); cerr != nil || total > sumDelay(tasks, outs)*(1+1e-12) {
		t.Errorf("cancelled: schedule %v, total %g", cerr, total)
	}
}

func sumDelay(tasks []Task, outs []Outcome) float64 {
	t := 0.0
	for i, o := range outs {
		t += o.Complete - tasks[i].Release
	}
	return t
}
