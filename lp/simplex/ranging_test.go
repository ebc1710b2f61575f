package simplex

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/streamopt/streamopt/internal/instances"
	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/mps"
)

// rangingNetlib are the NETLIB instances whose ranging is compared with
// glpsol's: every shared one that solves in well under a second, but
// forplan, whose names hold blanks (glpsol's report cannot show them),
// and greenbea and d2q06c, whose ill-conditioned bases give reduced costs
// and tableau entries that differ between the two solvers beyond the
// report's precision (ratios of 0 against 1e-3). rangingNetlibLong are
// compared too with STREAMOPT_LONG set (a second or two each).
var (
	rangingNetlib = []string{
		"afiro", "adlittle", "blend", "sc50a", "sc50b", "sc105", "share2b",
		"stocfor1", "kb2", "recipe", "boeing2", "israel", "lotfi", "brandy",
		"e226", "scorpion", "bandm", "capri", "share1b", "beaconfd", "agg",
		"25fv47", "degen2", "finnis", "grow7", "etamacro", "standata", "scfxm1",
		"sctap1", "shell", "vtpbase", "ganges", "stair", "perold", "pilot4", "boeing1",
	}
	rangingNetlibLong = []string{"80bau3b", "degen3"}
)

// glpRange is one row or column of glpsol's --ranges report (the layout of
// GLPK 5.0's glp_print_ranges: two lines per variable).
type glpRange struct {
	status    string
	activity  float64
	marginal  float64
	act, coef [2]float64
	obj       [2]float64
	limit     [2]string
}

