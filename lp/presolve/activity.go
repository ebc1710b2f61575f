package presolve

import "math"

// actSum is one side (smallest or largest) of a row's activity over the
// column bounds: the finite contributions aⱼ·bⱼ summed in double-double
// arithmetic (hi + lo, each product split exactly by an FMA) and the count
// of infinite ones. Keeping it up to date as columns are tightened or
// removed makes the activity bounds of a row, and of a row without one of
// its columns, an O(1) question instead of a scan of the row.
//
// A product that overflows counts as infinite, and a sum that leaves the
// float64 range sets overflow; either way that side reads as unbounded, a
// weaker but valid bound, until the next recount.
type actSum struct {
	hi, lo   float64
	inf      int
	overflow bool
}

// contrib is the contribution of one column to one side: either infinite, or
// the product p with its rounding error e (p + e = a·b exactly).
type contrib struct {
	inf  bool
	p, e float64
}

// contribution returns the term a·b, b the bound of the column that the
// side uses (for the smallest activity: the lower bound when a > 0, the
// upper when a < 0).
func contribution(a, b float64) contrib {
	if math.IsInf(b, 0) {
		return contrib{inf: true}
	}
	p := a * b
	if math.IsInf(p, 0) {
		return contrib{inf: true}
	}
	return contrib{p: p, e: math.FMA(a, b, -p)}
}

// sideTerms returns the contributions of a column with coefficient a and
// bounds [lo, hi] to the smallest and the largest activity of its row.
func sideTerms(a, lo, hi float64) (minT, maxT contrib) {
	if a > 0 {
		return contribution(a, lo), contribution(a, hi)
	}
	return contribution(a, hi), contribution(a, lo)
}

// add adds (sign +1) or removes (sign −1) a term.
func (s *actSum) add(t contrib, sign float64) {
	if t.inf {
		s.inf += int(sign)
		return
	}
	s.addFloat(sign * t.p)
	s.addFloat(sign * t.e)
}

// addFloat adds a finite v to the double-double hi + lo (Knuth's TwoSum,
// then a renormalisation so that |lo| stays below half an ulp of hi).
func (s *actSum) addFloat(v float64) {
	if v == 0 || s.overflow {
		return
	}
	t := s.hi + v
	if math.IsInf(t, 0) {
		s.overflow = true
		return
	}
	bv := t - s.hi
	e := (s.hi - (t - bv)) + (v - bv)
	lo := s.lo + e
	s.hi = t + lo
	s.lo = lo - (s.hi - t)
}

// value returns the side's bound; unbounded is dir·∞ (dir −1 for the
// smallest activity, +1 for the largest).
func (s actSum) value(dir float64) float64 {
	if s.inf > 0 || s.overflow {
		return math.Inf(int(dir))
	}
	return s.hi + s.lo
}

// without returns the side's bound with the term t taken out: the activity
// bound of the rest of the row.
func (s actSum) without(t contrib, dir float64) float64 {
	if t.inf {
		s.inf--
	} else {
		s.add(t, -1)
	}
	return s.value(dir)
}

// rowMax records the two largest |aᵢⱼ| of a row and the column of the
// first, so that the largest coefficient of the row without column j is
// known in O(1). It is recounted at the start of every pass; a column
// removed during a pass leaves it unchanged, an overestimate, which only
// makes the pivot test of a substitution stricter.
type rowMax struct {
	first, second float64
	col           int
}

func (r *rowMax) note(j int, a float64) {
	a = math.Abs(a)
	switch {
	case a > r.first:
		r.first, r.second, r.col = a, r.first, j
	case a > r.second:
		r.second = a
	}
}

// other returns the largest |aᵢₖ| over k ≠ j (or more).
func (r rowMax) other(j int) float64 {
	if j == r.col {
		return r.second
	}
	return r.first
}
