package render_test

import (
	"log"
	"os"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/models/rrs"
	"github.com/streamopt/streamopt/render"
)

// The answer of solve lp as CSV (the solution made by hand here; normally
// from solve.Solve): max 3x + 2y s.t. x + y ≤ 4, x ≤ 3 is optimal at
// (3, 1) with the row dual 2 and x's reduced cost 1.
func ExampleLPCSV() {
	m := lp.New("small", lp.Maximize)
	x := m.AddVar("x", 0, 3, 3)
	y := m.AddVar("y", 0, lp.Inf, 2)
	m.AddLE("cap", 4, lp.Term{Var: x, Coef: 1}, lp.Term{Var: y, Coef: 1})
	sol := &lp.Solution{Status: lp.Optimal, Objective: 11, X: []float64{3, 1}, RowActivity: []float64{4},
		RowDual: []float64{2}, ReducedCost: []float64{1, 0}}
	if err := render.LPCSV(os.Stdout, m, sol); err != nil {
		log.Fatal(err)
	}
	// Output:
	// kind,name,value,dual
	// status,optimal,,
	// objective,,11,
	// column,x,3,1
	// column,y,1,0
	// row,cap,4,2
}

// The routing policy of solve rrs as CSV (a result made by hand here;
// normally from rrs.Solve): 100 users, region R1 (60 %) split between two
// data centres, R2 (40 %) all to DC2.
func ExampleRRSCSV() {
	in := &rrs.Instance{Users: 100, Regions: []rrs.Region{{Name: "R1", Share: 0.6}, {Name: "R2", Share: 0.4}}}
	res := &rrs.Result{Policy: [][]float64{{0.5, 0}, {0.5, 1}},
		Loads:   []rrs.DCLoad{{Name: "DC1", Users: 30}, {Name: "DC2", Users: 70}},
		Regions: []rrs.RegionDelay{{Name: "R1"}, {Name: "R2"}}}
	if err := render.RRSCSV(os.Stdout, in, res); err != nil {
		log.Fatal(err)
	}
	// Output:
	// datacenter,region,f,users
	// DC1,R1,0.5,30
	// DC1,R2,0,0
	// DC2,R1,0.5,30
	// DC2,R2,1,40
}
