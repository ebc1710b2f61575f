package rrs

import (
	_ "embed"
	"fmt"
	"io"
	"math"

	"github.com/streamopt/streamopt/fault"
	"github.com/streamopt/streamopt/internal/jsoninput"
)

// Region is a sub-region j of users.
type Region struct {
	Name             string  `json:"name,omitempty"`
	Share            float64 `json:"share"`             // φ_j
	RevenueIntercept float64 `json:"revenue_intercept"` // π⁰_j
	RevenueSlope     float64 `json:"revenue_slope"`     // κ_j per ms
}

// DataCenter is a data centre i.
type DataCenter struct {
	Name                string  `json:"name,omitempty"`
	BackgroundCPU       float64 `json:"background_cpu"`        // λ_i
	CPUPerUser          float64 `json:"cpu_per_user"`          // ι_i
	BandwidthUsers      float64 `json:"bandwidth_users"`       // B_i
	ResponseSlopeMS     float64 `json:"response_slope_ms"`     // a_i
	ResponseInterceptMS float64 `json:"response_intercept_ms"` // b_i
	CostPerUser         float64 `json:"cost_per_user,omitempty"`
	// MaxCPU is Θ_i^max, the CPU utilisation cap; 0 means 1.
	MaxCPU float64 `json:"max_cpu,omitempty"`
}

// Instance is an RRS(N, M) problem.
type Instance struct {
	Name        string       `json:"name,omitempty"`
	Users       float64      `json:"users,omitempty"` // N (> 0; 0, left out, in an MPS network)
	Regions     []Region     `json:"regions"`
	DataCenters []DataCenter `json:"datacenters"`
	// LatencyMS[i][j] is D_ij, the network delay between DC i and region j.
	LatencyMS [][]float64 `json:"latency_ms"`
}

// ErrInput is wrapped by every error about a malformed or invalid instance.
var ErrInput = fault.New(fault.ErrInput, "invalid RRS instance")

//go:embed schema.json
var schemaJSON []byte

var schema = jsoninput.NewSchema(schemaJSON)

// Schema returns the JSON Schema (draft 2020-12) of an instance file.
func Schema() []byte { return schema.Source() }

// Parse reads an instance from JSON (at most jsoninput.MaxBytes), checks it
// against the schema and validates it. Every error names the offending
// field and wraps ErrInput.
func Parse(r io.Reader) (*Instance, error) {
	return jsoninput.Parse[Instance](schema, r, ErrInput)
}

// Caps on the sizes that drive memory and time, checked by Validate before
// anything is built. The interior-point method factorises a dense Schur
// complement of about 2s × 2s for s data centres (s = 1000: 32 MB) and its
// time grows like (s·r)^1.5 (benchmarks/rrsscale: 400 000 variables in
// about 100 s).
const (
	MaxDataCenters = 1000      // s
	MaxVariables   = 2_000_000 // s × r, the routing shares f_ij
)

func checkFinite(path string, v float64) error {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return fmt.Errorf("%w: %s: must be a finite number, got %v", ErrInput, path, v)
	}
	return nil
}

// Ranges of the data, checked by Validate for every method alike. The
// compiled objective adds, per user, the revenue π⁰_j, the cost c_i and
// the delay losses κ_j·(a_i θ_i + b_i + D_ij); the methods resolve it to
// tolerances of 1e-7 (feasibility) and 1e-9 (pivots, the KKT check)
// relative to its largest coefficient, so a term that dwarfs the others
// by more than about 1e6 leaves the profit below the tolerances: the
// interior point stops converging, Wolfe's tableau and the KKT-MILP's
// simplex fail, and the global method's relaxations turn infeasible. On
// the paper's scenario (κ = 0.004/ms, delays of 5–100 ms, π⁰ = 1) every
// method solved a delay of 1e5 ms and a revenue or cost of 1e4 per user,
// and wolfe and kkt-milp failed at 1e7 ms and 1e6 per user; the ranges
// keep that factor of 100 as a margin. Data in other units is scaled into
// them (seconds instead of ms, thousands instead of units of currency).
//
// Wolfe's method and the KKT-MILP also work to absolute tolerances, so the
// scale of the profit is capped too: N times the largest per-user term,
// |π⁰_j| + |c_i| + κ_j·(a_i + |b_i| + D_ij) at its largest, must stay
// within MaxProfitScale (measured on the paper's scenario scaled up: every
// method solved N = 1e7 users at 1.7 per user, wolfe failed at 1e8, and
// wolfe and kkt-milp at 1e7 users with a revenue of 1e4 each).
const (
	MaxDelayMS      = 1e5 // latency_ms, response_intercept_ms, response_slope_ms: at most 100 s
	MaxMoneyPerUser = 1e4 // |revenue_intercept|, |cost_per_user|
	MaxRevenueSlope = 10  // revenue_slope, per user per ms
	MaxProfitScale  = 1e7 // N × the largest per-user term of the profit
)

