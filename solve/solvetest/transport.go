package solvetest

import (
	"math/rand/v2"

	"github.com/streamopt/streamopt/lp"
)

// Transport builds a seeded random transportation LP with s sources and s
// sinks (s² columns): supplies in [10, 100), costs in [1, 1000], every sink
// demanding 0.9 of the average supply. It is feasible and bounded, and large
// enough at s ≈ 100 that a backend needs many iterations, which makes it a
// model for testing iteration and time limits.
func Transport(s int, seed uint64) *lp.Model {
	r := rand.New(rand.NewPCG(seed, 1))
	m := lp.New("transport", lp.Minimize)
	supply := make([]float64, s)
	for i := range supply {
		supply[i] = float64(10 + r.IntN(90))
	}
	rows := make([][]lp.Term, 2*s)
	for i := 0; i < s; i++ {
		for k := 0; k < s; k++ {
			j := m.AddVar("", 0, lp.Inf, float64(1+r.IntN(1000)))
			rows[i] = append(rows[i], lp.Term{Var: j, Coef: 1})
			rows[s+k] = append(rows[s+k], lp.Term{Var: j, Coef: 1})
		}
	}
	total := 0.0
	for i := 0; i < s; i++ {
		m.AddLE("", supply[i], rows[i]...)
		total += supply[i]
	}
	for k := 0; k < s; k++ {
		m.AddGE("", total/float64(s)*0.9, rows[s+k]...)
	}
	return m
}
