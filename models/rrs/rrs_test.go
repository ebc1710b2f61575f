package rrs

import (
	"bytes"
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/streamopt/streamopt/internal/jsontest"
	"github.com/streamopt/streamopt/qp"
	"github.com/streamopt/streamopt/solve"
)

func examplePath() string { return filepath.Join("..", "..", "examples", "rrs-paper.json") }

// paperInstance loads examples/rrs-paper.json (spec A.10) at N users.
func paperInstance(t testing.TB, n float64) *Instance {
	t.Helper()
	in := jsontest.Parse(t, examplePath(), Parse)
	in.Users = n
	return in
}

// paperOptima are the optimal profits and loads of spec A.10 (computed there
// with SciPy SLSQP and a HiGHS KKT-MILP).
var paperOptima = []struct {
	n      float64
	profit float64
	loads  []float64
}{
	{300, 166.800, []float64{90, 75, 60, 45, 30}},
	{360, 195.542, []float64{100, 90, 80, 54, 36}},
	{400, 210.720, []float64{100, 90, 80, 70, 60}},
}

func TestEveryMethodMatchesSpecA10(t *testing.T) {
	for _, method := range []string{MethodQP, MethodWolfe, MethodKKTMILP, MethodAuto} {
		for _, tc := range paperOptima {
			if method == MethodKKTMILP && testing.Short() && tc.n != 360 {
				continue // branch and bound takes seconds per instance
			}
			in := paperInstance(t, tc.n)
			res, err := Solve(context.Background(), in, Options{Method: method, Backend: solve.Auto})
			if err != nil {
				t.Fatalf("%s N=%v: %v", method, tc.n, err)
			}
			if res.Status != StatusOptimal {
				t.Fatalf("%s N=%v: status %s", method, tc.n, res.Status)
			}
			if math.Abs(res.Profit-tc.profit) > 1e-3 {
				t.Errorf("%s N=%v: profit %.6f, want %.3f", method, tc.n, res.Profit, tc.profit)
			}
			if math.Abs(res.Identity-res.Profit) > 1e-6*res.Profit {
				t.Errorf("%s N=%v: identity %.9f != profit %.9f", method, tc.n, res.Identity, res.Profit)
			}
			for i, l := range res.Loads {
				if math.Abs(l.Users-tc.loads[i]) > 1e-3 {
					t.Errorf("%s N=%v: DC%d serves %.4f users, want %g", method, tc.n, i+1, l.Users, tc.loads[i])
				}
			}
			if method == MethodAuto && res.Method != MethodQP {
				t.Errorf("auto picked %s on a concave instance, want qp", res.Method)
			}
			// kkt-milp's answer rests on MILPs whose answers solve.Verify
			// accepted; qp and wolfe solve none through package solve.
			if v := res.Verification; (method == MethodKKTMILP) != (v != nil) || v != nil && (v.Solves == 0 || !v.OK()) {
				t.Errorf("%s N=%v: verification %+v", method, tc.n, v)
			}
		}
	}
}

// nonConcave is the spec A.5 check instance: κ = (0.008, 0.006, 0.004,
// 0.002, 0.002) at N = 360.
func nonConcave(t testing.TB) *Instance {
	in := paperInstance(t, 360)
	for j, k := range []float64{0.008, 0.006, 0.004, 0.002, 0.002} {
		in.Regions[j].RevenueSlope = k
	}
	return in
}

func TestNonConcaveCurvature(t *testing.T) {
	p, err := nonConcave(t).Compile()
	if err != nil {
		t.Fatal(err)
	}
	c, err := p.CheckCurvature()
	if err != nil {
		t.Fatal(err)
	}
	if c.Concave {
		t.Fatal("the region-dependent slopes were judged concave")
	}
	// Spec A.5: the eigenvalues of A_1 = Q_1/2 are (−35.32, 0, 0, 0, +1.108).
	if got := c.MaxEigen[0] / 2; math.Abs(got-1.108) > 1e-3 {
		t.Errorf("largest eigenvalue of A_1 = %.5f, want 1.108", got)
	}
	if got := c.MinEigen[0] / 2; math.Abs(got+35.32) > 1e-2 {
		t.Errorf("smallest eigenvalue of A_1 = %.4f, want -35.32", got)
	}
	err = p.RequireConcave()
	var nc *qp.NotConcaveError
	if !errors.As(err, &nc) || nc.Block != 0 || !strings.Contains(err.Error(), "+1.108") {
		t.Errorf("RequireConcave = %v, want block 0 with A eigenvalue +1.108", err)
	}
}

