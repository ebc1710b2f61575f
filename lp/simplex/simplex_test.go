package simplex

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/streamopt/streamopt/lp"
)

func term(j int, c float64) lp.Term { return lp.Term{Var: j, Coef: c} }

var inf = math.Inf(1)

// smallCase is an LP with a known answer. Every objective below was worked
// out by hand (vertex enumeration or substitution) as noted.
type smallCase struct {
	name  string
	build func() *lp.Model
	want  lp.Status
	obj   float64
}

var smallCases = []smallCase{
	{
		// vertices (0,0),(3,0),(3,1),(0,2): 3x+2y is largest at (3,1) = 11
		name: "max_textbook",
		build: func() *lp.Model {
			m := lp.New("t", lp.Maximize)
			x := m.AddVar("x", 0, inf, 3)
			y := m.AddVar("y", 0, inf, 2)
			m.AddLE("c1", 4, term(x, 1), term(y, 1))
			m.AddLE("c2", 6, term(x, 1), term(y, 3))
			m.AddLE("c3", 3, term(x, 1))
			return m
		},
		want: lp.Optimal, obj: 11,
	},
	{
		// five rows meet at the optimum (1/2,1/2) (a degenerate vertex);
		// a+b ≤ 1 bounds −a−b below by −1, attained there
		name: "degenerate",
		build: func() *lp.Model {
			m := lp.New("d", lp.Minimize)
			a := m.AddVar("a", 0, inf, -1)
			b := m.AddVar("b", 0, inf, -1)
			m.AddLE("r1", 1, term(a, 1), term(b, 1))
			m.AddLE("r2", 0, term(a, 1), term(b, -1))
			m.AddLE("r3", 0, term(a, -1), term(b, 1))
			m.AddLE("r4", 1.5, term(a, 1), term(b, 2))
			m.AddLE("r5", 2, term(a, 2), term(b, 2))
			return m
		},
		want: lp.Optimal, obj: -1,
	},
	{
		// x − y = 1 and x + y ≥ 3 with x, y free: min x + y = 3 (x=2, y=1)
		name: "free_columns",
		build: func() *lp.Model {
			m := lp.New("f", lp.Minimize)
			x := m.AddVar("x", -inf, inf, 1)
			y := m.AddVar("y", -inf, inf, 1)
			m.AddEQ("e", 1, term(x, 1), term(y, -1))
			m.AddGE("g", 3, term(x, 1), term(y, 1))
			return m
		},
		want: lp.Optimal, obj: 3,
	},
	{
		// 1 ≤ x + y ≤ 3, x, y ∈ [0,2]: min −x − 2y at y=2, x=1: −5
		name: "range_row",
		build: func() *lp.Model {
			m := lp.New("r", lp.Minimize)
			x := m.AddVar("x", 0, 2, -1)
			y := m.AddVar("y", 0, 2, -2)
			m.AddRow("rg", 1, 3, term(x, 1), term(y, 1))
			return m
		},
		want: lp.Optimal, obj: -5,
	},
	{
		// x fixed at 3, y ∈ [1,5], z ∈ [0,4], x+y+z = 10: 3y + z = 21 − 2z, z=4: 6+9+4 = 19
		name: "equality_fixed",
		build: func() *lp.Model {
			m := lp.New("e", lp.Minimize)
			x := m.AddVar("x", 3, 3, 2)
			y := m.AddVar("y", 1, 5, 3)
			z := m.AddVar("z", 0, 4, 1)
			m.AddEQ("sum", 10, term(x, 1), term(y, 1), term(z, 1))
			return m
		},
		want: lp.Optimal, obj: 19,
	},
	{
		// x+2y ≤ 4, 3x+y ≤ 6: vertex (8/5, 6/5), x+y = 14/5, plus offset 5
		name: "max_offset",
		build: func() *lp.Model {
			m := lp.New("mo", lp.Maximize)
			x := m.AddVar("x", 0, inf, 1)
			y := m.AddVar("y", 0, inf, 1)
			m.AddLE("a", 4, term(x, 1), term(y, 2))
			m.AddLE("b", 6, term(x, 3), term(y, 1))
			m.ObjOffset = 5
			return m
		},
		want: lp.Optimal, obj: 5 + 14.0/5,
	},
	{
		// upper-bounded only column and a ≥ row: min x with x ≥ −5 (row), x ≤ 10: −5
		name: "upper_only",
		build: func() *lp.Model {
			m := lp.New("u", lp.Minimize)
			x := m.AddVar("x", -inf, 10, 1)
			m.AddGE("g", -5, term(x, 1))
			return m
		},
		want: lp.Optimal, obj: -5,
	},
	{
		name:  "empty",
		build: func() *lp.Model { m := lp.New("empty", lp.Minimize); m.ObjOffset = 2; return m },
		want:  lp.Optimal, obj: 2,
	},
	{
		// no rows: each column at its best bound: 1·1 − 1·3 = −2
		name: "no_rows",
		build: func() *lp.Model {
			m := lp.New("nr", lp.Minimize)
			m.AddVar("x", 1, 2, 1)
			m.AddVar("y", -1, 3, -1)
			m.AddVar("z", -inf, inf, 0)
			return m
		},
		want: lp.Optimal, obj: -2,
	},
	{
		// x + y ≤ 1 and x + y ≥ 2
		name: "infeasible_rows",
		build: func() *lp.Model {
			m := lp.New("i", lp.Minimize)
			x := m.AddVar("x", 0, inf, 1)
			y := m.AddVar("y", 0, inf, 1)
			m.AddLE("le", 1, term(x, 1), term(y, 1))
			m.AddGE("ge", 2, term(x, 1), term(y, 1))
			return m
		},
		want: lp.Infeasible,
	},
	{
		// x ∈ [0,1] but 2x + y ≥ 5 with y ∈ [0,1]
		name: "infeasible_bounds",
		build: func() *lp.Model {
			m := lp.New("ib", lp.Maximize)
			x := m.AddVar("x", 0, 1, 1)
			y := m.AddVar("y", 0, 1, 1)
			m.AddGE("g", 5, term(x, 2), term(y, 1))
			return m
		},
		want: lp.Infeasible,
	},
	{
		// min −x with x − y ≤ 1: x = 1 + t, y = t
		name: "unbounded",
		build: func() *lp.Model {
			m := lp.New("ub", lp.Minimize)
			x := m.AddVar("x", 0, inf, -1)
			y := m.AddVar("y", 0, inf, 0)
			m.AddLE("r", 1, term(x, 1), term(y, -1))
			return m
		},
		want: lp.Unbounded,
	},
	{
		// max x + y with x − y ≤ 1, −x + y ≤ 1: (t, t)
		name: "unbounded_max",
		build: func() *lp.Model {
			m := lp.New("ubm", lp.Maximize)
			x := m.AddVar("x", 0, inf, 1)
			y := m.AddVar("y", 0, inf, 1)
			m.AddLE("r1", 1, term(x, 1), term(y, -1))
			m.AddLE("r2", 1, term(x, -1), term(y, 1))
			return m
		},
		want: lp.Unbounded,
	},
	{
		// x − y ≥ 1 and y − x ≥ 1 sum to 0 ≥ 2 (infeasible) while min −x − y
		// has an unbounded dual direction too (both primal and dual infeasible)
		name: "infeasible_and_dual_infeasible",
		build: func() *lp.Model {
			m := lp.New("both", lp.Minimize)
			x := m.AddVar("x", 0, inf, -1)
			y := m.AddVar("y", 0, inf, -1)
			m.AddGE("a", 1, term(x, 1), term(y, -1))
			m.AddGE("b", 1, term(x, -1), term(y, 1))
			return m
		},
		want: lp.Infeasible,
	},
}

