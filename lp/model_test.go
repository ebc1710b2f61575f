package lp

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestRowType(t *testing.T) {
	inf := math.Inf(1)
	for _, tc := range []struct {
		lo, hi float64
		want   RowType
	}{
		{-inf, inf, RowFree},
		{-inf, 3, RowLE},
		{2, inf, RowGE},
		{2, 2, RowEQ},
		{1, 4, RowRange},
		{4, 1, RowRange}, // inconsistent bounds still classify by finiteness; solvers report infeasibility
	} {
		r := Row{Lower: tc.lo, Upper: tc.hi}
		if got := r.Type(); got != tc.want {
			t.Errorf("[%v, %v]: Type() = %v, want %v", tc.lo, tc.hi, got, tc.want)
		}
	}
}

func TestAddRowMergesAndDropsZeros(t *testing.T) {
	m := New("t", Minimize)
	x := m.AddVar("x", 0, 1, 0)
	y := m.AddVar("y", 0, 1, 0)
	z := m.AddVar("z", 0, 1, 0)
	m.AddEQ("r", 1, Term{z, 2}, Term{x, 1}, Term{y, 3}, Term{x, 0.5}, Term{y, -3})
	got := m.Rows[0]
	want := Row{Name: "r", Ind: []int{x, z}, Val: []float64{1.5, 2}, Lower: 1, Upper: 1}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("row (-want +got):\n%s", diff)
	}
}

func TestValidate(t *testing.T) {
	base := func() *Model {
		m := New("t", Minimize)
		x := m.AddVar("x", 0, 10, 1)
		y := m.AddVar("y", math.Inf(-1), math.Inf(1), -1)
		m.AddLE("cap", 5, Term{x, 1}, Term{y, 2})
		return m
	}
	if err := base().Validate(); err != nil {
		t.Fatalf("valid model: %v", err)
	}
	for _, tc := range []struct {
		name   string
		mutate func(m *Model)
		want   string
	}{
		{"objective length", func(m *Model) { m.Obj = m.Obj[:1] }, "1 objective coefficients for 2 columns"},
		{"NaN offset", func(m *Model) { m.ObjOffset = math.NaN() }, "objective offset: must be finite"},
		{"NaN bound", func(m *Model) { m.Vars[0].Upper = math.NaN() }, "column 0 (x): bounds [0, NaN]: NaN"},
		{"+Inf lower", func(m *Model) { m.Vars[1].Lower = math.Inf(1) }, "column 1 (y): lower bound +Inf"},
		{"-Inf upper row", func(m *Model) { m.Rows[0].Upper = math.Inf(-1) }, "row 0 (cap): upper bound -Inf"},
		{"Inf cost", func(m *Model) { m.Obj[1] = math.Inf(1) }, "column 1 (y): objective coefficient must be finite"},
		{"index range", func(m *Model) { m.Rows[0].Ind[1] = 7 }, "row 0 (cap): column index 7 out of range [0,2)"},
		{"repeated column", func(m *Model) { m.Rows[0].Ind[1] = 0 }, "row 0 (cap): column 0 (x) appears twice"},
		{"length mismatch", func(m *Model) { m.Rows[0].Val = m.Rows[0].Val[:1] }, "row 0 (cap): 2 indices but 1 values"},
		{"NaN coefficient", func(m *Model) { m.Rows[0].Val[0] = math.NaN() }, "coefficient of column 0 (x) must be finite, got NaN"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := base()
			tc.mutate(m)
			err := m.Validate()
			if !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Validate() = %v, want ErrInvalid containing %q", err, tc.want)
			}
		})
	}
	// A lower bound above the upper bound is well formed (infeasible, not invalid).
	m := base()
	m.Vars[0].Lower = 11
	if err := m.Validate(); err != nil {
		t.Errorf("crossed bounds: Validate() = %v, want nil", err)
	}
}

