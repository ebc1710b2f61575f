package qp

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/streamopt/streamopt/fault"
	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/solve"
	"gonum.org/v1/gonum/mat"
)

func row(rhs float64, ind []int, val []float64) Row { return Row{Ind: ind, Val: val, RHS: rhs} }

func denseBlock(vars []int, data ...float64) Block {
	return Block{Vars: vars, Dense: mat.NewSymDense(len(vars), data)}
}

// smallCases are QPs whose optimum is derived by hand in the comment of each.
var smallCases = []struct {
	name  string
	p     *Problem
	x     []float64
	value float64
}{
	{
		// max −x1² − x2² + 2x1 + 4x2, x1 + x2 ≤ 2: the unconstrained optimum (1, 2)
		// violates the row; projecting it onto x1 + x2 = 2 gives (0.5, 1.5),
		// value −0.25 − 2.25 + 1 + 6 = 4.5, with μ = 2 − 2·0.5 = 1.
		name:  "projection onto a half-plane",
		p:     &Problem{C: []float64{2, 4}, Blocks: []Block{denseBlock([]int{0, 1}, -2, 0, 0, -2)}, G: []Row{row(2, []int{0, 1}, []float64{1, 1})}},
		x:     []float64{0.5, 1.5},
		value: 4.5,
	},
	{
		// max −x1² − x2², x1 + x2 = 1: by symmetry (0.5, 0.5), value −0.5.
		name:  "equality",
		p:     &Problem{C: []float64{0, 0}, Blocks: []Block{denseBlock([]int{0, 1}, -2, 0, 0, -2)}, E: []Row{row(1, []int{0, 1}, []float64{1, 1})}},
		x:     []float64{0.5, 0.5},
		value: -0.5,
	},
	{
		// max −(x1 + x2)² + 3x1 + x2, x1 + x2 ≤ 1: with t = x1 + x2 the best
		// split puts all of t on x1 (coefficient 3 > 1), so the value is
		// −t² + 3t, increasing on [0, 1]: x = (1, 0), value 2. Rank-one block.
		name: "rank-one block",
		p: &Problem{C: []float64{3, 1}, Blocks: []Block{{Vars: []int{0, 1}, U: mat.NewDense(2, 1, []float64{1, 1}), S: mat.NewSymDense(1, []float64{-2})}},
			G: []Row{row(1, []int{0, 1}, []float64{1, 1})}},
		x:     []float64{1, 0},
		value: 2,
	},
	{
		// LP: max x1 + 2x2, x1 + x2 ≤ 4, x1 − x2 = 1 ⇒ x2 = (4 − 1)/2 = 1.5, x1 = 2.5,
		// value 2.5 + 3 = 5.5.
		name:  "linear",
		p:     &Problem{C: []float64{1, 2}, G: []Row{row(4, []int{0, 1}, []float64{1, 1})}, E: []Row{row(1, []int{0, 1}, []float64{1, -1})}},
		x:     []float64{2.5, 1.5},
		value: 5.5,
	},
}

// milpBackend returns a MILP-capable backend name or skips the test.
func milpBackend(t *testing.T) string {
	t.Helper()
	m := lp.New("probe", lp.Maximize)
	m.AddBinary("b", 1)
	name, err := solve.Choose(m)
	if err != nil {
		t.Skipf("no MILP backend compiled in: %v", err)
	}
	return name
}

