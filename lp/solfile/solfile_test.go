package solfile_test

import (
	"bytes"
	"context"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/simplex"
	"github.com/streamopt/streamopt/lp/solfile"
)

// tiny is max 3x + 2y s.t. x + y <= 4, x + 3y <= 7, x <= 3: optimum
// x = 3, y = 1, objective 11 (by hand: c1 binds at (3,1) with x at its
// bound, c2 has activity 6 < 7; y basic gives the dual y1 = 2 of c1, 0
// for c2, and the reduced cost of x is 3 − 2 = 1).
func tiny() *lp.Model {
	m := lp.New("tiny", lp.Maximize)
	x := m.AddVar("x", 0, 3, 3)
	y := m.AddVar("y", 0, lp.Inf, 2)
	m.AddLE("c1", 4, lp.Term{Var: x, Coef: 1}, lp.Term{Var: y, Coef: 1})
	m.AddLE("c2", 7, lp.Term{Var: x, Coef: 1}, lp.Term{Var: y, Coef: 3})
	return m
}

func solveTiny(t *testing.T) (*lp.Model, *lp.Solution) {
	t.Helper()
	m := tiny()
	sol, err := simplex.Solve(context.Background(), m, simplex.Options{NoPresolve: true})
	if err != nil || sol.Status != lp.Optimal {
		t.Fatalf("solve: %v %v", sol, err)
	}
	return m, sol
}

func TestWriteHiGHSRoundTrip(t *testing.T) {
	m, sol := solveTiny(t)
	var buf bytes.Buffer
	if err := solfile.WriteHiGHS(&buf, m, sol); err != nil {
		t.Fatal(err)
	}
	want := `Model status
Optimal

# Primal solution values
Feasible
Objective 11
# Columns 2
x 3
y 1
# Rows 2
c1 4
c2 6

# Dual solution values
Feasible
# Columns 2
x 1
y 0
# Rows 2
c1 2
c2 0
`
	if d := cmp.Diff(want, buf.String()); d != "" {
		t.Fatalf("file (-want +got):\n%s", d)
	}
	f, err := solfile.Read(&buf, "tiny.txt")
	if err != nil {
		t.Fatal(err)
	}
	x, err := f.Point(m)
	if err != nil {
		t.Fatal(err)
	}
	if f.Format != solfile.HiGHS || f.Status != "Optimal" || f.Objective != 11 || !cmp.Equal(x, sol.X) ||
		len(f.Rows) != 2 || len(f.ColDuals) != 2 || f.RowDuals[0].Value != 2 {
		t.Fatalf("read back: %+v, point %v", f, x)
	}
}

func TestWriteMIPLIBRoundTrip(t *testing.T) {
	m, sol := solveTiny(t)
	sol.X[1] = 1.0 / 3 // a value that needs all its digits
	var buf bytes.Buffer
	if err := solfile.WriteMIPLIB(&buf, m, sol); err != nil {
		t.Fatal(err)
	}
	if want := "=obj= 11\nx 3\ny 0.3333333333333333\n"; buf.String() != want {
		t.Fatalf("file %q, want %q", buf.String(), want)
	}
	f, err := solfile.Read(&buf, "tiny.sol")
	if err != nil {
		t.Fatal(err)
	}
	x, err := f.Point(m)
	if err != nil || f.Format != solfile.MIPLIB || !cmp.Equal(x, sol.X) {
		t.Fatalf("read back %v %v (%v)", x, err, f.Format)
	}
	if solfile.FormatFor("out/a.SOL") != solfile.MIPLIB || solfile.FormatFor("a.txt") != solfile.HiGHS {
		t.Error("FormatFor does not go by the .sol extension")
	}
}

