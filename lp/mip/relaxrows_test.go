package mip

import (
	"context"
	"math"
	"slices"
	"testing"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/simplex"
)

// TestRelaxationRowIdentity checks that basis snapshots follow the rows by
// identity across deletions: a snapshot taken before rows were deleted
// (and others added) restores each remaining row's status and makes the
// new rows basic; one in which a deleted row was tight is reported by
// markTight and, restored anyway, leaves the current basis.
func TestRelaxationRowIdentity(t *testing.T) {
	// max x + y s.t. x + 2y ≤ 4, 3x + y ≤ 6, 0 ≤ x, y ≤ 10: both rows tight
	// at (1.6, 1.2)
	m := lp.New("two", lp.Maximize)
	x := m.AddVar("x", 0, 10, 1)
	y := m.AddVar("y", 0, 10, 1)
	m.AddLE("r0", 4, lp.Term{Var: x, Coef: 1}, lp.Term{Var: y, Coef: 2})
	m.AddLE("r1", 6, lp.Term{Var: x, Coef: 3}, lp.Term{Var: y, Coef: 1})
	r, err := newSimplexRelaxation(m, simplex.Options{})
	if err != nil {
		t.Fatal(err)
	}
	solve := func(what string) {
		t.Helper()
		sol, err := r.Solve(context.Background())
		if err != nil || sol.Status != lp.Optimal {
			t.Fatalf("%s: %v %v", what, sol.Status, err)
		}
	}
	le := func(ub float64, ind ...int) lp.Row {
		return lp.Row{Ind: ind, Val: slices.Repeat([]float64{1}, len(ind)), Lower: math.Inf(-1), Upper: ub}
	}
	solve("model")
	// rows 2, 3 loose; row 4 (x + y ≤ 2.5) cuts the optimum off and is tight after
	if err := r.AddRows([]lp.Row{le(100, x, y), le(50, x), le(2.5, x, y)}); err != nil {
		t.Fatal(err)
	}
	solve("with cuts")
	snapA := r.Snapshot() // before any deletion: a plain basis
	a := snapA.(simplex.Basis)
	if a.Rows[2] != simplex.Basic || a.Rows[3] != simplex.Basic || a.Rows[4] == simplex.Basic {
		t.Fatalf("rows %v: want rows 2 and 3 basic, row 4 tight", a.Rows)
	}
	if err := r.DeleteRows([]int{2}); err != nil {
		t.Fatal(err)
	}
	if err := r.AddRows([]lp.Row{le(70, y)}); err != nil { // identity 5, now row 4
		t.Fatal(err)
	}
	if err := r.Restore(snapA); err != nil {
		t.Fatal(err)
	}
	want := []simplex.BasisStatus{a.Rows[0], a.Rows[1], a.Rows[3], a.Rows[4], simplex.Basic}
	if got := r.Basis().Rows; !slices.Equal(got, want) || !slices.Equal(r.Basis().Cols, a.Cols) {
		t.Fatalf("restored rows %v, want %v", got, want)
	}
	solve("restored A")
	snapB := r.Snapshot() // rows of identities 0, 1, 3, 4, 5
	b := snapB.(rowBasis)
	if !slices.Equal(b.ids, []int{0, 1, 3, 4, 5}) {
		t.Fatalf("snapshot identities %v, want [0 1 3 4 5]", b.ids)
	}
	// make the cut x + y ≤ 2.5 (row 3) slack: x, y ≤ 0.5
	r.SetColBounds(x, 0, 0.5)
	r.SetColBounds(y, 0, 0.5)
	solve("slack cut")
	cur := r.Basis()
	if cur.Rows[3] != simplex.Basic {
		t.Fatalf("rows %v: want row 3 basic once slack", cur.Rows)
	}
	tight := make([]bool, 2)
	r.markTight(snapB, []int{2, 3}, tight)
	if tight[0] || !tight[1] {
		t.Fatalf("markTight of rows 2, 3 in snapshot B: %v, want [false true]", tight)
	}
	if err := r.DeleteRows([]int{2, 3}); err != nil {
		t.Fatal(err)
	}
	cur = r.Basis()
	if err := r.Restore(snapB); err != nil {
		t.Fatal(err)
	}
	if got := r.Basis(); r.kept != 1 || !slices.Equal(got.Rows, cur.Rows) || !slices.Equal(got.Cols, cur.Cols) {
		t.Fatalf("restoring a snapshot with a deleted tight row: kept %d, basis %v, want the current %v", r.kept, got, cur)
	}
	// a snapshot of row identities 0, 1, 5 restores exactly
	snapC := r.Snapshot()
	r.SetColBounds(x, 0, 10)
	r.SetColBounds(y, 0, 10)
	solve("wide bounds")
	if err := r.Restore(snapC); err != nil {
		t.Fatal(err)
	}
	c := snapC.(rowBasis)
	if got := r.Basis(); !slices.Equal(got.Rows, c.Rows) || !slices.Equal(got.Cols, c.Cols) {
		t.Fatalf("restored %v, want %v", got, c.Basis)
	}
	solve("restored C")
}
