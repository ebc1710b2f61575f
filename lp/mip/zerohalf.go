package mip

import (
	"math"
	"slices"

	"github.com/streamopt/streamopt/lp"
)

// DefaultZeroHalf is whether Options.ZeroHalf is on when Auto (doc.go,
// "Measured effect of the cuts and restarts").
const DefaultZeroHalf = false

const (
	zhMaxCoef = 1e6 // rows with a larger coefficient are left out
	// zhEffort bounds the work of one separation round: the nonzeros of
	// the rows summed over the single rows and pairs tried.
	zhEffort = 300_000
	// zhMaxCuts is the number of cuts kept per round, the most efficacious
	// (violation over Euclidean norm) of those found: the sums of row
	// pairs are many and often nearly parallel, and each row the LP takes
	// slows every later node.
	zhMaxCuts = 50
)

// zhRow is one side of a row of integer columns with integral
// coefficients, written σ·aᵀx ≤ σ·b, with its slack at the LP point.
type zhRow struct {
	row   int
	sign  float64
	rhs   float64
	slack float64
	odd   []int // columns of odd coefficient, increasing
}

// zeroHalfCuts returns {0, ½}-Chvátal–Gomory cuts violated by x (Caprara &
// Fischetti 1996, "{0, ½}-Chvátal–Gomory cuts", Math. Prog. 74), found by
// a heuristic over single rows and pairs of rows. The rows taken are those
// over integer columns only, with integral coefficients and side, and
// slack below 1 at x. A set S of such row sides, summed, gives
// Σ_S σaᵀx ≤ Σ_S σb; each column of odd coefficient in the sum is made
// even by adding its bound row, xⱼ ≤ uⱼ or −xⱼ ≤ −lⱼ (the one of smaller
// slack at x, or the other one where that makes the right-hand side odd).
// Halving the sum and rounding its odd right-hand side down gives a valid
// inequality for every integer point, violated by (1 − total slack)/2 at x.
// Pairs are two rows that share a column of odd coefficient, which the
// sum cancels.
func zeroHalfCuts(w *lp.Model, lo, hi, x []float64) []lp.Row {
	var rows []zhRow
	for i := range w.Rows {
		r := &w.Rows[i]
		if !zhEligible(w, r) {
			continue
		}
		act := 0.0
		for k, j := range r.Ind {
			act += r.Val[k] * x[j]
		}
		for _, s := range []float64{1, -1} {
			b := r.Upper
			if s < 0 {
				b = -r.Lower
			}
			if math.IsInf(b, 1) || math.Abs(b) > zhMaxCoef*zhMaxCoef || b != math.Round(b) {
				continue
			}
			slack := b - s*act
			if slack >= 1-2*minViolation {
				continue
			}
			zr := zhRow{row: i, sign: s, rhs: b, slack: math.Max(slack, 0)}
			for k, j := range r.Ind {
				if isOdd(r.Val[k]) {
					zr.odd = append(zr.odd, j)
				}
			}
			slices.Sort(zr.odd)
			rows = append(rows, zr)
		}
	}
	// the tightest rows first
	slices.SortStableFunc(rows, func(p, q zhRow) int { return cmpFloat(p.slack, q.slack) })
	byCol := make(map[int][]int) // column → indices into rows of odd coefficient
	for p, zr := range rows {
		for _, j := range zr.odd {
			byCol[j] = append(byCol[j], p)
		}
	}
	sc := &zhScratch{coef: make([]float64, len(w.Vars))}
	var cuts []lp.Row
	seen := map[string]bool{}
	effort := 0
	try := func(set ...int) bool {
		for _, p := range set {
			effort += len(w.Rows[rows[p].row].Ind)
		}
		if c, ok := sc.cut(w, lo, hi, x, rows, set); ok {
			if k := cutKey(c); !seen[k] {
				seen[k] = true
				cuts = append(cuts, c)
			}
		}
		return len(cuts) < 10*zhMaxCuts && effort < zhEffort
	}
	func() {
		for p := range rows {
			if !try(p) {
				return
			}
		}
		for p := range rows {
			for _, j := range rows[p].odd {
				for _, q := range byCol[j] {
					if q <= p || rows[q].row == rows[p].row || rows[p].slack+rows[q].slack >= 1-2*minViolation {
						continue
					}
					if !try(p, q) {
						return
					}
				}
			}
		}
	}()
	return mostEfficacious(cuts, x, zhMaxCuts)
}

