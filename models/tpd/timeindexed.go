package tpd

import (
	"context"
	"fmt"
	"math"

	"github.com/streamopt/streamopt/fault"
	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/solve"
)

// Rounding says how the time-indexed model puts continuous data on its grid.
type Rounding int

const (
	// RoundDown rounds arrivals and durations down: the model is a
	// relaxation and its optimum (and its LP relaxation's) is a lower bound.
	RoundDown Rounding = iota
	// RoundUp rounds them up: every solution is a feasible schedule, so its
	// optimum is an upper bound; exact when all data lie on the grid.
	RoundUp
)

func (r Rounding) String() string {
	if r == RoundUp {
		return "up"
	}
	return "down"
}

// TimeIndexed is the compiled model (i) of spec C.3: y_mkt = 1 when sub-task
// m starts on IPN k in slot t.
//
//	min  Σ y_mkt (Δt + Δ·P_mk + ω_{k,dst} − r_m)
//	s.t. Σ_{k,t} y_mkt = 1                                  ∀m
//	     Σ_m Σ_{τ=t−P_mk+1}^{t} q_m y_mkτ ≤ Q_k              ∀k, t
//	     y_mkt ∈ {0,1} (or [0,1] for the LP relaxation)
//
// Columns exist only for t ≥ A_mk, the rounded arrival slot of m at k, and
// for t whose cost leaves room under the upper bound U the model was built
// with: c_mkt ≤ U − Σ_{n≠m} min c_n. That cut never removes the optimum (or,
// rounding down, the image of the true optimum), because the other sub-tasks
// cost at least their minima. Capacity rows that cannot bind (the eligible
// demand in a slot is ≤ Q_k) are left out.
type TimeIndexed struct {
	Model *lp.Model
	Slot  float64
	Round Rounding
	Tasks []Task
	cols  []tiCol
}

type tiCol struct{ m, k, t, p int }

// MaxTimeIndexedNonzeros caps the matrix entries of a time-indexed model
// (about 40 bytes each once built and solved); CompileTimeIndexed refuses a
// larger one with ErrTooLarge instead of exhausting memory.
const MaxTimeIndexedNonzeros = 2e7

// ErrTooLarge is returned when a time-indexed model would exceed
// MaxTimeIndexedNonzeros.
var ErrTooLarge = fault.New(fault.ErrInput, "tpd: time-indexed model too large")

