package rrs

import (
	"fmt"

	"github.com/streamopt/streamopt/qp"
	"gonum.org/v1/gonum/mat"
)

// Var returns the index of f_ij in the compiled problem (DC-major, (17)).
func (in *Instance) Var(i, j int) int { return i*len(in.Regions) + j }

// LinearCoef returns ĉ_ij = N φ_j [π⁰_j − κ_j (a_i λ_i + b_i + D_ij) − c_i], the
// linear term of (7).
func (in *Instance) LinearCoef(i, j int) float64 {
	d, r := &in.DataCenters[i], &in.Regions[j]
	delay := d.ResponseSlopeMS*d.BackgroundCPU + d.ResponseInterceptMS + in.LatencyMS[i][j]
	return in.Users * r.Share * (r.RevenueIntercept - r.RevenueSlope*delay - d.CostPerUser)
}

// UniformSlope reports whether every region has the same revenue slope κ,
// the case in which the objective is concave (spec A.5).
func (in *Instance) UniformSlope() bool {
	for j := range in.Regions {
		if in.Regions[j].RevenueSlope != in.Regions[0].RevenueSlope {
			return false
		}
	}
	return true
}

// Compile returns RRS(N, M) as the QP
//
//	maximise ½ fᵀQf + ĉᵀf  s.t.  Σ_j φ_j f_ij ≤ m_i,  Σ_i f_ij = 1,  f ≥ 0,
//
// with Q = 2A = blockdiag(−N² a_i ι_i (u wᵀ + w uᵀ)), u_j = κ_j φ_j, w_j = φ_j
// (spec A.3, A.5), each block in low-rank form. It returns an
// *InfeasibleError when Proposition 1 fails.
func (in *Instance) Compile() (*qp.Problem, error) {
	if err := in.Validate(); err != nil {
		return nil, err
	}
	if err := in.CheckFeasible(); err != nil {
		return nil, err
	}
	s, r := len(in.DataCenters), len(in.Regions)
	n := s * r
	p := &qp.Problem{C: make([]float64, n), Names: make([]string, n)}
	uniform := in.UniformSlope()
	N := in.Users
	for i := 0; i < s; i++ {
		d := &in.DataCenters[i]
		vars := make([]int, r)
		for j := 0; j < r; j++ {
			k := in.Var(i, j)
			vars[j] = k
			p.C[k] = in.LinearCoef(i, j)
			p.Names[k] = fmt.Sprintf("f[%d,%d]", i+1, j+1)
		}
		scale := N * N * d.ResponseSlopeMS * d.CPUPerUser
		var blk qp.Block
		if uniform {
			// Q_i = −2 N² a_i ι_i κ φφᵀ.
			u := mat.NewDense(r, 1, nil)
			for j := 0; j < r; j++ {
				u.Set(j, 0, in.Regions[j].Share)
			}
			blk = qp.Block{Vars: vars, U: u, S: mat.NewSymDense(1, []float64{-2 * scale * in.Regions[0].RevenueSlope})}
		} else {
			u := mat.NewDense(r, 2, nil)
			for j := 0; j < r; j++ {
				u.Set(j, 0, in.Regions[j].RevenueSlope*in.Regions[j].Share)
				u.Set(j, 1, in.Regions[j].Share)
			}
			blk = qp.Block{Vars: vars, U: u, S: mat.NewSymDense(2, []float64{0, -scale, -scale, 0})}
		}
		if scale != 0 {
			p.Blocks = append(p.Blocks, blk)
		}
		row := qp.Row{Name: fmt.Sprintf("capacity[%d]", i+1), RHS: d.Capacity() / N}
		for j := 0; j < r; j++ {
			row.Ind = append(row.Ind, in.Var(i, j))
			row.Val = append(row.Val, in.Regions[j].Share)
		}
		p.G = append(p.G, row)
	}
	for j := 0; j < r; j++ {
		row := qp.Row{Name: fmt.Sprintf("assign[%d]", j+1), RHS: 1}
		for i := 0; i < s; i++ {
			row.Ind = append(row.Ind, in.Var(i, j))
			row.Val = append(row.Val, 1)
		}
		p.E = append(p.E, row)
	}
	return p, nil
}

// Loads is the state of the data centres under a policy.
type Loads struct {
	Users    []float64   // x_i = N Σ_j φ_j f_ij
	CPU      []float64   // θ_i = λ_i + ι_i x_i
	Response []float64   // g_i = a_i θ_i + b_i (ms)
	Delay    [][]float64 // d_ij = g_i + D_ij (ms)
	// RegionDelay[j] is the user-weighted mean delay of region j, Σ_i f_ij d_ij.
	RegionDelay []float64
	Profit      float64 // U(F), (1)
	Feasible    bool    // θ_i ≤ Θ_i^max and x_i ≤ B_i (with feasTol)
}

// feasTol is the slack allowed when judging a policy feasible: 1e-6 relative
// on users and CPU, well above solver noise and far below one user.
const feasTol = 1e-6

// Evaluate computes loads, delays and the profit (1) of policy f[i][j].
func (in *Instance) Evaluate(f [][]float64) (*Loads, error) {
	s, r := len(in.DataCenters), len(in.Regions)
	if len(f) != s {
		return nil, fmt.Errorf("%w: policy: must have %d rows, got %d", ErrInput, s, len(f))
	}
	l := &Loads{Users: make([]float64, s), CPU: make([]float64, s), Response: make([]float64, s),
		Delay: make([][]float64, s), RegionDelay: make([]float64, r), Feasible: true}
	for i := 0; i < s; i++ {
		if len(f[i]) != r {
			return nil, fmt.Errorf("%w: policy[%d]: must have %d entries, got %d", ErrInput, i, r, len(f[i]))
		}
		for j := 0; j < r; j++ {
			l.Users[i] += in.Users * in.Regions[j].Share * f[i][j]
		}
	}
	for i := 0; i < s; i++ {
		d := &in.DataCenters[i]
		l.CPU[i] = d.BackgroundCPU + d.CPUPerUser*l.Users[i]
		l.Response[i] = d.ResponseSlopeMS*l.CPU[i] + d.ResponseInterceptMS
		if l.CPU[i] > d.maxCPU()*(1+feasTol) || l.Users[i] > d.BandwidthUsers*(1+feasTol)+feasTol {
			l.Feasible = false
		}
		l.Delay[i] = make([]float64, r)
		for j := 0; j < r; j++ {
			reg := &in.Regions[j]
			l.Delay[i][j] = l.Response[i] + in.LatencyMS[i][j]
			l.RegionDelay[j] += f[i][j] * l.Delay[i][j]
			l.Profit += in.Users * reg.Share * f[i][j] * (reg.RevenueIntercept - reg.RevenueSlope*l.Delay[i][j] - d.CostPerUser)
		}
	}
	return l, nil
}
