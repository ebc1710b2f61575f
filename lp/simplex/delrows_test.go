package simplex

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/streamopt/streamopt/internal/instances"
	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/mps"
)

// looseCopy returns a copy of row r with its finite bounds moved outwards
// by 0.5 + |bound|/10: a valid cut for any point of the row's model, slack
// at every point that satisfies r.
func looseCopy(r lp.Row) lp.Row {
	c := lp.Row{Ind: slices.Clone(r.Ind), Val: slices.Clone(r.Val), Lower: r.Lower, Upper: r.Upper}
	if !math.IsInf(c.Lower, -1) {
		c.Lower -= 0.5 + math.Abs(c.Lower)/10
	}
	if !math.IsInf(c.Upper, 1) {
		c.Upper += 0.5 + math.Abs(c.Upper)/10
	}
	return c
}

// basicRows lists the rows of sv whose logical is basic, among from..len.
func basicRows(sv *Solver, from int) []int {
	var out []int
	for i, st := range sv.Basis().Rows[from:] {
		if st == Basic {
			out = append(out, from+i)
		}
	}
	return out
}

// withoutRows returns a copy of m without the rows in del.
func withoutRows(m *lp.Model, del []int) *lp.Model {
	c := m.Clone()
	c.Rows = c.Rows[:0]
	for i, r := range m.Rows {
		if !slices.Contains(del, i) {
			c.Rows = append(c.Rows, r)
		}
	}
	return c
}

