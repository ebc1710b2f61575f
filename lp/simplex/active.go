package simplex

import "slices"

// freeRows is the row-wise matrix restricted to the structurals with
// different working bounds, the only ones whose pivot-row entries the
// simplex may read (see pivotRowNZ). Row i keeps those entries in
// ascending column order in the first n[i] places of its span
// rowPtr[i]:rowPtr[i+1] of col and val, so a row-wise pivot row over it
// visits the entries of the full rows that it would not skip, in the same
// order. The first row-wise pivot row of a run brings it in line with the
// working bounds (syncFreeRows), which do not change within a run.
type freeRows struct {
	ok     bool   // built for the current matrix
	synced bool   // in line with the working bounds of this run
	in     []bool // by structural: in the rows
	n      []int  // by row: the number of entries kept
	col    []int
	val    []float64
}

// rebuildFreeRows builds s.fr from fixed.
func (s *core) rebuildFreeRows(fixed []bool) {
	a := &s.fr
	a.in = growBool(a.in, s.n)
	for j := range a.in {
		a.in[j] = !fixed[j]
	}
	a.n = grow(a.n, s.m)
	a.col = grow(a.col, len(s.colInd))
	a.val = growF(a.val, len(s.colInd))
	for i := 0; i < s.m; i++ {
		b, e := s.rowPtr[i], s.rowPtr[i+1]
		k := b
		vals := s.rowVal[b:e]
		for t, j := range s.colInd[b:e] {
			if a.in[j] {
				a.col[k] = j
				a.val[k] = vals[t]
				k++
			}
		}
		a.n[i] = k - b
	}
	a.ok = true
}

// syncFreeRows brings s.fr in line with fixed: by single changes when few
// columns differ, else by a rebuild.
func (s *core) syncFreeRows(fixed []bool) {
	a := &s.fr
	a.synced = true
	if !a.ok || len(a.in) != s.n || len(a.n) != s.m {
		s.rebuildFreeRows(fixed)
		return
	}
	changed := 0
	for j, on := range a.in {
		if on == fixed[j] {
			changed++
		}
	}
	if changed > s.n/16 {
		s.rebuildFreeRows(fixed)
		return
	}
	for j, on := range a.in {
		if on == fixed[j] {
			s.setFree(j, !on)
		}
	}
}

// setFree adds structural j to the free rows or removes it.
func (s *core) setFree(j int, on bool) {
	a := &s.fr
	a.in[j] = on
	b, e := s.colPtr[j], s.colPtr[j+1]
	vals := s.colVal[b:e]
	for t, i := range s.rowInd[b:e] {
		base, l := s.rowPtr[i], a.n[i]
		k, found := slices.BinarySearch(a.col[base:base+l], j)
		k += base
		if on == found {
			panic("simplex: free rows out of step")
		}
		if on {
			copy(a.col[k+1:base+l+1], a.col[k:base+l])
			copy(a.val[k+1:base+l+1], a.val[k:base+l])
			a.col[k], a.val[k] = j, vals[t]
			a.n[i]++
		} else {
			copy(a.col[k:base+l-1], a.col[k+1:base+l])
			copy(a.val[k:base+l-1], a.val[k+1:base+l])
			a.n[i]--
		}
	}
}
