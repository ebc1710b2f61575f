package iis_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/streamopt/streamopt/internal/extsolve"
	"github.com/streamopt/streamopt/internal/instances"
	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/iis"
	"github.com/streamopt/streamopt/lp/lpformat"
	"github.com/streamopt/streamopt/lp/mps"
	"github.com/streamopt/streamopt/lp/simplex"
	"github.com/streamopt/streamopt/solve/solvetest"
)

func term(j int, c float64) lp.Term { return lp.Term{Var: j, Coef: c} }

// handMade are infeasible LPs whose IISs are known by hand.
func handMade() map[string]struct {
	m    *lp.Model
	iiss [][]string // the IISs, each as its sorted member names
} {
	inf := math.Inf(1)
	out := map[string]struct {
		m    *lp.Model
		iiss [][]string
	}{}
	{
		// a: x + y ≥ 4 against d: x + y ≤ 3, or against b: x ≤ 1 and
		// c: y ≤ 1; e: 2x + 2y ≥ 7 likewise; f is slack. The IISs are
		// {a,d}, {a,b,c}, {e,d}, {e,b,c}.
		m := lp.New("overlap", lp.Minimize)
		x := m.AddVar("x", -inf, inf, 1)
		y := m.AddVar("y", -inf, inf, 1)
		m.AddGE("a", 4, term(x, 1), term(y, 1))
		m.AddLE("b", 1, term(x, 1))
		m.AddLE("c", 1, term(y, 1))
		m.AddLE("d", 3, term(x, 1), term(y, 1))
		m.AddGE("e", 7, term(x, 2), term(y, 2))
		m.AddLE("f", 10, term(x, 1), term(y, -1))
		out["overlap"] = struct {
			m    *lp.Model
			iiss [][]string
		}{m, [][]string{{"a", "d"}, {"a", "b", "c"}, {"d", "e"}, {"b", "c", "e"}}}
	}
	{
		// r1: 1 ≤ x + y + z ≤ 2 and r2: z ≥ 3 need x ≥ 0 and y ≥ 0:
		// x + y + z ≥ 3 > 2. The upper bounds of x and y play no part.
		m := lp.New("ranged", lp.Minimize)
		x := m.AddVar("x", 0, 2, 0)
		y := m.AddVar("y", 0, 2, 0)
		z := m.AddVar("z", -inf, inf, 0)
		m.AddRow("r1", 1, 2, term(x, 1), term(y, 1), term(z, 1))
		m.AddGE("r2", 3, term(z, 1))
		out["ranged"] = struct {
			m    *lp.Model
			iiss [][]string
		}{m, [][]string{{"r1", "r2", "x>=0", "y>=0"}}}
	}
	{
		// Supplies 3 + 4 < demands 2 + 3 + 5: every supply and demand row
		// is needed (the sum of the demands minus the supplies is the
		// certificate, 10 ≤ Σx ≤ 7, whatever the signs of the x), and no
		// bound.
		m := lp.New("transport", lp.Minimize)
		supply, demand := []float64{3, 4}, []float64{2, 3, 5}
		xs := make([][]int, len(supply))
		for i := range supply {
			for j := range demand {
				xs[i] = append(xs[i], m.AddVar(fmt.Sprintf("x%d%d", i, j), 0, inf, float64(1+i+j)))
			}
		}
		names := []string{}
		for i, s := range supply {
			var ts []lp.Term
			for j := range demand {
				ts = append(ts, term(xs[i][j], 1))
			}
			m.AddLE(fmt.Sprintf("s%d", i), s, ts...)
			names = append(names, fmt.Sprintf("s%d", i))
		}
		for j, d := range demand {
			var ts []lp.Term
			for i := range supply {
				ts = append(ts, term(xs[i][j], 1))
			}
			m.AddGE(fmt.Sprintf("d%d", j), d, ts...)
			names = append(names, fmt.Sprintf("d%d", j))
		}
		slices.Sort(names)
		out["transport"] = struct {
			m    *lp.Model
			iiss [][]string
		}{m, [][]string{names}}
	}
	{
		// x1 = 1, x2 − x1 = 1, x3 − x2 = 1, x3 = 2.5: a chain of equalities,
		// all needed; u ≤ 5 and u + x1 ≥ 0 are not.
		m := lp.New("chain", lp.Minimize)
		x1 := m.AddVar("x1", -inf, inf, 0)
		x2 := m.AddVar("x2", -inf, inf, 0)
		x3 := m.AddVar("x3", -inf, inf, 0)
		u := m.AddVar("u", 0, 5, 0)
		m.AddEQ("e1", 1, term(x1, 1))
		m.AddEQ("e2", 1, term(x2, 1), term(x1, -1))
		m.AddLE("other", 5, term(u, 1), term(x1, 1))
		m.AddEQ("e3", 1, term(x3, 1), term(x2, -1))
		m.AddEQ("e4", 2.5, term(x3, 1))
		out["chain"] = struct {
			m    *lp.Model
			iiss [][]string
		}{m, [][]string{{"e1", "e2", "e3", "e4"}}}
	}
	{
		// The column bounds 2 ≤ w ≤ 1 cross: they are the IIS.
		m := lp.New("crossed", lp.Minimize)
		w := m.AddVar("w", 2, 1, 0)
		v := m.AddVar("v", 0, inf, 0)
		m.AddGE("r", 1, term(w, 1), term(v, 1))
		out["crossed"] = struct {
			m    *lp.Model
			iiss [][]string
		}{m, [][]string{{"w<=1", "w>=2"}}}
	}
	return out
}

