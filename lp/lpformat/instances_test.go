package lpformat_test

import (
	"bufio"
	"bytes"
	"context"

	"math"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/streamopt/streamopt/internal/instances"
	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/lpformat"
	"github.com/streamopt/streamopt/lp/modelfile/readertest"
	"github.com/streamopt/streamopt/lp/mps"
	"github.com/streamopt/streamopt/solve"
)

// relTol is the tolerance for comparing objective values: 1e-6 relative,
// the project's tolerance for objectives (DESIGN.md, Conventions).
const relTol = 1e-6

func relDiff(a, b float64) float64 {
	return math.Abs(a-b) / math.Max(1, math.Max(math.Abs(a), math.Abs(b)))
}

// fileModel returns the model the file Write writes for m describes.
func fileModel(t testing.TB, m *lp.Model) *lp.Model {
	t.Helper()
	fm, err := lpformat.FileModel(m)
	if err != nil {
		t.Fatal(err)
	}
	return fm
}

// TestInstancesRoundTrip reads every shared MPS instance (42 NETLIB LPs and
// the MIPLIB set) with lp/mps, writes it in LP format, reads that back and
// checks the model is the one read from MPS, up to the renaming of names
// that are not valid LP names (Names; for example forplan's "A$   1 1" and
// blend's row "71") and the splitting of range rows (FileModel).
func TestInstancesRoundTrip(t *testing.T) {
	all := append(instances.NetlibOrSkip(t), instances.MiplibOrSkip(t)...)
	if len(all) < 42 {
		t.Fatalf("%d shared instances, want at least the 42 NETLIB ones", len(all))
	}
	for _, in := range all {
		t.Run(in.Name, func(t *testing.T) {
			m, err := mps.ReadFile(in.Path)
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			if err := lpformat.Write(&buf, m, lpformat.WriteOptions{}); err != nil {
				t.Fatal(err)
			}
			back, err := lpformat.Read(&buf, in.Name+".lp")
			if err != nil {
				t.Fatalf("read back: %v", err)
			}
			want := fileModel(t, m)
			// reflect.DeepEqual is the fast test; go-cmp explains a failure.
			if !reflect.DeepEqual(want, back) {
				t.Fatalf("round trip changed the model (-want +got):\n%s", cmp.Diff(want, back))
			}
		})
	}
}

// glpsolObjective runs glpsol on an LP file and returns the objective of
// the solution it writes with -w: the line "s bas ROWS COLS PSTAT DSTAT OBJ"
// for an LP (feasible "f" both) or "s mip ROWS COLS STATUS OBJ" for a MILP
// (optimal "o").
func glpsolObjective(t *testing.T, glpsol, lpPath string) float64 {
	t.Helper()
	sol := lpPath + ".sol"
	out, err := exec.Command(glpsol, "--lp", lpPath, "-w", sol).CombinedOutput()
	if err != nil {
		t.Fatalf("glpsol --lp %s: %v\n%s", filepath.Base(lpPath), err, out)
	}
	f, err := os.Open(sol)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		switch {
		case len(fs) == 7 && fs[0] == "s" && fs[1] == "bas":
			if fs[4] != "f" || fs[5] != "f" {
				t.Fatalf("glpsol: basic solution status %s %s, want f f\n%s", fs[4], fs[5], out)
			}
			return parseFloat(t, fs[6])
		case len(fs) == 6 && fs[0] == "s" && fs[1] == "mip":
			if fs[4] != "o" {
				t.Fatalf("glpsol: MIP status %s, want o (optimal)\n%s", fs[4], out)
			}
			return parseFloat(t, fs[5])
		}
	}
	t.Fatalf("glpsol wrote no solution line\n%s", out)
	return 0
}

func parseFloat(t *testing.T, s string) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// oracleSet is the selection solved by glpsol: small LPs and MILPs that
// between them have ranges (boeing1, boeing2, forplan, small_mip), an
// objective constant (e226), names that are not valid LP names (forplan:
// blanks; blend: rows named by digits), general integers (flugpl) and
// binaries (egout, lseu). glpsol takes about 1 s for lseu, less for the rest.
var oracleSet = map[string]bool{
	"afiro": true, "blend": true, "boeing1": true, "boeing2": true, "e226": true, "forplan": true,
	"kb2": true, "sc50b": true, "share2b": true,
	"small_mip": true, "flugpl": true, "egout": true, "lseu": true,
}

