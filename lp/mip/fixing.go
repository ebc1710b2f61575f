package mip

import "math"

// reducedCostFix tightens the bounds of integer columns at the node from
// the LP reduced costs: with LP value z and a nonbasic column at its lower
// bound with reduced cost dⱼ > 0, every solution of the subtree with
// xⱼ = lⱼ + t has objective ≥ z + dⱼt, so t ≤ (cutoff − z)/dⱼ. The part
// cut away has objective ≥ z + dⱼ(t+1) > cutoff; that value is recorded
// with search.drop, because under a gap tolerance the cutoff lies below the
// incumbent and the part may still hold a better (if not much better) point.
func (s *search) reducedCostFix(z float64, x, d []float64) {
	room := s.cutoff() - z
	if room <= 0 || math.IsInf(room, 0) {
		return
	}
	for j := 0; j < s.n; j++ {
		if !s.isInt[j] || s.lo[j] == s.hi[j] {
			continue
		}
		lo, hi := s.lo[j], s.hi[j]
		if d[j] > 1e-7 && math.Abs(x[j]-lo) <= s.opts.IntTol {
			if t := math.Floor(room/d[j] + s.opts.IntTol); lo+t < hi {
				hi = lo + t
				s.drop(z + d[j]*(t+1))
			}
		} else if d[j] < -1e-7 && math.Abs(x[j]-hi) <= s.opts.IntTol {
			if t := math.Floor(room/(-d[j]) + s.opts.IntTol); hi-t > lo {
				lo = hi - t
				s.drop(z - d[j]*(t+1))
			}
		}
		if lo != s.lo[j] || hi != s.hi[j] {
			s.lo[j], s.hi[j] = lo, hi
			s.rel.SetColBounds(j, lo, hi)
		}
	}
}

// rootFix applies reduced-cost fixing with the root LP to the global bounds
// after the incumbent improved.
func (s *search) rootFix() {
	if !s.haveRoot || s.rootD == nil {
		return
	}
	s.fixGlobal(s.rootZ, s.rootX, s.rootD, s.rootLPLo, s.rootLPHi)
}

// fixGlobal applies reduced-cost fixing to the global bounds from an LP
// of the root bounds lpLo, lpHi with value z, point x and reduced costs d
// (minimisation form), against the cutoff.
func (s *search) fixGlobal(z float64, x, d, lpLo, lpHi []float64) {
	room := s.cutoff() - z
	if room < 0 || math.IsInf(room, 0) {
		return
	}
	for j := 0; j < s.n; j++ {
		if !s.isInt[j] {
			continue
		}
		if d[j] > 1e-7 && math.Abs(x[j]-lpLo[j]) <= s.opts.IntTol {
			t := math.Floor(room/d[j] + s.opts.IntTol)
			if hi := lpLo[j] + t; hi < s.rootHi[j] {
				s.rootHi[j] = hi
				s.drop(z + d[j]*(t+1))
			}
		} else if d[j] < -1e-7 && math.Abs(x[j]-lpHi[j]) <= s.opts.IntTol {
			t := math.Floor(room/(-d[j]) + s.opts.IntTol)
			if lo := lpHi[j] - t; lo > s.rootLo[j] {
				s.rootLo[j] = lo
				s.drop(z - d[j]*(t+1))
			}
		}
	}
}
