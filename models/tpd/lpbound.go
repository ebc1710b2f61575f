package tpd

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/solve"
)

// LPBound is the windowed LP lower bound and how it was obtained.
type LPBound struct {
	Value    float64 // Σ over windows of max(LB0_w, LB_SRPT_w, LP_w): a valid lower bound on OPT
	Windows  int     // number of windows
	Trivial  int     // windows closed without an LP (one sub-task, or greedy = LB0)
	Solved   int     // windows whose LP was solved to optimality
	Failed   int     // windows whose LP did not finish (their LB0/SRPT bound is used)
	Cut      int     // of the Failed, the windows the time budget (ctx done) stopped or left unstarted
	MaxTasks int     // largest window
	Columns  int     // largest LP, columns
	// Audit sums up solve.Verify's reports on the windows' LP answers: a
	// window's LP value enters the bound only when its answer is Optimal,
	// which solve.Solve grants only to an answer its report accepts.
	Audit solve.Audit
}

// LowerBoundLP computes LB_LP (spec C.4) by decomposition.
//
// Validity. Split the sub-tasks into groups W_1..W_n. Restricting an optimal
// schedule of all sub-tasks to the sub-tasks of W_j gives a feasible schedule
// of W_j alone (removing sub-tasks only frees capacity), and the objective is
// a sum over sub-tasks, so OPT ≥ Σ_j OPT(W_j) for ANY partition. Each
// OPT(W_j) is then bounded below by the largest of LB0(W_j), LB_SRPT(W_j)
// and the LP relaxation of the time-indexed model with data rounded down
// (spec C.3), so the sum is a valid bound. The partition only decides how
// tight it is: windows are cut where the greedy reference schedule is idle
// (every sub-task released so far has finished processing when the next one
// reaches an IPN), so little interaction is lost, and at most maxTasks
// sub-tasks go into one window. A window whose greedy schedule already
// costs LB0_w is solved exactly without an LP (OPT_w = LB0_w).
//
// backend names the LP backend; a window whose LP fails or hits a limit
// falls back to its LB0/LB_SRPT bound, so the result stays valid. Once ctx
// is done, the window being solved and the remaining ones take that
// fallback (without an LP), so a deadline on ctx bounds the running time
// and the result is still a valid bound of the whole trace, with the
// windows concerned counted in Failed; the caller tells a deadline from a
// cancellation by its own ctx. So does a window whose LP would exceed
// MaxTimeIndexedNonzeros.
func LowerBoundLP(ctx context.Context, s *Scenario, tasks []Task, slot float64, maxTasks int, backend string, opts solve.Options) (LPBound, error) {
	if err := checkTrace(s, tasks); err != nil {
		return LPBound{}, err
	}
	if !(slot > 0) {
		return LPBound{}, inputErr("slot: must be > 0, got %g", slot)
	}
	if maxTasks < 1 {
		return LPBound{}, inputErr("window_max_tasks: must be >= 1, got %d", maxTasks)
	}
	gOuts, _ := greedyRounded(s, tasks, 0)
	var res LPBound
	for _, win := range lpWindows(s, tasks, gOuts, maxTasks) {
		w := tasks[win.start:win.end]
		res.Windows++
		res.MaxTasks = max(res.MaxTasks, len(w))
		lb0 := lb0(s, w)
		greedy, trivial := win.greedy(s, tasks, gOuts)
		b := math.Max(lb0, lbSRPT(s, w))
		if trivial {
			res.Trivial++
			res.Value += lb0 // OPT_w = LB0_w
			continue
		}
		if ctx.Err() != nil {
			// The time budget is spent: keep the window's combinatorial
			// bound rather than compile an LP that cannot be solved.
			res.Failed++
			res.Cut++
			res.Value += b
			continue
		}
		ti, err := CompileTimeIndexed(s, w, slot, RoundDown, false, greedy)
		if errors.Is(err, ErrTooLarge) {
			res.Failed++ // too large to solve: keep the combinatorial bound
			res.Value += b
			continue
		}
		if err != nil {
			return res, err
		}
		res.Columns = max(res.Columns, ti.Model.NumVars())
		sol, rep, err := solve.Solve(ctx, ti.Model, backend, opts)
		res.Audit.Add(rep)
		if err != nil {
			if ctx.Err() != nil {
				// Stopped by the budget: the window keeps its
				// combinatorial bound, the bound stays whole and valid.
				res.Failed++
				res.Cut++
				res.Value += b
				continue
			}
			return res, fmt.Errorf("tpd: LP window of %d sub-tasks: %w", len(w), err)
		}
		if sol.Status == lp.Optimal {
			res.Solved++
			b = math.Max(b, sol.Objective)
		} else {
			res.Failed++
		}
		res.Value += b
	}
	return res, nil
}

// window is a run tasks[start:end] of consecutive sub-tasks of LB_LP's
// partition.
type window struct{ start, end int }

// lpWindows cuts tasks into LB_LP's windows: a new window starts where the
// greedy reference schedule gOuts is idle (every sub-task released so far
// has finished when the next one reaches an IPN) or the window holds
// maxTasks sub-tasks.
func lpWindows(s *Scenario, tasks []Task, gOuts []Outcome, maxTasks int) []window {
	var ws []window
	start := 0
	busyUntil := math.Inf(-1)
	for i, m := range tasks {
		reach := math.Inf(1)
		for k := range s.Slots {
			reach = math.Min(reach, m.Release+s.In[m.Source][k])
		}
		if i > start && (reach >= busyUntil || i-start >= maxTasks) {
			ws = append(ws, window{start, i})
			start = i
			busyUntil = math.Inf(-1)
		}
		busyUntil = math.Max(busyUntil, gOuts[i].Finish)
	}
	if len(tasks) > 0 {
		ws = append(ws, window{start, len(tasks)})
	}
	return ws
}

// greedy returns the total delay of the window in the greedy reference
// schedule, and whether the window is trivial: OPT_w = LB0_w, so no LP is
// needed. It is when the window holds one sub-task, or when the greedy
// schedule costs LB0_w: every sub-task then gets its individual minimum
// l + p (compared per sub-task, with a tolerance for the rounding of
// C_m − r_m at large r_m).
func (win window) greedy(s *Scenario, tasks []Task, gOuts []Outcome) (total float64, trivial bool) {
	atLB0 := true
	for i := win.start; i < win.end; i++ {
		c := gOuts[i].Complete - tasks[i].Release
		total += c
		atLB0 = atLB0 && c <= lb0Task(s, tasks[i])+1e-9*(1+tasks[i].Release)
	}
	return total, win.end-win.start == 1 || atLB0
}