// TestGlpsolSolvesWrittenFile writes each instance of oracleSet in LP
// format, has glpsol 5.0 solve the file, and compares its optimum, plus
// the constant of the header line, with optimal.csv. (internal/crosscheck
// does the same for every instance, format and command-line solver.)
func TestGlpsolSolvesWrittenFile(t *testing.T) {
	glpsol, err := exec.LookPath("glpsol")
	if err != nil {
		t.Skip("glpsol (Debian glpk-utils) is not on PATH; it is the independent reader of the written files")
	}
	all := append(instances.NetlibOrSkip(t), instances.MiplibOrSkip(t)...)
	found := 0
	for _, in := range all {
		if !oracleSet[in.Name] {
			continue
		}
		found++
		t.Run(in.Name, func(t *testing.T) {
			m, err := mps.ReadFile(in.Path)
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(t.TempDir(), in.Name+".lp")
			if err := lpformat.WriteFile(path, m, lpformat.WriteOptions{}); err != nil {
				t.Fatal(err)
			}
			got := glpsolObjective(t, glpsol, path) + m.ObjOffset
			if d := relDiff(got, in.Optimum); d > relTol {
				t.Errorf("glpsol optimum of the written file + constant %.12g, optimal.csv %.12g (rel. diff %.2g)", got, in.Optimum, d)
			}
		})
	}
	if found != len(oracleSet) {
		t.Errorf("found %d of the %d oracle instances", found, len(oracleSet))
	}
}

// reverseSet is solved after glpsol converts its MPS file to LP format:
// small LPs without an objective constant (glpsol --wlp writes a constant
// only as a comment), two with ranges (boeing1, boeing2), one whose row
// names glpsol rewrites (blend: "71" becomes "r_..."). forplan is left out:
// glpsol cannot read its own LP file of it ("multiple use of variable
// 'M012T1)' not allowed": dropping the characters "+", "-", "[" and "^"
// from column names such as "M012T1+" makes them collide).
var reverseSet = []string{"afiro", "adlittle", "blend", "boeing1", "boeing2", "kb2", "sc50a", "sc105", "share2b", "stocfor1"}

// TestReadGlpsolWrittenFile has glpsol convert MPS files to LP format
// (glpsol --mps FILE --check --wlp OUT), reads OUT, and checks (1) the size:
// as many rows, the MPS columns plus one column "~r_i" per range row (GLPK
// writes a range as an equality with such a column), as many nonzeros plus
// one per range row; and (2) the optimum found by the simplex backend
// matches optimal.csv.
func TestReadGlpsolWrittenFile(t *testing.T) {
	glpsol, err := exec.LookPath("glpsol")
	if err != nil {
		t.Skip("glpsol (Debian glpk-utils) is not on PATH; it writes the LP files this test reads")
	}
	byName := map[string]instances.Instance{}
	for _, in := range instances.NetlibOrSkip(t) {
		byName[in.Name] = in
	}
	for _, name := range reverseSet {
		t.Run(name, func(t *testing.T) {
			in, ok := byName[name]
			if !ok {
				t.Fatalf("%s is not in netlib/optimal.csv", name)
			}
			m, err := mps.ReadFile(in.Path)
			if err != nil {
				t.Fatal(err)
			}
			out := filepath.Join(t.TempDir(), name+".lp")
			if b, err := exec.Command(glpsol, "--mps", in.Path, "--check", "--wlp", out).CombinedOutput(); err != nil {
				t.Fatalf("glpsol --wlp: %v\n%s", err, b)
			}
			g, err := lpformat.ReadFile(out)
			if err != nil {
				t.Fatalf("reading glpsol's LP file: %v", err)
			}
			ranges := 0
			for i := range m.Rows {
				if m.Rows[i].Type() == lp.RowRange {
					ranges++
				}
			}
			got := [3]int{g.NumRows(), g.NumVars(), g.NumNonzeros()}
			want := [3]int{m.NumRows(), m.NumVars() + ranges, m.NumNonzeros() + ranges}
			if got != want {
				t.Errorf("rows, columns, nonzeros = %v, want %v (MPS reading plus %d range columns)", got, want, ranges)
			}
			if g.Name != m.Name {
				t.Errorf("name %q from glpsol's comment, want %q", g.Name, m.Name)
			}
			sol, rep, err := solve.Solve(context.Background(), g, "simplex", solve.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if sol.Status != lp.Optimal || !rep.OK {
				t.Fatalf("simplex: %s, verification %s", sol.Status, rep.Summary())
			}
			if d := relDiff(sol.Objective, in.Optimum); d > relTol {
				t.Errorf("optimum of glpsol's LP file %.12g, optimal.csv %.12g (rel. diff %.2g)", sol.Objective, in.Optimum, d)
			}
		})
	}
}

// BenchmarkRead reads d2q06c (the largest shared file) written as LP.
func BenchmarkRead(b *testing.B) {
	m := readertest.D2Q06C(b)
	var buf bytes.Buffer
	if err := lpformat.Write(&buf, m, lpformat.WriteOptions{}); err != nil {
		b.Fatal(err)
	}
	data := buf.Bytes()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := lpformat.Read(bytes.NewReader(data), "d2q06c.lp"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWrite writes d2q06c in LP format.
func BenchmarkWrite(b *testing.B) { readertest.BenchmarkWrite(b, readerFormat) }
