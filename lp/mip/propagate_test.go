package mip

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/streamopt/streamopt/lp"
)

// randomPropModel is a model of integer and continuous columns, some with
// infinite bounds, and rows of integer and fractional coefficients whose
// sides lie near the activity of a random point, so that the propagator
// tightens bounds, proves nodes infeasible and meets slacks equal to a
// column's range.
func randomPropModel(rng *rand.Rand, n, m int) *lp.Model {
	md := &lp.Model{}
	for j := range n {
		v := lp.Var{Lower: 0, Upper: float64(1 + rng.IntN(4)), Integer: j%4 != 3}
		switch rng.IntN(6) {
		case 0:
			v.Upper = math.Inf(1)
		case 1:
			v.Lower = math.Inf(-1)
		}
		md.Vars = append(md.Vars, v)
	}
	coefs := []float64{1, 2, 3, 5, 0.1, 1.0 / 3, 2.5, 1e-3}
	for range m {
		var r lp.Row
		act := 0.0
		for _, j := range rng.Perm(n)[:2+rng.IntN(n-1)] {
			a := coefs[rng.IntN(len(coefs))]
			if rng.IntN(2) == 0 {
				a = -a
			}
			r.Ind = append(r.Ind, j)
			r.Val = append(r.Val, a)
			act += a * float64(rng.IntN(3))
		}
		r.Lower, r.Upper = math.Inf(-1), math.Inf(1)
		switch rng.IntN(3) {
		case 0:
			r.Upper = act + float64(rng.IntN(3))
		case 1:
			r.Lower = act - float64(rng.IntN(3))
		default:
			r.Lower, r.Upper = act-1, act+1
		}
		md.Rows = append(md.Rows, r)
	}
	return md
}

// TestTrackedPropagation runs the node propagation with the moved sums
// (runTracked) and from fresh sums (run) side by side over random node
// bounds, as the tree visits them: the tightened bounds, the verdict and
// the visits charged must be the same, the moved sums of each side with a
// finite right-hand side must stay within their error bound of fresh ones, and every row idle passes over must be
// one that row leaves alone.
func TestTrackedPropagation(t *testing.T) {
	idleRows, busyRows := 0, 0
	for seed := range uint64(40) {
		rng := rand.New(rand.NewPCG(seed, 26))
		md := randomPropModel(rng, 6+rng.IntN(10), 3+rng.IntN(8))
		n := len(md.Vars)
		isInt := make([]bool, n)
		rootLo, rootHi := make([]float64, n), make([]float64, n)
		for j, v := range md.Vars {
			isInt[j], rootLo[j], rootHi[j] = v.Integer, v.Lower, v.Upper
		}
		tracked := newPropagator(md, isInt, 1e-6)
		fresh := newPropagator(md, isInt, 1e-6)
		check := newPropagator(md, isInt, 1e-6)
		last := slices.Clone(rootLo)
		lastHi := slices.Clone(rootHi)
		for node := range 200 {
			// a node: the root's bounds with a few columns moved inside
			// them, some to a finite value where the root has none
			lo, hi, _ := randomNode(rng, rootLo, rootHi, rng.IntN(5))
			var changed []int
			for j := range n {
				if lo[j] != last[j] || hi[j] != lastHi[j] {
					changed = append(changed, j)
				}
			}
			lo2, hi2 := slices.Clone(lo), slices.Clone(hi)
			okT := tracked.runTracked(lo, hi, changed, nil)
			okF := fresh.run(lo2, hi2, changed, nil)
			if okT != okF || !slices.Equal(lo, lo2) || !slices.Equal(hi, hi2) || tracked.visits != fresh.visits {
				t.Fatalf("seed %d node %d: tracked ok %v lo %v hi %v visits %d; fresh ok %v lo %v hi %v visits %d",
					seed, node, okT, lo, hi, tracked.visits, okF, lo2, hi2, fresh.visits)
			}
			copy(last, lo)
			copy(lastHi, hi)
			sums := tracked.sums
			if !slices.Equal(sums.lo, lo) || !slices.Equal(sums.hi, hi) {
				t.Fatalf("seed %d node %d: the sums are of lo %v hi %v, not of the node's %v %v", seed, node, sums.lo, sums.hi, lo, hi)
			}
			for i := range md.Rows {
				got, want := sums.rows[i], tracked.activity(i, lo, hi)
				g := gamma(len(md.Rows[i].Ind))
				for side := range 2 {
					if got.still[side] {
						continue // a side of infinite right-hand side, not moved
					}
					if got.inf[side] != want.inf[side] || got.infInt[side] != want.infInt[side] ||
						math.Abs(got.act[side]-want.act[side]) > got.err[side]+g*want.abs[side] {
						t.Fatalf("seed %d node %d row %d side %d: moved %+v, fresh %+v", seed, node, i, side, got, want)
					}
				}
				if got.span < want.span {
					t.Fatalf("seed %d node %d row %d: span bound %g below the span %g", seed, node, i, got.span, want.span)
				}
				if !tracked.idle(i) {
					busyRows++
					continue
				}
				idleRows++
				clo, chi := slices.Clone(lo), slices.Clone(hi)
				var tight []int
				if !check.row(i, clo, chi, &tight) || len(tight) > 0 {
					t.Fatalf("seed %d node %d: row %d is idle but row tightens %v or fails", seed, node, i, tight)
				}
			}
		}
	}
	if idleRows == 0 || busyRows == 0 {
		t.Errorf("%d idle and %d busy rows: the test does not reach both cases", idleRows, busyRows)
	}
}

