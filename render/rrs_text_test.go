package render_test

import (
	"strings"
	"testing"

	"github.com/streamopt/streamopt/models/rrs"
	"github.com/streamopt/streamopt/qp"
	"github.com/streamopt/streamopt/render"
)

// TestRRSTableNamesTheBoundsSource checks the line that reports the upper
// bound of a stopped solve: it names the method that proved it (the
// KKT-MILP's bound holds over multipliers ≤ M, the global search's over every
// policy), and the global gap is stated once.
func TestRRSTableNamesTheBoundsSource(t *testing.T) {
	in := &rrs.Instance{Name: "stopped", Users: 10}
	bound := 123.5
	stopped := func(method string, stats *rrs.Stats) *rrs.Result {
		return &rrs.Result{Status: rrs.StatusTimeLimit, Partial: true, Method: method, BestBound: &bound,
			Message: method + " stopped before it finished", Stats: stats, Profit: 120,
			Policy: [][]float64{{1}}, Loads: []rrs.DCLoad{{Name: "DC1"}}, Regions: []rrs.RegionDelay{{Name: "R1"}}, KKT: &qp.Residuals{}}
	}
	tests := []struct {
		res        *rrs.Result
		want, omit string
	}{
		{stopped(rrs.MethodKKTMILP, &rrs.Stats{KKTMILPStats: &qp.KKTMILPStats{BigM: 40}}),
			"upper bound on the profit: 123.500000 (KKT-MILP, multipliers ≤ M = 40)\n", "global"},
		{stopped(rrs.MethodGlobal, &rrs.Stats{Gap: ptr(0.0292), BestBound: &bound, GlobalStats: &rrs.GlobalStats{}}),
			"upper bound on the profit: 123.500000 (global branch and bound, proven relative gap 0.029)\n", "KKT-MILP"},
	}
	for _, tc := range tests {
		var b strings.Builder
		if err := render.RRSTable(&b, in, tc.res); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		if !strings.Contains(out, tc.want) {
			t.Errorf("%s: no line %q in\n%s", tc.res.Method, tc.want, out)
		}
		if strings.Contains(out, tc.omit) || strings.Count(out, "123.5") != 1 {
			t.Errorf("%s: the bound's line is wrong or repeated:\n%s", tc.res.Method, out)
		}
	}
	// Solved to the gap, the global method states the gap it proved.
	res := stopped(rrs.MethodGlobal, &rrs.Stats{Gap: ptr(8e-7), BestBound: ptr(120.0001), GlobalStats: &rrs.GlobalStats{}})
	res.Status, res.Partial, res.BestBound = rrs.StatusOptimal, false, nil
	var b strings.Builder
	if err := render.RRSTable(&b, in, res); err != nil {
		t.Fatal(err)
	}
	if want := "proven relative gap: 8e-07 (upper bound on the profit 120.000100)\n"; !strings.Contains(b.String(), want) {
		t.Errorf("no line %q in\n%s", want, b.String())
	}
}

func ptr(v float64) *float64 { return &v }
