package render_test

import (
	"math"
	"strings"
	"testing"

	"github.com/streamopt/streamopt/models/rrs"
	"github.com/streamopt/streamopt/render"
)

// The batch's CSV and JSON: a method without a bound leaves best_bound
// and gap empty (null in JSON), an infeasible point its profit, and the
// swept column is named for its field.
func TestRRSBatchOutputs(t *testing.T) {
	users, err := rrs.ParseField("users")
	if err != nil {
		t.Fatal(err)
	}
	v1, v2 := 300.0, 500.0
	r := &rrs.BatchResult{Field: &users, Points: 3, Rows: []rrs.BatchPoint{
		{Instance: "a.json", Value: &v1, Point: rrs.Point{Feasible: true, Method: 1, Profit: 166.8, Bound: math.NaN(), Gap: math.NaN(), Iterations: 9, Users: 300, TotalCapacity: 400}},
		{Instance: "a.json", Value: &v2, Point: rrs.Point{Bound: math.NaN(), Gap: math.NaN(), Users: 500, TotalCapacity: 400}},
	}}
	var b strings.Builder
	if err := render.RRSBatchCSV(&b, r); err != nil {
		t.Fatal(err)
	}
	want := "instance,sweep_users,status,method,users,total_capacity,profit,best_bound,gap,iterations\n" +
		"a.json,300,optimal,qp,300,400,166.8,,,9\n" +
		"a.json,500,infeasible,,500,400,,,,0\n"
	if b.String() != want {
		t.Errorf("CSV:\n%s\nwant:\n%s", b.String(), want)
	}
	b.Reset()
	q := rrs.Batch{Method: "auto", Backend: "auto", Field: &users, Values: []float64{300, 500, 600}}
	if err := render.JSON(&b, render.RRSBatchJSON(q, r)); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{`"points": 3`, `"points_done": 2`, `"best_bound": null`, `"field": "users"`, `"method": "qp"`} {
		if !strings.Contains(b.String(), s) {
			t.Errorf("JSON lacks %s:\n%s", s, b.String())
		}
	}
}