// profitScale returns N times a bound on the largest per-user term of the
// profit, |π⁰_j| + |c_i| + κ_j·(a_i + |b_i| + D_ij), from the largest of
// each; Validate checks it after the ranges of the fields.
func (in *Instance) profitScale() float64 {
	var rev, kappa, cost, delay float64
	for j := range in.Regions {
		rev = math.Max(rev, math.Abs(in.Regions[j].RevenueIntercept))
		kappa = math.Max(kappa, in.Regions[j].RevenueSlope)
	}
	for i := range in.DataCenters {
		d := &in.DataCenters[i]
		cost = math.Max(cost, math.Abs(d.CostPerUser))
		dmax := 0.0
		for _, v := range in.LatencyMS[i] {
			dmax = math.Max(dmax, v)
		}
		delay = math.Max(delay, d.ResponseSlopeMS+math.Abs(d.ResponseInterceptMS)+dmax)
	}
	return in.Users * (rev + cost + kappa*delay)
}

// checkRange refuses v outside [lo, hi], naming the field, the value and
// the range and why it is there.
func checkRange(path string, v, lo, hi float64) error {
	if v < lo || v > hi {
		return fmt.Errorf("%w: %s: must be in [%g, %g] (beyond it the methods cannot resolve the profit numerically; scale the units), got %v", ErrInput, path, lo, hi, v)
	}
	return nil
}

// shareTol is the tolerance on Σφ_j = 1 (shares are often typed with a few decimals).
const shareTol = 1e-6

