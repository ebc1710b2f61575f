package mip

import (
	"math"
	"math/rand/v2"
	"slices"
)

// DefaultFeasJump is whether feasibility jump runs when Options.FeasJump is Auto.
const DefaultFeasJump = true

// fjWorkPerNonzero and fjMinWork set the work limit of feasibility jump, in
// coefficient visits: max(fjMinWork, fjWorkPerNonzero·nnz), at most fjMaxWork.
const (
	fjWorkPerNonzero = 100
	fjMinWork        = 1e7
	fjMaxWork        = 3e7
	// fjSample is how many violated rows each step draws its candidate
	// columns from.
	fjSample = 3
)

// fjump is the state of the feasibility jump local search (Luteberget &
// Sartor, Math. Prog. Comp. 2023) on the working model at the root bounds.
// Each row i has the weighted violation wᵢ·vᵢ(x), vᵢ = max(0, Lᵢ − aᵢx) +
// max(0, aᵢx − Uᵢ). As a function of one column's value t, the weighted sum
// f(t) = Σᵢ wᵢvᵢ over the column's rows is convex and piecewise linear, with
// its breakpoints where a row reaches a side; the column's "jump value" is
// its minimiser within the bounds (rounded to the better neighbour for an
// integer column). A step moves the column whose jump lowers f most among
// the columns of a few violated rows drawn at random. When no such move
// lowers f (a local minimum of the weighted violation), the weights of the
// violated rows grow by one: the weights are the Lagrangian multipliers
// that push the search out of the minimum.
type fjump struct {
	n, m     int
	lo, hi   []float64
	isInt    []bool
	rowLo    []float64
	rowHi    []float64
	rowTol   []float64
	rowInd   [][]int
	rowVal   [][]float64
	colRow   [][]int // rows of column j
	colVal   [][]float64
	x        []float64
	act      []float64
	w        []float64
	viol     []int   // violated rows
	violPos  []int   // position in viol, −1 if satisfied
	work     float64 // coefficient visits so far
	limit    float64
	rng      *rand.Rand
	breaks   []fjBreak
	lastMove []int // step at which each column last moved
	step     int
}

type fjBreak struct{ t, slope float64 }

// feasJump runs feasibility jump from the root bounds and hands a feasible
// point it finds to the incumbent check (tryIncumbent, against the original
// model); with continuous columns it first re-optimises them by an LP with
// the integer columns fixed (polishContinuous).
func (s *search) feasJump() {
	if s.halted() {
		return // a search stopped before it began looks for no point
	}
	f := newFJump(s)
	if f == nil {
		return
	}
	x := f.run(s)
	if x == nil {
		if s.opts.Log != nil {
			s.logf("feasibility jump: no feasible point after %.3g coefficient visits", f.work)
		}
		return
	}
	if s.opts.Log != nil {
		s.logf("feasibility jump: feasible point after %.3g coefficient visits", f.work)
	}
	if !s.polishContinuous(x, "feasibility jump") {
		s.tryIncumbent(x, "feasibility jump")
	}
}

// newFJump builds the search on s.w at the root bounds, or returns nil when
// a column has no finite value to start from and no row.
func newFJump(s *search) *fjump {
	w := s.w
	f := &fjump{n: s.n, m: len(w.Rows), lo: s.rootLo, hi: s.rootHi, isInt: s.isInt,
		rng: rand.New(rand.NewPCG(uint64(s.n), uint64(len(w.Rows))))}
	f.rowLo, f.rowHi = make([]float64, f.m), make([]float64, f.m)
	f.rowTol = make([]float64, f.m)
	f.rowInd, f.rowVal = make([][]int, f.m), make([][]float64, f.m)
	f.colRow, f.colVal = make([][]int, f.n), make([][]float64, f.n)
	nnz := 0
	for i := range w.Rows {
		r := &w.Rows[i]
		f.rowLo[i], f.rowHi[i] = r.Lower, r.Upper
		f.rowInd[i], f.rowVal[i] = r.Ind, r.Val
		// a tighter tolerance than the incumbent check's
		f.rowTol[i] = 1e-3 * feasTol * math.Max(1, math.Max(finiteAbs(r.Lower), finiteAbs(r.Upper)))
		for k, j := range r.Ind {
			if r.Val[k] != 0 {
				f.colRow[j] = append(f.colRow[j], i)
				f.colVal[j] = append(f.colVal[j], r.Val[k])
				nnz++
			}
		}
	}
	f.limit = math.Min(fjMaxWork, math.Max(fjMinWork, fjWorkPerNonzero*float64(nnz)))
	// start at the bound nearest zero (zero if it lies within the bounds)
	f.x = make([]float64, f.n)
	for j := range f.x {
		f.x[j] = math.Max(f.lo[j], math.Min(f.hi[j], 0))
	}
	f.act = make([]float64, f.m)
	f.w = make([]float64, f.m)
	f.violPos = make([]int, f.m)
	f.lastMove = make([]int, f.n)
	for i := range f.act {
		f.w[i] = 1
		f.violPos[i] = -1
		for k, j := range f.rowInd[i] {
			f.act[i] += f.rowVal[i][k] * f.x[j]
		}
		f.update(i)
	}
	return f
}

func finiteAbs(v float64) float64 {
	if math.IsInf(v, 0) {
		return 0
	}
	return math.Abs(v)
}

// violation of row i at activity a.
func (f *fjump) violation(i int, a float64) float64 {
	if a < f.rowLo[i]-f.rowTol[i] {
		return f.rowLo[i] - a
	}
	if a > f.rowHi[i]+f.rowTol[i] {
		return a - f.rowHi[i]
	}
	return 0
}

