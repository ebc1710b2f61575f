package solfile_test

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/streamopt/streamopt/internal/extsolve"
	"github.com/streamopt/streamopt/internal/instances"
	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/mps"
	"github.com/streamopt/streamopt/lp/simplex"
	"github.com/streamopt/streamopt/lp/solfile"
)

// basisNetlib are the NETLIB instances of the basis tests: small enough to
// solve in well under a second each, with equality, range and bounded
// columns among them, and names with blanks (forplan: "DEDO3 1R", which
// CLP reads as DEDO31R).
var basisNetlib = []string{"afiro", "sc50b", "adlittle", "blend", "share2b", "sc105", "kb2", "sc50a", "stocfor1", "israel", "forplan"}

func readNetlib(t *testing.T, name string) (*lp.Model, string) {
	t.Helper()
	path := filepath.Join(instances.DirOrSkip(t), "netlib", name+".mps")
	m, err := mps.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return m, path
}

// solveFrom solves m without presolve from b (nil: a slack basis).
func solveFrom(t *testing.T, m *lp.Model, b *lp.Basis) *lp.Solution {
	t.Helper()
	sol, err := simplex.Solve(context.Background(), m, simplex.Options{NoPresolve: true, Basis: b})
	if err != nil || sol.Status != lp.Optimal {
		t.Fatalf("%s: %v %v", m.Name, sol.Status, err)
	}
	return sol
}

// optimalBasis solves m (instance name) and returns the optimal solution
// and its basis written by WriteBasis and read back by ReadBasis.
func optimalBasis(t *testing.T, m *lp.Model, name string) (*lp.Solution, lp.Basis) {
	t.Helper()
	sol := solveFrom(t, m, nil)
	var buf bytes.Buffer
	if err := solfile.WriteBasis(&buf, m, *sol.Basis); err != nil {
		t.Fatal(err)
	}
	b, err := solfile.ReadBasis(&buf, m, name+".bas")
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return sol, b
}

// TestBasisRoundTrip: the optimal basis of each instance, written and read
// back, is the same basis (up to the statuses ReadBasis normalises), and a
// solve started from it takes no iteration.
func TestBasisRoundTrip(t *testing.T) {
	for _, name := range basisNetlib {
		m, _ := readNetlib(t, name)
		sol, b := optimalBasis(t, m, name)
		for j, st := range sol.Basis.Cols {
			if st != b.Cols[j] && !(st == lp.AtLower && b.Cols[j] == lp.Fixed) {
				t.Fatalf("%s: column %s: wrote %v, read %v", name, m.Vars[j].Name, st, b.Cols[j])
			}
		}
		for i, st := range sol.Basis.Rows {
			if (st == lp.Basic) != (b.Rows[i] == lp.Basic) {
				t.Fatalf("%s: row %s: wrote %v, read %v", name, m.Rows[i].Name, st, b.Rows[i])
			}
		}
		again := solveFrom(t, m, &b)
		if again.Iterations != 0 {
			t.Errorf("%s: re-solve from the optimal basis took %d iterations, want 0", name, again.Iterations)
		}
	}
}

// TestBasisWarmStart: after a perturbation of the costs (each cⱼ times
// 1 + 0.1·u, u uniform in [−1, 1], seeded), a solve started from the
// optimal basis of the original model (written and read back) takes fewer
// iterations than a cold solve, with or without presolve, and reaches the
// same objective.
func TestBasisWarmStart(t *testing.T) {
	t.Logf("%-10s %8s %8s %8s", "instance", "cold", "cold-np", "warm")
	for k, name := range basisNetlib {
		m, _ := readNetlib(t, name)
		_, b := optimalBasis(t, m, name)
		p := m.Clone()
		r := rand.New(rand.NewPCG(uint64(k), 28))
		for j := range p.Obj {
			p.Obj[j] *= 1 + 0.1*(2*r.Float64()-1)
		}
		cold, err := simplex.Solve(context.Background(), p, simplex.Options{})
		if err != nil || cold.Status != lp.Optimal {
			t.Fatalf("%s: cold %v %v", name, cold.Status, err)
		}
		coldNP := solveFrom(t, p, nil)
		warm := solveFrom(t, p, &b)
		t.Logf("%-10s %8d %8d %8d", name, cold.Iterations, coldNP.Iterations, warm.Iterations)
		if warm.Iterations >= cold.Iterations || warm.Iterations >= coldNP.Iterations {
			t.Errorf("%s: warm start took %d iterations, cold %d (%d without presolve)", name, warm.Iterations, cold.Iterations, coldNP.Iterations)
		}
		if d := warm.Objective - cold.Objective; d > 1e-6*(1+abs(cold.Objective)) || -d > 1e-6*(1+abs(cold.Objective)) {
			t.Errorf("%s: warm objective %v, cold %v", name, warm.Objective, cold.Objective)
		}
	}
}