func init() {
	smallCases = append(smallCases,
		smallCase{
			// a row without terms has activity 0, outside [1, 2]
			name: "empty_row_infeasible",
			build: func() *lp.Model {
				m := lp.New("er", lp.Minimize)
				x := m.AddVar("x", 0, 1, 1)
				m.AddLE("r", 1, term(x, 1))
				m.AddRow("empty", 1, 2)
				return m
			},
			want: lp.Infeasible,
		},
		smallCase{
			// a column in no row with cost −1 and no upper bound
			name: "empty_column_unbounded",
			build: func() *lp.Model {
				m := lp.New("ec", lp.Minimize)
				x := m.AddVar("x", 0, 1, 1)
				m.AddVar("free", 0, inf, -1)
				m.AddGE("r", 0.5, term(x, 1))
				return m
			},
			want: lp.Unbounded,
		},
		smallCase{
			// free row and an empty feasible row: min x with x ≥ 0.5 → 0.5
			name: "free_and_empty_rows",
			build: func() *lp.Model {
				m := lp.New("fr", lp.Minimize)
				x := m.AddVar("x", 0, 1, 1)
				y := m.AddVar("y", -inf, inf, 0)
				m.AddGE("r", 0.5, term(x, 1))
				m.AddRow("free", -inf, inf, term(x, 1), term(y, 1))
				m.AddRow("empty", -1, 1)
				return m
			},
			want: lp.Optimal, obj: 0.5,
		},
	)
}

