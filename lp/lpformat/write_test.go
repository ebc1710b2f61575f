package lpformat_test

import (
	"bytes"
	"context"
	"math"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/lpformat"
	"github.com/streamopt/streamopt/solve"
)

// features is a model with every construct the writer must keep: ranges
// (one with lo > hi), a free row, an empty row, free, negative, fixed and
// one-sided columns, a negative upper bound with a finite and with an
// infinite lower bound, general integers with negative bounds, binaries, a
// column with no entries, unnamed rows, an objective constant, coefficients
// ±1, tiny and huge numbers, and a maximisation.
func features() *lp.Model {
	m := lp.New("features model", lp.Maximize)
	m.ObjName = "profit"
	m.ObjOffset = -12.25
	x := m.AddVar("x", -4, 7, 3)
	y := m.AddVar("y", math.Inf(-1), math.Inf(1), -1)
	z := m.AddVar("z", math.Inf(-1), -2, 1e-300)
	w := m.AddVar("w", -8, -3, 0)
	f := m.AddVar("f", 2.5, 2.5, 1)
	g := m.AddIntVar("g", -5, 5, 2)
	b := m.AddBinary("b", -1)
	u := m.AddIntVar("u", 0, lp.Inf, 0.1)
	m.AddVar("lonely", 1, lp.Inf, 0)
	v := m.AddVar("v", 0, 1e10, 1.7976931348623157e308)
	m.AddRow("range", -5, 10, lp.Term{Var: x, Coef: 1}, lp.Term{Var: y, Coef: -1})
	m.AddRow("empty range", 3, 1, lp.Term{Var: z, Coef: 2}, lp.Term{Var: w, Coef: 0.5})
	m.AddRow("free", math.Inf(-1), math.Inf(1), lp.Term{Var: x, Coef: 1}, lp.Term{Var: g, Coef: 1})
	m.AddRow("", math.Inf(-1), 4, lp.Term{Var: b, Coef: 1}, lp.Term{Var: u, Coef: -1}, lp.Term{Var: f, Coef: 1e-7})
	m.AddGE("", -1e20, lp.Term{Var: v, Coef: -3}, lp.Term{Var: x, Coef: 1})
	m.AddEQ("eq", 0, lp.Term{Var: g, Coef: 1}, lp.Term{Var: u, Coef: -1})
	m.AddRow("nothing", -1, 1)
	return m
}

// wide has 300 columns in one row, to exercise line wrapping.
func wide() *lp.Model {
	m := lp.New("wide", lp.Minimize)
	var terms []lp.Term
	for j := 0; j < 300; j++ {
		k := m.AddVar("column_with_a_long_name_"+string(rune('a'+j%26))+strings.Repeat("z", j%7)+"_"+itoa(j), 0, lp.Inf, float64(j)-150.5)
		terms = append(terms, lp.Term{Var: k, Coef: 1 / float64(j+1)})
	}
	m.AddGE("all", 1, terms...)
	return m
}

func itoa(j int) string {
	if j == 0 {
		return "0"
	}
	s := ""
	for ; j > 0; j /= 10 {
		s = string(rune('0'+j%10)) + s
	}
	return s
}

// renamedModels builds models whose names the writer must replace.
func badNames() *lp.Model {
	m := lp.New("", lp.Minimize)
	m.ObjName = "1st objective"
	a := m.AddVar("x", 0, 1, 1)
	bb := m.AddVar("x", 0, 1, 1) // duplicate
	c := m.AddVar("", 0, 1, 1)   // empty
	d := m.AddVar("A$   1 1", 0, 1, 1)
	e := m.AddVar("e12", 0, 1, 1)
	f := m.AddVar("free", 0, 1, 1)
	g := m.AddVar("C3", 0, 1, 1) // the name the empty one would get
	m.AddLE("71", 3, lp.Term{Var: a, Coef: 1}, lp.Term{Var: bb, Coef: 1}, lp.Term{Var: c, Coef: 1})
	m.AddLE("71", 3, lp.Term{Var: d, Coef: 1}, lp.Term{Var: e, Coef: 1}, lp.Term{Var: f, Coef: 1}, lp.Term{Var: g, Coef: 1})
	m.AddLE("st", 2, lp.Term{Var: a, Coef: 1})
	return m
}