// CompileTimeIndexed builds the time-indexed model of tasks with grid step
// slot. integer selects binaries (MILP) or [0,1] columns (LP relaxation);
// ub is an upper bound on the model's optimum used to prune columns. Start
// slots never exceed the horizon max_m A_m + Σ_m max_k P_mk, which contains
// an optimal schedule: in one, no IPN is idle after the last arrival while a
// sub-task assigned to it waits (shifting that sub-task and every later one
// on the IPN left by the idle time keeps it feasible and is cheaper).
func CompileTimeIndexed(s *Scenario, tasks []Task, slot float64, round Rounding, integer bool, ub float64) (*TimeIndexed, error) {
	if !(slot > 0) || math.IsInf(slot, 1) {
		return nil, inputErr("slot: must be > 0, got %g", slot)
	}
	if math.IsNaN(ub) {
		return nil, inputErr("upper bound: is NaN")
	}
	if err := checkTrace(s, tasks); err != nil {
		return nil, err
	}
	K := s.K()
	g := grid{slot}
	A := make([][]int, len(tasks))
	P := make([][]int, len(tasks))
	cmin := make([]float64, len(tasks))
	sumMin := 0.0
	// The horizon is summed in float64 first: slot indices stay exact
	// integers only up to maxSlotIndex.
	maxA, sumP := 0.0, 0.0
	for i, m := range tasks {
		A[i], P[i] = make([]int, K), make([]int, K)
		cmin[i] = math.Inf(1)
		pm := 0.0
		for k := 0; k < K; k++ {
			a, p := g.index(m.Release+s.In[m.Source][k], round), g.index(m.Frames/s.Speed[k], round)
			if a > maxSlotIndex || p > maxSlotIndex {
				return nil, fmt.Errorf("%w: sub-task %d on IPN %d is %g slots of %g s, beyond exact slot indices", ErrTooLarge, i, k, math.Max(a, p), slot)
			}
			A[i][k], P[i][k] = int(a), int(p)
			if s.Slots[k] < m.Demand {
				continue
			}
			maxA = math.Max(maxA, a)
			pm = math.Max(pm, p)
			cmin[i] = math.Min(cmin[i], tiCost(s, m, k, A[i][k], P[i][k], slot))
		}
		sumP += pm
		sumMin += cmin[i]
	}
	if maxA+sumP > maxSlotIndex {
		return nil, fmt.Errorf("%w: the horizon of %d sub-tasks is %g slots of %g s, beyond exact slot indices", ErrTooLarge, len(tasks), maxA+sumP, slot)
	}
	horizon := int(maxA + sumP)
	// lastStart is the latest start slot of sub-task i at IPN k the upper
	// bound leaves.
	lastStart := func(i, k int) int {
		last := horizon
		if !math.IsInf(ub, 1) {
			m := tasks[i]
			room := ub - (sumMin - cmin[i]) + 1e-9*math.Max(1, math.Abs(ub))
			// Δ(t + P) + out − r ≤ room.
			if byUB := g.index(room-s.Out[m.Source][k]+m.Release, RoundDown) - float64(P[i][k]); byUB < float64(horizon) {
				last = int(byUB)
			}
		}
		return last
	}
	// Size check before anything is allocated: each column has one entry in
	// its assignment row and one per slot it occupies.
	nnz := 0.0
	for i, m := range tasks {
		for k := 0; k < K; k++ {
			if s.Slots[k] >= m.Demand {
				if n := lastStart(i, k) - A[i][k] + 1; n > 0 {
					nnz += float64(n) * float64(1+P[i][k])
				}
			}
		}
	}
	if nnz > MaxTimeIndexedNonzeros {
		return nil, fmt.Errorf("%w: %d sub-tasks on a %g s grid need %.3g matrix entries (limit %.0g)",
			ErrTooLarge, len(tasks), slot, nnz, float64(MaxTimeIndexedNonzeros))
	}
	ti := &TimeIndexed{Slot: slot, Round: round, Tasks: tasks}
	mdl := lp.New(fmt.Sprintf("tpd_time_indexed_%s", round), lp.Minimize)
	ti.Model = mdl
	rowsOf := make([]map[int][]lp.Term, K)
	demand := make([]map[int]int, K)
	for k := range rowsOf {
		rowsOf[k] = map[int][]lp.Term{}
		demand[k] = map[int]int{}
	}
	for i, m := range tasks {
		var terms []lp.Term
		for k := 0; k < K; k++ {
			if s.Slots[k] < m.Demand {
				continue
			}
			last := lastStart(i, k)
			covered := map[int]bool{}
			for t := A[i][k]; t <= last; t++ {
				c := tiCost(s, m, k, t, P[i][k], slot)
				var j int
				name := fmt.Sprintf("y_%d_%d_%d", i, k, t)
				if integer {
					j = mdl.AddBinary(name, c)
				} else {
					j = mdl.AddVar(name, 0, 1, c)
				}
				ti.cols = append(ti.cols, tiCol{i, k, t, P[i][k]})
				terms = append(terms, lp.Term{Var: j, Coef: 1})
				for tau := t; tau < t+P[i][k]; tau++ {
					rowsOf[k][tau] = append(rowsOf[k][tau], lp.Term{Var: j, Coef: float64(m.Demand)})
					if !covered[tau] {
						covered[tau] = true
						demand[k][tau] += m.Demand
					}
				}
			}
		}
		if len(terms) == 0 {
			return nil, fmt.Errorf("tpd: time-indexed model: sub-task %d has no start slot under the upper bound %g", i, ub)
		}
		mdl.AddEQ(fmt.Sprintf("assign_%d", i), 1, terms...)
	}
	for k := 0; k < K; k++ {
		taus := make([]int, 0, len(rowsOf[k]))
		for tau := range rowsOf[k] {
			if demand[k][tau] > s.Slots[k] {
				taus = append(taus, tau)
			}
		}
		sortInts(taus)
		for _, tau := range taus {
			mdl.AddLE(fmt.Sprintf("cap_%d_%d", k, tau), float64(s.Slots[k]), rowsOf[k][tau]...)
		}
	}
	return ti, nil
}

// tiCost is the objective coefficient of a start in slot t with a hold of p
// slots: C_m − r_m with the processing end at Δ(t + p), converted once.
func tiCost(s *Scenario, m Task, k, t, p int, slot float64) float64 {
	return grid{slot}.at(t+p) + s.Out[m.Source][k] - m.Release
}

// grid is the time grid of step Δ of the time-indexed models. On it, times
// are integer slot indices: a time in seconds becomes an index once, by
// index (rounded up or down, with gridTol absorbing the floating-point
// error of data that lie on the grid), and an index becomes seconds once,
// by at, as Δ·t, never by adding steps or durations in seconds (0.025 +
// 0.005 is 0.030000000000000002 in float64, 0.005·6 is 0.03, and a
// schedule built by sums can overlap a start by one ulp).
type grid struct{ step float64 }

// maxSlotIndex is the largest slot index kept: float64 holds every integer
// up to 2⁵³, so indices, their sums and their conversions to seconds stay
// exact integers below it.
const maxSlotIndex = 1 << 52

// index is x/Δ rounded the way r says, as an integral float64 (no overflow
// for a huge x; the caller checks it against maxSlotIndex).
func (g grid) index(x float64, r Rounding) float64 {
	if r == RoundUp {
		return ceilTol(x / g.step)
	}
	return floorTol(x / g.step)
}

// at is the time Δ·t of slot index t, in seconds.
func (g grid) at(t int) float64 { return g.step * float64(t) }

// on reports whether x lies on the grid, within gridTol of a slot.
func (g grid) on(x float64) bool {
	n := x / g.step
	return math.Abs(n-math.Round(n)) <= gridTol
}