// members names the members of s, sorted: rows by name, bounds as "x>=l"
// or "x<=u".
func members(m *lp.Model, s *iis.IIS) []string {
	var out []string
	for k := 0; k < len(s.Rows)+len(s.Bounds); k++ {
		out = append(out, member(m, s, k))
	}
	slices.Sort(out)
	return out
}

// member names the k-th member of s (rows first, then bounds).
func member(m *lp.Model, s *iis.IIS, k int) string {
	if k < len(s.Rows) {
		return m.Rows[s.Rows[k]].Name
	}
	b := s.Bounds[k-len(s.Rows)]
	v := m.Vars[b.Col]
	if b.Upper {
		return fmt.Sprintf("%s<=%g", v.Name, v.Upper)
	}
	return fmt.Sprintf("%s>=%g", v.Name, v.Lower)
}

// dropOne is s without its k-th member (rows first, then bounds).
func dropOne(s *iis.IIS, k int) *iis.IIS {
	if k < len(s.Rows) {
		return &iis.IIS{Rows: slices.Delete(slices.Clone(s.Rows), k, k+1), Bounds: s.Bounds}
	}
	k -= len(s.Rows)
	return &iis.IIS{Rows: s.Rows, Bounds: slices.Delete(slices.Clone(s.Bounds), k, k+1)}
}