// TestWriteRoundTrip writes hand-made models and reads them back: the model
// must come back identical up to the renaming of Names.
func TestWriteRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		name string
		m    *lp.Model
	}{
		{"features", features()},
		{"wide", wide()},
		{"bad names", badNames()},
		{"empty", lp.New("", lp.Minimize)},
		{"columns only", func() *lp.Model { m := lp.New("c", lp.Maximize); m.AddVar("x", 0, 1, -1); return m }()},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := lpformat.Write(&buf, tc.m, lpformat.WriteOptions{}); err != nil {
				t.Fatal(err)
			}
			text := buf.String()
			back, err := lpformat.Read(strings.NewReader(text), tc.name+".lp")
			if err != nil {
				t.Fatalf("read back: %v\n%s", err, text)
			}
			want := renamed(tc.m)
			if !reflect.DeepEqual(want, back) {
				t.Fatalf("round trip (-want +got):\n%s\n%s", cmp.Diff(want, back), text)
			}
			for n, l := range strings.Split(text, "\n") {
				if len(l) > 80 && !strings.HasPrefix(l, "\\") {
					t.Errorf("line %d has %d characters (> 80): %.40q...", n+1, len(l), l)
				}
			}
		})
	}
}

// TestNames checks the renaming scheme on badNames: every rule of Names
// once. The expected names are derived from the rules in Names' comment.
func TestNames(t *testing.T) {
	cols, rows, obj := lpformat.Names(badNames())
	wantCols := []string{"x", "x_2", "C3_2", "A$___1_1", "_e12", "_free", "C3"}
	wantRows := []string{"_71", "_71_2", "_st"}
	if d := cmp.Diff(wantCols, cols); d != "" {
		t.Errorf("columns (-want +got):\n%s", d)
	}
	if d := cmp.Diff(wantRows, rows); d != "" {
		t.Errorf("rows (-want +got):\n%s", d)
	}
	if obj != "_1st_objective" {
		t.Errorf("objective name %q, want _1st_objective", obj)
	}
	long := strings.Repeat("n", 300)
	m := lp.New("", lp.Minimize)
	m.AddVar(long, 0, 1, 0)
	m.AddVar(long, 0, 1, 0)
	cols, _, _ = lpformat.Names(m)
	if len(cols[0]) != lpformat.MaxNameLen-12 || cols[1] != cols[0]+"_2" || !lpformat.ValidName(cols[1]) {
		t.Errorf("a 300-character name becomes %d characters and its duplicate %q...; want %d and the same with _2", len(cols[0]), cols[1][:20], lpformat.MaxNameLen-12)
	}
}

// TestValidName follows the IBM rules for variable names (characters,
// first character, the e/E rule with its examples e24, e9cats, eels) and
// the keywords of the format.
func TestValidName(t *testing.T) {
	for _, tc := range []struct {
		s    string
		want bool
	}{
		{"x", true}, {"x1", true}, {"_", true}, {"~r_1", true}, {"a!\"#$%&(),.;?@_`'{}~", true},
		{"ea", true}, {"E_1", true}, {"Free1", true}, {"ends", true}, {strings.Repeat("a", 255), true},
		{"", false}, {"1x", false}, {".x", false}, {"e", false}, {"E", false}, {"e24", false}, {"e9cats", false},
		{"eels", false}, {"Ee", false}, {"a b", false}, {"a/b", false}, {"a|b", false}, {"a:b", false},
		{"a+b", false}, {"a[1]", false}, {"é", false}, {strings.Repeat("a", 256), false},
		{"free", false}, {"INF", false}, {"Infinity", false}, {"st", false}, {"End", false}, {"bin", false},
		{"minimize", false}, {"subject", false}, {"sos", false}, {"semi-continuous", false},
	} {
		if got := lpformat.ValidName(tc.s); got != tc.want {
			t.Errorf("ValidName(%.30q) = %v, want %v", tc.s, got, tc.want)
		}
	}
}

