package solve

import (
	"testing"

	"github.com/streamopt/streamopt/lp"
)

// FuzzVerify checks that Verify never panics, whatever shape or values the
// solution has, and that it reports a malformed one as not OK.
func FuzzVerify(f *testing.F) {
	f.Add(uint8(1), 2, 2, 2, 2, 0, 0, 1.0)
	f.Add(uint8(2), 0, 0, 0, 0, 2, 0, -1.0)
	f.Add(uint8(3), 0, 0, 0, 0, 0, 2, 1e308)
	f.Add(uint8(1), 3, 1, 0, 5, 0, 0, 0.0)
	f.Fuzz(func(t *testing.T, status uint8, nx, nact, ny, nd, nf, nr int, v float64) {
		clamp := func(n int) int { return ((n % 6) + 6) % 6 }
		fill := func(n int) []float64 {
			n = clamp(n)
			if n == 0 {
				return nil
			}
			s := make([]float64, n)
			for i := range s {
				s[i] = v * float64(i+1)
			}
			return s
		}
		for _, m := range []*lp.Model{maxModel(), minModel(), infeasModel(), unbModel(), intModel()} {
			s := &lp.Solution{
				Status: lp.Status(status % 9), Objective: v,
				X: fill(nx), RowActivity: fill(nact), RowDual: fill(ny), ReducedCost: fill(nd),
				FarkasRow: fill(nf), Ray: fill(nr),
			}
			r := Verify(m, s, Tolerances{})
			if s.X != nil && len(s.X) != m.NumVars() && s.Status != lp.Infeasible && s.Status != lp.InfeasibleOrUnbounded && r.OK {
				t.Errorf("%s: %d primal values for %d columns verified OK", m.Name, len(s.X), m.NumVars())
			}
		}
	})
}
