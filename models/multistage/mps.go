package multistage

import (
	"context"
	"fmt"
	"math"

	"github.com/streamopt/streamopt/fault"
	"github.com/streamopt/streamopt/internal/nonneg"
	"github.com/streamopt/streamopt/models/rrs"
	"github.com/streamopt/streamopt/sim"
	"github.com/streamopt/streamopt/study"
)

// Stage is one stage of a multi-stage policy: users numbered in [From, To)
// (in arrival order) are routed by F.
type Stage struct {
	From, To float64     // To is +Inf for the last stage
	Users    float64     // N_q, the users the stage was planned for
	F        [][]float64 // f^(q)_ij, DC × region
	Profit   float64     // the stage's own RRS profit (myopic, spec A.9)
}

// Policy is a static (one stage) or multi-stage routing policy.
type Policy struct {
	Name   string
	Points []float64 // the stage points P it was built from
	Stages []Stage
}

// ErrResources is returned when the resources cannot support p_n users
// (Algorithm 1, line 3).
var ErrResources = fault.New(fault.ErrInput, "mps: current resources cannot support the last stage point")

// Options control the RRS solves of Plan and Sweep.
type Options struct {
	Method  string // RRS method, "" means auto (qp for the concave scenario)
	Backend string // MILP backend for kkt-milp
	// Progress, when not nil, is told of every point Sweep finishes.
	Progress sim.Progress
	// Workers is the number of sweep points Sweep computes at once; 0
	// means 1, point by point. Each point is computed on its own, so the
	// points do not depend on it; a sweep stopped by its context returns
	// the points finished before the first that did not.
	Workers int
}

// stageInstance returns the RRS instance of a stage: N users on the
// remaining resources (background λ = Θmax − R^cpu, bandwidth R^bw).
func stageInstance(net *rrs.Instance, n float64, rcpu, rbw []float64) *rrs.Instance {
	in := *net
	in.Users = n
	in.DataCenters = append([]rrs.DataCenter(nil), net.DataCenters...)
	for i := range in.DataCenters {
		d := &in.DataCenters[i]
		max := d.MaxCPU
		if max == 0 {
			max = 1
		}
		d.BackgroundCPU = math.Max(0, max-math.Max(rcpu[i], 0))
		d.BandwidthUsers = math.Max(rbw[i], 0)
	}
	return &in
}

// Plan runs Algorithm 1 (MPS) of spec A.9 for the stage points P: stage 1
// plans RRS(p_2) (users 0..p_2), stage q ≥ 2 plans RRS(p_{q+1} − p_q) on the
// resources the earlier stages left, and Resource_Consumption subtracts each
// stage's CPU ι_i x_i and bandwidth x_i. A single point P = (N) gives the
// static policy RRS(N) used for every number of users.
//
// A done ctx stops the planning before the next stage (or inside its RRS
// solve) with an error that carries the limit kind of package fault.
func Plan(ctx context.Context, net *rrs.Instance, name string, points []float64, opt Options) (*Policy, error) {
	if len(points) == 0 {
		return nil, fmt.Errorf("mps: policy %s: no stage points", name)
	}
	s := len(net.DataCenters)
	rcpu := make([]float64, s)
	rbw := make([]float64, s)
	total := 0.0
	for i, d := range net.DataCenters {
		max := d.MaxCPU
		if max == 0 {
			max = 1
		}
		rcpu[i] = max - d.BackgroundCPU
		rbw[i] = d.BandwidthUsers
		total += math.Min(rcpu[i]/d.CPUPerUser, rbw[i])
	}
	last := points[len(points)-1]
	if total < last*(1-1e-9) {
		return nil, fmt.Errorf("%w: policy %s needs %g users, the data centres hold %g", ErrResources, name, last, total)
	}
	p := &Policy{Name: name, Points: append([]float64(nil), points...)}
	if len(points) == 1 {
		f, prof, err := solveStage(ctx, stageInstance(net, points[0], rcpu, rbw), opt)
		if err != nil {
			return nil, fmt.Errorf("mps: policy %s: %w", name, err)
		}
		p.Stages = []Stage{{From: 0, To: math.Inf(1), Users: points[0], F: f, Profit: prof}}
		return p, nil
	}
	from := 0.0
	for q := 1; q < len(points); q++ {
		nq := points[q] - points[q-1]
		if q == 1 {
			nq = points[1]
		}
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("mps: policy %s, before stage %d: %w", name, q, err)
		}
		in := stageInstance(net, nq, rcpu, rbw)
		f, prof, err := solveStage(ctx, in, opt)
		if err != nil {
			return nil, fmt.Errorf("mps: policy %s, stage %d (%g users): %w", name, q, nq, err)
		}
		to := points[q]
		if q == len(points)-1 {
			to = math.Inf(1)
		}
		p.Stages = append(p.Stages, Stage{From: from, To: to, Users: nq, F: f, Profit: prof})
		from = points[q]
		// Resource_Consumption.
		for i, d := range net.DataCenters {
			x := 0.0
			for j, r := range net.Regions {
				x += nq * r.Share * f[i][j]
			}
			rcpu[i] -= d.CPUPerUser * x
			rbw[i] -= x
		}
	}
	return p, nil
}