func TestSolversOnSmallCases(t *testing.T) {
	ctx := context.Background()
	solvers := []struct {
		name string
		run  func(t *testing.T, p *Problem) (*Solution, error)
	}{
		{"qp", func(t *testing.T, p *Problem) (*Solution, error) { return p.SolveConvex(ctx, ConvexOptions{}) }},
		{"wolfe", func(t *testing.T, p *Problem) (*Solution, error) { return p.SolveWolfe(ctx, WolfeOptions{}) }},
		{"local", func(t *testing.T, p *Problem) (*Solution, error) {
			return p.SolveLocal(ctx, make([]float64, p.NumVars()), LocalOptions{})
		}},
		{"kkt-milp", func(t *testing.T, p *Problem) (*Solution, error) {
			return p.SolveKKTMILP(ctx, MILPOptions{Backend: milpBackend(t)})
		}},
	}
	for _, s := range solvers {
		for _, tc := range smallCases {
			t.Run(s.name+"/"+tc.name, func(t *testing.T) {
				sol, err := s.run(t, tc.p)
				if err != nil {
					t.Fatal(err)
				}
				if math.Abs(sol.Objective-tc.value) > 1e-6 {
					t.Errorf("objective %.9g, want %g", sol.Objective, tc.value)
				}
				for j := range tc.x {
					if math.Abs(sol.X[j]-tc.x[j]) > 1e-6 {
						t.Errorf("x = %v, want %v", sol.X, tc.x)
						break
					}
				}
				if math.Abs(sol.Identity-sol.Objective) > 1e-6 {
					t.Errorf("identity %.9g != objective %.9g", sol.Identity, sol.Objective)
				}
				if r := sol.Residuals.Max(); r > KKTTol {
					t.Errorf("KKT residual %.3g", r)
				}
			})
		}
	}
}

func TestCurvature(t *testing.T) {
	cases := []struct {
		name    string
		b       Block
		concave bool
		max     float64 // largest eigenvalue, computed by hand
	}{
		// diag(−1, 2): eigenvalues are the diagonal.
		{"dense indefinite", denseBlock([]int{0, 1}, -1, 0, 0, 2), false, 2},
		// [[−2, 1], [1, −2]]: eigenvalues −2 ± 1.
		{"dense negative definite", denseBlock([]int{0, 1}, -2, 1, 1, -2), true, -1},
		// U = I, S = [[0, 1], [1, 0]]: Q = S, eigenvalues ±1.
		{"low-rank indefinite", Block{Vars: []int{0, 1}, U: mat.NewDense(2, 2, []float64{1, 0, 0, 1}), S: mat.NewSymDense(2, []float64{0, 1, 1, 0})}, false, 1},
		// u = (1, 2, 2), S = −1: Q = −uuᵀ, eigenvalues −‖u‖² = −9, 0, 0.
		{"low-rank rank one", Block{Vars: []int{0, 1, 2}, U: mat.NewDense(3, 1, []float64{1, 2, 2}), S: mat.NewSymDense(1, []float64{-1})}, true, 0},
		// diag(−1, λ) with λ on either side of the tolerance eigTol = 1e-8·‖Q_b‖₂
		// (here ‖Q_b‖₂ = 1): 5e-9 is treated as zero, 2e-8 is curvature.
		{"dense within tolerance", denseBlock([]int{0, 1}, -1, 0, 0, 5e-9), true, 5e-9},
		{"dense beyond tolerance", denseBlock([]int{0, 1}, -1, 0, 0, 2e-8), false, 2e-8},
		// The same at scale 1e6: the tolerance follows the block's norm.
		{"scaled within tolerance", denseBlock([]int{0, 1}, -1e6, 0, 0, 5e-3), true, 5e-3},
		{"scaled beyond tolerance", denseBlock([]int{0, 1}, -1e6, 0, 0, 2e-2), false, 2e-2},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := &Problem{C: make([]float64, 3), Blocks: []Block{tc.b}}
			c, err := p.CheckCurvature()
			if err != nil {
				t.Fatal(err)
			}
			if c.Concave != tc.concave || math.Abs(c.MaxEigen[0]-tc.max) > 1e-9 {
				t.Errorf("concave %v max eigenvalue %g, want %v %g", c.Concave, c.MaxEigen[0], tc.concave, tc.max)
			}
			err = p.RequireConcave()
			var nc *NotConcaveError
			if tc.concave != (err == nil) || (!tc.concave && !errors.As(err, &nc)) {
				t.Errorf("RequireConcave: %v", err)
			}
			if !tc.concave && fault.Of(err) != fault.Input {
				t.Errorf("RequireConcave: %v is of kind %v, want input (the caller picks another method)", err, fault.Of(err))
			}
			if !tc.concave {
				if _, err := p.SolveWolfe(context.Background(), WolfeOptions{}); !errors.As(err, &nc) {
					t.Errorf("Wolfe accepted a non-concave problem: %v", err)
				}
				if _, err := p.SolveConvex(context.Background(), ConvexOptions{}); !errors.As(err, &nc) {
					t.Errorf("SolveConvex accepted a non-concave problem: %v", err)
				}
			}
		})
	}
}