// TestConflictPoolPropagation follows a conflict pool through random
// additions, removals and node bounds, as the tree makes them, and after
// each step propagates the node's bounds both with the pool (its growing
// propagator and moved sums) and with a propagator built afresh over the
// pool's rows: the verdict, the bounds, the order of the tightened columns
// and each row's hits must be the same. Every few steps the same is done
// for a round's frozen view of the pool, with rows added to the view.
func TestConflictPoolPropagation(t *testing.T) {
	hits, fails, compacted := 0, 0, 0
	for seed := range uint64(30) {
		rng := rand.New(rand.NewPCG(seed, 34))
		md := randomPropModel(rng, 6+rng.IntN(10), 1)
		n := len(md.Vars)
		isInt := make([]bool, n)
		rootLo, rootHi := make([]float64, n), make([]float64, n)
		for j, v := range md.Vars {
			isInt[j], rootLo[j], rootHi[j] = v.Integer, v.Lower, v.Upper
		}
		// conflictRow is a row Σ aⱼxⱼ ≥ b whose side lies near the
		// activity of a random point, as the pool's rows are
		conflictRow := func() lp.Row {
			r := lp.Row{Name: "conflict", Upper: math.Inf(1)}
			act := 0.0
			for _, j := range rng.Perm(n)[:1+rng.IntN(min(n, 5))] {
				a := []float64{1, 2, 0.5, 1.0 / 3, 3}[rng.IntN(5)]
				if rng.IntN(3) == 0 {
					a = -a
				}
				r.Ind, r.Val = append(r.Ind, j), append(r.Val, a)
				act += a * float64(rng.IntN(3))
			}
			r.Lower = act - float64(rng.IntN(2))
			return r
		}
		pool := newConflictPool(md, isInt, 1e-6)
		// check propagates one node's bounds with c and afresh
		check := func(c *conflictPool, step int) {
			lo, hi, changed := randomNode(rng, rootLo, rootHi, rng.IntN(6))
			fresh := newPropagator(&lp.Model{Vars: md.Vars, Rows: slices.Clone(c.m.Rows)}, isInt, 1e-6)
			fresh.hits = make([]int, len(c.m.Rows))
			lo2, hi2 := slices.Clone(lo), slices.Clone(hi)
			var tight, tight2 []int
			rows := len(c.m.Rows)
			age := slices.Clone(c.age)
			hitSum := slices.Clone(c.hitSum)
			ok := c.propagate(lo, hi, changed, &tight)
			ok2 := fresh.run(lo2, hi2, changed, &tight2)
			if ok != ok2 || !slices.Equal(lo, lo2) || !slices.Equal(hi, hi2) || !slices.Equal(tight, tight2) {
				t.Fatalf("seed %d step %d: pool ok %v lo %v hi %v tightened %v; fresh ok %v lo %v hi %v tightened %v",
					seed, step, ok, lo, hi, tight, ok2, lo2, hi2, tight2)
			}
			for i, h := range fresh.hits[:rows] {
				// a frozen view sums the hits; the pool ages a row that
				// did not hit by one and sets one that did to 0
				if c.frozen && c.hitSum[i]-hitSum[i] != h {
					t.Fatalf("seed %d step %d row %d: the view counts %d hits, a fresh propagator %d", seed, step, i, c.hitSum[i]-hitSum[i], h)
				}
				if !c.frozen && (h > 0 && c.age[i] != 0 || h == 0 && c.age[i] != age[i]+1) {
					t.Fatalf("seed %d step %d row %d: age %d after %d with %d hits", seed, step, i, c.age[i], age[i], h)
				}
				hits += h
			}
			if !ok {
				fails++
			}
		}
		for step := range 150 {
			switch r := rng.IntN(10); {
			case r < 4:
				pool.add(conflictRow())
			case r < 6 && len(pool.m.Rows) > 0:
				// remove a random part of the rows, as aging and shrink do
				var idx []int
				for i := range pool.m.Rows {
					if rng.IntN(3) > 0 {
						idx = append(idx, i)
					}
				}
				before := 0
				if pool.prop != nil {
					before = len(pool.prop.m.Rows)
				}
				pool.keep(idx)
				if pool.prop != nil && len(pool.prop.m.Rows) < before {
					compacted++
				}
			case r == 6 && len(pool.m.Rows) > 0:
				v := pool.view()
				for k := range 6 {
					if k%2 == 1 {
						v.add(conflictRow())
					}
					check(v, step)
				}
			}
			if len(pool.m.Rows) > 0 {
				check(pool, step)
			}
		}
	}
	if hits == 0 || fails == 0 || compacted == 0 {
		t.Errorf("%d hits, %d infeasible nodes, %d compactions: the test does not reach every case", hits, fails, compacted)
	}
}

// randomNode returns the root's bounds rootLo, rootHi with moves random
// columns moved inside them, some to a finite value where the root has
// none (a move that would empty a column's domain restores its root
// bounds), and the columns moved, in order.
func randomNode(rng *rand.Rand, rootLo, rootHi []float64, moves int) (lo, hi []float64, moved []int) {
	lo, hi = slices.Clone(rootLo), slices.Clone(rootHi)
	for range moves {
		j := rng.IntN(len(lo))
		v := float64(rng.IntN(5) - 1)
		if rng.IntN(2) == 0 {
			lo[j] = math.Max(lo[j], v)
		} else {
			hi[j] = math.Min(hi[j], v)
		}
		if lo[j] > hi[j] {
			lo[j], hi[j] = rootLo[j], rootHi[j]
		}
		moved = append(moved, j)
	}
	return lo, hi, moved
}
