package presolve

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/streamopt/streamopt/lp"
)

var inf = math.Inf(1)

type term = lp.Term

// buildModel is a compact constructor for the hand-written cases.
func buildModel(sense lp.Sense, obj []float64, bounds [][2]float64, rows []lp.Row) *lp.Model {
	m := lp.New("case", sense)
	for j, c := range obj {
		m.AddVar("x"+string(rune('a'+j)), bounds[j][0], bounds[j][1], c)
	}
	for i, r := range rows {
		terms := make([]lp.Term, len(r.Ind))
		for k, j := range r.Ind {
			terms[k] = term{Var: j, Coef: r.Val[k]}
		}
		m.AddRow("r"+string(rune('0'+i)), r.Lower, r.Upper, terms...)
	}
	return m
}

func row(lo, hi float64, ind []int, val []float64) lp.Row {
	return lp.Row{Lower: lo, Upper: hi, Ind: ind, Val: val}
}

// Expected optima come from scipy 1.10.1 linprog(method="highs") run on the
// same data (testdata/scipy_cases.py); expected duals are
// derived by hand from c = Aᵀy + d where the dual is unique, as noted.
func TestReductions(t *testing.T) {
	cases := []struct {
		name   string
		model  *lp.Model
		status lp.Status // of presolve
		final  lp.Status // of the original model
		obj    float64
		dual   []float64 // expected row duals of the original, nil if not unique
		reason string    // start of Reason when presolve proves infeasibility
		stat   func(Stats) int
	}{
		{
			name: "singleton row becomes a bound and takes its dual",
			// min 2a+b, a+b ≥ 4, 2a ≥ 3: a = 1.5, b = 2.5, obj 5.5 (scipy).
			// Duals: b basic ⇒ y0 = 1; a: 2 = y0 + 2·y1 ⇒ y1 = 0.5.
			model: buildModel(lp.Minimize, []float64{2, 1}, [][2]float64{{0, 10}, {0, 10}},
				[]lp.Row{row(4, inf, []int{0, 1}, []float64{1, 1}), row(3, inf, []int{0}, []float64{2})}),
			final: lp.Optimal, obj: 5.5, dual: []float64{1, 0.5},
			stat: func(s Stats) int { return s.SingletonRows },
		},
		{
			name: "singleton row with negative coefficient under max",
			// max a+b, a+2b ≤ 6, −a ≥ −2: a = b = 2, obj 4 (scipy).
			// b: 1 = 2·y0 ⇒ y0 = 0.5; a: 1 = y0 − y1 ⇒ y1 = −0.5.
			model: buildModel(lp.Maximize, []float64{1, 1}, [][2]float64{{0, inf}, {0, inf}},
				[]lp.Row{row(-inf, 6, []int{0, 1}, []float64{1, 2}), row(-2, inf, []int{0}, []float64{-1})}),
			final: lp.Optimal, obj: 4, dual: []float64{0.5, -0.5},
			stat: func(s Stats) int { return s.SingletonRows },
		},
		{
			name: "fixed column shifts the row",
			// min a+2b+3c, a+b+c ≥ 3, c = 1: obj 5 (scipy); y0 = 1 (a basic).
			model: buildModel(lp.Minimize, []float64{1, 2, 3}, [][2]float64{{0, 5}, {0, 5}, {1, 1}},
				[]lp.Row{row(3, inf, []int{0, 1, 2}, []float64{1, 1, 1})}),
			final: lp.Optimal, obj: 5, dual: []float64{1},
			stat: func(s Stats) int { return s.FixedCols },
		},
		{
			name: "empty column fixed at the bound a max prefers",
			// max a−b+2c, a+b ≤ 4, c ∈ [0,3] in no row: obj 10 (scipy).
			model: buildModel(lp.Maximize, []float64{1, -1, 2}, [][2]float64{{0, inf}, {0, inf}, {0, 3}},
				[]lp.Row{row(-inf, 4, []int{0, 1}, []float64{1, 1})}),
			final: lp.Optimal, obj: 10, dual: []float64{1},
			stat: func(s Stats) int { return s.EmptyCols },
		},
		{
			name: "empty column pushed to infinity is left to the solver",
			// max a+b, a ≤ 3, b ≥ 0 in no row: unbounded by inspection.
			model: buildModel(lp.Maximize, []float64{1, 1}, [][2]float64{{0, inf}, {0, inf}},
				[]lp.Row{row(-inf, 3, []int{0}, []float64{1})}),
			final: lp.Unbounded,
			stat:  func(s Stats) int { return s.ColsAfter },
		},
		{
			name: "duplicate rows merged, dual handed back",
			// min −a−b, a+2b ≤ 4, −2a−4b ≥ −6, a,b ∈ [0,2]: a = 2, b = 0.5, obj −2.5 (scipy).
			// b basic: −1 = −4·y1 ⇒ y1 = 0.25, y0 = 0 (row 0 slack).
			model: buildModel(lp.Minimize, []float64{-1, -1}, [][2]float64{{0, 2}, {0, 2}},
				[]lp.Row{row(-inf, 4, []int{0, 1}, []float64{1, 2}), row(-6, inf, []int{0, 1}, []float64{-2, -4})}),
			final: lp.Optimal, obj: -2.5, dual: []float64{0, 0.25},
			stat: func(s Stats) int { return s.DuplicateRows },
		},
		{
			name: "parallel rows with contradictory bounds",
			// a+b ≤ 1 and 2a+2b ≥ 4: infeasible (scipy).
			model: buildModel(lp.Minimize, []float64{0, 0}, [][2]float64{{-inf, inf}, {-inf, inf}},
				[]lp.Row{row(-inf, 1, []int{0, 1}, []float64{1, 1}), row(4, inf, []int{0, 1}, []float64{2, 2})}),
			status: lp.Infeasible, final: lp.Infeasible, reason: "row 0 (r0) and row 1 (r1) are parallel",
		},
		{
			name: "forcing row fixes its columns",
			// min a+b+c, a+b ≤ 0, a+c ≥ 1, a,b ∈ [0,5], c ∈ [0,10]: obj 1 (scipy).
			model: buildModel(lp.Minimize, []float64{1, 1, 1}, [][2]float64{{0, 5}, {0, 5}, {0, 10}},
				[]lp.Row{row(-inf, 0, []int{0, 1}, []float64{1, 1}), row(1, inf, []int{0, 2}, []float64{1, 1})}),
			final: lp.Optimal, obj: 1,
			stat: func(s Stats) int { return s.ForcingRows },
		},
		{
			name: "redundant row dropped",
			// min −a−b, a+b ≤ 10, a−b ≤ 1, a,b ∈ [0,3]: obj −6 (scipy); row 0 slack ⇒ y0 = 0.
			model: buildModel(lp.Minimize, []float64{-1, -1}, [][2]float64{{0, 3}, {0, 3}},
				[]lp.Row{row(-inf, 10, []int{0, 1}, []float64{1, 1}), row(-inf, 1, []int{0, 1}, []float64{1, -1})}),
			final: lp.Optimal, obj: -6, dual: []float64{0, 0},
			stat: func(s Stats) int { return s.RedundantRows },
		},
		{
			name: "singleton row conflicts with the column bounds",
			// 5b ∈ [1, 2] means b ∈ [0.2, 0.4], but b = 0: infeasible by inspection.
			model: buildModel(lp.Minimize, []float64{1, 1}, [][2]float64{{0, 3}, {0, 0}},
				[]lp.Row{row(1, 2, []int{1}, []float64{5})}),
			status: lp.Infeasible, final: lp.Infeasible, reason: "row 0 (r0): it implies bounds [0.2, 0.4] on column 1 (xb)",
		},
		{
			name: "activity bounds prove infeasibility",
			// a+b ≥ 7 with a,b ∈ [0,3]: infeasible (scipy).
			model: buildModel(lp.Minimize, []float64{1, 1}, [][2]float64{{0, 3}, {0, 3}},
				[]lp.Row{row(7, inf, []int{0, 1}, []float64{1, 1})}),
			status: lp.Infeasible, final: lp.Infeasible, reason: "row 0 (r0): its largest activity over the column bounds, 6, is below its lower bound 7",
		},
		{
			name: "empty row outside its bounds",
			// A row with no coefficients and bounds [1, 2]: 1 ≤ 0 is false by inspection.
			model: buildModel(lp.Minimize, []float64{1, 1}, [][2]float64{{0, 3}, {0, 0}},
				[]lp.Row{row(1, 2, nil, nil)}),
			status: lp.Infeasible, final: lp.Infeasible, reason: "row 0 (r0): all its columns are removed",
		},
		{
			name: "dominated column fixed at its lower bound",
			// min a+2b+c, a+b ≥ 2, b+c ≤ 3, a ∈ [0,1], b,c ∈ [0,4]: a = b = 1, c = 0, obj 3 (scipy).
			// b basic: 2 = y0 + y1, row 1 slack ⇒ y1 = 0, y0 = 2.
			model: buildModel(lp.Minimize, []float64{1, 2, 1}, [][2]float64{{0, 1}, {0, 4}, {0, 4}},
				[]lp.Row{row(2, inf, []int{0, 1}, []float64{1, 1}), row(-inf, 3, []int{1, 2}, []float64{1, 1})}),
			final: lp.Optimal, obj: 3, dual: []float64{2, 0},
			stat: func(s Stats) int { return s.DominatedCols },
		},
		{
			name: "implied free column singleton substituted out",
			// min a+b+2c, a+b−c = 1, a+b ≥ 2, a,b ∈ [0,3], c free: obj 4 (scipy).
			// c: 2 = −y0 ⇒ y0 = −2; a or b basic: 1 = y0 + y1 ⇒ y1 = 3.
			model: buildModel(lp.Minimize, []float64{1, 1, 2}, [][2]float64{{0, 3}, {0, 3}, {-inf, inf}},
				[]lp.Row{row(1, 1, []int{0, 1, 2}, []float64{1, 1, -1}), row(2, inf, []int{0, 1}, []float64{1, 1})}),
			final: lp.Optimal, obj: 4, dual: []float64{-2, 3},
			stat: func(s Stats) int { return s.SubstitutedCols },
		},
		{
			name: "free column singleton in an inequality row",
			// min a+b−c, a+b+c ≤ 4, a−b ≥ −1, a,b ∈ [0,3], c free: obj −4 (scipy).
			// c: −1 = y0 ⇒ y0 = −1 (row 0 at its upper side); row 1 slack ⇒ y1 = 0.
			model: buildModel(lp.Minimize, []float64{1, 1, -1}, [][2]float64{{0, 3}, {0, 3}, {-inf, inf}},
				[]lp.Row{row(-inf, 4, []int{0, 1, 2}, []float64{1, 1, 1}), row(-1, inf, []int{0, 1}, []float64{1, -1})}),
			final: lp.Optimal, obj: -4, dual: []float64{-1, 0},
			stat: func(s Stats) int { return s.SubstitutedCols },
		},
		{
			name: "objective offset carried under max",
			// max 3a+b+5, a+b ≤ 4, a = 1: obj 11 (scipy, offset added); y0 = 1 (b basic).
			model: func() *lp.Model {
				m := buildModel(lp.Maximize, []float64{3, 1}, [][2]float64{{1, 1}, {0, inf}},
					[]lp.Row{row(-inf, 4, []int{0, 1}, []float64{1, 1})})
				m.ObjOffset = 5
				return m
			}(),
			final: lp.Optimal, obj: 11, dual: []float64{1},
			stat: func(s Stats) int { return s.FixedCols },
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res, err := Presolve(tc.model, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if res.Status != tc.status {
				t.Fatalf("presolve status %s (%s), want %s", res.Status, res.Reason, tc.status)
			}
			if tc.stat != nil && tc.stat(res.Stats) == 0 {
				t.Errorf("expected reduction did not fire: %+v", res.Stats)
			}
			if res.Status == lp.Infeasible {
				if !strings.HasPrefix(res.Reason, tc.reason) || res.Reduced != nil {
					t.Errorf("infeasible result: reason %q, want it to start with %q; reduced %v", res.Reason, tc.reason, res.Reduced)
				}
				if o, err := solveDense(tc.model); err != nil || o.status != tc.final {
					t.Errorf("oracle on the original: %v %v, want %s", o.status, err, tc.final)
				}
				return
			}
			got, err := solveDense(res.Reduced)
			if err != nil {
				t.Fatal(err)
			}
			if got.status != tc.final {
				t.Fatalf("reduced model %s, want %s", got.status, tc.final)
			}
			if got.status != lp.Optimal {
				return
			}
			post, err := res.Postsolve(got.solution(res.Reduced))
			if err != nil {
				t.Fatal(err)
			}
			if err := checkOptimal(tc.model, post); err != nil {
				t.Error(err)
			}
			if !closeRel(post.Objective, tc.obj, objTol) {
				t.Errorf("objective %v, want %v", post.Objective, tc.obj)
			}
			for i, y := range tc.dual {
				if math.Abs(post.RowDual[i]-y) > 1e-9 {
					t.Errorf("row %d dual %v, want %v", i, post.RowDual[i], y)
				}
			}
		})
	}
}

