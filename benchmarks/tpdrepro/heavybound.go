package main

import (
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/streamopt/streamopt/models/tpd"
	"github.com/streamopt/streamopt/solve"
)

// heavyBoundConfig sizes the "heavybound" part.
type heavyBoundConfig struct {
	count     int           // sub-tasks per trace
	runs      int           // traces per load
	lpTimeout time.Duration // budget of each windowed LB_LP
	lpWindows []int         // window sizes tried for LB_LP
	boundTime time.Duration // budget of LB_TIGHT
	improve   time.Duration // budget of the local search from the Lagrangian schedule
	seed      uint64        // seed of the traces and policies; trace r uses stream r
}

// heavyBound measures, on campus traces at ρ = 0.85 and 0.95 (mode
// "heavy" with fewer sub-tasks), every lower bound and the time it takes:
// LB0, LB_SRPT, the windowed LB_LP (each window size within a time
// budget), LB_LAG with IPNs pooled by speed (the default of --bound lag)
// and per IPN, and LB_TIGHT (--bound tight, within cfg.boundTime); and the
// feasible schedules as upper bounds: the greedy, the Lagrangian schedule
// of LB_TIGHT, the four policies with the instance's Δ_info and TPD with
// exact state, the local search (tpd.ImproveSchedule) from the Lagrangian
// schedule within cfg.improve, and per trace the best of them (best_ub). It writes one CSV
// row per (load, run, quantity), prints the means, and per load the
// interval [LB_TIGHT, best_ub] that holds the optimum with each policy's
// gap to both ends.
func heavyBound(ctx context.Context, s *tpd.Scenario, heavy tpd.Mode, cfg heavyBoundConfig, path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := csv.NewWriter(f)
	_ = w.Write([]string{"load", "count", "run", "quantity", "value", "seconds", "status"})
	g := func(x float64) string { return strconv.FormatFloat(x, 'g', 10, 64) }
	type key struct {
		load float64
		name string
	}
	sum := map[key][]float64{}
	secs := map[key]float64{}
	var order []string
	seen := map[string]bool{}
	record := func(load float64, run int, name string, v float64, d time.Duration, status string) {
		_ = w.Write([]string{g(load), strconv.Itoa(cfg.count), strconv.Itoa(run), name, g(v), g(d.Seconds()), status})
		w.Flush() // keep every finished row if a long LB_LP is stopped
		if !seen[name] {
			seen[name] = true
			order = append(order, name)
		}
		if status == "ok" {
			sum[key{load, name}] = append(sum[key{load, name}], v)
			secs[key{load, name}] += d.Seconds()
		}
	}
	loads := []float64{0.85, 0.95}
	for _, load := range loads {
		m := heavy
		m.Rate, m.Load, m.Count = 0, load, cfg.count
		for run := 0; run < cfg.runs; run++ {
			tasks, err := s.Trace(m, rand.New(rand.NewPCG(cfg.seed, uint64(run))))
			if err != nil {
				f.Close()
				return err
			}
			timed := func(name string, fn func() (float64, error)) error {
				start := time.Now()
				v, err := fn()
				d := time.Since(start)
				switch {
				case errors.Is(err, context.DeadlineExceeded):
					record(load, run, name, 0, d, "timeout")
				case errors.Is(err, errPartial):
					record(load, run, name, v, d, "partial")
					fmt.Fprintf(os.Stderr, "heavybound ρ=%g run %d %s: %v\n", load, run, name, err)
				case err != nil:
					return fmt.Errorf("%s at ρ = %g: %w", name, load, err)
				default:
					record(load, run, name, v, d, "ok")
				}
				fmt.Fprintf(os.Stderr, "heavybound ρ=%g run %d %-14s %12.3f  %8.2fs\n", load, run, name, v, d.Seconds())
				return nil
			}
			best := math.Inf(1) // least total delay of a schedule of this trace
			ub := func(v float64, err error) (float64, error) {
				if err == nil {
					best = math.Min(best, v)
				}
				return v, err
			}
			var lagSchedule float64
			var lagOuts []tpd.Outcome
			steps := []hbStep{
				{tpd.MetricLB0.String(), func() (float64, error) { return tpd.LB0(s, tasks) }},
				{tpd.MetricLBSRPT.String(), func() (float64, error) { return tpd.LBSRPT(s, tasks) }},
				{tpd.MetricLBLag.String(), func() (float64, error) {
					b, err := tpd.LowerBoundLagrange(ctx, s, tasks, tpd.LagrangeOptions{})
					return b.Value, err
				}},
				{tpd.MetricLBLag.String() + "_ipn", func() (float64, error) {
					b, err := tpd.LowerBoundLagrange(ctx, s, tasks, tpd.LagrangeOptions{PerIPN: true})
					return b.Value, err
				}},
				{tpd.MetricLBTight.String(), func() (float64, error) {
					b, err := tpd.LowerBoundLagrange(ctx, s, tasks, tpd.LagrangeOptions{PerIPN: true, Refine: tpd.DefaultLagrangeRefine,
						Deadline: time.Now().Add(cfg.boundTime), Schedule: true})
					lagSchedule, lagOuts = b.ScheduleTotal, b.Schedule
					if err == nil && b.Stopped {
						fmt.Fprintf(os.Stderr, "heavybound ρ=%g run %d: LB_TIGHT stopped by its budget on the grid %g s\n", load, run, b.Slot)
					}
					return b.Value, err
				}},
				{"lag_schedule_ub", func() (float64, error) {
					if lagSchedule == 0 {
						return 0, fmt.Errorf("no Lagrangian schedule")
					}
					return ub(lagSchedule, nil)
				}},
				{"improved_ub", func() (float64, error) {
					_, v, err := tpd.ImproveSchedule(ctx, s, tasks, lagOuts, cfg.improve)
					return ub(v, err)
				}},
				{tpd.MetricGreedyUB.String(), func() (float64, error) { _, v, err := tpd.Greedy(s, tasks); return ub(v, err) }},
			}
			for _, p := range tpd.Policies {
				p := p
				steps = append(steps, hbStep{strings.ToLower(p.String()) + "_ub", func() (float64, error) {
					return ub(simulate(ctx, s, tasks, p, tpd.UseScenarioInfo, cfg.seed, run))
				}})
			}
			steps = append(steps, hbStep{"tpd_exact_state_ub", func() (float64, error) { return ub(simulate(ctx, s, tasks, tpd.TPD, 0, cfg.seed, run)) }})
			for _, win := range cfg.lpWindows {
				win := win
				steps = append(steps, hbStep{tpd.MetricLBLP.String() + "_w" + strconv.Itoa(win), func() (float64, error) {
					c, cancel := context.WithTimeout(ctx, cfg.lpTimeout)
					defer cancel()
					b, err := tpd.LowerBoundLP(c, s, tasks, s.Slot, win, s.Backend, solve.Options{})
					if err == nil && b.Failed > 0 {
						// Windows whose LP stopped early fell back to LB0/LB_SRPT.
						err = fmt.Errorf("%w: %d of %d windows' LPs did not finish", errPartial, b.Failed, b.Windows)
					}
					return b.Value, err
				}})
			}
			for _, st := range steps {
				if err := timed(st.name, st.fn); err != nil {
					f.Close()
					return err
				}
			}
			record(load, run, tpd.MetricBestUB.String(), best, 0, "ok")
		}
	}
	w.Flush()
	if err := w.Error(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	fmt.Printf("heavybound: campus, mode heavy, %d sub-tasks, %d runs per load; mean total delay (s), mean seconds, TPD's gap to it\n", cfg.count, cfg.runs)
	for _, load := range loads {
		tpdMean := mean(sum[key{load, "tpd_ub"}])
		for _, name := range order {
			v := sum[key{load, name}]
			if len(v) == 0 {
				fmt.Printf("  ρ=%-5g %-20s did not finish within %v on any trace\n", load, name, cfg.lpTimeout)
				continue
			}
			fmt.Printf("  ρ=%-5g %-20s %12.2f  %8.2fs  TPD gap %6.2f %%  (%d/%d runs)\n", load, name, mean(v),
				secs[key{load, name}]/float64(len(v)), 100*(tpdMean-mean(v))/mean(v), len(v), cfg.runs)
		}
		lb, best := sum[key{load, tpd.MetricLBTight.String()}], sum[key{load, tpd.MetricBestUB.String()}]
		if len(lb) == 0 || len(best) == 0 {
			continue
		}
		l, u := mean(lb), mean(best)
		fmt.Printf("  ρ=%-5g optimum (mean) in [LB_TIGHT, best_ub] = [%.2f, %.2f], width %.2f %% of the bound\n", load, l, u, 100*(u-l)/l)
		var names []string
		for _, p := range tpd.Policies {
			names = append(names, strings.ToLower(p.String())+"_ub")
		}
		for _, name := range append(names, "tpd_exact_state_ub") {
			if v := sum[key{load, name}]; len(v) > 0 {
				t := mean(v)
				fmt.Printf("  ρ=%-5g %-20s T %10.2f  gap to the optimum in [%.2f, %.2f] %%\n", load, name, t, 100*(t-u)/u, 100*(t-l)/l)
			}
		}
	}
	return nil
}

// hbStep is one measured quantity of the heavybound part.
type hbStep struct {
	name string
	fn   func() (float64, error)
}

// errPartial marks a windowed LB_LP some of whose LPs did not finish.
var errPartial = errors.New("partial")

func simulate(ctx context.Context, s *tpd.Scenario, tasks []tpd.Task, p tpd.Policy, info float64, seed uint64, run int) (float64, error) {
	r, err := tpd.Simulate(ctx, s, tasks, tpd.Config{Policy: p, Discipline: p.DefaultDiscipline(), InfoInterval: info},
		rand.New(rand.NewPCG(seed, uint64(run))))
	if err != nil {
		return 0, err
	}
	return r.TotalDelay, nil
}

func mean(v []float64) float64 {
	t := 0.0
	for _, x := range v {
		t += x
	}
	return t / float64(len(v))
}