// parseGLPRanges reads the report into rows and columns by name.
func parseGLPRanges(data []byte) (rows, cols map[string]*glpRange, err error) {
	rows, cols = map[string]*glpRange{}, map[string]*glpRange{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	var cur map[string]*glpRange
	var pend *glpRange
	num := func(s string) (float64, error) {
		if s == "." {
			return 0, nil
		}
		return strconv.ParseFloat(s, 64)
	}
	for sc.Scan() {
		line := sc.Text()
		f := strings.Fields(line)
		switch {
		case strings.Contains(line, "Row name"):
			cur = rows
			continue
		case strings.Contains(line, "Column name"):
			cur = cols
			continue
		case len(f) == 0 || cur == nil || strings.HasPrefix(line, "------") || strings.HasPrefix(line, "GLPK") ||
			strings.HasPrefix(line, "Problem:") || strings.HasPrefix(line, "Objective:") ||
			strings.HasPrefix(line, "End of report") || strings.Contains(line, "Marginal"):
			continue
		}
		if pend == nil {
			// first line: No. name St activity slack|coef lower act1 coef1 obj1 [limit1]
			if len(f) < 9 {
				return nil, nil, fmt.Errorf("glpsol report: short line %q", line)
			}
			r := &glpRange{status: f[2]}
			vals := []*float64{&r.activity, new(float64), new(float64), &r.act[0], &r.coef[0], &r.obj[0]}
			for k, p := range vals {
				if *p, err = num(f[3+k]); err != nil {
					return nil, nil, fmt.Errorf("glpsol report: %q: %v", line, err)
				}
			}
			if len(f) > 9 {
				r.limit[0] = f[9]
			}
			cur[f[1]] = r
			pend = r
			continue
		}
		// second line: marginal upper act2 coef2 obj2 [limit2]
		if len(f) < 5 {
			return nil, nil, fmt.Errorf("glpsol report: short second line %q", line)
		}
		vals := []*float64{&pend.marginal, new(float64), &pend.act[1], &pend.coef[1], &pend.obj[1]}
		for k, p := range vals {
			if *p, err = num(f[k]); err != nil {
				return nil, nil, fmt.Errorf("glpsol report: %q: %v", line, err)
			}
		}
		if len(f) > 5 {
			pend.limit[1] = f[5]
		}
		pend = nil
	}
	return rows, cols, sc.Err()
}

// writeGLPKBasis writes sol and basis b of m in the layout of glpsol's -w
// (glp_write_sol), which glpsol --ini reads back as its starting basis.
func writeGLPKBasis(path string, m *lp.Model, sol *lp.Solution, b Basis) error {
	code := map[BasisStatus]string{Basic: "b", AtLower: "l", AtUpper: "u", AtZero: "f", Fixed: "s"}
	var w bytes.Buffer
	fmt.Fprintf(&w, "s bas %d %d f f %.17g\n", len(m.Rows), len(m.Vars), sol.Objective)
	for i := range m.Rows {
		fmt.Fprintf(&w, "i %d %s %.17g %.17g\n", i+1, code[b.Rows[i]], sol.RowActivity[i], sol.RowDual[i])
	}
	for j := range m.Vars {
		fmt.Fprintf(&w, "j %d %s %.17g %.17g\n", j+1, code[b.Cols[j]], sol.X[j], sol.ReducedCost[j])
	}
	fmt.Fprintf(&w, "e o f\n")
	return os.WriteFile(path, w.Bytes(), 0o644)
}

// readGLPKStatuses reads the row and column statuses of a glpsol -w file.
func readGLPKStatuses(path string) (rows, cols []string, err error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	for _, l := range strings.Split(string(data), "\n") {
		f := strings.Fields(l)
		if len(f) >= 3 && f[0] == "i" {
			rows = append(rows, f[2])
		}
		if len(f) >= 3 && f[0] == "j" {
			cols = append(cols, f[2])
		}
	}
	return rows, cols, nil
}

// glpPrinted is how close a value must be to glpsol's printed one: the
// report prints 5 decimals (6 significant digits above 999999.99998), so
// half a unit of the last printed digit, plus 1e-6 relative for the two
// solvers' own rounding.
func glpPrinted(ours, theirs float64) bool {
	if math.IsInf(theirs, 0) || math.Abs(theirs) >= 1e300 {
		return math.IsInf(ours, int(math.Copysign(1, theirs))) || math.Abs(ours) >= 1e300 && math.Signbit(ours) == math.Signbit(theirs)
	}
	unit := 5e-6
	if math.Abs(theirs) > 999999.99998 {
		unit = 5e-6 * math.Abs(theirs)
	}
	return math.Abs(ours-theirs) <= unit*1.0001+1e-6*math.Max(1, math.Abs(theirs))
}

// TestRangingGlpsol compares Ranging with glpsol's --ranges report on
// NETLIB instances, glpsol starting from our optimal basis (--ini) so that
// both analyse the same basis (ranges depend on the basis, and a degenerate
// optimum has several). An instance where glpsol leaves that basis is
// skipped and counted; at least 10 must be compared. Every interval end,
// objective value at an end and limiting variable is compared; where the
// limiting variables differ, the one glpsol names must tie with ours in
// our own ratio test (a tie the two solvers' rounding breaks differently).
func TestRangingGlpsol(t *testing.T) {
	glpsol, err := exec.LookPath("glpsol")
	if err != nil {
		if os.Getenv("STREAMOPT_REQUIRE_TOOLS") == "1" {
			t.Fatal("glpsol (Debian glpk-utils) not on PATH, and STREAMOPT_REQUIRE_TOOLS=1")
		}
		t.Skip("glpsol (Debian glpk-utils) not on PATH: ranging not compared")
	}
	ins := instances.NetlibOrSkip(t)
	path := map[string]string{}
	for _, in := range ins {
		path[in.Name] = in.Path
	}
	compared := 0
	names := rangingNetlib
	if os.Getenv(envLong) != "" {
		names = append(names, rangingNetlibLong...)
	}
	for _, name := range names {
		p, ok := path[name]
		if !ok {
			continue
		}
		t.Run(name, func(t *testing.T) {
			if compareRanging(t, glpsol, p) {
				compared++
			}
		})
	}
	t.Logf("ranging equal to glpsol's on %d NETLIB instances", compared)
	if compared < 10 {
		t.Errorf("ranging compared on %d NETLIB instances, want at least 10", compared)
	}
}

func compareRanging(t *testing.T, glpsol, path string) bool {
	m, err := mps.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	sv, err := New(m, Options{})
	if err != nil {
		t.Fatal(err)
	}
	sol, err := sv.Solve(context.Background())
	if err != nil || sol.Status != lp.Optimal {
		t.Fatalf("solve: %v %v", sol.Status, err)
	}
	rg, err := sv.Ranging(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	basis := filepath.Join(dir, "basis.sol")
	if err := writeGLPKBasis(basis, m, sol, sv.Basis()); err != nil {
		t.Fatal(err)
	}
	report, final := filepath.Join(dir, "ranges.txt"), filepath.Join(dir, "final.sol")
	// NETLIB's files are free MPS but for a few whose names need the fixed layout
	out, err := exec.Command("nice", "-n", "15", glpsol, "--freemps", path, "--ini", basis, "--ranges", report, "-w", final).CombinedOutput()
	if err != nil {
		out, err = exec.Command("nice", "-n", "15", glpsol, "--mps", path, "--ini", basis, "--ranges", report, "-w", final).CombinedOutput()
	}
	if err != nil {
		t.Fatalf("glpsol: %v\n%s", err, out)
	}
	grows, gcols, err := readGLPKStatuses(final)
	if err != nil {
		t.Fatal(err)
	}
	b := sv.Basis()
	for i := range m.Rows {
		if (grows[i] == "b") != (b.Rows[i] == Basic) {
			t.Logf("glpsol left our basis (row %s: %s, ours %v): not compared", m.Rows[i].Name, grows[i], b.Rows[i])
			return false
		}
	}
	for j := range m.Vars {
		if (gcols[j] == "b") != (b.Cols[j] == Basic) {
			t.Logf("glpsol left our basis (column %s: %s, ours %v): not compared", m.Vars[j].Name, gcols[j], b.Cols[j])
			return false
		}
	}
	data, err := os.ReadFile(report)
	if err != nil {
		t.Fatal(err)
	}
	rows, cols, err := parseGLPRanges(data)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != len(m.Rows) || len(cols) != len(m.Vars) {
		t.Fatalf("glpsol report has %d rows and %d columns, model %d and %d", len(rows), len(cols), len(m.Rows), len(m.Vars))
	}
	// names → internal variables (a row and a column may share a name)
	byName := map[string][]int{}
	for j := range m.Vars {
		byName[m.Vars[j].Name] = append(byName[m.Vars[j].Name], j)
	}
	for i := range m.Rows {
		byName[m.Rows[i].Name] = append(byName[m.Rows[i].Name], len(m.Vars)+i)
	}
	// glpsol reads a right-hand side on the objective row as the
	// objective constant, lp/mps as minus it (lp/mps/doc.go; NETLIB e226):
	// glpsol's objective values are ours minus twice the constant
	glpShift := 2 * m.ObjOffset
	bad, ties := 0, 0
	fail := func(format string, args ...any) {
		bad++
		if bad <= 20 {
			t.Errorf(format, args...)
		}
	}
	check := func(r *ranger, kind, name string, g *glpRange, rg lp.Range, k int) {
		for e := 0; e < 2; e++ {
			act, coef := rg.Activity[e].Value, rg.Cost[e].Value
			obj, limit := rg.Activity[e].Objective, rg.Activity[e].Leaving
			if rg.Basic {
				obj, limit = rg.Cost[e].Objective, rg.Cost[e].Entering
			}
			if ln := limit.Name(m); ln != g.limit[e] {
				// a tie broken the other way: glpsol's variable must
				// attain our ratio, and the values that depend on the
				// choice are then ours with glpsol's choice
				a, ok := tieValue(r, k, rg.Basic, e, byName[g.limit[e]])
				if !ok {
					fail("%s %s (%s): limiting variable at end %d: %q, glpsol %q (no tie)", kind, name, g.status, e, ln, g.limit[e])
					continue
				}
				ties++
				act = a
			}
			for _, c := range []struct {
				what         string
				ours, theirs float64
			}{{"activity range", act, g.act[e]}, {"cost range", coef, g.coef[e]}, {"objective at break point", obj, g.obj[e] + glpShift}} {
				if !glpPrinted(c.ours, c.theirs) {
					fail("%s %s (%s): %s end %d: %.10g, glpsol %.10g", kind, name, g.status, c.what, e, c.ours, c.theirs)
				}
			}
		}
	}
	err = sv.withRanger(func(r *ranger) error {
		for i := range m.Rows {
			g, ok := rows[m.Rows[i].Name]
			if !ok {
				fail("row %s: not in glpsol's report", m.Rows[i].Name)
				continue
			}
			check(r, "row", m.Rows[i].Name, g, rg.Rows[i], len(m.Vars)+i)
		}
		for j := range m.Vars {
			g, ok := cols[m.Vars[j].Name]
			if !ok {
				fail("column %s: not in glpsol's report", m.Vars[j].Name)
				continue
			}
			check(r, "column", m.Vars[j].Name, g, rg.Cols[j], j)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if bad > 20 {
		t.Errorf("%d differences in all", bad)
	}
	t.Logf("%d rows and %d columns compared; %d ties broken the other way", len(m.Rows), len(m.Vars), ties)
	return bad == 0
}

// tieTol is how close glpsol's choice must come to our ratio to count as
// a tie: both ratios are computed from the same basis in floating point.
const tieTol = 1e-9

// tieValue checks whether one of the candidates (internal variables with
// the name glpsol gives as limiting end e of internal variable k) ties
// with the choice of our ratio test; if so it returns k's activity at that
// end computed with glpsol's choice (for a basic k its value in the
// adjacent basis where the candidate enters; for a nonbasic k the
// interval end, which a tie does not change).
func tieValue(r *ranger, k int, basic bool, e int, cands []int) (float64, bool) {
	s := r.s
	if basic {
		tau := 1.0
		if side(tau*r.f(k)) != e {
			tau = -1
		}
		r.tableauRow(s.pos[k])
		best := math.Inf(1)
		for _, j := range s.alphaIdx {
			if th, ok := r.dualRatio(j, tau); ok {
				best = math.Min(best, th)
			}
		}
		for _, q := range cands {
			if th, ok := r.dualRatio(q, tau); ok && math.Abs(th-best) <= tieTol*(1+best) {
				v, _ := r.adjacent(k, q, tau)
				return v, true
			}
		}
		return 0, false
	}
	dir := r.g(k)
	if e == 0 {
		dir = -dir
	}
	s.loadColumn(k, r.col)
	s.lu.ftran(r.col)
	best, p := r.ratio(r.col, dir, -1)
	for _, c := range cands {
		if q := s.pos[c]; q >= 0 && p >= 0 {
			if th, ok := r.ratioAt(r.col, dir, q); ok && math.Abs(th-best) <= tieTol*(1+best) {
				return r.g(k) * (s.x[k] + dir*th), true
			}
		}
	}
	return 0, false
}

// TestRangingByHand checks every end of the ranging of a small LP against
// values computed by hand: maximise 3x + 2y s.t. capacity: x + y ≤ 4,
// labour: x + 3y ≤ 6, 0 ≤ x ≤ 3.5, y ≥ 0. The optimum is x = 3.5 (at its
// bound), y = 0.5, z = 11.5; y and labour's activity (5) are basic, the
// capacity row has dual 2 and x reduced cost 1.
//
//   - y's cost c_y: d_x = 3 − c_y ≥ 0 and the capacity dual c_y ≥ 0, so
//     [0, 3], objective 11.5 + (c − 2)·0.5 = 10.5 and 12. Past 3, x enters
//     downwards; labour 12 − 2x reaches 6 at x = 3 (y = 1). Past 0,
//     capacity enters downwards and y (kept basic) falls without limit.
//   - x's cost: [3 − 1, ∞) = [2, ∞): past 2 x enters downwards, labour
//     leaves; objective 11.5 − 3.5 = 8 at 2.
//   - x's bound: up to 4 (y reaches 0), down to 3 (labour reaches 6),
//     objective 11.5 + 1·(v − 3.5) = 12 and 11.
//   - capacity's right-hand side b: y = b − 3.5 ≥ 0 and 3.5 + 3(b − 3.5) ≤ 6,
//     so [3.5, 4 + 1/3], objective 11.5 + 2(b − 4) = 10.5 and 12 + 1/6.
func TestRangingByHand(t *testing.T) {
	m := lp.New("plan", lp.Maximize)
	x := m.AddVar("x", 0, 3.5, 3)
	y := m.AddVar("y", 0, lp.Inf, 2)
	capacity := m.AddLE("capacity", 4, lp.Term{Var: x, Coef: 1}, lp.Term{Var: y, Coef: 1})
	labour := m.AddLE("labour", 6, lp.Term{Var: x, Coef: 1}, lp.Term{Var: y, Coef: 3})
	sv, err := New(m, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sv.Ranging(context.Background()); err != ErrNotOptimal {
		t.Errorf("Ranging before Solve: %v, want ErrNotOptimal", err)
	}
	sol, err := sv.Solve(context.Background())
	if err != nil || sol.Status != lp.Optimal {
		t.Fatalf("solve: %v %v", sol.Status, err)
	}
	rg, err := sv.Ranging(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	inf := math.Inf(1)
	col := func(j int) lp.VarRef { return lp.VarRef{Kind: lp.ColVar, Index: j} }
	row := func(i int) lp.VarRef { return lp.VarRef{Kind: lp.RowVar, Index: i} }
	none := lp.VarRef{}
	want := []struct {
		what string
		got  lp.RangeEnd
		want lp.RangeEnd
	}{
		{"y cost low", rg.Cols[y].Cost[0], lp.RangeEnd{Value: 0, Objective: 10.5, Entering: row(capacity), Leaving: none}},
		{"y cost high", rg.Cols[y].Cost[1], lp.RangeEnd{Value: 3, Objective: 12, Entering: col(x), Leaving: row(labour)}},
		{"y adjacent low", rg.Cols[y].Activity[0], lp.RangeEnd{Value: -inf, Objective: 10.5, Entering: row(capacity), Leaving: none}},
		{"y adjacent high", rg.Cols[y].Activity[1], lp.RangeEnd{Value: 1, Objective: 12, Entering: col(x), Leaving: row(labour)}},
		{"x cost low", rg.Cols[x].Cost[0], lp.RangeEnd{Value: 2, Objective: 8, Entering: col(x), Leaving: row(labour)}},
		{"x cost high", rg.Cols[x].Cost[1], lp.RangeEnd{Value: inf, Objective: inf, Entering: none, Leaving: none}},
		{"x bound low", rg.Cols[x].Activity[0], lp.RangeEnd{Value: 3, Objective: 11, Leaving: row(labour)}},
		{"x bound high", rg.Cols[x].Activity[1], lp.RangeEnd{Value: 4, Objective: 12, Leaving: col(y)}},
		{"capacity low", rg.Rows[capacity].Activity[0], lp.RangeEnd{Value: 3.5, Objective: 10.5, Leaving: col(y)}},
		{"capacity high", rg.Rows[capacity].Activity[1], lp.RangeEnd{Value: 4 + 1.0/3, Objective: 12 + 1.0/6, Leaving: row(labour)}},
	}
	for _, w := range want {
		g := w.got
		close := func(a, b float64) bool { return a == b || math.Abs(a-b) <= 1e-9*(1+math.Abs(b)) }
		if !close(g.Value, w.want.Value) || !close(g.Objective, w.want.Objective) || g.Entering != w.want.Entering || g.Leaving != w.want.Leaving {
			t.Errorf("%s: got %+v, want %+v", w.what, g, w.want)
		}
	}
	if !rg.Cols[y].Basic || rg.Cols[x].Basic || !rg.Rows[labour].Basic || rg.Rows[capacity].Basic {
		t.Errorf("basic flags: %+v", rg)
	}
	sv.SetObjective(lp.Maximize, []float64{3, 2.5})
	if _, err := sv.Ranging(context.Background()); err != ErrNotOptimal {
		t.Errorf("Ranging after SetObjective: %v, want ErrNotOptimal", err)
	}
}