func TestExplicitZeroCoefficients(t *testing.T) {
	// min a + b with rows filled directly: 0·a + 2·b ≥ 3 is a singleton row
	// on b, and 1 ≤ 0·b ≤ 2 is an empty row, hence infeasible.
	m := buildModel(lp.Minimize, []float64{1, 1}, [][2]float64{{0, 5}, {0, 5}}, nil)
	m.Rows = []lp.Row{{Name: "r0", Ind: []int{0, 1}, Val: []float64{0, 2}, Lower: 3, Upper: inf}}
	res, err := Presolve(m, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Stats.SingletonRows != 1 || res.Status != lp.NotSolved {
		t.Fatalf("status %s, stats %+v", res.Status, statsFields(res.Stats))
	}
	// The only optimum: a = 0, b = 1.5 (by inspection), dual 0.5 on r0 (1 = 2y).
	post, err := res.Postsolve(&lp.Solution{Status: lp.Optimal, X: []float64{}, RowDual: []float64{}, ReducedCost: []float64{}})
	if err != nil {
		t.Fatal(err)
	}
	if err := checkOptimal(m, post); err != nil || post.X[1] != 1.5 || post.RowDual[0] != 0.5 {
		t.Errorf("x %v y %v: %v", post.X, post.RowDual, err)
	}
	m.Rows = append(m.Rows, lp.Row{Name: "zeros", Ind: []int{1}, Val: []float64{0}, Lower: 1, Upper: 2})
	if res, err := Presolve(m, Options{}); err != nil || res.Status != lp.Infeasible {
		t.Errorf("row of zeros with bounds [1, 2]: %v %v", res.Status, err)
	}
}

func TestIntegerColumns(t *testing.T) {
	// min −a − b, 2a ≤ 5 (singleton), a + b ≤ 3, a integer in [0, 10], b in [0, 1.5].
	build := func() *lp.Model {
		m := lp.New("int", lp.Minimize)
		a := m.AddIntVar("a", 0, 10, -1)
		b := m.AddVar("b", 0, 1.5, -1)
		m.AddLE("single", 5, term{Var: a, Coef: 2})
		m.AddLE("sum", 3, term{Var: a, Coef: 1}, term{Var: b, Coef: 1})
		return m
	}
	cases := []struct {
		name   string
		opts   Options
		aUpper float64 // 2a ≤ 5 ⇒ a ≤ 2.5, rounded down to 2 for an integer column
		isInt  bool
	}{
		{"integrality kept", Options{}, 2, true},
		{"relaxation", Options{IgnoreIntegrality: true}, 2.5, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res, err := Presolve(build(), tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			if res.Status != lp.NotSolved {
				t.Fatalf("status %s: %s", res.Status, res.Reason)
			}
			red := res.Reduced
			k := -1
			for j, v := range red.Vars {
				if v.Name == "a" {
					k = j
				}
			}
			if k < 0 {
				t.Fatalf("column a was removed: %+v", res.Stats)
			}
			if red.Vars[k].Upper != tc.aUpper || red.Vars[k].Integer != tc.isInt {
				t.Errorf("reduced a: %+v, want upper %v, integer %v", red.Vars[k], tc.aUpper, tc.isInt)
			}
		})
	}
}

func TestIntegerInfeasibleAfterRounding(t *testing.T) {
	// 2a = 3 has no integer solution: a ∈ [1.5, 1.5] rounds to [2, 1].
	m := lp.New("int", lp.Minimize)
	a := m.AddIntVar("a", 0, 10, 1)
	m.AddEQ("half", 3, term{Var: a, Coef: 2})
	res, err := Presolve(m, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != lp.Infeasible {
		t.Errorf("status %s, want infeasible", res.Status)
	}
	res, err = Presolve(m, Options{IgnoreIntegrality: true})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != lp.NotSolved {
		t.Errorf("relaxation: status %s (%s), want not_solved", res.Status, res.Reason)
	}
}

func TestBadInput(t *testing.T) {
	good := buildModel(lp.Minimize, []float64{1}, [][2]float64{{0, 1}}, nil)
	bad := buildModel(lp.Minimize, []float64{1}, [][2]float64{{0, 1}}, []lp.Row{row(0, 1, []int{3}, []float64{1})})
	cases := []struct {
		name string
		m    *lp.Model
		opts Options
		want string
	}{
		{"nil model", nil, Options{}, "model: must not be nil"},
		{"index out of range", bad, Options{}, "column index 3 out of range"},
		{"negative tolerance", good, Options{Tol: -1}, "options.Tol: must be in [0, 1), got -1"},
		{"NaN tolerance", good, Options{Tol: math.NaN()}, "options.Tol"},
		{"negative passes", good, Options{MaxPasses: -2}, "options.MaxPasses: must be >= 0, got -2"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Presolve(tc.m, tc.opts)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want it to contain %q", err, tc.want)
			}
		})
	}
}

