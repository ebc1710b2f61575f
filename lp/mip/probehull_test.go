package mip

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/streamopt/streamopt/lp"
)

func TestProbeHull(t *testing.T) {
	inf := math.Inf(1)
	// Column 0 is a binary y, the others continuous. Every expected bound
	// is the larger of the bounds y = 0 and y = 1 imply, by hand from the
	// rows shown, moved outwards by feasTol·max(1, |bound|).
	tests := []boundCase{
		{"x ≤ y, x + 0.025y ≤ 1: y = 0 gives x ≤ 0, y = 1 gives x ≤ 0.975",
			[]lp.Row{
				{Ind: []int{1, 0}, Val: []float64{1, -1}, Lower: math.Inf(-1), Upper: 0},
				{Ind: []int{1, 0}, Val: []float64{1, 0.025}, Lower: math.Inf(-1), Upper: 1},
			},
			[]float64{0, 0}, []float64{1, 1}, []bool{true, false}, true,
			[]float64{0, 0}, []float64{1, 0.975 + feasTol}},
		{"x ≥ 2 − 2y, x ≥ 3y, x ≤ 10: y = 0 gives x ≥ 2, y = 1 gives x ≥ 3",
			[]lp.Row{
				{Ind: []int{1, 0}, Val: []float64{1, 2}, Lower: 2, Upper: inf},
				{Ind: []int{1, 0}, Val: []float64{1, -3}, Lower: 0, Upper: inf},
			},
			[]float64{0, 0}, []float64{1, 10}, []bool{true, false}, true,
			[]float64{0, 2 - 2*feasTol}, []float64{1, 10}},
		{"only y = 0 bounds x (x ≤ 5y + 1 with x ≤ 5): the hull is the global bound",
			[]lp.Row{{Ind: []int{1, 0}, Val: []float64{1, -5}, Lower: math.Inf(-1), Upper: 1}},
			[]float64{0, 0}, []float64{1, 5}, []bool{true, false}, true,
			[]float64{0, 0}, []float64{1, 5}},
		{"a cap removing under 0.1 % of the domain is not taken: x ≤ y, x + 0.0005y ≤ 1",
			[]lp.Row{
				{Ind: []int{1, 0}, Val: []float64{1, -1}, Lower: math.Inf(-1), Upper: 0},
				{Ind: []int{1, 0}, Val: []float64{1, 0.0005}, Lower: math.Inf(-1), Upper: 1},
			},
			[]float64{0, 0}, []float64{1, 1}, []bool{true, false}, true,
			[]float64{0, 0}, []float64{1, 1}},
		{"two flows x1 ≤ 4y, x2 ≤ 4y, x1 + x2 + y ≤ 4 cap both at 3",
			[]lp.Row{
				{Ind: []int{1, 0}, Val: []float64{1, -4}, Lower: math.Inf(-1), Upper: 0},
				{Ind: []int{2, 0}, Val: []float64{1, -4}, Lower: math.Inf(-1), Upper: 0},
				{Ind: []int{1, 2, 0}, Val: []float64{1, 1, 1}, Lower: math.Inf(-1), Upper: 4},
			},
			[]float64{0, 0, 0}, []float64{1, 5, 5}, []bool{true, false, false}, true,
			// y = 1: the first two rows give x ≤ 4 (+feasTol·4); the third,
			// with the other flow at 0 and y = 1, gives x ≤ 3 (+feasTol·3)
			[]float64{0, 0, 0}, []float64{1, 3 * (1 + feasTol), 3 * (1 + feasTol)}},
	}
	checkBoundCases(t, tests, func(p *propagator, lo, hi []float64) bool {
		ok, _, _ := probe(p, nil, nil, p.isInt, lo, hi, true)
		return ok
	})
}