func abs(v float64) float64 {
	if v < 0 {
		return -v
	}
	return v
}

func clpOrSkip(t *testing.T) string {
	t.Helper()
	p, err := extsolve.Find(extsolve.CLP)
	if err != nil {
		if os.Getenv("STREAMOPT_REQUIRE_TOOLS") == "1" {
			t.Fatal("clp not on PATH, and STREAMOPT_REQUIRE_TOOLS=1")
		}
		t.Skip("clp not on PATH: no check against CLP's basis files (install coinor-clp)")
	}
	return p
}

// clpIterations runs clp on the model file without presolve, with extra
// arguments, and returns the iterations of its summary line.
func clpIterations(t *testing.T, clp string, args ...string) (int, string) {
	t.Helper()
	out, err := exec.Command(clp, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("clp %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	s, ok := extsolve.ParseCLP(out)
	if !ok || s.Status != lp.Optimal {
		t.Fatalf("clp %s: no optimal summary\n%s", strings.Join(args, " "), out)
	}
	return s.Iterations, string(out)
}

// TestBasisCLP: CLP (clp -basisI, without presolve) starts from the
// optimal basis we wrote with no iteration (where it needs some from its
// own start), and we start from the optimal basis CLP wrote (-basisO) with
// no iteration and reach the same objective.
func TestBasisCLP(t *testing.T) {
	clp := clpOrSkip(t)
	dir := t.TempDir()
	for _, name := range basisNetlib {
		m, path := readNetlib(t, name)
		sol := solveFrom(t, m, nil)
		ours := filepath.Join(dir, name+".ours.bas")
		var buf bytes.Buffer
		if err := solfile.WriteBasis(&buf, m, *sol.Basis); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(ours, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		// the dual simplex: CLP's primal simplex starts from the values
		// of the basis file (which CLP writes after VALUES, and the format
		// does not require), so that from a file without values, its own
		// as well as ours, it may need iterations (9 on kb2)
		cold, _ := clpIterations(t, clp, path, "-presolve", "off", "-dualS")
		warm, out := clpIterations(t, clp, path, "-presolve", "off", "-basisI", ours, "-dualS")
		if warm != 0 || cold == 0 {
			t.Errorf("%s: clp from our basis took %d iterations (from its own start %d), want 0\n%s", name, warm, cold, out)
		}
		theirs := filepath.Join(dir, name+".clp.bas")
		clpIterations(t, clp, path, "-primalS", "-basisO", theirs)
		f, err := os.Open(theirs)
		if err != nil {
			t.Fatal(err)
		}
		b, err := solfile.ReadBasis(f, m, theirs)
		f.Close()
		if err != nil {
			t.Fatalf("%s: reading CLP's basis: %v", name, err)
		}
		again := solveFrom(t, m, &b)
		if again.Iterations != 0 {
			t.Errorf("%s: our solve from CLP's optimal basis took %d iterations, want 0", name, again.Iterations)
		}
		if d := again.Objective - sol.Objective; abs(d) > 1e-9*(1+abs(sol.Objective)) {
			t.Errorf("%s: objective %v from CLP's basis, %v cold", name, again.Objective, sol.Objective)
		}
	}
}

// TestReadBasisErrors: a malformed basis file is refused with the line and
// the field at fault.
func TestReadBasisErrors(t *testing.T) {
	m := tiny()
	for _, tc := range []struct{ in, want string }{
		{"", "f: empty file: no NAME line"},
		{"XU x c1\n", "f:1: want a NAME line first"},
		{"NAME t\n XU x c1\n", "f:2: missing ENDATA"},
		{"NAME t\n ZZ x\nENDATA\n", "f:2: unknown code \"ZZ\""},
		{"NAME t\n XU z c1\nENDATA\n", "f:2: XU: column \"z\": the model has no column of that name"},
		{"NAME t\n XU x c9\nENDATA\n", "f:2: XU: row \"c9\": the model has no row of that name"},
		{"NAME t\n XU x\nENDATA\n", "f:2: XU: missing the row name after column \"x\""},
		{"NAME t\n XU x c1\n XL y c1\nENDATA\n", "f:3: XL: row \"c1\": named twice (first on line 2)"},
		{"NAME t\n XU x c1\n UL x\nENDATA\n", "f:3: UL: column \"x\": named twice (first on line 2)"},
		{"NAME t\n LL\nENDATA\n", "f:2: LL: missing the column name"},
	} {
		_, err := solfile.ReadBasis(strings.NewReader(tc.in), m, "f")
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want prefix %q", tc.in, err, tc.want)
		}
	}
	b, err := solfile.ReadBasis(strings.NewReader("NAME t\n* comment\n XU y c1 1.5\n UL x\nENDATA\n"), m, "f")
	want := lp.Basis{Cols: []lp.BasisStatus{lp.AtUpper, lp.Basic}, Rows: []lp.BasisStatus{lp.AtUpper, lp.Basic}}
	if err != nil || fmt.Sprint(b) != fmt.Sprint(want) {
		t.Errorf("read %v %v, want %v", b, err, want)
	}
}

// FuzzReadBasis checks that ReadBasis never panics and that every basis it
// accepts has one basic entry per row.
func FuzzReadBasis(f *testing.F) {
	f.Add("NAME t\n XU y c1 1.5\n UL x\nENDATA\n")
	f.Add("NAME t\n XL x c2\n LL y\nENDATA\n")
	m := tiny()
	f.Fuzz(func(t *testing.T, in string) {
		b, err := solfile.ReadBasis(strings.NewReader(in), m, "f")
		if err == nil && b.NumBasic() != len(m.Rows) {
			t.Fatalf("accepted a basis with %d basic entries for %d rows", b.NumBasic(), len(m.Rows))
		}
	})
}

// TestBasisBlankNames: names with blanks are written without them, as CLP
// reads them, and read back; names that differ only by blanks are refused.
func TestBasisBlankNames(t *testing.T) {
	m := tiny()
	m.Vars[1].Name, m.Rows[0].Name = "y 1", "c 1"
	b := lp.Basis{Cols: []lp.BasisStatus{lp.AtUpper, lp.Basic}, Rows: []lp.BasisStatus{lp.AtUpper, lp.Basic}}
	var buf bytes.Buffer
	if err := solfile.WriteBasis(&buf, m, b); err != nil {
		t.Fatal(err)
	}
	if want := "NAME          tiny\n UL x\n XU y1        c1\nENDATA\n"; buf.String() != want {
		t.Fatalf("wrote %q, want %q", buf.String(), want)
	}
	got, err := solfile.ReadBasis(&buf, m, "f")
	if err != nil || fmt.Sprint(got) != fmt.Sprint(b) {
		t.Fatalf("read %v %v, want %v", got, err, b)
	}
	m.Vars[0].Name = "y1"
	if err := solfile.WriteBasis(&bytes.Buffer{}, m, b); err == nil || !strings.Contains(err.Error(), `names "y1" and "y 1" are the same without their blanks`) {
		t.Errorf("clash: %v", err)
	}
	if _, err := solfile.ReadBasis(strings.NewReader("NAME\n UL y1\nENDATA\n"), m, "f"); err == nil || !strings.Contains(err.Error(), `f:2: UL: column "y1": two columns of the model have that name without their blanks`) {
		t.Errorf("ambiguous: %v", err)
	}
}