func TestPostsolveBadInput(t *testing.T) {
	m := buildModel(lp.Minimize, []float64{1, 1}, [][2]float64{{0, 3}, {0, 3}},
		[]lp.Row{row(1, inf, []int{0, 1}, []float64{1, 1}), row(-inf, 5, []int{0, 1}, []float64{1, 2})})
	res, err := Presolve(m, Options{})
	if err != nil {
		t.Fatal(err)
	}
	n, nr := res.Reduced.NumVars(), res.Reduced.NumRows()
	cases := []struct {
		name string
		sol  *lp.Solution
		want string
	}{
		{"nil", nil, "solution: must not be nil"},
		{"short x", &lp.Solution{X: make([]float64, n+1)}, "solution.X: want length"},
		{"short duals", &lp.Solution{X: make([]float64, n), RowDual: make([]float64, nr+1), ReducedCost: make([]float64, n)}, "solution.RowDual"},
		{"reduced cost only", &lp.Solution{X: make([]float64, n), ReducedCost: make([]float64, n)}, "solution.RowDual"},
		{"short ray", &lp.Solution{Ray: make([]float64, n+2)}, "solution.Ray"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := res.Postsolve(tc.sol)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want it to contain %q", err, tc.want)
			}
		})
	}
	inf := &Result{Status: lp.Infeasible, Reason: "test"}
	if _, err := inf.Postsolve(&lp.Solution{}); !errors.Is(err, ErrNoPostsolve) {
		t.Errorf("postsolve of a decided result: %v, want ErrNoPostsolve", err)
	}
	var nilRes *Result
	if _, err := nilRes.Postsolve(&lp.Solution{}); err == nil {
		t.Error("postsolve on a nil result: no error")
	}
}