// TestCheckRange: each value just above its limit is refused naming the
// entry, the limits themselves and infinite bounds pass, and a spread above
// the limit names both extremes. Limits are MaxMagnitude = MaxSpread = 1e20.
func TestCheckRange(t *testing.T) {
	base := func() *Model {
		m := New("t", Minimize)
		x := m.AddVar("x", 0, 1e20, -1e20)
		y := m.AddVar("y", math.Inf(-1), math.Inf(1), 1)
		m.AddRow("cap", -1e20, 5, Term{x, 1e20}, Term{y, 2})
		return m
	}
	if err := base().CheckRange(DefaultLimits()); err != nil {
		t.Fatalf("values at the limits: %v", err)
	}
	for _, tc := range []struct {
		name   string
		mutate func(m *Model)
		want   string
	}{
		{"coefficient", func(m *Model) { m.Rows[0].Val[1] = -1e25 }, "row 0 (cap): coefficient -1e+25 of column 1 (y): |a| must be ≤ 1e+20"},
		{"objective", func(m *Model) { m.Obj[1] = 3e20 }, "column 1 (y): objective coefficient 3e+20: |c| must be ≤ 1e+20"},
		{"column upper bound", func(m *Model) { m.Vars[0].Upper = 1e21 }, "column 0 (x): upper bound 1e+21"},
		{"column lower bound", func(m *Model) { m.Vars[1].Lower = -1e21 }, "column 1 (y): lower bound -1e+21: a finite bound must lie within ±1e+20 (use -Inf for none)"},
		{"row lower bound", func(m *Model) { m.Rows[0].Lower = -2e20 }, "row 0 (cap): lower bound -2e+20"},
		{"row upper bound", func(m *Model) { m.Rows[0].Upper = 1e30 }, "row 0 (cap): upper bound 1e+30"},
		// Row cap then holds 1e20 (x's coefficient; the bound −1e20 ties)
		// and 1e-25: a spread of 1e45.
		{"spread", func(m *Model) { m.Rows[0].Val[1] = 1e-25 }, "row 0 (cap): values span a factor 1e+45, beyond 1e+20: largest coefficient 1e+20 of column 0 (x), smallest coefficient 1e-25 of column 1 (y)"},
		{"spread to a bound", func(m *Model) { m.Rows[0].Val[0], m.Rows[0].Val[1] = 1, 1e-25 }, "largest lower bound -1e+20, smallest coefficient 1e-25 of column 1 (y)"},
		// 1e20 / 1e-300 overflows.
		{"spread beyond float64", func(m *Model) { m.Rows[0].Val[1] = 1e-300 }, "values span a factor more than 1.8e+308"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := base()
			tc.mutate(m)
			err := m.CheckRange(DefaultLimits())
			if !errors.Is(err, ErrInvalid) || !errors.Is(err, ErrRange) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("CheckRange() = %v, want ErrInvalid and ErrRange containing %q", err, tc.want)
			}
		})
	}
	// A tiny cost or bound is no coefficient: it does not count in a spread.
	m := base()
	m.Obj[1], m.Vars[1].Upper = 1e-300, 1e-300
	if err := m.CheckRange(DefaultLimits()); err != nil {
		t.Errorf("tiny cost and bound: %v", err)
	}
	// Zero limits disable a check; ±Inf bounds and zeros never count.
	m = base()
	m.Rows[0].Val[1] = 1e-25
	m.Obj[0] = 1e30
	if err := m.CheckRange(Limits{}); err != nil {
		t.Errorf("no limits: %v", err)
	}
	m = New("zeros", Minimize)
	m.AddVar("x", math.Inf(-1), math.Inf(1), 0)
	if err := m.CheckRange(DefaultLimits()); err != nil {
		t.Errorf("all-zero data: %v", err)
	}
}

func TestMatrixAgreesWithRows(t *testing.T) {
	m := New("t", Minimize)
	for j := 0; j < 4; j++ {
		m.AddVar("", 0, 1, 0)
	}
	m.AddLE("a", 1, Term{0, 1}, Term{3, -2})
	m.AddGE("b", 0, Term{1, 4})
	m.AddEQ("c", 2, Term{0, 3}, Term{1, 5}, Term{3, 7})
	a := m.Matrix()
	want := &CSC{Rows: 3, Cols: 4, ColPtr: []int{0, 2, 4, 4, 6}, RowInd: []int{0, 2, 1, 2, 0, 2}, Val: []float64{1, 3, 4, 5, -2, 7}}
	if diff := cmp.Diff(want, a); diff != "" {
		t.Fatalf("Matrix (-want +got):\n%s", diff)
	}
	x := []float64{1, 2, 3, 4}
	if diff := cmp.Diff(m.Activities(x), a.MulVec(x)); diff != "" {
		t.Errorf("MulVec differs from Activities:\n%s", diff)
	}
	// Aᵀy by hand: column j collects Σ_i a_ij y_i.
	y := []float64{1, -1, 2}
	if diff := cmp.Diff([]float64{1 + 6, -4 + 10, 0, -2 + 14}, a.MulTransVec(y)); diff != "" {
		t.Errorf("MulTransVec (-want +got):\n%s", diff)
	}
}

func TestCloneIsDeep(t *testing.T) {
	m := New("t", Maximize)
	x := m.AddVar("x", 0, 1, 2)
	m.AddLE("r", 1, Term{x, 1})
	c := m.Clone()
	c.Rows[0].Val[0] = 9
	c.Vars[0].Upper = 5
	c.Obj[0] = 7
	if m.Rows[0].Val[0] != 1 || m.Vars[0].Upper != 1 || m.Obj[0] != 2 {
		t.Errorf("changing the clone changed the original: %+v", m)
	}
}

func TestStatusNames(t *testing.T) {
	for s, want := range map[Status]string{
		Optimal: "optimal", Infeasible: "infeasible", Unbounded: "unbounded", TimeLimit: "time_limit",
		InfeasibleOrUnbounded: "infeasible_or_unbounded", NumericalError: "numerical_error", Status(99): "unknown",
	} {
		if got := s.String(); got != want {
			t.Errorf("Status(%d).String() = %q, want %q", int(s), got, want)
		}
	}
	for _, s := range []Status{TimeLimit, IterationLimit, NodeLimit} {
		if !s.IsLimit() {
			t.Errorf("%v.IsLimit() = false", s)
		}
	}
	if Optimal.IsLimit() {
		t.Error("Optimal.IsLimit() = true")
	}
}