func TestWriteErrors(t *testing.T) {
	nan := lp.New("", lp.Minimize)
	nan.AddVar("x", 0, 1, math.NaN())
	rowsOnly := lp.New("", lp.Minimize)
	rowsOnly.AddRow("r", 0, 1)
	for _, tc := range []struct {
		name string
		m    *lp.Model
		want string
	}{
		{"nil", nil, "nil model"},
		{"invalid", nan, "invalid model"},
		{"line break in the name", lp.New("a\nb", lp.Minimize), "line break"},
		{"rows without columns", rowsOnly, "rows but no columns"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := lpformat.Write(&bytes.Buffer{}, tc.m, lpformat.WriteOptions{})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}

// TestWriteGLPK writes features() with the GLPK option, reads it back, and
// checks the rewritten constructs: each range row became an equality with
// a new column ~r_<i> bounded by the row's ends, the constant a column
// ~const fixed at 1 with the constant as cost; the rest is unchanged.
func TestWriteGLPK(t *testing.T) {
	m := features()
	var buf bytes.Buffer
	if err := lpformat.Write(&buf, m, lpformat.WriteOptions{GLPK: true}); err != nil {
		t.Fatal(err)
	}
	g, err := lpformat.Read(&buf, "glpk.lp")
	if err != nil {
		t.Fatal(err)
	}
	n := m.NumVars()
	ranges := []int{0, 1, 6} // the range rows of features(), 0-based
	// Columns: the model's, then ~const (objective), then ~r_<i+1> for
	// each range row i (first seen in Subject To).
	if g.NumVars() != n+1+len(ranges) || g.Vars[n].Name != "~const" {
		t.Fatalf("columns %d, extra %v; want %d, ~const first", g.NumVars(), g.Vars[n:], n+1+len(ranges))
	}
	if v := g.Vars[n]; v.Lower != 1 || v.Upper != 1 || g.Obj[n] != m.ObjOffset || g.ObjOffset != 0 {
		t.Errorf("~const = %+v cost %v, offset %v; want fixed at 1, cost %v, offset 0", v, g.Obj[n], g.ObjOffset, m.ObjOffset)
	}
	for k, i := range ranges {
		r, a := g.Rows[i], g.Vars[n+1+k]
		if a.Name != "~r_"+itoa(i+1) {
			t.Errorf("range column %d named %q, want ~r_%d", k, a.Name, i+1)
		}
		if r.Lower != 0 || r.Upper != 0 || a.Lower != m.Rows[i].Lower || a.Upper != m.Rows[i].Upper {
			t.Errorf("row %d = [%v, %v], column %s = [%v, %v]; want [0, 0] and [%v, %v]", i, r.Lower, r.Upper, a.Name, a.Lower, a.Upper, m.Rows[i].Lower, m.Rows[i].Upper)
		}
		if last := len(r.Ind) - 1; r.Ind[last] != n+1+k || r.Val[last] != -1 {
			t.Errorf("row %d does not end in -1 %s", i, a.Name)
		}
	}
	if d := cmp.Diff(renamed(m).Rows[2:6], g.Rows[2:6]); d != "" {
		t.Errorf("other rows changed (-want +got):\n%s", d)
	}
}

// TestGlpsolSolvesFeatures solves a feasible version of features() from
// the file written with the GLPK option by glpsol, and the original model
// with this project's simplex backend: two independent readings of the
// same model must give the same optimum.
func TestGlpsolSolvesFeatures(t *testing.T) {
	glpsol, err := exec.LookPath("glpsol")
	if err != nil {
		t.Skip("glpsol (Debian glpk-utils) is not on PATH")
	}
	m := features()
	m.Rows[1].Lower, m.Rows[1].Upper = -40, -10 // make the empty range feasible: 2z + w/2 ∈ [-40, -10]
	m.Obj[9] = 1                                // v's huge cost would make the optimum 1.8e318
	m.Vars[9].Upper = 10
	sol, rep, err := solve.Solve(context.Background(), m, "auto", solve.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if sol.Status != lp.Optimal || !rep.OK {
		t.Fatalf("our solve: %s, %s", sol.Status, rep.Summary())
	}
	path := filepath.Join(t.TempDir(), "features.lp")
	if err := lpformat.WriteFile(path, m, lpformat.WriteOptions{GLPK: true}); err != nil {
		t.Fatal(err)
	}
	got := glpsolObjective(t, glpsol, path)
	if d := relDiff(got, sol.Objective); d > relTol {
		t.Errorf("glpsol optimum %.12g, our backend %s %.12g (rel. diff %.2g)", got, sol.Backend, sol.Objective, d)
	}
}