// TestModelUnchanged checks that Presolve does not modify its input.
func TestModelUnchanged(t *testing.T) {
	for seed := uint64(1); seed <= 50; seed++ {
		m := randomModel(seed)
		before := m.Clone()
		if _, err := Presolve(m, Options{}); err != nil {
			t.Fatal(err)
		}
		if !equalModels(m, before) {
			t.Fatalf("seed %d: model modified", seed)
		}
	}
}

func equalModels(a, b *lp.Model) bool {
	if a.Sense != b.Sense || a.ObjOffset != b.ObjOffset || len(a.Vars) != len(b.Vars) || len(a.Rows) != len(b.Rows) {
		return false
	}
	for j := range a.Vars {
		if a.Vars[j] != b.Vars[j] || a.Obj[j] != b.Obj[j] {
			return false
		}
	}
	for i := range a.Rows {
		ra, rb := a.Rows[i], b.Rows[i]
		if ra.Lower != rb.Lower || ra.Upper != rb.Upper || len(ra.Ind) != len(rb.Ind) {
			return false
		}
		for k := range ra.Ind {
			if ra.Ind[k] != rb.Ind[k] || ra.Val[k] != rb.Val[k] {
				return false
			}
		}
	}
	return true
}

func TestPostsolvePartialSolutions(t *testing.T) {
	// max a + b, a ≤ 3 (singleton row), c fixed at 2 in a + c ≤ 10; b ≥ 0 in
	// no row with a positive cost: presolve keeps b, the reduced model is
	// unbounded along b.
	m := buildModel(lp.Maximize, []float64{1, 1, 0}, [][2]float64{{0, inf}, {0, inf}, {2, 2}},
		[]lp.Row{row(-inf, 3, []int{0}, []float64{1}), row(-inf, 10, []int{0, 2}, []float64{1, 1})})
	res, err := Presolve(m, Options{})
	if err != nil {
		t.Fatal(err)
	}
	red := res.Reduced
	kb := -1
	for j, v := range red.Vars {
		if v.Name == "xb" {
			kb = j
		}
	}
	if kb < 0 {
		t.Fatalf("column b removed: %+v", res.Stats)
	}
	t.Run("ray", func(t *testing.T) {
		ray := make([]float64, red.NumVars())
		ray[kb] = 1
		post, err := res.Postsolve(&lp.Solution{Status: lp.Unbounded, Ray: ray})
		if err != nil {
			t.Fatal(err)
		}
		// The ray of the reduced model extended by zeros: (0, 1, 0).
		if want := []float64{0, 1, 0}; len(post.Ray) != 3 || post.Ray[0] != want[0] || post.Ray[1] != want[1] || post.Ray[2] != want[2] {
			t.Errorf("ray %v, want %v", post.Ray, want)
		}
		if post.X != nil || post.RowDual != nil || post.Status != lp.Unbounded {
			t.Errorf("unexpected fields: %+v", post)
		}
	})
	t.Run("primal only", func(t *testing.T) {
		x := make([]float64, red.NumVars())
		for j, v := range red.Vars {
			x[j] = v.Lower
		}
		post, err := res.Postsolve(&lp.Solution{Status: lp.TimeLimit, X: x})
		if err != nil {
			t.Fatal(err)
		}
		if post.RowDual != nil || post.ReducedCost != nil {
			t.Errorf("duals invented: %v %v", post.RowDual, post.ReducedCost)
		}
		if post.X[2] != 2 || post.Status != lp.TimeLimit {
			t.Errorf("x = %v status %s, want c = 2 and time_limit", post.X, post.Status)
		}
		if want := m.Activities(post.X); post.RowActivity[1] != want[1] {
			t.Errorf("activity %v, want %v", post.RowActivity, want)
		}
	})
}

