package tpd

import (
	"fmt"
	"math/rand/v2"

	"github.com/streamopt/streamopt/lp"
)

// replicationTrace draws the trace of replication r of mode m from the
// stream (seed, r), as Run does, and returns the stream's state after it,
// from which every policy of the replication continues.
func (s *Scenario) replicationTrace(m Mode, seed uint64, r int) ([]Task, *rand.PCG, error) {
	pcg := rand.NewPCG(seed, uint64(r))
	tasks, err := s.Trace(m, rand.New(pcg))
	return tasks, pcg, err
}

// ExportMaxExactTasks is the largest trace whose exact time-indexed MILP
// Export includes: beyond a few dozen sub-tasks the MILP is too large for
// any solver to finish, and only the LB_LP windows are written.
const ExportMaxExactTasks = 60

// ExportedModel is one compiled problem, for a file another solver reads.
type ExportedModel struct {
	Name  string    // a file stem: "exact", "window-007"
	Model *lp.Model // the problem
	About []string  // what its objective means and how it maps back
}

// Export holds the problems the bounds of one trace compile.
type Export struct {
	Tasks  int             // sub-tasks in the trace
	Models []ExportedModel // the exact MILP (small traces) and every LB_LP window that needs an LP
	// ExactSkipped says why the exact MILP is not among Models, "" if it is.
	ExactSkipped string
}

// Export compiles the problems behind the bounds of replication r of mode
// m with this seed (the trace Run draws for it): the exact time-indexed MILP of Exact
// (data rounded up to the grid Δ = s.Slot) when the trace has at most
// ExportMaxExactTasks sub-tasks, and the LP relaxation of every window
// LowerBoundLP solves an LP for (data rounded down). Each comes with lines
// saying what its optimum means for the model's answer.
func (s *Scenario) Export(m Mode, seed uint64, r int) (*Export, error) {
	tasks, _, err := s.replicationTrace(m, seed, r)
	if err != nil {
		return nil, err
	}
	return s.ExportTrace(tasks, fmt.Sprintf("replication %d (seed %d) at rate %g sub-tasks/s, %d sub-tasks", r, seed, s.Rate(m), len(tasks)))
}

// ExportTrace is Export for a given trace (checked against s), described in
// the comment lines by the words trace.
func (s *Scenario) ExportTrace(tasks []Task, trace string) (*Export, error) {
	if err := checkTrace(s, tasks); err != nil {
		return nil, err
	}
	out := &Export{Tasks: len(tasks)}
	if len(tasks) > ExportMaxExactTasks {
		out.ExactSkipped = fmt.Sprintf("the trace has %d sub-tasks, more than the %d of the largest exact MILP exported", len(tasks), ExportMaxExactTasks)
	} else if len(tasks) > 0 {
		ti, err := compileExact(s, tasks, s.Slot)
		if err != nil {
			return nil, err
		}
		out.Models = append(out.Models, ExportedModel{Name: "exact", Model: ti.Model, About: []string{
			"streamopt tpd: exact time-indexed MILP (spec C.3 (i)) of " + trace,
			fmt.Sprintf("data rounded up to the grid of %g s, so every solution is a feasible schedule;", s.Slot),
			"objective: minimise the total delay (seconds) of the sub-tasks; equal to OPT when all data lie on the grid",
			"columns y_<m>_<k>_<t> = 1: sub-task m starts on IPN k in slot t",
		}})
	}
	gOuts, _ := greedyRounded(s, tasks, 0)
	wins := lpWindows(s, tasks, gOuts, s.WindowMaxTasks)
	for i, win := range wins {
		w := tasks[win.start:win.end]
		greedy, trivial := win.greedy(s, tasks, gOuts)
		if trivial {
			continue // LowerBoundLP needs no LP for this window
		}
		ti, err := CompileTimeIndexed(s, w, s.Slot, RoundDown, false, greedy)
		if err != nil {
			return nil, fmt.Errorf("tpd: LP window %d: %w", i+1, err)
		}
		out.Models = append(out.Models, ExportedModel{Name: fmt.Sprintf("window-%03d", i+1), Model: ti.Model, About: []string{
			fmt.Sprintf("streamopt tpd: LB_LP window %d of %d (sub-tasks %d to %d) of %s", i+1, len(wins), win.start, win.end-1, trace),
			fmt.Sprintf("LP relaxation of the time-indexed model with data rounded down to the grid of %g s;", s.Slot),
			"objective: total delay (seconds) of these sub-tasks; its optimum is a lower bound on their part of OPT,",
			"and LB_LP adds max(LB0, LB_SRPT, this optimum) over the windows (models/tpd doc)",
		}})
	}
	return out, nil
}