func TestValidate(t *testing.T) {
	cases := []struct {
		name string
		p    *Problem
		want string
	}{
		{"empty", &Problem{}, "no variables"},
		{"NaN c", &Problem{C: []float64{math.NaN()}}, "c[0]"},
		{"row index", &Problem{C: []float64{1}, G: []Row{row(1, []int{3}, []float64{1})}}, "g[0]: index 3"},
		{"inf rhs", &Problem{C: []float64{1}, E: []Row{row(math.Inf(1), []int{0}, []float64{1})}}, "e[0].rhs"},
		{"shared block var", &Problem{C: []float64{1, 1}, Blocks: []Block{denseBlock([]int{0}, -1), denseBlock([]int{0}, -1)}}, "already in blocks[0]"},
		{"block size", &Problem{C: []float64{1, 1}, Blocks: []Block{{Vars: []int{0, 1}, Dense: mat.NewSymDense(1, []float64{-1})}}}, "blocks[0].dense"},
		{"no representation", &Problem{C: []float64{1}, Blocks: []Block{{Vars: []int{0}}}}, "set either Dense"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.p.Validate()
			if err == nil || !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an ErrInvalid mentioning %q", err, tc.want)
			}
		})
	}
}

func TestResidualsDetectNonKKTPoint(t *testing.T) {
	p := smallCases[0].p
	// The known optimum (0.5, 1.5) with μ = 1 passes; moving x or μ breaks it.
	good, err := p.Residuals([]float64{0.5, 1.5}, []float64{1}, nil, []float64{0, 0})
	if err != nil || good.Max() > 1e-12 {
		t.Fatalf("optimum: %+v %v", good, err)
	}
	bad := []struct {
		x, mu, eta []float64
	}{
		{[]float64{0.4, 1.5}, []float64{1}, []float64{0, 0}},    // stationarity and complementarity
		{[]float64{0.5, 1.5}, []float64{-1}, []float64{0, 0}},   // dual sign
		{[]float64{1, 1.5}, []float64{1}, []float64{0, 0}},      // primal
		{[]float64{0.5, 1.5}, []float64{1}, []float64{0.1, 0}},  // complementarity of η
		{[]float64{0.5, 1.5}, []float64{1.1}, []float64{0, 0}},  // stationarity
		{[]float64{0.5, 1.5}, []float64{1}, []float64{-0.1, 0}}, // dual sign of η
	}
	for k, b := range bad {
		r, err := p.Residuals(b.x, b.mu, nil, b.eta)
		if err != nil || r.Max() < 1e-3 {
			t.Errorf("case %d: residuals %+v (%v), want a violation", k, r, err)
		}
	}
	if _, err := p.Residuals([]float64{1}, nil, nil, nil); err == nil {
		t.Error("wrong lengths accepted")
	}
}

// TestKKTMILPRowsHoldAtKnownKKTPoint checks the compile step without a MILP
// backend: the KKT point of the first small case, with the binaries its
// active set implies, satisfies every compiled row and bound, and the
// objective equals the identity value 4.5.
func TestKKTMILPRowsHoldAtKnownKKTPoint(t *testing.T) {
	p := smallCases[0].p
	km, err := p.CompileKKTMILP(100)
	if err != nil {
		t.Fatal(err)
	}
	m := km.Model
	v := make([]float64, m.NumVars())
	v[km.X[0]], v[km.X[1]] = 0.5, 1.5
	v[km.Mu[0]] = 1
	v[km.S[0]] = 0
	v[km.Y[0]], v[km.Y[1]] = 1, 1
	v[km.W[0]] = 0
	act := m.Activities(v)
	for i, r := range m.Rows {
		if act[i] < r.Lower-1e-12 || act[i] > r.Upper+1e-12 {
			t.Errorf("row %s: activity %g outside [%g, %g]", r.Name, act[i], r.Lower, r.Upper)
		}
	}
	for j, c := range m.Vars {
		if v[j] < c.Lower || v[j] > c.Upper {
			t.Errorf("column %s: %g outside [%g, %g]", c.Name, v[j], c.Lower, c.Upper)
		}
	}
	if got := m.Objective(v); math.Abs(got-4.5) > 1e-12 {
		t.Errorf("objective %g, want 4.5", got)
	}
	// Breaking complementarity (x_0 > 0 with y_0 = 0) violates a row.
	v[km.Y[0]] = 0
	act = m.Activities(v)
	violated := false
	for i, r := range m.Rows {
		if act[i] > r.Upper+1e-12 || act[i] < r.Lower-1e-12 {
			violated = true
		}
	}
	if !violated {
		t.Error("x_0 > 0 with y_0 = 0 satisfies every row")
	}
	if _, err := p.CompileKKTMILP(-1); err == nil {
		t.Error("negative big-M accepted")
	}
}

