package presolvetest

import (
	"fmt"
	"math"

	"github.com/streamopt/streamopt/lp"
)

// MinDenseRowColumns is the smallest n DenseRow accepts: the sparse side rows
// use columns up to index 21.
const MinDenseRowColumns = 32

// DenseRow returns a feasible, bounded minimisation with n columns x0…x(n−1)
// that all appear in one dense row,
//
//	dense: Σⱼ (1 + j mod 5)·xⱼ ≤ U,
//
// plus one extra free column z and a few sparse rows, so that every
// reduction of lp/presolve has something to act on:
//
//	link:    x0 + x1 − x3 = 0          (a tripleton equation)
//	dup1:    x8 + 2·x9 ≤ 3             (dup2 is 3·dup1: duplicate rows)
//	dup2:    3·x8 + 6·x9 ≤ 12
//	single:  2·x11 ≤ 14                (a singleton row: x11 ≤ 7)
//	pair:    x16 − x17 = 0             (a doubleton equation)
//	cover:   Σ_{j mod 10 = 0} xⱼ ≥ K   (a second, sparser long row)
//	free:    z + x20 − x21 = 2         (z is an implied free column singleton)
//
// Column j has, by j mod 8, the bounds and cost
//
//	0: [0, 4], −3    1: [0, +∞), −1    2: [−2, 3], 2    3: [0, 10], −2
//	4: [1, 1], 5     5: [0, 6], 1      6: [0, +∞), −4   7: [−1, 1], 0
//
// so most columns are column singletons of the dense row; those with a cost
// ≥ 0 are dominated, those with j mod 8 = 4 are fixed. U and K leave room
// around the point x̄ where every xⱼ is at its lower bound and z = 1, which
// satisfies every row: U = Σ aⱼ·x̄ⱼ + n/2 and K = Σ_{j mod 10 = 0} x̄ⱼ + 1.
//
// The model is the same for the same n. n below MinDenseRowColumns is an
// error.
func DenseRow(n int) (*lp.Model, error) {
	if n < MinDenseRowColumns {
		return nil, fmt.Errorf("presolvetest: n: must be >= %d, got %d", MinDenseRowColumns, n)
	}
	inf := math.Inf(1)
	type col struct{ lo, hi, cost float64 }
	pattern := [8]col{
		{0, 4, -3}, {0, inf, -1}, {-2, 3, 2}, {0, 10, -2},
		{1, 1, 5}, {0, 6, 1}, {0, inf, -4}, {-1, 1, 0},
	}
	m := lp.New(fmt.Sprintf("denserow%d", n), lp.Minimize)
	dense := make([]lp.Term, n)
	var cover []lp.Term
	act, coverLow := 0.0, 0.0
	for j := 0; j < n; j++ {
		c := pattern[j%8]
		m.AddVar(fmt.Sprintf("x%d", j), c.lo, c.hi, c.cost)
		a := float64(1 + j%5)
		dense[j] = lp.Term{Var: j, Coef: a}
		act += a * c.lo
		if j%10 == 0 {
			cover = append(cover, lp.Term{Var: j, Coef: 1})
			coverLow += c.lo
		}
	}
	z := m.AddVar("z", -inf, inf, 1)
	m.AddLE("dense", act+float64(n/2), dense...)
	t := func(j int, a float64) lp.Term { return lp.Term{Var: j, Coef: a} }
	m.AddEQ("link", 0, t(0, 1), t(1, 1), t(3, -1))
	m.AddLE("dup1", 3, t(8, 1), t(9, 2))
	m.AddLE("dup2", 12, t(8, 3), t(9, 6))
	m.AddLE("single", 14, t(11, 2))
	m.AddEQ("pair", 0, t(16, 1), t(17, -1))
	m.AddGE("cover", coverLow+1, cover...)
	m.AddEQ("free", 2, t(z, 1), t(20, 1), t(21, -1))
	return m, nil
}
