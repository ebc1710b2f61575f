package simplex

import "math"

// primal runs the bounded primal simplex from the current basis: a
// composite phase 1 (minimise the sum of infeasibilities of the basics,
// recomputed every iteration) followed by phase 2 on the working costs.
// Pricing is Devex-like on reference weights; the ratio test is Harris'
// two-pass test with bound flips of the entering variable.
func (s *core) primal() outcome {
	m := s.m
	N := s.n + m
	s.ensureFactor()
	s.computeX()
	pcost := make([]float64, N)
	dw := make([]float64, N) // devex reference weights
	for j := range dw {
		dw[j] = 1
	}
	// the pivot rows leave out the fixed columns, which never enter and
	// whose reduced costs and weights are not read (the working bounds do
	// not change in here)
	free, fixed := s.freeLists()
	trouble := 0
	dValid := false // in phase 2, d is maintained by pivot-row updates
	for {
		if o := s.checkLimits(); o >= 0 {
			return o
		}
		if s.lu.needRefactor() {
			s.refactor()
			s.computeX()
			dValid = false
		}
		// phase and costs
		phase1 := false
		for _, j := range s.head {
			v := s.x[j]
			if v < s.lo[j]-s.ptol || v > s.up[j]+s.ptol {
				phase1 = true
				break
			}
		}
		y := s.rho
		if phase1 || !dValid {
			if phase1 {
				for p, j := range s.head {
					v := s.x[j]
					switch {
					case v < s.lo[j]-s.ptol:
						y[p] = -1
					case v > s.up[j]+s.ptol:
						y[p] = 1
					default:
						y[p] = 0
					}
				}
			} else {
				for p, j := range s.head {
					y[p] = s.cost[j]
				}
			}
			s.lu.btran(y)
			cj := s.cost
			if phase1 {
				cj = pcost
			}
			for j := 0; j < N; j++ {
				if s.stat[j] == Basic {
					s.d[j] = 0
					continue
				}
				dj := cj[j]
				if j < s.n {
					for p := s.colPtr[j]; p < s.colPtr[j+1]; p++ {
						dj -= s.colVal[p] * y[s.rowInd[p]]
					}
				} else {
					dj -= y[j-s.n]
				}
				s.d[j] = dj
			}
			dValid = !phase1
		}
		// pricing (Devex)
		q := -1
		best := 0.0
		for j := 0; j < N; j++ {
			st := s.stat[j]
			if st == Basic || s.lo[j] == s.up[j] {
				continue
			}
			e := wrongSign(st, s.d[j])
			if e <= s.dtol {
				continue
			}
			if sc := e * e / dw[j]; sc > best {
				best, q = sc, j
			}
		}
		if q < 0 {
			if phase1 {
				s.farkasRow = append(s.farkasRow[:0], y...)
				s.farkasSign = 1
				return outInfeasible
			}
			return outOptimal
		}
		if s.log != nil && s.iter-s.lastLogIter >= 1000 {
			s.lastLogIter = s.iter
			mx, sum := s.primalInfeas()
			s.logf("simplex: primal iter %d obj %.10g primal inf max %.3g sum %.3g\n", s.iter, s.objective(), mx, sum)
		}
		dir := 1.0
		if s.d[q] > 0 {
			dir = -1
		}
		col := s.col
		s.loadColumn(q, col)
		s.lu.ftranSpike(col)
		// Harris ratio test over the basics; x_B(t) = x_B − t·dir·col
		thetaMax := s.up[q] - s.lo[q]
		for i, v := range col {
			if math.Abs(v) < pivotTol {
				continue
			}
			j := s.head[i]
			rate := -dir * v
			b := s.blockBound(j, rate, phase1)
			if math.IsInf(b, 0) {
				continue
			}
			var ratio float64
			if rate < 0 {
				ratio = (s.x[j] - b + s.ptol) / -rate
			} else {
				ratio = (b - s.x[j] + s.ptol) / rate
			}
			if ratio < thetaMax {
				thetaMax = ratio
			}
		}
		if math.IsInf(thetaMax, 1) {
			if phase1 {
				trouble++
				if trouble > 5 {
					return outNumerical
				}
				s.refactor()
				s.computeX()
				continue
			}
			s.rayQ = q
			s.rayDir = dir
			s.rayCol = append(s.rayCol[:0], col...)
			return outUnbounded
		}
		r := -1
		bestA := 0.0
		var theta, leaveBound float64
		for i, v := range col {
			if math.Abs(v) < pivotTol {
				continue
			}
			j := s.head[i]
			rate := -dir * v
			b := s.blockBound(j, rate, phase1)
			if math.IsInf(b, 0) {
				continue
			}
			var ratio float64
			if rate < 0 {
				ratio = (s.x[j] - b) / -rate
			} else {
				ratio = (b - s.x[j]) / rate
			}
			if ratio <= thetaMax && math.Abs(v) > bestA {
				bestA, r, theta, leaveBound = math.Abs(v), i, ratio, b
			}
		}
		rangeQ := s.up[q] - s.lo[q]
		if r < 0 || rangeQ <= theta {
			if math.IsInf(rangeQ, 1) {
				trouble++
				if trouble > 5 {
					return outNumerical
				}
				s.refactor()
				s.computeX()
				continue
			}
			// bound flip of the entering variable
			for i, v := range col {
				if v != 0 {
					s.x[s.head[i]] -= rangeQ * dir * v
				}
			}
			if s.stat[q] == AtLower {
				s.stat[q] = AtUpper
				s.x[q] = s.up[q]
			} else {
				s.stat[q] = AtLower
				s.x[q] = s.lo[q]
			}
			s.iter++
			continue
		}
		trouble = 0
		if theta < 0 {
			theta = 0
		}
		for i, v := range col {
			if v != 0 {
				s.x[s.head[i]] -= theta * dir * v
			}
		}
		p := s.head[r]
		s.x[q] += theta * dir
		s.x[p] = leaveBound
		aq := col[r]
		if !phase1 {
			// pivot row: update reduced costs and Devex weights
			rho := s.rho
			for i := range rho {
				rho[i] = 0
			}
			rho[r] = 1
			s.lu.btran(rho)
			s.pivotRow(rho, free, fixed)
			thetaD := s.d[q] / aq
			wq := dw[q]
			for _, j := range s.alphaIdx {
				if s.stat[j] == Basic || j == q {
					continue
				}
				a := s.alpha[j]
				s.d[j] -= thetaD * a
				k := a / aq
				if w := k * k * wq; w > dw[j] {
					dw[j] = w
				}
			}
			s.d[p] = -thetaD
			dw[p] = math.Max(wq/(aq*aq), 1)
			if dw[p] > 1e6 {
				for j := range dw {
					dw[j] = 1
				}
			}
		} else {
			dw[p] = math.Max(dw[q]/(aq*aq), 1)
		}
		if leaveBound == s.lo[p] {
			s.stat[p] = AtLower
		} else {
			s.stat[p] = AtUpper
		}
		if s.lo[p] == s.up[p] {
			s.stat[p] = AtLower
		}
		s.stat[q] = Basic
		s.head[r] = q
		s.pos[q] = r
		s.pos[p] = -1
		s.d[q] = 0
		s.lu.update(r, col)
		s.iter++
	}
}

// blockBound is the bound at which basic j, moving at the given rate,
// blocks the primal step (±Inf if it does not). In phase 1 an infeasible
// basic blocks where it becomes feasible, the first breakpoint of the
// piecewise-linear phase-1 objective.
func (s *core) blockBound(j int, rate float64, phase1 bool) float64 {
	v, l, u := s.x[j], s.lo[j], s.up[j]
	if rate < 0 {
		if phase1 && v > u+s.ptol {
			return u
		}
		if v < l-s.ptol {
			return math.Inf(-1)
		}
		return l
	}
	if phase1 && v < l-s.ptol {
		return l
	}
	if v > u+s.ptol {
		return math.Inf(1)
	}
	return u
}