// TestLocalNonConvex: max x1² + x2² on x1 + x2 ≤ 1, x ≥ 0 has local maxima at
// the vertices (1, 0) and (0, 1), value 1; the procedure goes to the vertex
// nearer its start.
func TestLocalNonConvex(t *testing.T) {
	p := &Problem{C: []float64{0, 0}, Blocks: []Block{denseBlock([]int{0, 1}, 2, 0, 0, 2)}, G: []Row{row(1, []int{0, 1}, []float64{1, 1})}}
	for _, tc := range []struct{ x0, want []float64 }{
		{[]float64{0.9, 0.1}, []float64{1, 0}},
		{[]float64{0.2, 0.7}, []float64{0, 1}},
	} {
		s, err := p.SolveLocal(context.Background(), tc.x0, LocalOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(s.X[0]-tc.want[0]) > 1e-6 || math.Abs(s.X[1]-tc.want[1]) > 1e-6 || math.Abs(s.Objective-1) > 1e-6 {
			t.Errorf("from %v: x = %v value %g, want %v value 1", tc.x0, s.X, s.Objective, tc.want)
		}
	}
}

// rayProblem has Σm_i = 1 in the sense of spec A.8: x1 + x2 = 1 with
// x1 ≤ 0.5 and x2 ≤ 0.5, so x = (0.5, 0.5) and the multipliers have the ray
// (μ1 + t, μ2 + t, γ − t). max −x1² − x2² + 3x1 + x2: stationarity
// 3 − 1 − μ1 − γ = 0 and 1 − 1 − μ2 − γ = 0, so the smallest multipliers are
// μ = (2, 0), γ = 0; U = −0.5 + 2 = 1.5.
func rayProblem() *Problem {
	return &Problem{C: []float64{3, 1}, Blocks: []Block{denseBlock([]int{0, 1}, -2, 0, 0, -2)},
		G: []Row{row(0.5, []int{0}, []float64{1}), row(0.5, []int{1}, []float64{1})},
		E: []Row{row(1, []int{0, 1}, []float64{1, 1})}}
}

func TestCleanMultipliersLeavesTheRay(t *testing.T) {
	p := rayProblem()
	const far = 1e4 // a point far along the ray, as a big-M vertex can be
	s := &Solution{X: []float64{0.5, 0.5}, Mu: []float64{2 + far, far}, Gamma: []float64{-far}, Eta: []float64{0, 0}}
	if r, _ := p.Residuals(s.X, s.Mu, s.Gamma, s.Eta); r.Max() > 1e-12 {
		t.Fatalf("the ray point is not a KKT point: %+v", r)
	}
	if err := p.cleanMultipliers(context.Background(), milpBackend(t), s, solve.Options{}); err != nil {
		t.Fatal(err)
	}
	if math.Abs(s.Mu[0]-2) > 1e-7 || math.Abs(s.Mu[1]) > 1e-7 || math.Abs(s.Gamma[0]) > 1e-7 {
		t.Errorf("multipliers μ = %v, γ = %v, want (2, 0) and 0", s.Mu, s.Gamma)
	}
	if id := p.identity(s.X, s.Mu, s.Gamma); math.Abs(id-1.5) > 1e-9 {
		t.Errorf("identity %g, want 1.5", id)
	}
	sol, err := p.SolveKKTMILP(context.Background(), MILPOptions{Backend: milpBackend(t), BigM: 1})
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(sol.Objective-1.5) > 1e-7 || sol.Stats.KKTMILP.Growths < 1 {
		t.Errorf("KKT-MILP from M = 1: objective %g after %d growths, want 1.5 after at least one (μ1 = 2 > M)", sol.Objective, sol.Stats.KKTMILP.Growths)
	}
}

func TestKKTMethodsRefuseHugeProblems(t *testing.T) {
	// One low-rank block over 5000 variables: 25e6 Hessian entries > MaxKKTNonzeros,
	// and a Wolfe tableau of about 5000 × 20000 entries > MaxWolfeTableau.
	n := 5000
	u := mat.NewDense(n, 1, nil)
	vars := make([]int, n)
	for j := range vars {
		vars[j] = j
		u.Set(j, 0, 1)
	}
	p := &Problem{C: make([]float64, n), Blocks: []Block{{Vars: vars, U: u, S: mat.NewSymDense(1, []float64{-1})}}}
	if _, err := p.BuildKKT(); !errors.Is(err, ErrTooLarge) {
		t.Errorf("BuildKKT: %v, want ErrTooLarge", err)
	}
	if _, err := p.SolveWolfe(context.Background(), WolfeOptions{}); !errors.Is(err, ErrTooLarge) {
		t.Errorf("SolveWolfe: %v, want ErrTooLarge", err)
	}
	if got := WolfeTableauEntries(n, 0, 0); got <= MaxWolfeTableau {
		t.Errorf("WolfeTableauEntries(%d, 0, 0) = %g, want > %g", n, got, MaxWolfeTableau)
	}
	// Both ways of giving the KKT-MILP its big-M refuse the size, before
	// reading the model they could not build.
	eta := make([]float64, n)
	for j := range eta {
		eta[j] = 1
	}
	for _, opt := range []MILPOptions{{BigM: 10}, {Bounds: &MultiplierBounds{Eta: eta}}} {
		if _, err := p.SolveKKTMILP(context.Background(), opt); !errors.Is(err, ErrTooLarge) {
			t.Errorf("SolveKKTMILP(bounds %v): %v, want ErrTooLarge", opt.Bounds != nil, err)
		}
	}
}

// TestKKTMILPStopped stops the KKT-MILP of max Σ x_j², Σ x_j ≤ 1, x ≥ 0 (n
// = 6, non-concave) by a node limit and by a cancelled context. By hand:
// the maximum is 1, at every vertex e_j; each KKT point is a feasible x,
// so an incumbent has objective ≤ 1, and any valid bound is ≥ 1.
func TestKKTMILPStopped(t *testing.T) {
	const n = 6
	var vars []int
	ones := make([]float64, n)
	diag := make([]float64, n*n)
	for j := 0; j < n; j++ {
		vars = append(vars, j)
		ones[j] = 1
		diag[j*n+j] = 2
	}
	p := &Problem{C: make([]float64, n), Blocks: []Block{denseBlock(vars, diag...)}, G: []Row{row(1, vars, ones)}}
	backend := milpBackend(t)
	s, err := p.SolveKKTMILP(context.Background(), MILPOptions{Backend: backend, Solve: solve.Options{NodeLimit: 1}})
	if !errors.Is(err, ErrLimit) || fault.Of(err) != fault.Limit || s == nil {
		t.Fatalf("node limit 1: %v, %v; want ErrLimit with a solution", s, err)
	}
	if b := s.Stats.KKTMILP.BestBound; !(b >= 1-1e-7) {
		t.Errorf("best bound %g, below the maximum 1", b)
	}
	if s.X != nil && (s.Objective > 1+1e-7 || s.Residuals.Max() > KKTTol) {
		t.Errorf("incumbent x = %v: objective %g (> 1?), KKT residual %g", s.X, s.Objective, s.Residuals.Max())
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := p.SolveKKTMILP(ctx, MILPOptions{Backend: backend}); !errors.Is(err, context.Canceled) || fault.Of(err) != fault.Limit {
		t.Errorf("cancelled context: %v, want a limit wrapping context.Canceled", err)
	}
}
