// Package render turns the typed results of the model packages and of
// solve.Solve into what people and other programs read: the text tables
// and JSON answers of the solve commands, figures (PNG, SVG or PDF, by
// the extension of the file: a path's, or the formats asked of the
// functions that draw into a folder) and CSV. The model packages
// compute; they neither format nor draw, so a program that only solves
// does not link gonum/plot, and the CLI holds no formatting of its own.
//
// Tables (LPTable, RRSTable, MPSTable, RMTSTable, TPDTable) show a
// replicated metric as mean ± the half-width of its confidence interval
// (at the result's level, 95% by default, stated in the heading), or the
// mean and "(n=1)" where one replication gives no interval; RMTSTable
// adds the paired differences of compared policies. JSON answers (NewLPAnswer, RRS's Result itself, MPSAnswer,
// RMTSJSON, TPDJSON) are written by JSON, which puts "format_version"
// (FormatVersion) and "program" first and writes a number that is ±∞ or
// NaN as null (the schemas mark where one can be); OutputSchema returns the JSON
// Schema of each command's answer (files under schema/, $id
// https://github.com/streamopt/streamopt/render/schema/COMMAND.json).
//
// Every figure file is written through internal/atomicfile: it replaces
// the file of its name only once it is complete.
//
// Figures show means with the half-width of the Student-t confidence
// interval over the replications (sim.Stat.HalfWidth) as error bars, and
// the number of runs and the level in their titles; a title wider than
// the axes wraps, and no two curves of a figure share both colour and
// mark (a figure with more curves than there are such pairs is refused):
//
//   - TPD (models/tpd): TPDFigures draws, for a mode run once, bar charts
//     over the policies of the paper's Figs. 3–10 (handling time, routing
//     latency, total delay and gap to T_LB, stable and burst modes), and
//     for a mode run at several offered loads ρ, line charts against ρ; a
//     log axis when every interval is positive, since an unstable policy
//     sits orders of magnitude above the stable ones.
//   - RMTS (models/rmts): RMTSFigures draws the paper's Fig. 4 (success
//     rate μ against the arrival rate ξ), Fig. 5 (mean service delay
//     against ξ) and, when several weights α were run, Figs. 6–7 (the same
//     for RMTS against α, one line per ξ).
//   - MPS (models/multistage): MPSProfit draws Fig. 2/3, profit against the number
//     of users N for the optimum RRS(N) and every policy, dashed where a
//     policy is infeasible (its pseudo-profit); MPSGap the gap
//     Opt(N) − profit(N); MPSGapBars Fig. 4, the mean gap per interval.
//
// CSV: TPDCSV and RMTSCSV write long form, one row per (key, metric) with
// the columns metric, mean, ci95 (the half-width; ci90 at a level of 90%) and n after the key
// columns (TPDCSVHeader, RMTSCSVHeader); MPSCSV writes one row per N.
// Numbers have 10 significant digits.
//
// A width or gap between a bound and a value it bounds (the width of
// [T_LB, best UB], a policy's gap to T_LB, RMTS's bound_gap between the
// offline LP bound and a policy's served count, a policy's gap to the MPS
// optimum) that is negative by at most the comparison tolerance of
// objectives, 1e-6 relative (internal/nonneg.Tol, DESIGN.md), is rounding
// and reported as 0; beyond it, a bound lies above a value it bounds,
// which is an error of kind fault.ErrSolver (exit 3) naming both numbers
// (for MPS the negative gap is shown as it is: a policy is feasible only
// within the evaluation's tolerances, so it may beat the optimum).
// Tables never print a negative zero ("-0.00"): a value that rounds to
// zero at the table's precision prints without its sign.
//
// The figure definitions are those of the papers the models come from (see
// each model's doc.go and spec/MODELS.md of the design notes).
package render