func TestNonConcaveMethods(t *testing.T) {
	in := nonConcave(t)
	for _, m := range []string{MethodWolfe, MethodQP} {
		_, err := Solve(context.Background(), in, Options{Method: m})
		var nc *qp.NotConcaveError
		if !errors.Is(err, ErrMethod) || !errors.As(err, &nc) {
			t.Errorf("%s on a non-concave instance: %v, want a refusal naming the eigenvalue", m, err)
		}
	}
	res, err := Solve(context.Background(), in, Options{Method: MethodAuto, Backend: solve.Auto})
	if err != nil {
		t.Fatal(err)
	}
	if res.Method != MethodGlobal || res.Concave {
		t.Errorf("auto used %s (concave %v), want global", res.Method, res.Concave)
	}
	// The search over shares bounds by its own oracle and solves no LP
	// of the proof (TestLagrangianBound checks its bounds); any LP it
	// reports must have been verified.
	if v := res.Verification; v != nil && !v.OK() {
		t.Errorf("global: verification %+v, want every relaxation LP verified", v)
	}
	// 200 seeded multistart local solves (convex–concave procedure from
	// random policies): the global KKT-MILP must do at least as well.
	p, err := in.Compile()
	if err != nil {
		t.Fatal(err)
	}
	best := math.Inf(-1)
	r := rand.New(rand.NewPCG(2011, 5963334))
	s, nr := len(in.DataCenters), len(in.Regions)
	for k := 0; k < 200; k++ {
		x0 := make([]float64, s*nr)
		for j := 0; j < nr; j++ {
			sum := 0.0
			for i := 0; i < s; i++ {
				x0[in.Var(i, j)] = r.ExpFloat64()
				sum += x0[in.Var(i, j)]
			}
			for i := 0; i < s; i++ {
				x0[in.Var(i, j)] /= sum
			}
		}
		loc, err := p.SolveLocal(context.Background(), x0, qp.LocalOptions{})
		if err != nil {
			t.Fatalf("start %d: %v", k, err)
		}
		if loc.Residuals.Primal > 1e-7 {
			t.Fatalf("start %d: local point infeasible (%g)", k, loc.Residuals.Primal)
		}
		best = math.Max(best, loc.Objective)
	}
	if res.Profit < best-1e-6*math.Abs(best) {
		t.Errorf("global profit %.6f below the best multistart %.6f", res.Profit, best)
	}
	t.Logf("global %.6f, best of 200 local solves %.6f", res.Profit, best)
}

func TestProposition1(t *testing.T) {
	// Spec A.10: ΣC_i = 400, so N = 400 is feasible and N = 401 is not.
	in := paperInstance(t, 401)
	res, err := Solve(context.Background(), in, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != StatusInfeasible || res.TotalCapacity != 400 || !strings.Contains(res.Message, "ΣC_i = 400") {
		t.Errorf("N=401: %+v", res)
	}
	var inf *InfeasibleError
	if _, err := in.Compile(); !errors.As(err, &inf) || inf.Capacity != 400 || inf.Users != 401 {
		t.Errorf("Compile at N=401: %v", err)
	}
}

func mutate(t *testing.T, f func(doc map[string]any)) []byte {
	t.Helper()
	return jsontest.Edit(t, examplePath(), f)
}

func TestBadInputs(t *testing.T) {
	region := func(doc map[string]any, j int) map[string]any { return doc["regions"].([]any)[j].(map[string]any) }
	dc := func(doc map[string]any, i int) map[string]any { return doc["datacenters"].([]any)[i].(map[string]any) }
	cases := []struct {
		name string
		data []byte
		want string
	}{
		{"shares do not sum to 1", mutate(t, func(d map[string]any) { region(d, 0)["share"] = 0.5 }), "regions[*].share: must sum to 1, got 1.2"},
		{"negative capacity", mutate(t, func(d map[string]any) { dc(d, 2)["bandwidth_users"] = -5 }), "datacenters[2].bandwidth_users: must be ≥ 0, got -5"},
		{"background above 1", mutate(t, func(d map[string]any) { dc(d, 1)["background_cpu"] = 1.2 }), "datacenters[1].background_cpu"},
		{"latency rows", mutate(t, func(d map[string]any) { d["latency_ms"] = d["latency_ms"].([]any)[:4] }), "latency_ms: must have 5 rows (one per data centre), got 4"},
		{"latency columns", mutate(t, func(d map[string]any) {
			l := d["latency_ms"].([]any)
			l[3] = l[3].([]any)[:2]
		}), "latency_ms[3]: must have 5 entries (one per region), got 2"},
		{"N zero", mutate(t, func(d map[string]any) { d["users"] = 0 }), "users: must be > 0, got 0"},
		{"N negative", mutate(t, func(d map[string]any) { d["users"] = -3 }), "users: must be > 0, got -3"},
		{"NaN literal", bytes.Replace(mutate(t, func(map[string]any) {}), []byte(`"share":0.25`), []byte(`"share":NaN`), 1), "regions[1].share"},
		{"wrong type", mutate(t, func(d map[string]any) { dc(d, 0)["cpu_per_user"] = "fast" }), "datacenters[0].cpu_per_user"},
		{"unknown field", mutate(t, func(d map[string]any) { dc(d, 4)["colour"] = "red" }), "datacenters[4]"},
		{"missing field", mutate(t, func(d map[string]any) { delete(d, "users") }), "users"},
		// Omitting max_cpu means 1; an explicit 0 is refused rather than read as 1.
		{"explicit max_cpu 0", mutate(t, func(d map[string]any) { dc(d, 3)["max_cpu"] = 0 }), "datacenters[3].max_cpu: must be > 0, got 0"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse(bytes.NewReader(tc.data))
			if err == nil || !errors.Is(err, ErrInput) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an input error containing %q", err, tc.want)
			}
		})
	}
}

