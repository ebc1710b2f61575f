package mip

import "math"

// reducedCostFix tightens the bounds of integer columns at the node from
// the LP reduced costs: with LP value z and a nonbasic column at its lower
// bound with reduced cost dⱼ > 0, every solution of the subtree with
// xⱼ = lⱼ + t has objective ≥ z + dⱼt, so t ≤ (cutoff − z)/dⱼ.
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
			}
		} else if d[j] < -1e-7 && math.Abs(x[j]-hi) <= s.opts.IntTol {
			if t := math.Floor(room/(-d[j]) + s.opts.IntTol); hi-t > lo {
				lo = hi - t
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
	room := s.cutoff() - s.rootZ
	if room < 0 || math.IsInf(room, 0) {
		return
	}
	for j := 0; j < s.n; j++ {
		if !s.isInt[j] {
			continue
		}
		d := s.rootD[j]
		if d > 1e-7 && math.Abs(s.rootX[j]-s.rootLPLo[j]) <= s.opts.IntTol {
			s.rootHi[j] = math.Min(s.rootHi[j], s.rootLPLo[j]+math.Floor(room/d+s.opts.IntTol))
		} else if d < -1e-7 && math.Abs(s.rootX[j]-s.rootLPHi[j]) <= s.opts.IntTol {
			s.rootLo[j] = math.Max(s.rootLo[j], s.rootLPHi[j]-math.Floor(room/(-d)+s.opts.IntTol))
		}
	}
}