var optionVariants = []struct {
	name string
	opts Options
}{
	{"dual", Options{Method: MethodDual}},
	{"primal", Options{Method: MethodPrimal}},
	{"dual_nopresolve", Options{Method: MethodDual, NoPresolve: true}},
	{"primal_nopresolve", Options{Method: MethodPrimal, NoPresolve: true}},
	{"dual_noscaling", Options{NoScaling: true, NoPresolve: true}},
}

func checkSolution(t *testing.T, m *lp.Model, sol *lp.Solution, want lp.Status, obj float64) {
	t.Helper()
	if sol.Status != want {
		if !(want == lp.Infeasible && sol.Status == lp.InfeasibleOrUnbounded) {
			t.Fatalf("status %v, want %v", sol.Status, want)
		}
	}
	if sol.Backend != Backend {
		t.Errorf("Backend %q, want %q", sol.Backend, Backend)
	}
	switch sol.Status {
	case lp.Optimal:
		if !near(sol.Objective, obj, 1e-9) {
			t.Errorf("objective %.12g, want %.12g", sol.Objective, obj)
		}
		if err := checkOptimal(m, sol); err != nil {
			t.Error(err)
		}
	case lp.Infeasible:
		if sol.FarkasRow == nil && len(m.Rows) > 0 {
			t.Errorf("no Farkas certificate")
		} else if sol.FarkasRow != nil {
			if err := checkFarkas(m, sol.FarkasRow); err != nil {
				t.Error(err)
			}
		}
	case lp.Unbounded:
		if err := checkRay(m, sol.Ray); err != nil {
			t.Error(err)
		}
	}
}

func TestSmall(t *testing.T) {
	for _, tc := range smallCases {
		for _, v := range optionVariants {
			t.Run(tc.name+"/"+v.name, func(t *testing.T) {
				m := tc.build()
				sol, err := Solve(context.Background(), m, v.opts)
				if err != nil {
					t.Fatal(err)
				}
				checkSolution(t, m, sol, tc.want, tc.obj)
			})
		}
	}
}