func TestRayThroughSubstitution(t *testing.T) {
	// max a, a − c = 0 with c free and in no other row, a ≥ 0: c is
	// substituted out and the reduced model is unbounded along a. The ray
	// of the original must move c with a (a − c stays 0): (1, 1).
	m := buildModel(lp.Maximize, []float64{1, 0}, [][2]float64{{0, inf}, {-inf, inf}},
		[]lp.Row{row(0, 0, []int{0, 1}, []float64{1, -1})})
	res, err := Presolve(m, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Stats.SubstitutedCols != 1 || res.Reduced.NumVars() != 1 {
		t.Fatalf("stats %+v", statsFields(res.Stats))
	}
	post, err := res.Postsolve(&lp.Solution{Status: lp.Unbounded, Ray: []float64{1}})
	if err != nil {
		t.Fatal(err)
	}
	if len(post.Ray) != 2 || post.Ray[0] != 1 || post.Ray[1] != 1 {
		t.Errorf("ray %v, want [1 1]", post.Ray)
	}
	if act := m.Activities(post.Ray); act[0] != 0 {
		t.Errorf("ray moves the equality row by %v", act[0])
	}
}

// TestSubstitutionSideInRange is the fuzz crasher "022000000000A077A77"
// (testdata/fuzz/FuzzPresolve/substitution_rhs_overflow): three free
// columns, no cost, and the rows −1e300 ≤ 1e-300·(x1 + x2) ≤ 0 and
// −1e300 ≤ 1e-300·(x0 + x1) ≤ 0. Solving a column from the side −1e300 put
// b/a = −∞ on the postsolve stack and gave x = −∞ + ∞ = NaN. A column with
// no cost may use either side, so it takes 0, and a side with b/a out of
// range is never used. The postsolved point must then be an optimum of the
// model (x = 0 is one, with all duals 0).
func TestSubstitutionSideInRange(t *testing.T) {
	m := modelFromBytes([]byte("022000000000A077A77"))
	for _, opts := range []Options{{}, {IgnoreIntegrality: true}} {
		res, err := Presolve(m, opts)
		if err != nil {
			t.Fatal(err)
		}
		if res.Status != lp.NotSolved {
			t.Fatalf("status %s: %s", res.Status, res.Reason)
		}
		red := res.Reduced
		sol := &lp.Solution{X: make([]float64, red.NumVars()), RowDual: make([]float64, red.NumRows()),
			ReducedCost: append([]float64(nil), red.Obj...)}
		post, err := res.Postsolve(sol)
		if err != nil {
			t.Fatal(err)
		}
		if err := checkOptimal(m, post); err != nil {
			t.Errorf("postsolved point %v: %v", post.X, err)
		}
	}
}

// TestPostsolveOutOfRange: when a dual the reduced solution implies cannot
// be represented, Postsolve fails with ErrOutOfRange instead of returning a
// NaN. The model is the fuzz input fixed_column_reduced_cost_overflow:
// min 1e300·x1, 1e300·x0 ∈ [−1e300, 0], 1e300·x0 + 7·x1 ≥ −2, x0 free,
// x1 ∈ [−1e300, 0]; postsolve gives the second row the dual 1e300/7, and
// x0's reduced cost 0 − 1e300·(1e300/7) overflows.
func TestPostsolveOutOfRange(t *testing.T) {
	m := buildModel(lp.Minimize, []float64{0, 1e300}, [][2]float64{{-inf, inf}, {-1e300, 0}},
		[]lp.Row{row(-1e300, 0, []int{0}, []float64{1e300}), row(-2, inf, []int{0, 1}, []float64{1e300, 7})})
	res, err := Presolve(m, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != lp.NotSolved || res.Reduced.NumVars() != 0 {
		t.Fatalf("status %s, reduced %d columns: want everything removed", res.Status, res.Reduced.NumVars())
	}
	_, err = res.Postsolve(&lp.Solution{X: []float64{}, RowDual: []float64{}, ReducedCost: []float64{}})
	if !errors.Is(err, ErrOutOfRange) {
		t.Fatalf("err %v, want ErrOutOfRange", err)
	}
}