func TestNoPoint(t *testing.T) {
	m := tiny()
	sol := &lp.Solution{Status: lp.Infeasible}
	for _, f := range []solfile.Format{solfile.HiGHS, solfile.MIPLIB} {
		var buf bytes.Buffer
		if err := solfile.Write(&buf, f, m, sol); err != nil {
			t.Fatal(err)
		}
		rf, err := solfile.Read(&buf, "x")
		if err != nil {
			t.Fatalf("%v: %v", f, err)
		}
		if _, err := rf.Point(m); err == nil || !rf.NoPoint {
			t.Errorf("%v: a file without a point gave a point", f)
		}
	}
}

// TestPartialAndMissing: a HiGHS file listing some columns leaves the
// others NaN (a partial start); MIPLIB and cbc files omit zeros.
func TestPartialAndMissing(t *testing.T) {
	m := tiny()
	hi := "Model status\nOptimal\n\n# Primal solution values\nFeasible\nObjective 9\n# Columns 1\nx 3\n# Rows 0\n"
	cbc := "Optimal - objective value 9.00000000\n      0 x                      3                       3\n"
	for _, tc := range []struct {
		in   string
		want float64 // y
	}{{hi, math.NaN()}, {"=obj= 9\nx 3\n", 0}, {cbc, 0}} {
		f, err := solfile.Read(strings.NewReader(tc.in), "f")
		if err != nil {
			t.Fatal(err)
		}
		x, err := f.Point(m)
		if err != nil || x[0] != 3 || !cmp.Equal(x[1], tc.want, cmp.Comparer(func(a, b float64) bool { return a == b || math.IsNaN(a) && math.IsNaN(b) })) {
			t.Errorf("%s: point %v %v", f.Format, x, err)
		}
	}
}

// TestReadCBC reads the two layouts cbc 2.10 writes (`cbc m.mps solve solu
// f` and, with `printingOptions all`, rows before columns).
func TestReadCBC(t *testing.T) {
	in := `Optimal - objective value 1120.00000000
      0 R101                   0                       0
      1 R102                   1                       0
      0 C101                   1                       7
**    1 C102                   1                      10
`
	f, err := solfile.Read(strings.NewReader(in), "cbc.txt")
	if err != nil {
		t.Fatal(err)
	}
	if f.Format != solfile.CBC || f.Objective != 1120 || len(f.Rows) != 2 || len(f.Cols) != 2 || f.Cols[1].Name != "C102" {
		t.Fatalf("%+v", f)
	}
	f, err = solfile.Read(strings.NewReader("Stopped on time - objective value 1e+50\n"), "cbc.txt")
	if err != nil || !f.NoPoint {
		t.Fatalf("no incumbent: %+v %v", f, err)
	}
}

// TestReadErrors: every malformed file is refused with the line and the
// field at fault.
func TestReadErrors(t *testing.T) {
	m := tiny()
	for _, tc := range []struct{ in, want string }{
		{"", "f: empty file"},
		{"x 1\ny one\n", "f:2: value of column \"y\": not a number: \"one\""},
		{"x 1 2\n", "f:1: want \"name value\" for a column, got 3 fields"},
		{"=obj= 1\n=obj= 2\n", "f:2: a second =obj= line"},
		{"x NaN\n", "f:1: value of column \"x\": not a number"},
		{"Model status\nOptimal\n# Primal solution values\nMaybe\n", "f:4: primal solution status: want Feasible, Infeasible or None, got \"Maybe\""},
		{"Model status\nOptimal\n# Primal solution values\nFeasible\nObjective 1\n# Columns 2\nx 1\n# Rows 0\n", "f:8: Columns: the file lists 1 of the 2 it announces"},
		{"Model status\nOptimal\n# Primal solution values\nFeasible\nObjective z\n", "f:5: objective: not a number: \"z\""},
		{"Model status\nOptimal\n# Primal solution values\nFeasible\nObjective 1\n# Columns -1\n", "f:6: Columns count: want a whole number >= 0, got \"-1\""},
		{"Optimal - objective value 3\n  0 x 1 1\n  0 y 2 1\n  0 z 2 1\n", "f:4: index 0 after 0: a cbc file has at most a row block and a column block"},
		{"Optimal - objective value 3\n  a x 1 1\n", "f:2: index: want a whole number >= 0, got \"a\""},
		{"Optimal - objective value 3\n  0 x\n", "f:2: want \"index name value [objective coefficient]\", got 2 fields"},
		{strings.Repeat("x", 1<<20+1), "f:1: line longer than 1048576 bytes"},
	} {
		_, err := solfile.Read(strings.NewReader(tc.in), "f")
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) || !errors.Is(err, solfile.ErrFormat) {
			t.Errorf("%.40q: error %v, want prefix %q wrapping ErrFormat", tc.in, err, tc.want)
		}
	}
	for _, tc := range []struct{ in, want string }{
		{"x 1\nz 2\n", "f:2: column \"z\": the model has no column of that name"},
		{"x 1\ny 2\nx 3\n", "f:3: column \"x\": given twice (first on line 1)"},
		{"=infeas=\n", "f: the file holds no point"},
	} {
		f, err := solfile.Read(strings.NewReader(tc.in), "f")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.Point(m); err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%q: Point error %v, want prefix %q", tc.in, err, tc.want)
		}
	}
}