// randomLP builds a feasible bounded LP: a random sparse matrix, a point x0
// inside the column bounds, row bounds around Ax0 (some equalities, ranges,
// one-sided), and mixed column bound types (free, fixed, boxed, one-sided).
// Boundedness: every column gets a finite bound on the side its cost pushes
// towards, so the objective is bounded over the column box alone.
func randomLP(seed uint64, m, n int, density float64) *lp.Model {
	rng := rand.New(rand.NewPCG(seed, 99))
	md := lp.New("rand", lp.Minimize)
	if seed%2 == 1 {
		md.Sense = lp.Maximize
	}
	x0 := make([]float64, n)
	for j := 0; j < n; j++ {
		c := math.Round(rng.NormFloat64()*10) / 2
		lo, hi := -inf, inf
		x0[j] = math.Round(rng.NormFloat64() * 3)
		switch rng.IntN(6) {
		case 0:
			lo, hi = x0[j]-1, x0[j]+2
		case 1:
			lo, hi = x0[j], x0[j]
		case 2:
			lo = x0[j] - float64(rng.IntN(3))
		case 3:
			hi = x0[j] + float64(rng.IntN(3))
		case 4:
			lo, hi = x0[j]-5, x0[j]+5
		default:
			lo, hi = x0[j]-float64(rng.IntN(4)), x0[j]+float64(rng.IntN(4))
		}
		md.AddVar("", lo, hi, c)
	}
	for i := 0; i < m; i++ {
		var terms []lp.Term
		for j := 0; j < n; j++ {
			if rng.Float64() < density {
				terms = append(terms, term(j, math.Round(rng.NormFloat64()*4)/2+0.25))
			}
		}
		act := 0.0
		for _, tm := range terms {
			act += tm.Coef * x0[tm.Var]
		}
		lo, hi := -inf, inf
		switch rng.IntN(4) {
		case 0:
			lo, hi = act, act
		case 1:
			lo = act - float64(rng.IntN(3))
		case 2:
			hi = act + float64(rng.IntN(3))
		default:
			lo, hi = act-1, act+float64(rng.IntN(3))
		}
		md.AddRow("", lo, hi, terms...)
	}
	for j := 0; j < n; j++ {
		v := &md.Vars[j]
		if math.IsInf(v.Lower, -1) {
			v.Lower = x0[j] - 50
		}
		if math.IsInf(v.Upper, 1) && rng.IntN(2) == 0 {
			v.Upper = x0[j] + 50
		}
		if math.IsInf(v.Upper, 1) && (md.Sense == lp.Minimize) == (md.Obj[j] < 0) {
			v.Upper = x0[j] + 50
		}
	}
	return md
}

// TestRandomKKT solves seeded random feasible bounded LPs with every method
// and checks optimality by duality (no stored answers), and that all
// methods agree on the objective.
func TestRandomKKT(t *testing.T) {
	for seed := uint64(1); seed <= 40; seed++ {
		m := randomLP(seed, 5+int(seed%7)*4, 8+int(seed%5)*6, 0.3)
		var ref float64
		for k, v := range optionVariants {
			sol, err := Solve(context.Background(), m, v.opts)
			if err != nil {
				t.Fatal(err)
			}
			if sol.Status != lp.Optimal {
				t.Fatalf("seed %d %s: status %v, want optimal (model feasible and bounded by construction)", seed, v.name, sol.Status)
			}
			if err := checkOptimal(m, sol); err != nil {
				t.Fatalf("seed %d %s: %v", seed, v.name, err)
			}
			if k == 0 {
				ref = sol.Objective
			} else if !near(sol.Objective, ref, 1e-8) {
				t.Fatalf("seed %d %s: objective %.12g, %s gave %.12g", seed, v.name, sol.Objective, optionVariants[0].name, ref)
			}
		}
	}
}