// glpsolStatus writes sub as a CPLEX LP file and returns glpsol's status
// for it ("" when glpsol is not there).
func glpsolStatus(t *testing.T, glpsol string, sub *lp.Model, name string) lp.Status {
	t.Helper()
	path := filepath.Join(t.TempDir(), name+".lp")
	if err := lpformat.WriteFile(path, sub, lpformat.WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	res, err := extsolve.Run(context.Background(), extsolve.GLPK, glpsol, path, extsolve.LP, extsolve.Options{Limit: time.Minute})
	if err != nil {
		t.Fatalf("glpsol on %s: %v\n%s", name, err, res.Output)
	}
	return res.Status
}

// TestIrreducible finds the IIS of every hand-made infeasible LP and of the
// conformance suite's Farkas cases, and checks that it is infeasible in
// our simplex and in glpsol (read back from the LP file Model writes), and
// feasible in both when any one member is dropped. For the hand-made
// models the IIS must also be one of those derived by hand.
func TestIrreducible(t *testing.T) {
	glpsol, err := extsolve.Find(extsolve.GLPK)
	if err != nil {
		if os.Getenv("STREAMOPT_REQUIRE_TOOLS") == "1" {
			t.Fatal("glpsol (Debian glpk-utils) not on PATH, and STREAMOPT_REQUIRE_TOOLS=1")
		}
		t.Log("glpsol (Debian glpk-utils) not on PATH: IISs checked with our simplex only")
	}
	type model struct {
		m    *lp.Model
		iiss [][]string
	}
	all := map[string]model{}
	for name, h := range handMade() {
		all[name] = model{h.m, h.iiss}
	}
	for name, m := range solvetest.FarkasModels() {
		all["solvetest/"+name] = model{m, nil}
	}
	names := make([]string, 0, len(all))
	for n := range all {
		names = append(names, n)
	}
	slices.Sort(names)
	ctx := context.Background()
	for _, name := range names {
		tc := all[name]
		t.Run(name, func(t *testing.T) {
			s, err := iis.Find(ctx, tc.m, iis.Options{})
			if err != nil {
				t.Fatal(err)
			}
			got := members(tc.m, s)
			t.Logf("IIS %v", got)
			if tc.iiss != nil && !slices.ContainsFunc(tc.iiss, func(w []string) bool { return slices.Equal(w, got) }) {
				t.Errorf("IIS %v, want one of %v", got, tc.iiss)
			}
			check := func(what string, sub *lp.Model, want lp.Status) {
				sol, err := simplex.Solve(ctx, sub, simplex.Options{})
				if err != nil || sol.Status != want {
					t.Errorf("%s: simplex says %v (%v), want %v", what, sol.Status, err, want)
				}
				if glpsol == "" {
					return
				}
				if len(sub.Rows) == 0 {
					// glpsol reads no LP file without constraints; the
					// bounds alone decide, as the simplex did above
					return
				}
				if g := glpsolStatus(t, glpsol, sub, strings.ReplaceAll(name, "/", "_")); g != want {
					t.Errorf("%s: glpsol says %v, want %v", what, g, want)
				}
			}
			check("the IIS", s.Model(tc.m), lp.Infeasible)
			for k := 0; k < len(s.Rows)+len(s.Bounds); k++ {
				check("without "+member(tc.m, s, k), dropOne(s, k).Model(tc.m), lp.Optimal)
			}
		})
	}
	if len(all) < 5 {
		t.Errorf("%d infeasible models, want at least 5", len(all))
	}
}

// TestFindOptions covers what TestIrreducible does not: a certificate
// given in Options.Farkas (the overlap model's rows a and d, by hand: a
// minus d proves 4 ≤ x + y ≤ 3 impossible) is used as the start, a
// feasible model is ErrFeasible, a certificate of the wrong length an
// error, and a cancelled context stops the search.
func TestFindOptions(t *testing.T) {
	m := handMade()["overlap"].m
	ctx := context.Background()
	y := make([]float64, len(m.Rows))
	y[0], y[3] = 1, 1 // a: x + y ≥ 4 (lower bound), d: x + y ≤ 3 (upper bound)
	s, err := iis.Find(ctx, m, iis.Options{Farkas: y})
	if err != nil {
		t.Fatal(err)
	}
	if got := members(m, s); !slices.Equal(got, []string{"a", "d"}) {
		t.Errorf("IIS from the certificate of a and d: %v, want [a d]", got)
	}
	if _, err := iis.Find(ctx, m, iis.Options{Farkas: []float64{1}}); err == nil || !strings.Contains(err.Error(), "1 entries for 6 rows") {
		t.Errorf("short certificate: %v", err)
	}
	feas := lp.New("feasible", lp.Minimize)
	x := feas.AddVar("x", 0, 1, 1)
	feas.AddGE("r", 0.5, term(x, 1))
	if _, err := iis.Find(ctx, feas, iis.Options{}); !errors.Is(err, iis.ErrFeasible) || !strings.Contains(err.Error(), "model feasible has a feasible point") {
		t.Errorf("feasible model: %v", err)
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := iis.Find(cctx, m, iis.Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

// TestNetlibCut makes NETLIB instances infeasible by a row that asks for
// an objective 1% below their optimum (optimal.csv), finds an IIS, and
// checks it as TestIrreducible does: infeasible in our simplex and in
// glpsol, feasible in both without any one member. The cut row must be in
// it (the model without it is feasible).
func TestNetlibCut(t *testing.T) {
	glpsol, err := extsolve.Find(extsolve.GLPK)
	if err != nil {
		if os.Getenv("STREAMOPT_REQUIRE_TOOLS") == "1" {
			t.Fatal("glpsol (Debian glpk-utils) not on PATH, and STREAMOPT_REQUIRE_TOOLS=1")
		}
		t.Log("glpsol (Debian glpk-utils) not on PATH: IISs checked with our simplex only")
	}
	ins := instances.NetlibOrSkip(t)
	ctx := context.Background()
	for _, in := range ins {
		if !slices.Contains([]string{"afiro", "sc50a", "adlittle", "blend"}, in.Name) {
			continue
		}
		t.Run(in.Name, func(t *testing.T) {
			m, err := mps.ReadFile(in.Path)
			if err != nil {
				t.Fatal(err)
			}
			var terms []lp.Term
			for j, c := range m.Obj {
				if c != 0 {
					terms = append(terms, term(j, c))
				}
			}
			target := in.Optimum - m.ObjOffset - 0.01*math.Abs(in.Optimum)
			if m.Sense == lp.Maximize {
				target = in.Optimum - m.ObjOffset + 0.01*math.Abs(in.Optimum)
				m.AddGE("cut", target, terms...)
			} else {
				m.AddLE("cut", target, terms...)
			}
			s, err := iis.Find(ctx, m, iis.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Contains(s.Rows, len(m.Rows)-1) {
				t.Errorf("the cut row is not in the IIS")
			}
			t.Logf("IIS of %d rows and %d bounds (model: %d rows)", len(s.Rows), len(s.Bounds), len(m.Rows))
			check := func(what string, sub *lp.Model, want lp.Status) {
				sol, err := simplex.Solve(ctx, sub, simplex.Options{})
				if err != nil || sol.Status != want {
					t.Errorf("%s: simplex says %v (%v), want %v", what, sol.Status, err, want)
				}
				if glpsol == "" || len(sub.Rows) == 0 {
					return
				}
				if g := glpsolStatus(t, glpsol, sub, in.Name); g != want {
					t.Errorf("%s: glpsol says %v, want %v", what, g, want)
				}
			}
			check("the IIS", s.Model(m), lp.Infeasible)
			for k := 0; k < len(s.Rows)+len(s.Bounds); k++ {
				check("without "+member(m, s, k), dropOne(s, k).Model(m), lp.Optimal)
			}
		})
	}
}
