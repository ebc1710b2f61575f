// Command tpdrepro reproduces the experiments of paper 004 (TPD) on the
// campus scenario of spec MODELS.md C.6 and the extra experiments the spec
// proposes, writing CSV and PNG files.
//
//	go run ./benchmarks/tpdrepro [-input examples/tpd-campus.json] [-out DIR] \
//	    [-parts paper,sweep,stale,surge,queues,small,heavybound] [-runs N] \
//	    [-sweep-runs N] [-sweep-count N] [-hb-count N] [-hb-runs N] \
//	    [-hb-lp-windows 40] [-hb-lp-timeout D] [-hb-bound-time-limit D] \
//	    [-hb-improve-time D] [-seed S] [-workers N]
//
// -seed replaces the instance's seed (replication r uses stream r), and
// -workers sets the replication pool; the numbers do not depend on it. The
// sweep part is also `solve tpd --mode heavy --load 0.3,0.5,0.7,0.85,0.95
// --bound lag`, which can run as shards (--shard, --records, solve merge).
//
// Parts (each writes <part>.csv in -out, default benchmarks/out/tpdrepro):
//
//   - paper: the stable (M = 10 000, λ = 0.7/s) and burst (M = 600, λ = 5/s)
//     modes, four policies, 100 runs each, every bound (LB0, LB_SRPT, the
//     windowed LB_LP); figures fig03–fig10 with 95% confidence intervals.
//   - sweep: the heavy-load sweep ρ ∈ {0.3, 0.5, 0.7, 0.85, 0.95} of mode
//     "heavy" (M = 200 000, first 10 % discarded, 20 runs; -sweep-count and
//     -sweep-runs shorten it), bounds LB0, LB_SRPT and the Lagrangian
//     LB_LAG; figures sweep_heavy_*.png.
//   - stale: TPD and PoD at ρ = 0.7 with Δ_info ∈ {0, 0.05, 0.1, 0.2, 1} s,
//     without and with counting the dispatcher's own dispatches since the
//     last snapshot (modes stale_<Δ> and stale_own_<Δ>).
//   - surge: mode "surge" (base ρ = 0.5, 2 s at 1.5× capacity).
//   - queues: TPD and PoD at ρ = 0.95 under each queue rule (MDD, EDD, FCFS).
//   - heavybound: how strong and how fast each bound is at heavy load:
//     campus traces of mode "heavy" at ρ = 0.85 and 0.95 (-hb-count
//     sub-tasks, default 20 000; -hb-runs traces, default 3): LB0, LB_SRPT,
//     LB_LAG pooled by speed (the default of --bound lag) and per IPN,
//     LB_TIGHT (per IPN on Δ … Δ/8, the bound of --bound tight) within
//     -hb-bound-time-limit (default 60 s), the windowed LB_LP with windows
//     of -hb-lp-windows sub-tasks (default 40, the instance's; empty skips
//     it) within -hb-lp-timeout (default 2 min; "partial" when some
//     windows' LPs did not finish and fell back to LB0/LB_SRPT, so it stays
//     valid); and as upper bounds the greedy reference, the Lagrangian
//     schedule built from LB_TIGHT's multipliers (lag_schedule_ub, its
//     time counted in lb_tight's), the local search tpd.ImproveSchedule
//     from it within -hb-improve-time (default 30 s; improved_ub), the four
//     policies with Δ_info = 0.1 s, TPD with exact state, and per trace
//     the best of them (best_ub). Value and seconds per trace go to
//     heavybound.csv; the means and TPD's gap to each are printed, then per
//     load the interval [LB_TIGHT, best_ub] that holds the optimum and each
//     policy's gap to the optimum as an interval.
//   - small: 20 random small instances (tpd.RandomSmall): LB0, LB_SRPT,
//     LB_LP, OPT from the exact MILP on every MILP backend compiled in, the
//     greedy reference and the four policies' total delays.
//
// Wall times are printed per part; on a shared machine they vary from run to
// run. Every random thing is seeded by the instance: the same command
// writes the same CSV bytes.
package main