func solveStage(ctx context.Context, in *rrs.Instance, opt Options) ([][]float64, float64, error) {
	res, err := rrs.Solve(ctx, in, rrs.Options{Method: opt.Method, Backend: opt.Backend})
	if err != nil {
		return nil, 0, err
	}
	if res.Status != rrs.StatusOptimal {
		return nil, 0, fmt.Errorf("RRS(%g) is %s: %s", in.Users, res.Status, res.Message)
	}
	return res.Policy, res.Profit, nil
}

// Evaluation is a policy's fluid profit at N users (spec A.9).
// The record tags name its metrics in a record file (package study).
type Evaluation struct {
	N        float64   `record:"n"`
	Profit   float64   `record:"profit"`   // Σ n_ij [π_j(g_i + D_ij) − c_i] at the final concurrent load
	Feasible bool      `record:"feasible"` // θ_i ≤ Θmax and x_i ≤ B_i within the tolerances
	Users    []float64 `record:"users"`    // x_i
}

// Feasibility tolerances of the fluid evaluation (spec A.10: users +10⁻³,
// θ +10⁻⁵, above the solvers' accuracy).
const (
	usersTol = 1e-3
	cpuTol   = 1e-5
)

// Evaluate computes the profit of the policy when N users are online: users
// fill stage 1, then stage 2, …; the last stage takes every user beyond its
// start. Delays use the final load of every DC.
func (p *Policy) Evaluate(net *rrs.Instance, n float64) Evaluation {
	s, r := len(net.DataCenters), len(net.Regions)
	nij := make([][]float64, s)
	for i := range nij {
		nij[i] = make([]float64, r)
	}
	for _, st := range p.Stages {
		span := math.Max(0, math.Min(st.To, n)-st.From)
		if span == 0 {
			continue
		}
		for i := 0; i < s; i++ {
			for j := 0; j < r; j++ {
				nij[i][j] += net.Regions[j].Share * st.F[i][j] * span
			}
		}
	}
	ev := Evaluation{N: n, Feasible: true, Users: make([]float64, s)}
	for i := 0; i < s; i++ {
		for j := 0; j < r; j++ {
			ev.Users[i] += nij[i][j]
		}
	}
	for i := 0; i < s; i++ {
		d := &net.DataCenters[i]
		max := d.MaxCPU
		if max == 0 {
			max = 1
		}
		theta := d.BackgroundCPU + d.CPUPerUser*ev.Users[i]
		g := d.ResponseSlopeMS*theta + d.ResponseInterceptMS
		if theta > max+cpuTol || ev.Users[i] > d.BandwidthUsers+usersTol {
			ev.Feasible = false
		}
		for j := 0; j < r; j++ {
			reg := &net.Regions[j]
			ev.Profit += nij[i][j] * (reg.RevenueIntercept - reg.RevenueSlope*(g+net.LatencyMS[i][j]) - d.CostPerUser)
		}
	}
	return ev
}

// Point is one N of a sweep.
// The record tags name the metrics of its optimum's cell.
type Point struct {
	N        float64 `record:"n"`
	Optimum  float64 `record:"optimum"` // RRS(N) profit; NaN when ΣC_i < N
	Policies []Evaluation
}