// randomFixedCharge returns a random mixed model for the probing hull:
// nb binaries y (the first columns), nx continuous x in [0, U] each with a
// variable upper bound x ≤ U·y of a random y, and capacity rows
// Σ x + Σ c·y ≤ b over random subsets with setup weights c, plus random
// mixed rows of both signs.
func randomFixedCharge(rng *rand.Rand) *lp.Model {
	nb, nx := 2+rng.IntN(3), 2+rng.IntN(3)
	sense := lp.Minimize
	if rng.IntN(2) == 1 {
		sense = lp.Maximize
	}
	m := lp.New("fixed charge", sense)
	for range nb {
		m.AddIntVar("", 0, 1, float64(rng.IntN(11)-5))
	}
	for range nx {
		m.AddVar("", 0, float64(1+rng.IntN(6)), float64(rng.IntN(11)-5))
	}
	for k := range nx {
		j := nb + k
		m.AddLE("", 0, lp.Term{Var: j, Coef: 1}, lp.Term{Var: rng.IntN(nb), Coef: -m.Vars[j].Upper})
	}
	for range 1 + rng.IntN(3) {
		var ts []lp.Term
		for j := range nb + nx {
			if rng.IntN(2) == 0 {
				c := 1.0
				if j < nb {
					c = float64(rng.IntN(4)) * 0.5
				}
				ts = append(ts, lp.Term{Var: j, Coef: c})
			}
		}
		m.AddLE("", float64(1+rng.IntN(8)), ts...)
	}
	for range rng.IntN(2) {
		var ts []lp.Term
		for j := range nb + nx {
			if rng.IntN(2) == 0 {
				ts = append(ts, lp.Term{Var: j, Coef: float64(rng.IntN(7) - 3)})
			}
		}
		m.AddGE("", -float64(rng.IntN(6)), ts...)
	}
	return m
}

// TestProbeHullKeepsMIPPoints checks on random fixed-charge models that
// the bounds probing gives contain every point of the MIP: for each value
// of the binaries (enumerated), the smallest and largest value of each
// continuous column over the rest, found by the independent gonum test
// relaxation, lie within the new bounds.
func TestProbeHullKeepsMIPPoints(t *testing.T) {
	hulled := 0
	for seed := uint64(1); seed <= 80; seed++ {
		rng := rand.New(rand.NewPCG(seed, 47))
		m := randomFixedCharge(rng)
		nb := 0
		isInt := make([]bool, len(m.Vars))
		lo, hi := make([]float64, len(m.Vars)), make([]float64, len(m.Vars))
		for j, v := range m.Vars {
			isInt[j], lo[j], hi[j] = v.Integer, v.Lower, v.Upper
			if v.Integer {
				nb++
			}
		}
		ok, _, n := probe(newPropagator(m, isInt, DefaultIntTol), nil, nil, isInt, lo, hi, true)
		hulled += n
		for y := range 1 << nb {
			for j := nb; j < len(m.Vars); j++ {
				for _, sense := range []lp.Sense{lp.Minimize, lp.Maximize} {
					c := m.Clone()
					c.Sense = sense
					for k := range c.Obj {
						c.Obj[k] = 0
						c.Vars[k].Integer = false
					}
					c.Obj[j] = 1
					for b := range nb {
						v := float64(y >> b & 1)
						c.Vars[b].Lower, c.Vars[b].Upper = v, v
					}
					rel, _ := newGonumRelax(c)
					sol, err := rel.Solve(context.Background())
					if err != nil {
						t.Fatal(err)
					}
					if sol.Status != lp.Optimal {
						continue
					}
					if !ok {
						t.Fatalf("seed %d: probing proved infeasible a model with the point %v", seed, sol.X)
					}
					v := sol.X[j]
					if v < lo[j]-1e-9*math.Max(1, math.Abs(v)) || v > hi[j]+1e-9*math.Max(1, math.Abs(v)) {
						t.Errorf("seed %d: column %d reaches %v at binaries %b, outside the new bounds [%v, %v]", seed, j, v, y, lo[j], hi[j])
					}
				}
			}
		}
	}
	if hulled == 0 {
		t.Fatal("no bound tightened over the random models: the test checks nothing")
	}
	t.Logf("%d bounds tightened", hulled)
}

// TestProbeHullAgainstEnumeration solves random fixed-charge models, where
// the probing hull caps flows and tightenCoefficients then shrinks their
// variable upper bounds, against an enumeration of the binaries (an LP per
// value), with ContBounds on and off.
func TestProbeHullAgainstEnumeration(t *testing.T) {
	for seed := uint64(1); seed <= 40; seed++ {
		rng := rand.New(rand.NewPCG(seed, 53))
		m := randomFixedCharge(rng)
		nb := 0
		for _, v := range m.Vars {
			if v.Integer {
				nb++
			}
		}
		for _, sw := range []Switch{On, Off} {
			checkMixedEnumerated(t, fmt.Sprintf("seed %d contbounds %v", seed, sw), m, nb, Options{ContBounds: sw})
		}
	}
}