// TestSchemaKeyIgnored: an instance may name its schema for editors.
func TestSchemaKeyIgnored(t *testing.T) {
	data := mutate(t, func(d map[string]any) { d["$schema"] = "https://github.com/streamopt/streamopt/models/rrs/schema.json" })
	in, err := Parse(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if in.Users != 360 || len(in.DataCenters) != 5 {
		t.Errorf("decoded N = %g with %d DCs, want the example's 360 and 5", in.Users, len(in.DataCenters))
	}
}

// TestSizeCaps: the sizes that drive the solver's memory are refused by
// Validate, with the field and the count, before anything is built.
func TestSizeCaps(t *testing.T) {
	base := paperInstance(t, 360)
	grow := func(dcs, regions int) *Instance {
		in := *base
		in.DataCenters = make([]DataCenter, dcs)
		for i := range in.DataCenters {
			in.DataCenters[i] = base.DataCenters[0]
		}
		in.Regions = make([]Region, regions)
		for j := range in.Regions {
			in.Regions[j] = Region{Share: 1 / float64(regions), RevenueIntercept: 1, RevenueSlope: 0.004}
		}
		in.LatencyMS = make([][]float64, dcs)
		for i := range in.LatencyMS {
			in.LatencyMS[i] = make([]float64, regions)
		}
		return &in
	}
	if err := grow(MaxDataCenters, 2).Validate(); err != nil {
		t.Errorf("%d data centres (the cap): %v", MaxDataCenters, err)
	}
	for _, tc := range []struct {
		dcs, regions int
		want         string
	}{
		{MaxDataCenters + 1, 2, "datacenters: 1001 data centres, over the cap of 1000 (the solver's dense 2002 × 2002 Schur complement alone would take 32.1 MB)"},
		{MaxDataCenters, MaxVariables/MaxDataCenters + 1, "regions: 1000 data centres × 2001 regions = 2001000 routing shares f_ij, over the cap of 2000000"},
	} {
		err := grow(tc.dcs, tc.regions).Validate()
		if !errors.Is(err, ErrInput) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%d × %d: error %v, want %q", tc.dcs, tc.regions, err, tc.want)
		}
	}
}

func TestValidateNaNInGo(t *testing.T) {
	in := paperInstance(t, 360)
	in.LatencyMS[2][1] = math.NaN()
	if err := in.Validate(); err == nil || !strings.Contains(err.Error(), "latency_ms[2][1]: must be a finite number, got NaN") {
		t.Errorf("got %v", err)
	}
}

// TestEvaluateMatchesCompiledObjective checks the expansion (7): the QP
// objective of a policy equals the profit (1) computed from loads and delays.
func TestEvaluateMatchesCompiledObjective(t *testing.T) {
	for _, in := range []*Instance{paperInstance(t, 330), nonConcave(t)} {
		p, err := in.Compile()
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(7, 7))
		f := make([][]float64, len(in.DataCenters))
		x := make([]float64, p.NumVars())
		for i := range f {
			f[i] = make([]float64, len(in.Regions))
			for j := range f[i] {
				f[i][j] = r.Float64()
				x[in.Var(i, j)] = f[i][j]
			}
		}
		l, err := in.Evaluate(f)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.Objective(x); math.Abs(got-l.Profit) > 1e-9*math.Abs(l.Profit) {
			t.Errorf("QP objective %.12g, profit %.12g", got, l.Profit)
		}
	}
}

func FuzzParse(f *testing.F) {
	data, err := os.ReadFile(examplePath())
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	f.Add([]byte(`{"users": NaN}`))
	f.Add([]byte(`[1, {"a": [2, 3]}]`))
	f.Fuzz(func(t *testing.T, b []byte) {
		in, err := Parse(bytes.NewReader(b))
		if err == nil {
			if err := in.Validate(); err != nil {
				t.Fatalf("parsed instance fails validation: %v", err)
			}
		}
	})
}
