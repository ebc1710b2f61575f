package simplex

import (
	"math"
)

// setNonbasicByDual puts every nonbasic variable at the bound its reduced
// cost asks for, where that bound exists. It reports whether the basis is
// then dual feasible.
func (s *core) setNonbasicByDual() bool {
	N := s.n + s.m
	ok := true
	stat, lo, up, d, dtol := s.stat, s.lo, s.up, s.d, s.dtol
	for j := 0; j < N; j++ {
		if stat[j] == Basic {
			continue
		}
		l, u, dj := lo[j], up[j], d[j]
		lf, uf := !math.IsInf(l, -1), !math.IsInf(u, 1)
		switch {
		case lf && uf:
			if l == u {
				stat[j] = AtLower
			} else if dj < -dtol {
				stat[j] = AtUpper
			} else if dj > dtol {
				stat[j] = AtLower
			} else if stat[j] != AtUpper {
				stat[j] = AtLower
			}
		case lf:
			stat[j] = AtLower
			if dj < -dtol {
				ok = false
			}
		case uf:
			stat[j] = AtUpper
			if dj > dtol {
				ok = false
			}
		default:
			stat[j] = AtZero
			if math.Abs(dj) > dtol {
				ok = false
			}
		}
	}
	return ok
}

// perturbCosts adds small random perturbations to the working costs of the
// structurals, in the direction that keeps nonbasics dual feasible, to
// fight dual degeneracy (Koberstein 2005, §6.2).
//
// With nonbasicOnly, basic costs (hence y) stay unchanged and every
// reduced cost moves away from zero in its feasible direction, so a dual
// feasible basis stays dual feasible; the dual simplex uses this when it
// stalls on a warm start.
func (s *core) perturbCosts(nonbasicOnly bool) {
	maxc := 0.0
	for j := 0; j < s.n; j++ {
		maxc = math.Max(maxc, math.Abs(s.c[j]))
	}
	if maxc == 0 {
		return
	}
	base := 5e-7 * math.Min(math.Max(maxc, 1), 1e3)
	for j := 0; j < s.n; j++ {
		l, u := s.lo[j], s.up[j]
		if l == u || nonbasicOnly && s.stat[j] == Basic {
			continue
		}
		xi := (base + 1e-7*math.Abs(s.c[j])) * (1 + s.rng.Float64())
		switch {
		case s.stat[j] == AtUpper:
			s.cost[j] -= xi
		case s.stat[j] == AtLower:
			s.cost[j] += xi
		case !math.IsInf(l, -1):
			s.cost[j] += xi
		case !math.IsInf(u, 1):
			s.cost[j] -= xi
		}
	}
	s.perturbed = true
	s.costPerturbed = true
}

// stallLimit is the number of consecutive degenerate dual iterations after
// which an unperturbed dual simplex perturbs the costs of the nonbasics.
func (s *core) stallLimit() int {
	if s.stallOverride > 0 {
		return s.stallOverride
	}
	return 1000 + s.m
}

