package rrs

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/streamopt/streamopt/qp"
)

// paperInstance loads examples/rrs-paper.json (spec A.10) at N users.
func paperInstance(t testing.TB, n float64) *Instance {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "examples", "rrs-paper.json"))
	if err != nil {
		t.Fatal(err)
	}
	in, err := ParseBytes(data)
	if err != nil {
		t.Fatal(err)
	}
	in.Users = n
	return in
}

// paperOptima are the optimal profits and loads of spec A.10 (computed there
// with SciPy SLSQP and a HiGHS KKT-MILP).
var paperOptima = []struct {
	n      float64
	profit float64
	loads  []float64
}{
	{300, 166.800, []float64{90, 75, 60, 45, 30}},
	{360, 195.542, []float64{100, 90, 80, 54, 36}},
	{400, 210.720, []float64{100, 90, 80, 70, 60}},
}

func TestConvexMatchesSpecA10(t *testing.T) {
	for _, tc := range paperOptima {
		in := paperInstance(t, tc.n)
		p, err := in.Compile()
		if err != nil {
			t.Fatal(err)
		}
		s, err := p.SolveConvex(context.Background(), qp.ConvexOptions{})
		if err != nil {
			t.Fatalf("N=%v: %v", tc.n, err)
		}
		if math.Abs(s.Objective-tc.profit) > 1e-3 {
			t.Errorf("N=%v: profit %.6f, want %.3f", tc.n, s.Objective, tc.profit)
		}
		if math.Abs(s.Identity-s.Objective) > 1e-6*math.Abs(s.Objective) {
			t.Errorf("N=%v: identity %.9f != objective %.9f", tc.n, s.Identity, s.Objective)
		}
	}
}