// Sweep evaluates the optimum and every policy for N = from, from+step, …, ≤ to.
//
// Once ctx is done, Sweep returns the points it finished (in order, from
// the first) together with an error that wraps ctx.Err(); the gaps over
// them are valid for the N they cover.
func Sweep(ctx context.Context, net *rrs.Instance, policies []*Policy, from, to, step float64, opt Options) ([]Point, error) {
	p, err := newSweep(Request{From: from, To: to, Step: step, Method: opt.Method, Backend: opt.Backend}, policies)
	if err != nil {
		return nil, err
	}
	p.net = net
	// opt.Workers 0 means one point at a time.
	out, err := study.Run(ctx, p, study.Options{Workers: max(opt.Workers, 1), Progress: opt.Progress})
	if err != nil && out.Result == nil {
		return nil, err
	}
	pts := out.Result.Points
	if err != nil {
		return pts, fmt.Errorf("mps: sweep stopped before N = %g: %w", from+float64(len(pts))*step, err)
	}
	return pts, nil
}

// sweepPoint computes the optimum and every policy's evaluation at N = n.
func sweepPoint(ctx context.Context, net *rrs.Instance, policies []*Policy, n float64, opt Options) (Point, error) {
	pt := Point{N: n, Optimum: math.NaN()}
	in := *net
	in.Users = n
	res, err := rrs.Solve(ctx, &in, rrs.Options{Method: opt.Method, Backend: opt.Backend})
	if err != nil {
		return pt, fmt.Errorf("mps: optimum at N = %g: %w", n, err)
	}
	if res.Status == rrs.StatusOptimal {
		pt.Optimum = res.Profit
	}
	for _, p := range policies {
		pt.Policies = append(pt.Policies, p.Evaluate(net, n))
	}
	return pt, nil
}

// SweepPoints is the number of points of a sweep from, from+step, …, ≤ to
// (0 for a range Sweep refuses).
func SweepPoints(from, to, step float64) int {
	if !(step > 0) || math.IsInf(step, 0) || !(from > 0) || !(to >= from) || math.IsInf(to, 0) || (to-from)/step > 1e6 {
		return 0
	}
	n := 0
	for from+float64(n)*step <= to+1e-9*step {
		n++
	}
	return n
}

// Gap is the mean gap of a policy to the optimum over an interval of N.
type Gap struct {
	From, To float64
	Mean     float64 // mean of Opt(N) − Profit(N) over the feasible points; NaN if none
	Points   int     // grid points in the interval
	Feasible int     // of which the policy is feasible
	// PseudoBetter counts infeasible points whose pseudo-profit exceeds the optimum.
	PseudoBetter int
}

// gapTol is the relative accuracy of the optimum (the interior point's
// tolerance, qp.ConvexOptions): a policy closer to it than that is optimal.
const gapTol = 1e-9

// RoundedGap is the gap Opt(N) − Profit(N) of Gaps and of the gap figure:
// opt − profit, or 0 when the two agree within gapTol (a policy that is
// optimal may come out a rounding above the optimum). A
// profit above the optimum within the comparison tolerance of objectives
// (nonneg.Tol) is 0 too, never a negative gap that prints as "-0.000"; a
// profit further above stays a negative gap, shown as it is: the policy
// is feasible only within the evaluation's tolerances (usersTol, cpuTol),
// so it may beat the optimum.
func RoundedGap(opt, profit float64) float64 {
	if math.Abs(opt-profit) <= gapTol*math.Max(1, math.Abs(opt)) {
		return 0
	}
	if d, err := nonneg.Diff("the policy's profit", profit, "the optimum", opt); err == nil {
		return d
	}
	return opt - profit
}

// Gaps returns the mean gap of policy k over [from, to] on the sweep.
func Gaps(pts []Point, k int, from, to float64) Gap {
	g := Gap{From: from, To: to}
	sum := 0.0
	for _, pt := range pts {
		if pt.N < from-1e-9 || pt.N > to+1e-9 || math.IsNaN(pt.Optimum) {
			continue
		}
		g.Points++
		ev := pt.Policies[k]
		if !ev.Feasible {
			if ev.Profit > pt.Optimum {
				g.PseudoBetter++
			}
			continue
		}
		g.Feasible++
		sum += RoundedGap(pt.Optimum, ev.Profit)
	}
	g.Mean = math.NaN()
	if g.Feasible > 0 {
		g.Mean = sum / float64(g.Feasible)
	}
	return g
}
