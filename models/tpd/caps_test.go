package tpd

import (
	"context"
	"errors"
	"strings"
	"testing"
)

// TestSizeCaps: every field that drives memory or time is refused beyond
// its cap by Parse, with the field, the value and the estimate, before
// anything is allocated; omitting a field means its default, an explicit 0
// where 0 would only mean the default is an error.
func TestSizeCaps(t *testing.T) {
	base := `{"ipns":[{"slots":2,"speed":100},{"slots":1,"speed":50}],
	 "latency":{"in":[[0.01,0.02]],"out":[0.01,0.01]},
	 "workload":{"frames":{"min":10,"max":20},"modes":{"stable":{"count":5,"rate":1}}}}`
	if _, err := Parse(strings.NewReader(base)); err != nil {
		t.Fatalf("base instance rejected: %v", err)
	}
	for _, tc := range []struct {
		name, old, new, want string
	}{
		{"slots of one IPN", `"slots":2,`, `"slots":1000000000,`, "ipns[0].slots: 1000000000 makes Σ_k Q_k at least 1000000000 slots, over the cap of 1000000"},
		{"slots in all", `{"slots":2,"speed":100},{"slots":1,`, `{"slots":600000,"speed":100},{"slots":400001,`, "ipns[1].slots: 400001 makes Σ_k Q_k at least 1000001 slots, over the cap of 1000000"},
		{"count", `"count":5,`, `"count":1000000000,`, "workload.modes.stable.count: 1000000000 sub-tasks per trace (about 600 GB to simulate), over the cap of 1000000"},
		{"runs", `"count":5,`, `"count":5,"runs":200000,`, "workload.modes.stable.runs: must be in [1, 100000], got 200000"},
		{"instance runs", `{"ipns"`, `{"runs":200000,"ipns"`, "runs: must be in [1, 100000], got 200000"},
		{"runs × count", `"count":5,`, `"count":1000000,"runs":2000,`, "workload.modes.stable: 2000 runs × 1000000 sub-tasks = 2000000000 simulated sub-tasks per policy, over the cap of 1e+09"},
		{"default runs × count", `{"ipns"`, `{"runs":1001,"ipns"`, ""}, // 1001 × 5: fine
		{"cameras", `"latency":{"in":[[0.01,0.02]],"out":[0.01,0.01]}`, `"layout":{"side":100},"cameras":{"per_ipn":500000,"radius":1},"latency":{"min":0.01,"max":0.02}`,
			"cameras.per_ipn: 1000000 cameras × 2 IPNs = 2000000 latency entries, over the cap of 1000000"},
		{"explicit runs 0", `{"ipns"`, `{"runs":0,"ipns"`, "runs: must be >= 1, got 0"},
		{"explicit mode runs 0", `"count":5,`, `"count":5,"runs":0,`, "workload.modes.stable.runs: must be >= 1, got 0"},
		{"explicit demand 0", `"frames":{"min":10,"max":20}`, `"frames":{"min":10,"max":20},"demand":0`, "workload.demand: must be >= 1, got 0"},
		{"explicit mean_frames 0", `"frames":{"min":10,"max":20}`, `"frames":{"min":10,"max":20},"mean_frames":0`, "workload.mean_frames: must be > 0, got 0"},
		{"explicit deadline speed 0", `"frames":{"min":10,"max":20}`, `"frames":{"min":10,"max":20},"deadline":{"speed":0}`, "workload.deadline.speed: must be > 0, got 0"},
		{"explicit slot 0", `{"ipns"`, `{"bounds":{"slot":0},"ipns"`, "bounds.slot: must be > 0, got 0"},
		{"explicit time limit 0", `{"ipns"`, `{"bounds":{"time_limit":0},"ipns"`, "bounds.time_limit"},
		{"negative time limit", `{"ipns"`, `{"bounds":{"time_limit":-2},"ipns"`, "bounds.time_limit"},
		{"explicit window 0", `{"ipns"`, `{"bounds":{"window_max_tasks":0},"ipns"`, "bounds.window_max_tasks: must be >= 1, got 0"},
		// An unknown backend is refused up front, even where no LP window
		// would have needed a solver; simplex is always compiled in.
		{"unknown backend", `{"ipns"`, `{"bounds":{"backend":"bogus"},"ipns"`, `bounds.backend: unknown backend "bogus" (compiled in: auto,`},
		{"known backend", `{"ipns"`, `{"bounds":{"backend":"simplex"},"ipns"`, ""},
	} {
		src := strings.Replace(base, tc.old, tc.new, 1)
		if src == base {
			t.Fatalf("%s: replacement %q not found", tc.name, tc.old)
		}
		_, err := Parse(strings.NewReader(src))
		if tc.want == "" {
			if err != nil {
				t.Errorf("%s: %v", tc.name, err)
			}
			continue
		}
		if !errors.Is(err, ErrInput) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want it to contain %q", tc.name, err, tc.want)
		}
	}
}

// TestLatencyCapInGo: an explicit latency matrix from Go is capped like a
// drawn one, before its rows are read.
func TestLatencyCapInGo(t *testing.T) {
	in := &Instance{
		IPNs:     make([]IPN, 1000),
		Latency:  Latency{In: make([][]float64, 1001), Out: make([]float64, 1000)},
		Workload: Workload{Frames: Range{Min: 1, Max: 2}},
	}
	for k := range in.IPNs {
		in.IPNs[k] = IPN{Slots: 1, Speed: 1}
	}
	err := in.Validate()
	if !errors.Is(err, ErrInput) || !strings.Contains(err.Error(), "latency.in: 1001 cameras × 1000 IPNs = 1001000 entries, over the cap of 1000000") {
		t.Errorf("error %v, want the latency cap", err)
	}
}

// TestRunChecksTheCount: a mode's count set by the caller (solve tpd
// --count) meets the same cap in Run, before a trace is drawn.
func TestRunChecksTheCount(t *testing.T) {
	s, err := Build(&Instance{
		IPNs:     []IPN{{Slots: 1, Speed: 1}},
		Latency:  Latency{In: [][]float64{{0}}, Out: []float64{0}},
		Workload: Workload{Frames: Range{Min: 1, Max: 2}},
	})
	if err != nil {
		t.Fatal(err)
	}
	_, err = s.Run(context.Background(), Experiment{Mode: Mode{Count: MaxTasks + 1, Rate: 1}, Policies: Policies, Runs: 1})
	if !errors.Is(err, ErrInput) || !strings.Contains(err.Error(), "mode.count: 1000001 sub-tasks per trace") {
		t.Errorf("error %v, want the count cap", err)
	}
}

func TestCheckRuns(t *testing.T) {
	for _, tc := range []struct {
		runs, count int
		want        string
	}{
		{200, 5000, ""},       // 5 000-sub-task traces, 200 runs
		{20, 200_000, ""},     // the campus heavy mode
		{MaxRuns, 10_000, ""}, // 10^9 exactly
		{0, 5, "mode.runs: must be in [1, 100000], got 0"},
		{MaxRuns + 1, 5, "mode.runs: must be in [1, 100000], got 100001"},
		{MaxRuns, 10_001, "mode: 100000 runs × 10001 sub-tasks = 1000100000 simulated sub-tasks per policy, over the cap of 1e+09"},
	} {
		err := checkRuns("mode", tc.runs, tc.count)
		if tc.want == "" {
			if err != nil {
				t.Errorf("%d runs × %d: %v", tc.runs, tc.count, err)
			}
			continue
		}
		if !errors.Is(err, ErrInput) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%d runs × %d: error %v, want %q", tc.runs, tc.count, err, tc.want)
		}
	}
}