// dual runs the dual simplex with the working bounds and costs from a dual
// feasible basis until primal feasibility (optimality), dual unboundedness
// (primal infeasibility) or a limit.
func (s *core) dual() outcome {
	m := s.m
	// the slices below keep their backing arrays for the whole run
	xv, dv, lo, up, stat, head, wt := s.x, s.d, s.lo, s.up, s.stat, s.head, s.w
	ptol, dtol := s.ptol, s.dtol
	// the callers leave d current for the working costs; it is recomputed
	// here only when the factors are renewed
	if s.ensureFactor() {
		s.computeDuals()
	}
	s.computeX()
	if cap(s.taboo) < m {
		s.taboo = make([]bool, m)
	}
	taboo := s.taboo[:m]
	clear(taboo)
	// the fixed columns never enter, and nothing reads their reduced costs
	// before computeDuals or SetColBounds renews them (see dualsFromY):
	// the pivot rows leave them out (the working bounds do not change in
	// here)
	free, fixed := s.freeLists()
	verified := false
	ntaboo := 0
	degen := 0
	for {
		if o := s.checkLimits(); o >= 0 {
			return o
		}
		if s.lu.needRefactor() {
			s.refactor()
			s.computeX()
			s.computeDuals()
			s.flipBoxed()
		}
		// pricing: dual steepest edge
		r := -1
		best := 0.0
		for p, j := range head {
			if ntaboo > 0 && taboo[p] {
				continue
			}
			v := xv[j]
			var inf float64
			if v < lo[j]-ptol {
				inf = lo[j] - v
			} else if v > up[j]+ptol {
				inf = v - up[j]
			} else {
				continue
			}
			if sc := inf * inf / wt[p]; sc > best {
				best, r = sc, p
			}
		}
		if r < 0 {
			if ntaboo > 0 {
				return outNumerical
			}
			return outOptimal
		}
		if s.log != nil && s.iter-s.lastLogIter >= 1000 {
			s.lastLogIter = s.iter
			mx, sum := s.primalInfeas()
			s.logf("simplex: dual iter %d obj %.10g primal inf max %.3g sum %.3g\n", s.iter, s.objective(), mx, sum)
		}
		p := head[r]
		toLower := xv[p] < lo[p]
		bound := up[p]
		sgn := 1.0
		if toLower {
			bound = lo[p]
			sgn = -1
		}
		delta := xv[p] - bound
		rho := s.rho
		for i := range rho {
			rho[i] = 0
		}
		rho[r] = 1
		s.lu.btran(rho)
		// one pass over rho: its squared norm (the exact weight wᵣ), its
		// largest entry and its nonzero count
		wr, rhoMax, nz := 0.0, 0.0, 0
		for _, v := range rho {
			if v != 0 {
				wr += v * v
				nz++
				if a := math.Abs(v); a > rhoMax {
					rhoMax = a
				}
			}
		}
		wt[r] = wr
		s.pivotRowNZ(rho, nz, free, fixed)
		alpha := s.alpha
		// bound-flipping ratio test with Harris tolerances
		cands := s.cands[:0]
		tolA := pivotTol * max(1, rhoMax)
		for _, j := range s.alphaIdx {
			st := stat[j]
			if st == Basic || lo[j] == up[j] {
				continue
			}
			a := sgn * alpha[j]
			if math.Abs(a) < tolA {
				continue
			}
			if st == AtZero || st == AtLower && a > 0 || st == AtUpper && a < 0 {
				cands = append(cands, j)
			}
		}
		s.cands = cands
		if len(cands) == 0 {
			s.logf("simplex: no candidates: delta %g updates %d\n", delta, s.lu.numUpdates())
			// dual unbounded: the row proves primal infeasibility
			if s.refreshOrProve(&verified, rho, sgn) {
				continue
			}
			return outInfeasible
		}
		verified = false
		slope := math.Abs(delta)
		flips := s.flips[:0]
		q := -1
		for len(cands) > 0 {
			thetaMax := math.Inf(1)
			for _, j := range cands {
				a := sgn * alpha[j]
				var ratio float64
				if a > 0 {
					ratio = (dv[j] + dtol) / a
				} else {
					ratio = (dv[j] - dtol) / a
				}
				if ratio < thetaMax {
					thetaMax = ratio
				}
			}
			dec := 0.0
			bestA := 0.0
			q = -1
			for _, j := range cands {
				a := sgn * alpha[j]
				if dv[j]/a <= thetaMax {
					dec += math.Abs(a) * (up[j] - lo[j])
					if math.Abs(a) > bestA {
						bestA, q = math.Abs(a), j
					}
				}
			}
			if slope-dec <= ptol || math.IsInf(dec, 1) || math.IsNaN(dec) {
				break
			}
			// every candidate in the window can be passed by a bound flip
			slope -= dec
			k := 0
			for _, j := range cands {
				a := sgn * alpha[j]
				if dv[j]/a <= thetaMax {
					flips = append(flips, j)
				} else {
					cands[k] = j
					k++
				}
			}
			cands = cands[:k]
			q = -1
		}
		s.flips = flips
		if q < 0 {
			s.logf("simplex: all flipped: delta %g slope %g flips %d updates %d\n", delta, slope, len(flips), s.lu.numUpdates())
			// all candidates flipped and the row stays infeasible
			if s.refreshOrProve(&verified, rho, sgn) {
				continue
			}
			return outInfeasible
		}
		// entering column
		col := s.col
		s.loadColumn(q, col)
		s.lu.ftranSpike(col)
		alphaR := col[r]
		if math.Abs(alphaR-alpha[q]) > 1e-7*(1+math.Abs(alphaR)) || math.Abs(alphaR) < 1e-11 {
			s.logf("simplex: iter %d pivot mismatch row %.6g col %.6g (updates %d)\n", s.iter, alpha[q], alphaR, s.lu.numUpdates())
			if s.lu.numUpdates() > 0 {
				s.refactor()
				s.computeX()
				s.computeDuals()
				continue
			}
			// fresh factors and still inconsistent: skip this row for now
			taboo[r] = true
			ntaboo++
			continue
		}
		if ntaboo > 0 {
			for i := range taboo {
				taboo[i] = false
			}
			ntaboo = 0
		}
		// dual step; shift the cost of q if its reduced cost has the wrong sign
		dq := dv[q]
		if dq*sgn*alphaR < 0 {
			s.cost[q] -= dq
			dq = 0
			s.perturbed = true
		}
		thetaD := dq / alphaR
		if math.Abs(thetaD) < 1e-12 {
			degen++
		} else {
			degen = 0
		}
		tau := s.tau
		copy(tau, rho)
		s.lu.ftran(tau)
		if thetaD != 0 {
			for _, j := range s.alphaIdx {
				if stat[j] != Basic {
					dv[j] -= thetaD * alpha[j]
				}
			}
		}
		dv[q] = 0
		dv[p] = -thetaD
		// bound flips
		if len(s.flips) > 0 {
			dx := s.dx
			for i := range dx {
				dx[i] = 0
			}
			for _, j := range s.flips {
				var nv float64
				if stat[j] == AtLower {
					stat[j] = AtUpper
					nv = up[j]
				} else {
					stat[j] = AtLower
					nv = lo[j]
				}
				step := nv - xv[j]
				xv[j] = nv
				idx, val := s.column(j)
				for k, i := range idx {
					dx[i] -= val[k] * step
				}
			}
			s.lu.ftran(dx)
			for i, v := range dx {
				if v != 0 {
					xv[head[i]] += v
				}
			}
			delta = xv[p] - bound
		}
		// primal step and steepest-edge weights (Forrest & Goldfarb 1992)
		// in one pass over the nonzeros of B⁻¹a_q
		thetaP := delta / alphaR
		for i, v := range col {
			if v == 0 {
				continue
			}
			xv[head[i]] -= thetaP * v
			if i == r {
				continue
			}
			k := v / alphaR
			w := wt[i] + k*(k*wr-2*tau[i])
			if w < weightFloor {
				w = weightFloor
			}
			wt[i] = w
		}
		xv[q] += thetaP
		xv[p] = bound
		wt[r] = math.Max(wr/(alphaR*alphaR), weightFloor)
		// basis change
		if toLower {
			stat[p] = AtLower
		} else {
			stat[p] = AtUpper
		}
		stat[q] = Basic
		head[r] = q
		s.pos[q] = r
		s.pos[p] = -1
		s.lu.update(r, col)
		s.iter++
		if degen > s.stallLimit() && !s.costPerturbed {
			s.logf("simplex: %d degenerate dual iterations; perturbing costs\n", degen)
			s.perturbCosts(true)
			s.computeDuals()
			s.flipBoxed()
			degen = 0
		}
	}
}