// TestWarmStart changes column bounds on a Solver, re-solves from the kept
// basis, and compares with a cold solve of the changed model.
func TestWarmStart(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		m := randomLP(seed, 12, 20, 0.3)
		sv, err := New(m, Options{})
		if err != nil {
			t.Fatal(err)
		}
		sol, err := sv.Solve(context.Background())
		if err != nil || sol.Status != lp.Optimal {
			t.Fatalf("seed %d: first solve %v %v", seed, sol.Status, err)
		}
		rng := rand.New(rand.NewPCG(seed, 5))
		mod := m.Clone()
		for round := 0; round < 4; round++ {
			// branch-like change: tighten one column around its value
			j := rng.IntN(len(m.Vars))
			lo, hi := sv.ColBounds(j)
			xj := sol.X[j]
			if rng.IntN(2) == 0 {
				hi = math.Max(lo, math.Floor(xj-0.5))
			} else {
				lo = math.Min(hi, math.Ceil(xj+0.5))
			}
			sv.SetColBounds(j, lo, hi)
			mod.Vars[j].Lower, mod.Vars[j].Upper = lo, hi
			if gl, gh := sv.ColBounds(j); gl != lo || gh != hi {
				t.Fatalf("ColBounds(%d) = %g,%g, want %g,%g", j, gl, gh, lo, hi)
			}
			warm, err := sv.Solve(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if cold := matchCold(t, mod, warm, fmt.Sprintf("seed %d round %d", seed, round)); cold.Status != lp.Optimal {
				break
			}
			sol = warm
		}
	}
}

// TestBasisRoundTrip: an optimal basis restored into a fresh Solver is
// optimal at once (zero iterations) with the same objective.
func TestBasisRoundTrip(t *testing.T) {
	m := randomLP(3, 15, 25, 0.3)
	sv, _ := New(m, Options{})
	sol, err := sv.Solve(context.Background())
	if err != nil || sol.Status != lp.Optimal {
		t.Fatal(sol.Status, err)
	}
	b := sv.Basis()
	sv2, _ := New(m, Options{})
	if err := sv2.SetBasis(b); err != nil {
		t.Fatal(err)
	}
	sol2, err := sv2.Solve(context.Background())
	if err != nil || sol2.Status != lp.Optimal {
		t.Fatal(sol2.Status, err)
	}
	if sol2.Iterations != 0 || !near(sol.Objective, sol2.Objective, 1e-9) {
		t.Errorf("restored basis: %d iterations, objective %g, want 0 and %g", sol2.Iterations, sol2.Objective, sol.Objective)
	}
	// a wrong count of basics is an error
	bad := sv.Basis()
	for j := range bad.Cols {
		bad.Cols[j] = AtLower
	}
	if err := sv2.SetBasis(bad); err == nil {
		t.Error("SetBasis with too few basics: no error")
	}
	// a basis that is singular when column 0 is empty in row 0's place is
	// repaired with logicals and still solves
	sing := Basis{Cols: make([]BasisStatus, len(m.Vars)), Rows: make([]BasisStatus, len(m.Rows))}
	for j := range sing.Cols {
		sing.Cols[j] = AtLower
	}
	for i := range sing.Rows {
		sing.Rows[i] = Basic
	}
	sing.Rows[0] = AtLower
	sing.Cols[0] = Basic
	if err := sv2.SetBasis(sing); err != nil {
		t.Fatal(err)
	}
	sol3, err := sv2.Solve(context.Background())
	if err != nil || sol3.Status != lp.Optimal || !near(sol3.Objective, sol.Objective, 1e-8) {
		t.Fatalf("after SetBasis: %v %v objective %g want %g", sol3.Status, err, sol3.Objective, sol.Objective)
	}
}