// mostEfficacious returns the (at most) k cuts of largest violation at x
// divided by the norm of their coefficients, in their original order.
func mostEfficacious(cuts []lp.Row, x []float64, k int) []lp.Row {
	if len(cuts) <= k {
		return cuts
	}
	eff := make([]float64, len(cuts))
	idx := make([]int, len(cuts))
	for i, c := range cuts {
		norm := 0.0
		for _, v := range c.Val {
			norm += v * v
		}
		eff[i], idx[i] = cutViolation(c, x)/math.Sqrt(norm), i
	}
	slices.SortStableFunc(idx, func(p, q int) int { return cmpFloat(eff[q], eff[p]) })
	idx = idx[:k]
	slices.Sort(idx)
	out := make([]lp.Row, k)
	for i, p := range idx {
		out[i] = cuts[p]
	}
	return out
}

// zhEligible reports whether row r is over integer columns only, with
// integral coefficients no larger than zhMaxCoef.
func zhEligible(w *lp.Model, r *lp.Row) bool {
	if len(r.Ind) == 0 {
		return false
	}
	for k, j := range r.Ind {
		a := r.Val[k]
		if !w.Vars[j].Integer || a != math.Round(a) || math.Abs(a) > zhMaxCoef {
			return false
		}
	}
	return true
}

func isOdd(a float64) bool { return math.Mod(math.Abs(a), 2) == 1 }

// zhScratch is the dense sum of the rows of one zero-half cut.
type zhScratch struct {
	coef    []float64 // by column; zero outside touched
	touched []int
}

// cut builds the {0, ½}-cut of the row sides rows[set] (see zeroHalfCuts)
// and reports whether x violates it by more than minViolation.
func (sc *zhScratch) cut(w *lp.Model, lo, hi, x []float64, rows []zhRow, set []int) (lp.Row, bool) {
	coef := sc.coef
	defer func() {
		for _, j := range sc.touched {
			coef[j] = 0
		}
		sc.touched = sc.touched[:0]
	}()
	rhs, slack := 0.0, 0.0
	for _, p := range set {
		zr := rows[p]
		r := &w.Rows[zr.row]
		for k, j := range r.Ind {
			if coef[j] == 0 {
				sc.touched = append(sc.touched, j)
			}
			coef[j] += zr.sign * r.Val[k]
		}
		rhs += zr.rhs
		slack += zr.slack
	}
	slices.Sort(sc.touched)
	sc.touched = slices.Compact(sc.touched)
	// the odd columns of the sum, each made even by its cheaper bound row
	type fix struct {
		j        int
		up       bool    // the bound row used: xⱼ ≤ uⱼ (else −xⱼ ≤ −lⱼ)
		flip     float64 // extra slack of the other bound row; inf if it keeps the parity or is missing
		sLo, sHi float64 // slacks of the two bound rows at x
		bLo, bHi float64 // their right-hand sides
	}
	var fixes []fix
	for _, j := range sc.touched {
		if !isOdd(coef[j]) {
			continue
		}
		f := fix{j: j, sLo: x[j] - lo[j], sHi: hi[j] - x[j], bLo: -lo[j], bHi: hi[j]}
		okLo, okHi := !math.IsInf(lo[j], -1), !math.IsInf(hi[j], 1)
		switch {
		case okLo && (!okHi || f.sLo <= f.sHi):
			f.up = false
		case okHi:
			f.up = true
		default:
			return lp.Row{}, false
		}
		f.flip = inf
		if okLo && okHi && isOdd(hi[j]-lo[j]) {
			f.flip = math.Abs(f.sHi - f.sLo)
		}
		if f.up {
			slack += math.Max(f.sHi, 0)
			rhs += f.bHi
		} else {
			slack += math.Max(f.sLo, 0)
			rhs += f.bLo
		}
		fixes = append(fixes, f)
	}
	if !isOdd(rhs) {
		// switch the bound row of the column where that costs least
		best := -1
		for k, f := range fixes {
			if best < 0 || f.flip < fixes[best].flip {
				best = k
			}
		}
		if best < 0 || math.IsInf(fixes[best].flip, 1) {
			return lp.Row{}, false
		}
		f := &fixes[best]
		slack += f.flip
		if f.up {
			rhs += f.bLo - f.bHi
		} else {
			rhs += f.bHi - f.bLo
		}
		f.up = !f.up
	}
	if slack >= 1-2*minViolation {
		return lp.Row{}, false
	}
	for _, f := range fixes {
		if f.up {
			coef[f.j]++
		} else {
			coef[f.j]--
		}
	}
	cut := lp.Row{Name: "zerohalf", Lower: math.Inf(-1), Upper: (rhs - 1) / 2}
	act := 0.0
	for _, j := range sc.touched {
		if c := coef[j] / 2; c != 0 {
			cut.Ind = append(cut.Ind, j)
			cut.Val = append(cut.Val, c)
			act += c * x[j]
		}
	}
	if len(cut.Ind) == 0 || act-cut.Upper <= minViolation {
		return lp.Row{}, false
	}
	return cut, true
}