// Validate checks the instance and names the first offending field.
func (in *Instance) Validate() error {
	if err := checkFinite("users", in.Users); err != nil {
		return err
	}
	if in.Users <= 0 {
		return fmt.Errorf("%w: users: must be > 0, got %v", ErrInput, in.Users)
	}
	if len(in.Regions) == 0 {
		return fmt.Errorf("%w: regions: must list at least one region", ErrInput)
	}
	if len(in.DataCenters) == 0 {
		return fmt.Errorf("%w: datacenters: must list at least one data centre", ErrInput)
	}
	if s := len(in.DataCenters); s > MaxDataCenters {
		return fmt.Errorf("%w: datacenters: %d data centres, over the cap of %d (the solver's dense %d × %d Schur complement alone would take %.3g MB)",
			ErrInput, s, MaxDataCenters, 2*s, 2*s, float64(4*s*s)*8/1e6)
	}
	if n := int64(len(in.DataCenters)) * int64(len(in.Regions)); n > MaxVariables {
		return fmt.Errorf("%w: regions: %d data centres × %d regions = %d routing shares f_ij, over the cap of %d",
			ErrInput, len(in.DataCenters), len(in.Regions), n, MaxVariables)
	}
	sum := 0.0
	for j, r := range in.Regions {
		p := fmt.Sprintf("regions[%d]", j)
		for _, f := range []struct {
			n string
			v float64
		}{{"share", r.Share}, {"revenue_intercept", r.RevenueIntercept}, {"revenue_slope", r.RevenueSlope}} {
			if err := checkFinite(p+"."+f.n, f.v); err != nil {
				return err
			}
		}
		if r.Share < 0 {
			return fmt.Errorf("%w: %s.share: must be ≥ 0, got %v", ErrInput, p, r.Share)
		}
		if r.RevenueSlope < 0 {
			return fmt.Errorf("%w: %s.revenue_slope: must be ≥ 0 (revenue decreases with delay), got %v", ErrInput, p, r.RevenueSlope)
		}
		if err := checkRange(p+".revenue_slope", r.RevenueSlope, 0, MaxRevenueSlope); err != nil {
			return err
		}
		if err := checkRange(p+".revenue_intercept", r.RevenueIntercept, -MaxMoneyPerUser, MaxMoneyPerUser); err != nil {
			return err
		}
		sum += r.Share
	}
	if math.Abs(sum-1) > shareTol {
		return fmt.Errorf("%w: regions[*].share: must sum to 1, got %.10g", ErrInput, sum)
	}
	for i, d := range in.DataCenters {
		p := fmt.Sprintf("datacenters[%d]", i)
		for _, f := range []struct {
			n string
			v float64
		}{{"background_cpu", d.BackgroundCPU}, {"cpu_per_user", d.CPUPerUser}, {"bandwidth_users", d.BandwidthUsers},
			{"response_slope_ms", d.ResponseSlopeMS}, {"response_intercept_ms", d.ResponseInterceptMS},
			{"cost_per_user", d.CostPerUser}, {"max_cpu", d.MaxCPU}} {
			if err := checkFinite(p+"."+f.n, f.v); err != nil {
				return err
			}
		}
		switch {
		case d.BackgroundCPU < 0:
			return fmt.Errorf("%w: %s.background_cpu: must be ≥ 0, got %v", ErrInput, p, d.BackgroundCPU)
		case d.CPUPerUser <= 0:
			return fmt.Errorf("%w: %s.cpu_per_user: must be > 0, got %v", ErrInput, p, d.CPUPerUser)
		case d.BandwidthUsers < 0:
			return fmt.Errorf("%w: %s.bandwidth_users: must be ≥ 0, got %v", ErrInput, p, d.BandwidthUsers)
		case d.ResponseSlopeMS < 0:
			return fmt.Errorf("%w: %s.response_slope_ms: must be ≥ 0, got %v", ErrInput, p, d.ResponseSlopeMS)
		case d.MaxCPU < 0 || d.MaxCPU > 1:
			return fmt.Errorf("%w: %s.max_cpu: must be in (0, 1] (0 means 1), got %v", ErrInput, p, d.MaxCPU)
		case d.BackgroundCPU > d.maxCPU():
			return fmt.Errorf("%w: %s.background_cpu: must be ≤ max_cpu %v (no CPU left), got %v", ErrInput, p, d.maxCPU(), d.BackgroundCPU)
		}
		for _, f := range []struct {
			n      string
			v, lim float64
		}{{"response_slope_ms", d.ResponseSlopeMS, MaxDelayMS}, {"response_intercept_ms", d.ResponseInterceptMS, MaxDelayMS},
			{"cost_per_user", d.CostPerUser, MaxMoneyPerUser}} {
			lo := -f.lim
			if f.n == "response_slope_ms" {
				lo = 0
			}
			if err := checkRange(p+"."+f.n, f.v, lo, f.lim); err != nil {
				return err
			}
		}
	}
	s, r := len(in.DataCenters), len(in.Regions)
	if len(in.LatencyMS) != s {
		return fmt.Errorf("%w: latency_ms: must have %d rows (one per data centre), got %d", ErrInput, s, len(in.LatencyMS))
	}
	for i, row := range in.LatencyMS {
		if len(row) != r {
			return fmt.Errorf("%w: latency_ms[%d]: must have %d entries (one per region), got %d", ErrInput, i, r, len(row))
		}
		for j, v := range row {
			p := fmt.Sprintf("latency_ms[%d][%d]", i, j)
			if err := checkFinite(p, v); err != nil {
				return err
			}
			if v < 0 {
				return fmt.Errorf("%w: %s: must be ≥ 0, got %v", ErrInput, p, v)
			}
			if err := checkRange(p, v, 0, MaxDelayMS); err != nil {
				return err
			}
		}
	}
	if ps := in.profitScale(); ps > MaxProfitScale {
		return fmt.Errorf("%w: users: N = %v times the largest per-user revenue, cost and delay loss gives a profit scale of %.3g, over %g (beyond it the methods cannot resolve the profit numerically; count users in thousands or scale the currency unit)",
			ErrInput, in.Users, ps, float64(MaxProfitScale))
	}
	return nil
}

func (d *DataCenter) maxCPU() float64 {
	if d.MaxCPU == 0 {
		return 1
	}
	return d.MaxCPU
}

// Capacity returns C_i = min((Θ_i^max − λ_i)/ι_i, B_i), the users DC i can take.
func (d *DataCenter) Capacity() float64 {
	return math.Min((d.maxCPU()-d.BackgroundCPU)/d.CPUPerUser, d.BandwidthUsers)
}

// TotalCapacity returns Σ_i C_i.
func (in *Instance) TotalCapacity() float64 {
	s := 0.0
	for i := range in.DataCenters {
		s += in.DataCenters[i].Capacity()
	}
	return s
}

// InfeasibleError reports Proposition 1: the instance has no feasible
// policy because the data centres can hold only ΣC_i < N users.
type InfeasibleError struct {
	Capacity float64 // Σ C_i
	Users    float64 // N
}

func (e *InfeasibleError) Error() string {
	return fmt.Sprintf("infeasible (Proposition 1): the data centres can serve ΣC_i = %g users, fewer than N = %g", e.Capacity, e.Users)
}

// capTol is the relative slack allowed in Proposition 1 (ΣC_i ≥ N).
const capTol = 1e-9

// CheckFeasible returns an *InfeasibleError when ΣC_i < N (Proposition 1).
func (in *Instance) CheckFeasible() error {
	if c := in.TotalCapacity(); c < in.Users*(1-capTol) {
		return &InfeasibleError{Capacity: c, Users: in.Users}
	}
	return nil
}
