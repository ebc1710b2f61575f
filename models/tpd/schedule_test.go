package tpd

import (
	"math"
	"strings"
	"testing"
)

// TestCheckScheduleTolerance checks CheckSchedule's tolerance on one 1-slot
// IPN with zero latency (speed 1: a sub-task of w frames runs w seconds).
// Sub-tasks A and B arrive at 0.025; A runs [0.025, 0.025 + 0.005) and B
// starts at 0.005·6: in
// float64 the first end is 0.030000000000000002 and the second start 0.03,
// one ulp apart, which is no overlap. An overlap or an early start of
// 1e-6 s (far above the tolerance of 1e-9 s here) is reported.
func TestCheckScheduleTolerance(t *testing.T) {
	s := oneIPN(1)
	a, d := 0.025, 0.005 // variables: constant arithmetic would be exact
	tasks := []Task{{ID: 0, Release: a, Frames: d, Demand: 1}, {ID: 1, Release: a, Frames: 0.01, Demand: 1}}
	run := func(start float64, m Task) Outcome {
		return Outcome{IPN: 0, Start: start, Finish: start + m.Frames, Complete: start + m.Frames}
	}
	if a+d <= d*6 {
		t.Fatalf("float64 gives %v ≤ %v: the case needs the one-ulp overlap", a+d, d*6)
	}
	tests := []struct {
		name   string
		starts [2]float64
		err    string // "" = feasible
	}{
		{"one ulp of overlap", [2]float64{a, d * 6}, ""},
		{"a true overlap", [2]float64{a, d*6 - 1e-6}, "runs 2 slots"},
		{"one ulp before arrival", [2]float64{math.Nextafter(a, 0), d * 6}, ""},
		{"early start", [2]float64{a - 1e-6, d * 6}, "before it reaches"},
	}
	for _, tc := range tests {
		outs := []Outcome{run(tc.starts[0], tasks[0]), run(tc.starts[1], tasks[1])}
		total, err := CheckSchedule(s, tasks, outs)
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.err)
		case tc.err == "" && math.Abs(total-(outs[0].Complete-a+outs[1].Complete-a)) > 1e-15:
			t.Errorf("%s: total %v", tc.name, total)
		}
	}
}

// TestCheckScheduleRejectsNaN checks that a schedule with a NaN time, which
// every comparison lets through, is rejected.
func TestCheckScheduleRejectsNaN(t *testing.T) {
	s := oneIPN(1)
	tasks := []Task{{ID: 0, Release: 0, Frames: 1, Demand: 1}}
	outs := []Outcome{{IPN: 0, Start: math.NaN(), Finish: math.NaN(), Complete: math.NaN()}}
	if _, err := CheckSchedule(s, tasks, outs); err == nil || !strings.Contains(err.Error(), "finite") {
		t.Errorf("error %v, want one saying the times must be finite", err)
	}
}
