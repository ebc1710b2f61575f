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

// badNames builds a model whose names the writer must replace.
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
			want := fileModel(t, tc.m)
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
// first character, the e/E rule with its examples e24, e9cats, eels), the
// keywords of the format and the names HiGHS 1.15 takes for numbers (inf
// and nan prefixes, checked with highs-js on one-column LP files).
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
		{"INFDP1", false}, {"infx", false}, {"Inf_a", false}, {"nan", false}, {"NaN1", false}, {"in", true}, {"na", true},
		{"_inf", true}, {"x.inf", true}, {"xnan", true},
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

// TestFileModel checks what features() becomes in the file, derived by
// hand from the rules of FileModel and Names: each of the three range rows
// (one with lo > hi, one without terms) becomes NAME_lo (>= lo) and NAME_hi
// (<= hi) in its place; "empty range" has a blank, so its rows are named
// after "empty_range"; the keyword "free" becomes "_free"; nothing else
// changes.
func TestFileModel(t *testing.T) {
	m := features()
	fm := fileModel(t, m)
	type row struct {
		name   string
		lo, hi float64
	}
	inf := math.Inf(1)
	want := []row{
		{"range_lo", -5, inf}, {"range_hi", -inf, 10},
		{"empty_range_lo", 3, inf}, {"empty_range_hi", -inf, 1},
		{"_free", -inf, inf}, {"", -inf, 4}, {"", -1e20, inf}, {"eq", 0, 0},
		{"nothing_lo", -1, inf}, {"nothing_hi", -inf, 1},
	}
	var got []row
	for _, r := range fm.Rows {
		got = append(got, row{r.Name, r.Lower, r.Upper})
	}
	if d := cmp.Diff(want, got, cmp.AllowUnexported(row{})); d != "" {
		t.Errorf("rows (-want +got):\n%s", d)
	}
	from := []int{0, 0, 1, 1, 2, 3, 4, 5, 6, 6} // the model row each file row comes from
	for k, i := range from {
		if !reflect.DeepEqual(fm.Rows[k].Ind, m.Rows[i].Ind) || !reflect.DeepEqual(fm.Rows[k].Val, m.Rows[i].Val) {
			t.Errorf("file row %d: coefficients %v·%v, want those of model row %d, %v·%v", k, fm.Rows[k].Val, fm.Rows[k].Ind, i, m.Rows[i].Val, m.Rows[i].Ind)
		}
	}
	if fm.ObjOffset != m.ObjOffset || fm.Sense != m.Sense || !reflect.DeepEqual(fm.Obj, m.Obj) || fm.NumVars() != m.NumVars() {
		t.Errorf("objective or columns changed: %v %v %v", fm.Sense, fm.ObjOffset, fm.Obj)
	}

	// Taken names get a suffix; an unnamed range stays unnamed; a very
	// long name is cut.
	long := strings.Repeat("r", lpformat.MaxNameLen)
	c := lp.New("", lp.Minimize)
	x := c.AddVar("x", 0, 1, 1)
	c.AddRow("a", 0, 1, lp.Term{Var: x, Coef: 1})
	c.AddLE("a_lo", 1, lp.Term{Var: x, Coef: 1})
	c.AddRow("", 0, 1, lp.Term{Var: x, Coef: 1})
	c.AddRow(long, 0, 1, lp.Term{Var: x, Coef: 1})
	var names []string
	for _, r := range fileModel(t, c).Rows {
		names = append(names, r.Name)
	}
	cut := long[:lpformat.MaxNameLen-12]
	if d := cmp.Diff([]string{"a_lo_2", "a_hi", "a_lo", "", "", cut + "_lo", cut + "_hi"}, names); d != "" {
		t.Errorf("names (-want +got):\n%s", d)
	}
	if _, err := lpformat.FileModel(nil); err == nil {
		t.Error("FileModel(nil) gave no error")
	}
}

// TestWriteHeader: the header lines come first, the objective line always,
// the notes on the constant and on ranges only when the model has them,
// then the caller's lines; a line break in a caller's line is an error.
func TestWriteHeader(t *testing.T) {
	m := lp.New("H", lp.Maximize)
	x := m.AddVar("x", 0, 1, 1)
	m.AddLE("r", 1, lp.Term{Var: x, Coef: 1})
	write := func(m *lp.Model, comment ...string) string {
		var buf bytes.Buffer
		if err := lpformat.Write(&buf, m, lpformat.WriteOptions{Comment: comment}); err != nil {
			t.Fatal(err)
		}
		return buf.String()
	}
	plain := write(m, "profit per day", "")
	if want := "\\ written by streamopt lp/lpformat\n\\ objective of the model = objective of this file\n\\ profit per day\n\\\n\\Problem name: H\nMaximize\n"; !strings.HasPrefix(plain, want) {
		t.Errorf("header\n%s\nwant it to start\n%s", plain, want)
	}
	m.ObjOffset = -2
	m.AddRow("band", 0, 1, lp.Term{Var: x, Coef: 1})
	full := write(m)
	for _, want := range []string{
		"\\ objective of the model = objective of this file - 2\n",
		"\\ the objective constant is in no row",
		"\\ each range row lo <= expr <= hi is written as NAME_lo: expr >= lo\n",
		" band_lo: + x >= 0\n band_hi: + x <= 1\n",
		"Maximize\n + x\n",
	} {
		if !strings.Contains(full, want) {
			t.Errorf("no %q in\n%s", want, full)
		}
	}
	err := lpformat.Write(&bytes.Buffer{}, m, lpformat.WriteOptions{Comment: []string{"ok", "two\nlines"}})
	if err == nil || !strings.Contains(err.Error(), "Comment[1]") {
		t.Errorf("line break in a comment: error %v, want one naming Comment[1]", err)
	}
}

// TestGlpsolSolvesFeatures solves a feasible version of features() from
// the file Write writes by glpsol (adding the constant of the header
// line), and the original model with this project's simplex backend: two
// independent readings of the same model must give the same optimum.
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
	if err := lpformat.WriteFile(path, m, lpformat.WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	got := glpsolObjective(t, glpsol, path) + m.ObjOffset
	if d := relDiff(got, sol.Objective); d > relTol {
		t.Errorf("glpsol optimum %.12g, our backend %s %.12g (rel. diff %.2g)", got, sol.Backend, sol.Objective, d)
	}
}