// update puts row i into or out of the violated set.
func (f *fjump) update(i int) {
	v := f.violation(i, f.act[i]) > 0
	switch p := f.violPos[i]; {
	case v && p < 0:
		f.violPos[i] = len(f.viol)
		f.viol = append(f.viol, i)
	case !v && p >= 0:
		last := f.viol[len(f.viol)-1]
		f.viol[p], f.violPos[last] = last, p
		f.viol = f.viol[:len(f.viol)-1]
		f.violPos[i] = -1
	}
}

// run searches until no row is violated (returning the point) or the work
// limit, the context or a callback's stop ends it (returning nil).
func (f *fjump) run(s *search) []float64 {
	var cand []int
	for f.work < f.limit {
		if len(f.viol) == 0 {
			return slices.Clone(f.x)
		}
		if f.step%64 == 0 && s.halted() {
			return nil
		}
		f.step++
		cand = cand[:0]
		for range fjSample {
			i := f.viol[f.rng.IntN(len(f.viol))]
			cand = append(cand, f.rowInd[i]...)
			f.work += float64(len(f.rowInd[i]))
		}
		bestJ, bestT, bestGain := -1, 0.0, 0.0
		for _, j := range cand {
			if f.lo[j] == f.hi[j] || f.lastMove[j] == f.step {
				continue
			}
			f.lastMove[j] = f.step // each column once per step
			t, gain := f.jump(j)
			if gain > bestGain+1e-12 || (gain > 1e-12 && gain == bestGain && f.rng.IntN(2) == 0) {
				bestJ, bestT, bestGain = j, t, gain
			}
		}
		if bestJ < 0 {
			// a local minimum: raise the multipliers of the violated rows
			for _, i := range f.viol {
				f.w[i]++
			}
			f.work += float64(len(f.viol))
			continue
		}
		f.move(bestJ, bestT)
	}
	return nil
}

// jump returns the jump value of column j and how much moving there lowers
// the weighted violation of its rows.
func (f *fjump) jump(j int) (t, gain float64) {
	rows, vals := f.colRow[j], f.colVal[j]
	f.work += 3 * float64(len(rows))
	xj := f.x[j]
	f.breaks = f.breaks[:0]
	slope := 0.0 // of f(t) as t → −∞
	for k, i := range rows {
		a, wi := vals[k], f.w[i]
		rest := f.act[i] - a*xj
		// wᵢ·max(0, Lᵢ − rest − a·t): breakpoint (Lᵢ − rest)/a
		if !math.IsInf(f.rowLo[i], -1) {
			f.breaks = append(f.breaks, fjBreak{(f.rowLo[i] - rest) / a, wi * math.Abs(a)})
			if a > 0 {
				slope -= wi * a
			}
		}
		// wᵢ·max(0, rest + a·t − Uᵢ): breakpoint (Uᵢ − rest)/a
		if !math.IsInf(f.rowHi[i], 1) {
			f.breaks = append(f.breaks, fjBreak{(f.rowHi[i] - rest) / a, wi * math.Abs(a)})
			if a < 0 {
				slope += wi * a
			}
		}
	}
	slices.SortFunc(f.breaks, func(p, q fjBreak) int {
		switch {
		case p.t < q.t:
			return -1
		case p.t > q.t:
			return 1
		}
		return 0
	})
	// the minimiser: the first breakpoint at which the slope turns ≥ 0; on
	// a flat piece, the point of it nearest the current value
	t = xj
	switch {
	case slope >= 0: // flat up to the first breakpoint
		if len(f.breaks) > 0 {
			t = math.Min(xj, f.breaks[0].t)
		}
	default:
		for k, b := range f.breaks {
			slope += b.slope
			if slope > 1e-12 {
				t = b.t
				break
			}
			if slope >= -1e-12 { // flat from b.t to the next breakpoint
				hiT := inf
				if k+1 < len(f.breaks) {
					hiT = f.breaks[k+1].t
				}
				t = math.Max(b.t, math.Min(hiT, xj))
				break
			}
		}
	}
	t = math.Max(f.lo[j], math.Min(f.hi[j], t))
	if math.IsInf(t, 0) {
		return xj, 0
	}
	if f.isInt[j] {
		dn, up := math.Floor(t+1e-9), math.Ceil(t-1e-9)
		dn = math.Max(dn, f.lo[j])
		up = math.Min(up, f.hi[j])
		gd, gu := f.gain(j, dn), f.gain(j, up)
		if gu > gd || (gu == gd && math.Abs(up-xj) < math.Abs(dn-xj)) {
			return up, gu
		}
		return dn, gd
	}
	return t, f.gain(j, t)
}

// gain is the decrease of the weighted violation when column j moves to t.
func (f *fjump) gain(j int, t float64) float64 {
	d := t - f.x[j]
	if d == 0 {
		return 0
	}
	g := 0.0
	for k, i := range f.colRow[j] {
		a := f.act[i]
		g += f.w[i] * (f.violation(i, a) - f.violation(i, a+f.colVal[j][k]*d))
	}
	f.work += float64(len(f.colRow[j]))
	return g
}

// move sets column j to t and updates the activities.
func (f *fjump) move(j int, t float64) {
	d := t - f.x[j]
	f.x[j] = t
	for k, i := range f.colRow[j] {
		f.act[i] += f.colVal[j][k] * d
		f.update(i)
	}
	f.work += float64(len(f.colRow[j]))
}