// gridTol absorbs floating-point error when data lie on the grid: 0.015/0.005
// is 2.9999999999999996 in binary; the bound's validity tolerance is 1e-9 of
// a slot.
const gridTol = 1e-9

func floorTol(x float64) float64 { return math.Floor(x + gridTol) }
func ceilTol(x float64) float64  { return math.Ceil(x - gridTol) }

func renumber(tasks []Task) []Task {
	out := make([]Task, len(tasks))
	for i, t := range tasks {
		t.ID = i
		out[i] = t
	}
	return out
}

func sortInts(a []int) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

// Schedule turns an integer solution of a RoundUp model into outcomes with
// the true (continuous) processing times.
func (ti *TimeIndexed) Schedule(s *Scenario, x []float64) ([]Outcome, error) {
	if len(x) != len(ti.cols) {
		return nil, fmt.Errorf("tpd: solution has %d values for %d columns", len(x), len(ti.cols))
	}
	outs := make([]Outcome, len(ti.Tasks))
	set := make([]bool, len(ti.Tasks))
	for j, c := range ti.cols {
		if x[j] < 0.5 {
			continue
		}
		if set[c.m] {
			return nil, fmt.Errorf("tpd: sub-task %d starts twice", c.m)
		}
		set[c.m] = true
		m := ti.Tasks[c.m]
		g := grid{ti.Slot}
		start := g.at(c.t)
		p := m.Frames / s.Speed[c.k]
		finish := start + p
		if c.p > 0 && g.on(p) {
			// On-grid data: the end is the slot index t + P, converted
			// once, so it equals a later start Δ·(t + P) exactly.
			finish = g.at(c.t + c.p)
		}
		outs[c.m] = Outcome{
			IPN: c.k, Start: start, Finish: finish, Complete: finish + s.Out[m.Source][c.k],
			Routing: s.In[m.Source][c.k] + s.Out[m.Source][c.k], Handling: finish - m.Release - s.In[m.Source][c.k],
		}
	}
	for i, ok := range set {
		if !ok {
			return nil, fmt.Errorf("tpd: sub-task %d is not scheduled", i)
		}
	}
	return outs, nil
}

// ExactResult is the answer of the rounded-up time-indexed MILP.
type ExactResult struct {
	Status    lp.Status
	Schedule  []Outcome
	Total     float64 // true total delay of Schedule (an upper bound on OPT)
	Objective float64 // model objective (≥ Total; equal when data lie on the grid)
	Bound     float64 // the MILP's proven lower bound on its own optimum
	Backend   string
	Columns   int
	Rows      int
	// Report is solve.Verify's report on the MILP's answer.
	Report *solve.Report
}

// ErrNoSolution is returned when a solver stops without a usable answer.
var ErrNoSolution = fault.New(fault.ErrSolver, "tpd: solver returned no solution")

// Exact solves the time-indexed MILP with data rounded up to the grid
// (spec C.3 (i)) on the named backend. The schedule is feasible for the
// original data, so Total is an upper bound on OPT; it equals OPT when every
// release, latency and processing time is a multiple of slot (and Status
// is Optimal). Meant for small instances: the model has one binary per
// (sub-task, IPN, start slot) left after pruning with the rounded greedy
// schedule.
func Exact(ctx context.Context, s *Scenario, tasks []Task, slot float64, backend string, opts solve.Options) (*ExactResult, error) {
	if err := checkTrace(s, tasks); err != nil {
		return nil, err
	}
	if !(slot > 0) || math.IsInf(slot, 1) {
		return nil, inputErr("slot: must be > 0, got %g", slot)
	}
	ti, err := compileExact(s, tasks, slot)
	if err != nil {
		return nil, err
	}
	sol, rep, err := solve.Solve(ctx, ti.Model, backend, opts)
	if err != nil {
		return nil, err
	}
	res := &ExactResult{Status: sol.Status, Backend: sol.Backend, Columns: ti.Model.NumVars(), Rows: ti.Model.NumRows(), Bound: sol.BestBound, Report: rep}
	if !sol.HasPrimal() {
		return res, fmt.Errorf("%w (status %v)", ErrNoSolution, sol.Status)
	}
	res.Objective = sol.Objective
	if res.Schedule, err = ti.Schedule(s, sol.X); err != nil {
		return res, err
	}
	if res.Total, err = CheckSchedule(s, renumber(tasks), res.Schedule); err != nil {
		return res, fmt.Errorf("tpd: exact schedule infeasible: %w", err)
	}
	return res, nil
}

// compileExact builds Exact's MILP: data rounded up to the grid, columns
// pruned with the cost of the rounded greedy schedule.
func compileExact(s *Scenario, tasks []Task, slot float64) (*TimeIndexed, error) {
	g := grid{slot}
	ub := 0.0
	for i, pk := range greedyOnGrid(s, renumber(tasks), g) {
		m := tasks[i]
		// The cost of the plan's column, as CompileTimeIndexed prices it.
		ub += tiCost(s, m, pk.k, pk.start, int(g.index(m.Frames/s.Speed[pk.k], RoundUp)), slot)
	}
	return CompileTimeIndexed(s, tasks, slot, RoundUp, true, ub)
}
