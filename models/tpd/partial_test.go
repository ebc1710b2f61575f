package tpd

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/streamopt/streamopt/fault"
	"github.com/streamopt/streamopt/sim"
)

// TestRunPartial stops a run from its progress callback after five
// replications (one worker, so exactly replications 0-4 finish): the
// partial result must be the full result of a five-replication run, since
// replication r always draws from stream r.
func TestRunPartial(t *testing.T) {
	s := loadCampus(t)
	mode := Mode{Count: 300, Load: 0.7}
	ex := Experiment{ModeName: "heavy", Mode: mode, Policies: Policies, Runs: 40, Bound: BoundSRPT, Workers: 1}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ex.Progress = func(done, _ int) {
		if done == 5 {
			cancel()
		}
	}
	part, err := s.Run(ctx, ex)
	if !errors.Is(err, context.Canceled) || fault.Of(err) != fault.Limit {
		t.Fatalf("error = %v, want a limit wrapping context.Canceled", err)
	}
	if part == nil || part.Done != 5 || part.Runs != 40 || !part.Partial() {
		t.Fatalf("partial result %+v, want 5 of 40 replications", part)
	}
	ex.Runs, ex.Progress = 5, nil
	full, err := s.Run(context.Background(), ex)
	if err != nil {
		t.Fatal(err)
	}
	if full.Partial() || full.Done != 5 {
		t.Fatalf("a complete run reports %d of %d replications", full.Done, full.Runs)
	}
	if d := cmp.Diff(full.Policies, part.Policies); d != "" {
		t.Errorf("the partial run's 5 replications differ from a 5-replication run (-full +partial):\n%s", d)
	}
	if d := cmp.Diff(full.Bounds, part.Bounds); d != "" {
		t.Errorf("bounds differ (-full +partial):\n%s", d)
	}
}

// A simulation longer than the engine's check interval stops on a
// cancelled context instead of running to the end.
func TestSimulateCancelled(t *testing.T) {
	s := loadCampus(t)
	tasks, err := s.Trace(Mode{Count: 5000, Load: 0.7}, rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = Simulate(ctx, s, tasks, Config{Policy: TPD, Discipline: MDD, InfoInterval: UseScenarioInfo}, sim.Stream(1, 0))
	if !errors.Is(err, context.Canceled) {
		t.Errorf("Simulate on a cancelled context: %v, want context.Canceled", err)
	}
}