// TestDeleteRowsWarm adds loose copies of rows to random LPs (half of them
// without scaling), solves, deletes a random half of the rows whose
// logicals are basic (original rows and copies) and checks that the
// optimum is kept: the next Solve takes 0 iterations, gives the same
// objective, its answer passes both the package's answer check and
// checkOptimal on the reduced model, and Ranging works on it. It then
// tightens column bounds and compares the warm re-solve with a fresh
// solver on the reduced model, to 1e-9 relative.
func TestDeleteRowsWarm(t *testing.T) {
	deleted, compared := 0, 0
	for seed := uint64(1); seed <= 20; seed++ {
		m := randomLP(seed, 12, 16, 0.3)
		rng := rand.New(rand.NewPCG(seed, 21))
		// odd seeds without scaling: the row scale factors must follow
		// the rows either way
		sv, err := New(m, Options{NoScaling: seed%2 == 1})
		if err != nil {
			t.Fatal(err)
		}
		var cuts []lp.Row
		for _, r := range m.Rows {
			if rng.IntN(2) == 0 {
				cuts = append(cuts, looseCopy(r))
			}
		}
		if err := sv.AddRows(cuts); err != nil {
			t.Fatal(err)
		}
		sol, err := sv.Solve(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if sol.Status != lp.Optimal {
			continue
		}
		full := sv.model.Clone()
		var del []int
		for _, i := range basicRows(sv, 0) {
			if rng.IntN(2) == 0 {
				del = append(del, i)
			}
		}
		rng.Shuffle(len(del), func(a, b int) { del[a], del[b] = del[b], del[a] })
		w0 := slices.Clone(sv.s.w)
		head0 := slices.Clone(sv.s.head)
		if err := sv.DeleteRows(del); err != nil {
			t.Fatalf("seed %d: DeleteRows(%v): %v", seed, del, err)
		}
		deleted += len(del)
		red := withoutRows(full, del)
		if got, want := len(sv.model.Rows), len(red.Rows); got != want {
			t.Fatalf("seed %d: %d rows after deleting %d of %d", seed, got, len(del), len(full.Rows))
		}
		// the weights of the remaining positions are kept, in order
		var wantW []float64
		for p, j := range head0 {
			if j < sv.s.n || !slices.Contains(del, j-sv.s.n) {
				wantW = append(wantW, w0[p])
			}
		}
		if !slices.Equal(sv.s.w, wantW) {
			t.Fatalf("seed %d: weights %v after deletion, want %v", seed, sv.s.w, wantW)
		}
		again, err := sv.Solve(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		where := fmt.Sprintf("seed %d, rows %v deleted", seed, del)
		if again.Status != lp.Optimal || again.Iterations != 0 {
			t.Fatalf("%s: %v after %d iterations, want optimal after 0", where, again.Status, again.Iterations)
		}
		if !near(again.Objective, sol.Objective, 1e-9) {
			t.Fatalf("%s: objective %.12g, before %.12g", where, again.Objective, sol.Objective)
		}
		if f := checkAnswer(red, again, answerTolerances(Options{})); f != nil {
			t.Fatalf("%s: answer check: %v", where, f)
		}
		if err := checkOptimal(red, again); err != nil {
			t.Fatalf("%s: %v", where, err)
		}
		if rg, err := sv.Ranging(context.Background()); err != nil || len(rg.Rows) != len(red.Rows) {
			t.Fatalf("%s: Ranging after the deletion: %v", where, err)
		}
		// then bound changes: warm against a fresh solver on the reduced model
		for k := 0; k < 3; k++ {
			j := rng.IntN(len(red.Vars))
			v := again.X[j]
			lo, hi := red.Vars[j].Lower, red.Vars[j].Upper
			if rng.IntN(2) == 0 {
				hi = math.Max(lo, math.Floor(v))
			} else {
				lo = math.Min(hi, math.Ceil(v))
			}
			red.Vars[j].Lower, red.Vars[j].Upper = lo, hi
			sv.SetColBounds(j, lo, hi)
		}
		warm, err := sv.Solve(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		fresh, err := New(red, Options{})
		if err != nil {
			t.Fatal(err)
		}
		cold, err := fresh.Solve(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if warm.Status != cold.Status {
			t.Fatalf("%s, bounds changed: warm %v, fresh %v", where, warm.Status, cold.Status)
		}
		if cold.Status == lp.Optimal {
			if !near(warm.Objective, cold.Objective, 1e-9) {
				t.Fatalf("%s, bounds changed: warm objective %.12g, fresh %.12g", where, warm.Objective, cold.Objective)
			}
			if err := checkOptimal(red, warm); err != nil {
				t.Fatalf("%s, bounds changed: %v", where, err)
			}
			compared++
		}
	}
	// the counts below make sure the test exercised something
	if deleted < 40 || compared < 10 {
		t.Errorf("%d rows deleted, %d optimal re-solves compared: too few for the test to mean anything", deleted, compared)
	}
	t.Logf("%d rows deleted, %d optimal re-solves compared", deleted, compared)
}

// TestDeleteRowsErrors checks that a nonbasic row, an index out of range
// and a repeated index are refused, the first with ErrRowNotBasic, and
// that the solver is left as it was: same rows, same basis, and the next
// Solve ends at the same optimum in 0 iterations.
func TestDeleteRowsErrors(t *testing.T) {
	m := randomLP(3, 12, 16, 0.3)
	sv, err := New(m, Options{})
	if err != nil {
		t.Fatal(err)
	}
	sol, err := sv.Solve(context.Background())
	if err != nil || sol.Status != lp.Optimal {
		t.Fatalf("%v %v", sol.Status, err)
	}
	b0 := sv.Basis()
	nonbasic, basic := -1, -1
	for i, st := range b0.Rows {
		if st != Basic && nonbasic < 0 {
			nonbasic = i
		}
		if st == Basic && basic < 0 {
			basic = i
		}
	}
	if nonbasic < 0 || basic < 0 {
		t.Fatalf("the test needs a tight and a slack row; basis rows %v", b0.Rows)
	}
	m0 := len(sv.model.Rows)
	for _, tc := range []struct {
		rows       []int
		notBasic   bool
		wantInText string
	}{
		{[]int{basic, nonbasic}, true, fmt.Sprintf("row %d", nonbasic)},
		{[]int{basic, m0}, false, "out of range"},
		{[]int{-1}, false, "out of range"},
		{[]int{basic, basic}, false, "twice"},
	} {
		err := sv.DeleteRows(tc.rows)
		if err == nil {
			t.Fatalf("DeleteRows(%v): no error", tc.rows)
		}
		if errors.Is(err, ErrRowNotBasic) != tc.notBasic {
			t.Errorf("DeleteRows(%v): %v; errors.Is(ErrRowNotBasic) = %v, want %v", tc.rows, err, !tc.notBasic, tc.notBasic)
		}
		t.Logf("DeleteRows(%v): %v", tc.rows, err)
		if len(sv.model.Rows) != m0 || sv.s.m != m0 {
			t.Fatalf("DeleteRows(%v) failed but the rows changed: %d, %d, want %d", tc.rows, len(sv.model.Rows), sv.s.m, m0)
		}
		if b := sv.Basis(); !slices.Equal(b.Rows, b0.Rows) || !slices.Equal(b.Cols, b0.Cols) {
			t.Fatalf("DeleteRows(%v) failed but the basis changed", tc.rows)
		}
	}
	again, err := sv.Solve(context.Background())
	if err != nil || again.Status != lp.Optimal || again.Iterations != 0 || again.Objective != sol.Objective {
		t.Fatalf("after the refused deletions: %v after %d iterations, objective %v (before %v), %v",
			again.Status, again.Iterations, again.Objective, sol.Objective, err)
	}
}

// TestDeleteAddedRows adds cuts to an optimal solver and deletes them all:
// right after AddRows (their logicals enter basic), and after a solve with
// loose cuts that stay slack. Either way the solver is back at the
// original model and optimum, reached in 0 iterations.
func TestDeleteAddedRows(t *testing.T) {
	for seed := uint64(1); seed <= 10; seed++ {
		m := randomLP(seed, 10, 14, 0.3)
		sv, err := New(m, Options{})
		if err != nil {
			t.Fatal(err)
		}
		sol, err := sv.Solve(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if sol.Status != lp.Optimal {
			continue
		}
		m0 := len(m.Rows)
		added := func() []int {
			var idx []int
			for i := m0; i < len(sv.model.Rows); i++ {
				idx = append(idx, i)
			}
			return idx
		}
		// a cut the optimum violates, and loose copies of every row
		cuts := []lp.Row{{Ind: []int{0, 1}, Val: []float64{1, 1}, Lower: math.Inf(-1), Upper: sol.X[0] + sol.X[1] - 1}}
		for _, r := range m.Rows {
			cuts = append(cuts, looseCopy(r))
		}
		if err := sv.AddRows(cuts); err != nil {
			t.Fatal(err)
		}
		if err := sv.DeleteRows(added()); err != nil {
			t.Fatalf("seed %d: right after AddRows: %v", seed, err)
		}
		again, err := sv.Solve(context.Background())
		if err != nil || again.Status != lp.Optimal || again.Iterations != 0 || !near(again.Objective, sol.Objective, 1e-9) {
			t.Fatalf("seed %d: added rows deleted unsolved: %v after %d iterations, objective %v, want %v; %v",
				seed, again.Status, again.Iterations, again.Objective, sol.Objective, err)
		}
		if err := sv.AddRows(cuts[1:]); err != nil {
			t.Fatal(err)
		}
		if _, err := sv.Solve(context.Background()); err != nil {
			t.Fatal(err)
		}
		if b := basicRows(sv, m0); len(b) != len(cuts)-1 {
			t.Fatalf("seed %d: %d of %d loose copies slack at the optimum, want all", seed, len(b), len(cuts)-1)
		}
		if err := sv.DeleteRows(added()); err != nil {
			t.Fatalf("seed %d: after a solve: %v", seed, err)
		}
		again, err = sv.Solve(context.Background())
		if err != nil || again.Status != lp.Optimal || again.Iterations != 0 || !near(again.Objective, sol.Objective, 1e-9) {
			t.Fatalf("seed %d: loose copies deleted: %v after %d iterations, objective %v, want %v; %v",
				seed, again.Status, again.Iterations, again.Objective, sol.Objective, err)
		}
		if err := checkOptimal(m, again); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
	}
}

// TestDeleteRowsNetlib adds cuts to NETLIB instances before their first
// solve (copies of rows, exact or loosened, and sums of two rows with
// their bounds added and loosened, all valid; of a tight row and its
// exact copy the cold solve makes either tight), solves, deletes the cuts whose logicals are
// basic, and checks that the next Solve takes 0 iterations and matches
// optimal.csv (netlibTol); then it deletes slack rows of the model itself,
// which keeps the basis optimal for the relaxed model (0 iterations again),
// and compares with a fresh solve of the reduced model.
func TestDeleteRowsNetlib(t *testing.T) {
	for _, name := range []string{"afiro", "sc50a", "adlittle", "blend", "share2b", "scorpion"} {
		t.Run(name, func(t *testing.T) {
			in := instances.NetlibNamed(t, name)
			m, err := mps.ReadFile(in.Path)
			if err != nil {
				t.Fatal(err)
			}
			sv, err := New(m, Options{})
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(uint64(len(name)), 5))
			m0 := len(m.Rows)
			var cuts []lp.Row
			for k := 0; k < m0/2+1; k++ {
				r := m.Rows[rng.IntN(m0)]
				switch rng.IntN(3) {
				case 0:
					// an exact copy: tight when r is, and then one of the
					// two logicals is nonbasic
					cuts = append(cuts, lp.Row{Ind: slices.Clone(r.Ind), Val: slices.Clone(r.Val), Lower: r.Lower, Upper: r.Upper})
					continue
				case 1:
					cuts = append(cuts, looseCopy(r))
					continue
				}
				s := m.Rows[rng.IntN(m0)]
				if sum, ok := rowSum(r, s); ok {
					cuts = append(cuts, looseCopy(sum))
				}
			}
			if err := sv.AddRows(cuts); err != nil {
				t.Fatal(err)
			}
			sol, err := sv.Solve(context.Background())
			if err != nil || sol.Status != lp.Optimal {
				t.Fatalf("with %d cuts: %v %v", len(cuts), sol.Status, err)
			}
			del := basicRows(sv, m0)
			if len(del) == 0 {
				t.Fatalf("none of %d cuts slack", len(cuts))
			}
			if err := sv.DeleteRows(del); err != nil {
				t.Fatal(err)
			}
			again, err := sv.Solve(context.Background())
			if err != nil || again.Status != lp.Optimal || again.Iterations != 0 {
				t.Fatalf("%d of %d cuts deleted: %v after %d iterations, want optimal after 0; %v",
					len(del), len(cuts), again.Status, again.Iterations, err)
			}
			if rel := math.Abs(again.Objective-in.Optimum) / math.Max(1, math.Abs(in.Optimum)); rel > netlibTol {
				t.Fatalf("objective %.12g, want %.12g", again.Objective, in.Optimum)
			}
			if err := checkOptimal(sv.model, again); err != nil {
				t.Fatal(err)
			}
			// slack rows of the model (the cuts left are tight)
			var own []int
			for _, i := range basicRows(sv, 0) {
				if i < m0 && rng.IntN(3) == 0 {
					own = append(own, i)
				}
			}
			red := withoutRows(sv.model, own)
			if err := sv.DeleteRows(own); err != nil {
				t.Fatal(err)
			}
			warm, err := sv.Solve(context.Background())
			if err != nil || warm.Status != lp.Optimal || warm.Iterations != 0 {
				t.Fatalf("%d rows of the model deleted: %v after %d iterations, want optimal after 0; %v",
					len(own), warm.Status, warm.Iterations, err)
			}
			cold := matchCold(t, red, warm, fmt.Sprintf("%s without %d rows", name, len(own)))
			if !near(warm.Objective, cold.Objective, 1e-9) {
				t.Fatalf("objective %.12g, fresh solve %.12g", warm.Objective, cold.Objective)
			}
			t.Logf("%d cuts, %d deleted; %d rows of %d deleted", len(cuts), len(del), len(own), m0)
			if len(del) == len(cuts) {
				t.Errorf("every cut was slack: the test wants tight ones left")
			}
		})
	}
}

// rowSum returns r + s with bounds [r.Lower+s.Lower, r.Upper+s.Upper] (a
// valid row), and false when both of its bounds would be infinite.
func rowSum(r, s lp.Row) (lp.Row, bool) {
	acc := map[int]float64{}
	for k, j := range r.Ind {
		acc[j] += r.Val[k]
	}
	for k, j := range s.Ind {
		acc[j] += s.Val[k]
	}
	var out lp.Row
	for j, v := range acc {
		if v != 0 {
			out.Ind = append(out.Ind, j)
		}
	}
	slices.Sort(out.Ind)
	for _, j := range out.Ind {
		out.Val = append(out.Val, acc[j])
	}
	out.Lower, out.Upper = r.Lower+s.Lower, r.Upper+s.Upper
	if math.IsNaN(out.Lower) {
		out.Lower = math.Inf(-1)
	}
	if math.IsNaN(out.Upper) {
		out.Upper = math.Inf(1)
	}
	return out, !math.IsInf(out.Lower, -1) || !math.IsInf(out.Upper, 1)
}
