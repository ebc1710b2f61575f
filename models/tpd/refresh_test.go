package tpd

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/streamopt/streamopt/sim"
)

// TestLazyRefreshMatchesPeriodic runs every policy with the lazy state
// refresh of Simulate and with the periodic reference (one engine event per
// Δ_info copying every IPN) on the same traces and random numbers: every
// outcome and metric must be identical, bit for bit; only the engine's
// event count may differ, and it must drop. The campus traces cover the
// idle stable mode, a loaded one and the burst mode; the small random
// instances have integer release and latency times (some latencies 0) and
// Δ_info ∈ {0.25, 0.5, 1}, so releases, arrivals and ends of processing
// fall exactly on refresh instants and the order at equal times is tested.
func TestLazyRefreshMatchesPeriodic(t *testing.T) {
	type trace struct {
		name  string
		s     *Scenario
		tasks []Task
		infos []float64
		all   bool // every discipline, not only the policy's default
	}
	var traces []trace
	campus := loadCampus(t)
	for _, m := range []struct {
		name string
		mode Mode
	}{
		{"stable", Mode{Count: 1000, Rate: campus.Modes["stable"].Rate}},
		{"load0.9", Mode{Count: 1000, Load: 0.9}},
		{"burst", campus.Modes["burst"]},
	} {
		tasks, err := campus.Trace(m.mode, sim.Stream(4, 0))
		if err != nil {
			t.Fatal(err)
		}
		for _, own := range []bool{false, true} {
			s := *campus
			s.CountOwn, s.PaperWait = own, own
			traces = append(traces, trace{fmt.Sprintf("campus/%s/own=%v", m.name, own), &s, tasks, []float64{0.1, 0.37, 2}, false})
		}
	}
	for seed := uint64(0); seed < 40; seed++ {
		s, tasks := RandomSmall(seed)
		s.CountOwn = seed%2 == 1
		traces = append(traces, trace{fmt.Sprintf("small/%d", seed), s, tasks, []float64{0.25, 0.5, 1}, true})
	}
	disciplines := func(tr trace, p Policy) []Discipline {
		if tr.all {
			return []Discipline{MDD, EDD, FCFS}
		}
		return []Discipline{p.DefaultDiscipline()}
	}
	ignoreEvents := cmpopts.IgnoreFields(Result{}, "Events")
	for _, tr := range traces {
		for _, info := range tr.infos {
			for _, p := range Policies {
				for _, d := range disciplines(tr, p) {
					cfg := Config{Policy: p, Discipline: d, InfoInterval: info, Warmup: 0.1}
					lazy, err := simulate(context.Background(), tr.s, tr.tasks, cfg, sim.Stream(5, 1), lazyRefresh)
					if err != nil {
						t.Fatal(err)
					}
					ref, err := simulate(context.Background(), tr.s, tr.tasks, cfg, sim.Stream(5, 1), periodicRefresh)
					if err != nil {
						t.Fatal(err)
					}
					if diff := cmp.Diff(ref, lazy, ignoreEvents); diff != "" {
						t.Fatalf("%s Δ_info=%g %v/%v: lazy refresh differs from the periodic one (-periodic +lazy):\n%s", tr.name, info, p, d, diff)
					}
					if lazy.Events >= ref.Events {
						t.Errorf("%s Δ_info=%g %v/%v: lazy refresh processed %d events, periodic %d", tr.name, info, p, d, lazy.Events, ref.Events)
					}
				}
			}
		}
	}
}

// TestRefreshCap: a Δ_info that gives more than maxRefreshes refresh
// instants over the trace is refused with an error naming it, instead of
// running for hours.
func TestRefreshCap(t *testing.T) {
	s, tasks := RandomSmall(1)
	_, err := Simulate(context.Background(), s, tasks, Config{Policy: TPD, Discipline: MDD, InfoInterval: 1e-12}, sim.Stream(1, 0))
	if err == nil || !errors.Is(err, ErrInput) || !strings.Contains(err.Error(), "info_interval: 1e-12 s") {
		t.Fatalf("got %v, want an input error naming info_interval", err)
	}
}