// refreshOrProve is the dual ratio test's end on a row that proves primal
// infeasibility with the current factors (sign sgn, row rho of the basis
// inverse). The first time after eta updates it refactors, recomputes x and
// the duals, sets *verified and reports true: the caller looks again.
// Otherwise it keeps the row as the Farkas certificate and reports false.
func (s *core) refreshOrProve(verified *bool, rho []float64, sgn float64) bool {
	if s.lu.numUpdates() > 0 && !*verified {
		*verified = true
		s.refactor()
		s.computeX()
		s.computeDuals()
		return true
	}
	s.farkasRow = append(s.farkasRow[:0], rho...)
	s.farkasSign = sgn
	return false
}

// flipBoxed moves nonbasic boxed variables whose reduced cost has the wrong
// sign to their other bound, and recomputes the basics.
func (s *core) flipBoxed() {
	N := s.n + s.m
	changed := false
	for j := 0; j < N; j++ {
		st := s.stat[j]
		if st == Basic || s.lo[j] == s.up[j] || math.IsInf(s.lo[j], -1) || math.IsInf(s.up[j], 1) {
			continue
		}
		if st == AtLower && s.d[j] < -s.dtol {
			s.stat[j] = AtUpper
			changed = true
		} else if st == AtUpper && s.d[j] > s.dtol {
			s.stat[j] = AtLower
			changed = true
		}
	}
	if changed {
		s.computeX()
	}
}

// dualPhase1 looks for a dual feasible basis by solving the auxiliary
// problem of Koberstein (2005, §4.4): the same basis with all bounds replaced
// by boxes ([−1000,1000] free, [0,1] lower-bounded, [−1,0] upper-bounded,
// [0,0] boxed) is always dual feasible after flips; its optimum minimises the
// total dual infeasibility of the original problem.
func (s *core) dualPhase1() outcome {
	N := s.n + s.m
	for j := 0; j < N; j++ {
		l, u := s.lb[j], s.ub[j]
		lf, uf := !math.IsInf(l, -1), !math.IsInf(u, 1)
		switch {
		case lf && uf:
			s.lo[j], s.up[j] = 0, 0
		case lf:
			s.lo[j], s.up[j] = 0, 1
		case uf:
			s.lo[j], s.up[j] = -1, 0
		default:
			s.lo[j], s.up[j] = -phase1Box, phase1Box
		}
	}
	s.refactor()
	s.computeDuals()
	s.setNonbasicByDual()
	o := s.dual()
	copy(s.lo, s.lb)
	copy(s.up, s.ub)
	for j := 0; j < N; j++ {
		s.fixStatus(j)
	}
	return o
}
