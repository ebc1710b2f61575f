package render_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/models/rrs"
	"github.com/streamopt/streamopt/render"
)

// TestLPCSV: max 3x + 2y s.t. x + y ≤ 4, x + 3y ≤ 9, x ≤ 3 has the optimum
// 11 at (3, 1) with duals y = (2, 0) and reduced costs d = (1, 0) (hand
// computed: c = Aᵀy + d, the first row and x's bound active).
func TestLPCSV(t *testing.T) {
	m := lp.New("small", lp.Maximize)
	x := m.AddVar("x", 0, 3, 3)
	y := m.AddVar("", 0, lp.Inf, 2)
	m.AddLE("r1", 4, lp.Term{Var: x, Coef: 1}, lp.Term{Var: y, Coef: 1})
	m.AddLE("", 9, lp.Term{Var: x, Coef: 1}, lp.Term{Var: y, Coef: 3})
	sol := &lp.Solution{Status: lp.Optimal, Objective: 11, X: []float64{3, 1}, RowActivity: []float64{4, 6},
		RowDual: []float64{2, math.Copysign(0, -1)}, ReducedCost: []float64{1, 0}} // -0 is written 0
	var b bytes.Buffer
	if err := render.LPCSV(&b, m, sol); err != nil {
		t.Fatal(err)
	}
	want := "kind,name,value,dual\nstatus,optimal,,\nobjective,,11,\ncolumn,x,3,1\ncolumn,C1,1,0\nrow,r1,4,2\nrow,R1,6,0\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
	// A MILP answer has no duals; a solve without a point has only its status.
	b.Reset()
	render.LPCSV(&b, m, &lp.Solution{Status: lp.Optimal, Objective: 11, X: []float64{3, 1}})
	if !strings.Contains(b.String(), "column,x,3,\n") || !strings.Contains(b.String(), "row,R1,6,\n") {
		t.Errorf("without duals:\n%s", b.String())
	}
	b.Reset()
	render.LPCSV(&b, m, &lp.Solution{Status: lp.Infeasible})
	if b.String() != "kind,name,value,dual\nstatus,infeasible,,\n" {
		t.Errorf("infeasible:\n%s", b.String())
	}
}

// TestRRSCSV: on the paper scenario, the users of the rows of each data
// centre add up to its load x_i, and the shares f of each region to 1 (the
// assignment row of RRS).
func TestRRSCSV(t *testing.T) {
	f, err := os.Open(filepath.Join("..", "examples", "rrs-paper.json"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	in, err := rrs.Parse(f)
	if err != nil {
		t.Fatal(err)
	}
	res, err := rrs.Solve(context.Background(), in, rrs.Options{})
	if err != nil || res.Status != rrs.StatusOptimal {
		t.Fatalf("%v, %v", res, err)
	}
	var b bytes.Buffer
	if err := render.RRSCSV(&b, in, res); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&b).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(recs[0], ",") != "datacenter,region,f,users" || len(recs) != 1+len(in.DataCenters)*len(in.Regions) {
		t.Fatalf("header %v, %d rows", recs[0], len(recs))
	}
	users, shares := map[string]float64{}, map[string]float64{}
	for _, r := range recs[1:] {
		fv, _ := strconv.ParseFloat(r[2], 64)
		u, _ := strconv.ParseFloat(r[3], 64)
		users[r[0]] += u
		shares[r[1]] += fv
	}
	for _, l := range res.Loads {
		if math.Abs(users[l.Name]-l.Users) > 1e-6*math.Max(1, l.Users) {
			t.Errorf("%s: the rows' users add up to %v, load x_i = %v", l.Name, users[l.Name], l.Users)
		}
	}
	for _, reg := range res.Regions {
		if math.Abs(shares[reg.Name]-1) > 1e-6 {
			t.Errorf("%s: shares add up to %v, want 1", reg.Name, shares[reg.Name])
		}
	}
}