func TestLimits(t *testing.T) {
	m := randomLP(7, 30, 40, 0.3)
	sol, err := Solve(context.Background(), m, Options{IterationLimit: 1, NoPresolve: true})
	if err != nil {
		t.Fatal(err)
	}
	if sol.Status != lp.IterationLimit {
		t.Errorf("IterationLimit 1: status %v, want %v", sol.Status, lp.IterationLimit)
	}
	if sol.X != nil {
		t.Errorf("IterationLimit: X = %v, want nil (the basic point need not be feasible)", sol.X)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	sol, err = Solve(ctx, m, Options{NoPresolve: true})
	if err != nil {
		t.Fatal(err)
	}
	if sol.Status != lp.TimeLimit {
		t.Errorf("cancelled context: status %v, want %v", sol.Status, lp.TimeLimit)
	}
}

func TestBadInput(t *testing.T) {
	good := smallCases[0].build()
	bad := smallCases[0].build()
	bad.Rows[0].Ind[0] = 99
	for _, tc := range []struct {
		name string
		m    *lp.Model
		opts Options
		want error
	}{
		{"nil model", nil, Options{}, nil},
		{"invalid model", bad, Options{}, lp.ErrInvalid},
		{"bad method", good, Options{Method: 7}, ErrBadOptions},
		{"negative iteration limit", good, Options{IterationLimit: -1}, ErrBadOptions},
		{"NaN tolerance", good, Options{PrimalTol: math.NaN()}, ErrBadOptions},
		{"huge tolerance", good, Options{DualTol: 1}, ErrBadOptions},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Solve(context.Background(), tc.m, tc.opts)
			if err == nil {
				t.Fatal("no error")
			}
			if tc.want != nil && !errors.Is(err, tc.want) {
				t.Errorf("error %v, want %v", err, tc.want)
			}
			if _, err := New(tc.m, tc.opts); err == nil {
				t.Error("New: no error")
			}
		})
	}
}