func TestWriteNames(t *testing.T) {
	m := tiny()
	m.Vars[1].Name = "x"
	if err := solfile.WriteMIPLIB(&bytes.Buffer{}, m, &lp.Solution{X: []float64{0, 0}}); err == nil || !strings.Contains(err.Error(), `column 1: name "x" is used twice`) {
		t.Errorf("duplicate name: %v", err)
	}
	m.Vars[1].Name = "y"
	if err := solfile.WriteHiGHS(&bytes.Buffer{}, m, &lp.Solution{X: []float64{0}}); err == nil || !strings.Contains(err.Error(), "solution has 1 values in X, the model needs 2") {
		t.Errorf("short X: %v", err)
	}
	m.Vars[1].Name = ""
	if err := solfile.WriteHiGHS(&bytes.Buffer{}, m, &lp.Solution{X: []float64{0, 0}}); err == nil || !strings.Contains(err.Error(), "column 1 has no name") {
		t.Errorf("empty name: %v", err)
	}
}

// FuzzRead checks that Read never panics, that every error names the file
// and wraps ErrFormat, and that Point of an accepted file has a value per
// column. Seeds: the layouts of the tests above.
func FuzzRead(f *testing.F) {
	m, sol := tinySolved()
	for _, fm := range []solfile.Format{solfile.HiGHS, solfile.MIPLIB} {
		var buf bytes.Buffer
		if err := solfile.Write(&buf, fm, m, sol); err != nil {
			f.Fatal(err)
		}
		f.Add(buf.String())
	}
	f.Add("Optimal - objective value 1120.00000000\n      0 R101  0  0\n      0 x  1  7\n**    1 y 1 10\n")
	f.Add("# comment\n=obj= 3\nx 1\n")
	f.Add("Model status\nOptimal\n\n# Primal solution values\nNone\n\n# Dual solution values\nNone\n# Basis\nHiGHS v1\n")
	f.Fuzz(func(t *testing.T, in string) {
		rf, err := solfile.Read(strings.NewReader(in), "fz")
		if err != nil {
			if !errors.Is(err, solfile.ErrFormat) || !strings.HasPrefix(err.Error(), "fz") {
				t.Fatalf("error %q does not name the file or wrap ErrFormat", err)
			}
			return
		}
		x, err := rf.Point(m)
		if err == nil && len(x) != len(m.Vars) {
			t.Fatalf("Point gave %d values for %d columns", len(x), len(m.Vars))
		}
	})
}

func tinySolved() (*lp.Model, *lp.Solution) {
	m := tiny()
	sol, err := simplex.Solve(context.Background(), m, simplex.Options{NoPresolve: true})
	if err != nil {
		panic(err)
	}
	return m, sol
}
