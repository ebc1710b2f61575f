package mip

import (
	"testing"

	"github.com/streamopt/streamopt/lp"
)

// TestFinalStatus: a search whose nodes all closed is Optimal or
// Infeasible; a node dropped after its LP failed leaves it NumericalError
// unless the dropped bound cannot beat the incumbent beyond the gap.
func TestFinalStatus(t *testing.T) {
	opts, err := Options{}.withDefaults()
	if err != nil {
		t.Fatal(err)
	}
	x := []float64{1}
	for _, tc := range []struct {
		name       string
		incX       []float64
		incomplete bool
		dropped    float64
		want       lp.Status
	}{
		{"closed with an incumbent", x, false, inf, lp.Optimal},
		{"closed without one", nil, false, inf, lp.Infeasible},
		{"a failed node without an incumbent", nil, true, 5, lp.NumericalError},
		{"a failed node that could hold a better point", x, true, 9, lp.NumericalError},
		{"a failed node at the incumbent's value", x, true, 10, lp.Optimal},
		{"a failed node within the gap tolerance", x, true, 10 - 0.5*DefaultMIPGap*10, lp.Optimal},
	} {
		s := &search{opts: opts, incX: tc.incX, incZ: 10, incomplete: tc.incomplete, dropped: tc.dropped}
		if got := s.finalStatus(); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}