// TestAddRows adds cuts that the current optimum violates and compares the
// warm re-solve with a cold solve of the model with the rows added.
func TestAddRows(t *testing.T) {
	optimalResolves := 0
	for seed := uint64(1); seed <= 15; seed++ {
		m := randomLP(seed, 10, 16, 0.3)
		sv, err := New(m, Options{})
		if err != nil {
			t.Fatal(err)
		}
		sol, err := sv.Solve(context.Background())
		if err != nil || sol.Status != lp.Optimal {
			t.Fatalf("seed %d: %v %v", seed, sol.Status, err)
		}
		mod := m.Clone()
		rng := rand.New(rand.NewPCG(seed, 11))
		for round := 0; round < 3; round++ {
			// a cut through the current point, tightened by 0.5: aᵀx ≤ aᵀx* − 0.5
			var r lp.Row
			act := 0.0
			for j := range m.Vars {
				if rng.IntN(3) == 0 {
					c := float64(rng.IntN(5) - 2)
					if c == 0 {
						continue
					}
					r.Ind = append(r.Ind, j)
					r.Val = append(r.Val, c)
					act += c * sol.X[j]
				}
			}
			r.Lower, r.Upper = math.Inf(-1), act-0.5
			if err := sv.AddRows([]lp.Row{r}); err != nil {
				t.Fatal(err)
			}
			mod.Rows = append(mod.Rows, r)
			warm, err := sv.Solve(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			cold := matchCold(t, mod, warm, fmt.Sprintf("seed %d round %d", seed, round))
			if cold.Status != lp.Optimal {
				if cold.Status == lp.Infeasible {
					if err := checkFarkas(mod, warm.FarkasRow); err != nil {
						t.Fatalf("seed %d round %d: %v", seed, round, err)
					}
				}
				break
			}
			sol = warm
			optimalResolves++
		}
	}
	if optimalResolves < 10 {
		t.Errorf("only %d optimal re-solves after cuts; the test needs feasible cuts to mean anything", optimalResolves)
	}
	t.Logf("%d optimal re-solves", optimalResolves)
	sv, _ := New(randomLP(1, 4, 5, 0.5), Options{})
	for _, bad := range []lp.Row{
		{Ind: []int{9}, Val: []float64{1}, Upper: 1},
		{Ind: []int{0, 0}, Val: []float64{1, 2}, Upper: 1},
		{Ind: []int{0}, Val: []float64{math.NaN()}, Upper: 1},
		{Ind: []int{0}, Val: []float64{1, 2}, Upper: 1},
		{Ind: []int{0}, Val: []float64{1}, Lower: math.Inf(1), Upper: math.Inf(1)},
	} {
		if err := sv.AddRows([]lp.Row{bad}); err == nil {
			t.Errorf("AddRows(%+v): no error", bad)
		}
	}
}

// TestRandomCertificates makes seeded random LPs infeasible (a copy of a row
// pushed past its own bound) or unbounded (a new improving column that
// every row tolerates) and checks the Farkas certificate or the ray with
// every option variant.
func TestRandomCertificates(t *testing.T) {
	for seed := uint64(1); seed <= 30; seed++ {
		base := randomLP(seed, 8+int(seed%4)*3, 10+int(seed%3)*5, 0.35)
		// infeasible: row i again, beyond its finite bound
		inf := base.Clone()
		for _, r := range inf.Rows {
			if len(r.Ind) == 0 {
				continue
			}
			if !math.IsInf(r.Upper, 1) {
				inf.AddRow("cut", r.Upper+1, math.Inf(1), termsOf(r)...)
				break
			}
			if !math.IsInf(r.Lower, -1) {
				inf.AddRow("cut", math.Inf(-1), r.Lower-1, termsOf(r)...)
				break
			}
		}
		// unbounded: a column improving the objective that no row limits
		unb := base.Clone()
		c := -1.0
		if unb.Sense == lp.Maximize {
			c = 1
		}
		j := unb.AddVar("ray", 0, math.Inf(1), c)
		for i := range unb.Rows {
			r := &unb.Rows[i]
			switch {
			case math.IsInf(r.Upper, 1):
				r.Ind = append(r.Ind, j)
				r.Val = append(r.Val, 1)
			case math.IsInf(r.Lower, -1):
				r.Ind = append(r.Ind, j)
				r.Val = append(r.Val, -0.5)
			}
		}
		for _, v := range optionVariants {
			sol, err := Solve(context.Background(), inf, v.opts)
			if err != nil {
				t.Fatal(err)
			}
			if sol.Status != lp.Infeasible {
				t.Fatalf("seed %d %s: infeasible model: status %v", seed, v.name, sol.Status)
			}
			if err := checkFarkas(inf, sol.FarkasRow); err != nil {
				t.Fatalf("seed %d %s: %v", seed, v.name, err)
			}
			sol, err = Solve(context.Background(), unb, v.opts)
			if err != nil {
				t.Fatal(err)
			}
			if sol.Status != lp.Unbounded {
				t.Fatalf("seed %d %s: unbounded model: status %v", seed, v.name, sol.Status)
			}
			if err := checkRay(unb, sol.Ray); err != nil {
				t.Fatalf("seed %d %s: %v", seed, v.name, err)
			}
		}
	}
}

func termsOf(r lp.Row) []lp.Term {
	ts := make([]lp.Term, len(r.Ind))
	for k, j := range r.Ind {
		ts[k] = lp.Term{Var: j, Coef: r.Val[k]}
	}
	return ts
}

// assignment builds the k×k assignment LP with seeded random costs in
// {1..9}: a highly degenerate problem whose slack basis is dual feasible.
func assignment(k int, seed uint64) *lp.Model {
	rng := rand.New(rand.NewPCG(seed, 3))
	m := lp.New("assign", lp.Minimize)
	for i := 0; i < k; i++ {
		for j := 0; j < k; j++ {
			m.AddVar("", 0, inf, float64(1+rng.IntN(9)))
		}
	}
	for i := 0; i < k; i++ {
		var row, col []lp.Term
		for j := 0; j < k; j++ {
			row = append(row, term(i*k+j, 1))
			col = append(col, term(j*k+i, 1))
		}
		m.AddEQ("", 1, row...)
		m.AddEQ("", 1, col...)
	}
	return m
}

// TestDualStallPerturbation runs the dual simplex as on a warm start (no
// initial perturbation) with a tiny stall limit, so that the stall
// perturbation is taken, and compares with a cold solve.
func TestDualStallPerturbation(t *testing.T) {
	for seed := uint64(1); seed <= 5; seed++ {
		m := assignment(15, seed)
		cold, err := Solve(context.Background(), m, Options{NoPresolve: true})
		if err != nil || cold.Status != lp.Optimal {
			t.Fatalf("cold: %v %v", cold.Status, err)
		}
		sv, err := New(m, Options{})
		if err != nil {
			t.Fatal(err)
		}
		sv.solved = true // as if warm: no perturbation up front
		sv.s.stallOverride = 1
		sol, err := sv.Solve(context.Background())
		if err != nil || sol.Status != lp.Optimal {
			t.Fatalf("seed %d: %v %v", seed, sol.Status, err)
		}
		if !sv.s.costPerturbed {
			t.Errorf("seed %d: the stall perturbation was not taken", seed)
		}
		if !near(sol.Objective, cold.Objective, 1e-9) {
			t.Errorf("seed %d: objective %.12g, cold %.12g", seed, sol.Objective, cold.Objective)
		}
		if err := checkOptimal(m, sol); err != nil {
			t.Errorf("seed %d: %v", seed, err)
		}
	}
}

// matchCold solves mod cold (no presolve) and fails the test unless the
// warm answer has its status and, when optimal, its objective (to 1e-8)
// and passes checkOptimal. It returns the cold answer.
func matchCold(t *testing.T, mod *lp.Model, warm *lp.Solution, where string) *lp.Solution {
	t.Helper()
	cold, err := Solve(context.Background(), mod, Options{NoPresolve: true})
	if err != nil {
		t.Fatal(err)
	}
	if warm.Status != cold.Status {
		t.Fatalf("%s: warm %v, cold %v", where, warm.Status, cold.Status)
	}
	if cold.Status == lp.Optimal {
		if !near(warm.Objective, cold.Objective, 1e-8) {
			t.Fatalf("%s: warm objective %.12g, cold %.12g", where, warm.Objective, cold.Objective)
		}
		if err := checkOptimal(mod, warm); err != nil {
			t.Fatalf("%s: %v", where, err)
		}
	}
	return cold
}

// TestWarmObjective replaces the objective on a Solver as bound
// tightening does (minimise, then maximise, one column after another),
// re-solves from the kept basis, and compares with a cold solve of the
// changed model; the warm solves must also take fewer iterations in total
// than the cold ones, the reason to keep the basis.
func TestWarmObjective(t *testing.T) {
	warmIters, coldIters := 0, 0
	for seed := uint64(1); seed <= 20; seed++ {
		m := randomLP(seed, 30, 40, 0.2)
		sv, err := New(m, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if sol, err := sv.Solve(context.Background()); err != nil || sol.Status != lp.Optimal {
			t.Fatalf("seed %d: first solve %v %v", seed, sol.Status, err)
		}
		mod := m.Clone()
		for round := 0; round < 16; round++ {
			sense := lp.Minimize
			if round%2 == 1 {
				sense = lp.Maximize
			}
			obj := make([]float64, len(m.Vars))
			obj[round/2] = 1
			sv.SetObjective(sense, obj)
			mod.Sense = sense
			copy(mod.Obj, obj)
			warm, err := sv.Solve(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			cold := matchCold(t, mod, warm, fmt.Sprintf("seed %d round %d", seed, round))
			if cold.Status != lp.Optimal {
				continue
			}
			warmIters += warm.Iterations
			coldIters += cold.Iterations
		}
	}
	if warmIters >= coldIters {
		t.Errorf("warm solves took %d iterations in all, cold ones %d: the basis is not reused", warmIters, coldIters)
	}
	t.Logf("iterations: warm %d, cold %d", warmIters, coldIters)
}

func TestSetObjectivePanicsOnLength(t *testing.T) {
	sv, err := New(randomLP(1, 5, 6, 0.5), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		if recover() == nil {
			t.Error("SetObjective with 2 coefficients for 6 columns did not panic")
		}
	}()
	sv.SetObjective(lp.Minimize, []float64{1, 2})
}
