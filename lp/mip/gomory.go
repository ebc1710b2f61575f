package mip

import (
	"math"
	"sort"

	"gonum.org/v1/gonum/mat"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/simplex"
)

// Gomory mixed-integer (GMI) cuts from the optimal root tableau (Gomory
// 1960; Cornuéjols 2008, "Valid inequalities for mixed integer linear
// programs", §2.6).
//
// Write the rows as Ax − r = 0 with one variable rᵢ per row, bounded by the
// row's sides. For a basis B of [A −I] and a basic integer column xₖ with a
// fractional LP value, the tableau row is xₖ + Σ_{j∈N} ᾱⱼvⱼ = 0 with
// ᾱ = eₚᵀB⁻¹[A −I]. Each nonbasic vⱼ sits at a bound and is replaced by its
// distance to it, v'ⱼ = vⱼ − lⱼ or uⱼ − vⱼ ≥ 0, which turns the row into
// xₖ + Σ aⱼv'ⱼ = β with β = x*ₖ and aⱼ = ±ᾱⱼ. With f₀ and fⱼ the fractional
// parts of β and aⱼ, every point with xₖ integer satisfies
//
//	Σ_{j int, fⱼ≤f₀} fⱼ/f₀·v'ⱼ + Σ_{j int, fⱼ>f₀} (1−fⱼ)/(1−f₀)·v'ⱼ
//	  + Σ_{j cont, aⱼ>0} aⱼ/f₀·v'ⱼ − Σ_{j cont, aⱼ<0} aⱼ/(1−f₀)·v'ⱼ ≥ 1,
//
// and the LP point (all v' = 0) violates it. Integer nonbasic columns are
// those of the model with integer bounds; the row variables are treated as
// continuous, which is weaker but always valid. The cut is mapped back to
// the columns by undoing the substitutions and replacing rᵢ by its row.
//
// With Options.IntCuts off, as with the c-MIR cuts, only binary columns are
// treated as integer: a row whose basic column or a nonbasic column with a
// nonzero entry is a general integer gives no cut (on MIPLIB's bell5 the
// first version of such cuts raised the root bound by 18 % of the gap and
// made the tree over 30 times larger). With it on, the basic column may be
// a general integer of range at most gmiMaxBasicRange, and a nonbasic general
// integer is an integer term of the formula (its distance v' to the bound
// it sits on is a nonnegative integer) when its range is at most
// maxIntRange, a continuous term otherwise; such cuts are named "gmigi",
// and of nearly parallel ones only the most efficacious is kept
// (distinctCuts).
//
// The tableau rows come from a dense LU of B (gonum), so GMI cuts are
// separated only at the root and only for models of at most gomoryMaxRows
// rows. Rows with a free nonbasic variable, f₀ outside [minFrac, 1−minFrac],
// a coefficient range above maxCoefRatio or an efficacy under minEfficacy
// give no cut.
const (
	gomoryMaxRows = 1500 // larger models get no GMI cuts (dense B)
	gomoryMaxCuts = 50   // GMI cuts per round, most fractional rows first
	gomoryRounds  = 3    // rounds in which GMI cuts are separated
	// gmiMaxBasicRange is the widest general integer whose tableau row
	// gives a GMI cut (Options.IntCuts; doc.go, "Cuts on general integers").
	gmiMaxBasicRange = 100
)

// gomoryCuts returns violated GMI cuts of w at the LP point x with the basis
// b, over the column bounds lo, hi; gi is Options.IntCuts.
func gomoryCuts(w *lp.Model, lo, hi, x []float64, b simplex.Basis, gi bool) []lp.Row {
	t, ok := newGMITableau(w, lo, hi, x, b, gi)
	if !ok {
		return nil
	}
	// the tableau rows of all candidates in one solve Bᵀ·Y = E, E's column
	// k the unit vector of candidate k's basis position: the triangular
	// solves run across the candidates, and each column's arithmetic is
	// that of a solve of its own
	E := mat.NewDense(len(w.Rows), len(t.cands), nil)
	for q, c := range t.cands {
		E.Set(c.p, q, 1)
	}
	var Y mat.Dense
	if err := t.lu.SolveTo(&Y, true, E); err != nil {
		return nil
	}
	yr := Y.RawMatrix()
	sc := newGMIScratch(len(w.Vars))
	var found []scoredCut
	for q, c := range t.cands {
		alpha := t.row(w, func(i int) float64 { return yr.Data[i*yr.Stride+q] })
		cut, eff, ok := sc.gmiRow(w, lo, hi, x, t.act, b, alpha, x[c.j], gi)
		found = gmiKeep(found, cut, eff, ok, c, lo, hi, gi)
	}
	return gmiBest(found, gi)
}

// gmiTableau is what the GMI cuts of one basis share: the activities of
// the rows at the LP point, the candidate tableau rows (basic integer
// columns with fractional values, most fractional first, at most
// gomoryMaxCuts), the dense LU of B and a tableau row's space.
type gmiTableau struct {
	act   []float64
	cands []gmiCand
	lu    mat.LU
	alpha []float64
}

// gmiCand is a candidate row: basis position p holds integer column j.
type gmiCand struct{ p, j int }

// newGMITableau sets up the GMI separation of w at x with the basis b; ok
// is false when there is nothing to separate or B is too ill-conditioned.
func newGMITableau(w *lp.Model, lo, hi, x []float64, b simplex.Basis, gi bool) (*gmiTableau, bool) {
	m, n := len(w.Rows), len(w.Vars)
	if m == 0 || m > gomoryMaxRows || len(b.Cols) != n || len(b.Rows) != m {
		return nil, false
	}
	// basic variables: position p holds column pos[p] (< n) or row pos[p]−n
	var pos []int
	for j, st := range b.Cols {
		if st == simplex.Basic {
			pos = append(pos, j)
		}
	}
	for i, st := range b.Rows {
		if st == simplex.Basic {
			pos = append(pos, n+i)
		}
	}
	if len(pos) != m {
		return nil, false
	}
	t := &gmiTableau{act: w.Activities(x), alpha: make([]float64, n+m)}
	for p, v := range pos {
		if v < n && w.Vars[v].Integer && (hi[v]-lo[v] <= 1 || gi && hi[v]-lo[v] <= gmiMaxBasicRange) {
			if f := x[v] - math.Floor(x[v]); f >= minFrac && f <= 1-minFrac {
				t.cands = append(t.cands, gmiCand{p, v})
			}
		}
	}
	if len(t.cands) == 0 {
		return nil, false
	}
	frac := func(v float64) float64 { return math.Abs(v - math.Round(v)) }
	sort.SliceStable(t.cands, func(a, c int) bool { return frac(x[t.cands[a].j]) > frac(x[t.cands[c].j]) })
	if len(t.cands) > gomoryMaxCuts {
		t.cands = t.cands[:gomoryMaxCuts]
	}
	colPos := make([]int, n)
	for j := range colPos {
		colPos[j] = -1
	}
	B := mat.NewDense(m, m, nil)
	for p, v := range pos {
		if v >= n {
			B.Set(v-n, p, -1)
		} else {
			colPos[v] = p
		}
	}
	for i := range w.Rows {
		r := &w.Rows[i]
		for k, j := range r.Ind {
			if p := colPos[j]; p >= 0 {
				B.Set(i, p, r.Val[k])
			}
		}
	}
	t.lu.Factorize(B)
	if t.lu.Cond() > 1e12 {
		return nil, false
	}
	return t, true
}

// row returns the tableau row ᾱ = yᵀ[A −I] (over the columns, then the
// row variables) of the row multipliers y(i) = (B⁻ᵀeₚ)ᵢ, in t's space.
func (t *gmiTableau) row(w *lp.Model, y func(i int) float64) []float64 {
	n := len(w.Vars)
	alpha := t.alpha
	clear(alpha)
	for i := range w.Rows {
		yi := y(i)
		if yi == 0 {
			continue
		}
		r := &w.Rows[i]
		for k, j := range r.Ind {
			alpha[j] += yi * r.Val[k]
		}
		alpha[n+i] = -yi
	}
	return alpha
}

// gmiKeep appends the cut of candidate c, if gmiRow gave one (ok), to found;
// with gi, the cut of a general integer's row is named "gmigi".
func gmiKeep(found []scoredCut, cut lp.Row, eff float64, ok bool, c gmiCand, lo, hi []float64, gi bool) []scoredCut {
	if !ok {
		return found
	}
	if gi && hi[c.j]-lo[c.j] > 1 {
		cut.Name = "gmigi"
	}
	return append(found, scoredCut{cut, eff})
}

// gmiBest selects the GMI cuts of a round from found.
func gmiBest(found []scoredCut, gi bool) []lp.Row {
	if gi {
		found = distinctCuts(found, gomoryMaxCuts)
	}
	return bestCuts(found, gomoryMaxCuts)
}

// gmiScratch is gmiRow's dense work space over the columns, reused from
// one tableau row to the next: the cut's coefficients, which columns hold
// one (including those whose terms summed to zero) and their list.
type gmiScratch struct {
	coef    []float64
	in      []bool
	touched []int
	val     []float64
}

func newGMIScratch(n int) *gmiScratch {
	return &gmiScratch{coef: make([]float64, n), in: make([]bool, n)}
}

// add adds c to column j's coefficient.
func (sc *gmiScratch) add(j int, c float64) {
	if !sc.in[j] {
		sc.in[j] = true
		sc.touched = append(sc.touched, j)
	}
	sc.coef[j] += c
}

// reset empties the coefficients.
func (sc *gmiScratch) reset() {
	for _, j := range sc.touched {
		sc.coef[j], sc.in[j] = 0, false
	}
	sc.touched = sc.touched[:0]
}

// gmiRow builds the GMI cut of the tableau row alpha (over columns, then
// row variables) of a basic integer column with LP value beta; with gi
// (Options.IntCuts) nonbasic general integers take part (see gomoryCuts),
// and a cut that rounds one is named "gmigi".
func (sc *gmiScratch) gmiRow(w *lp.Model, lo, hi, x, act []float64, b simplex.Basis, alpha []float64, beta float64, gi bool) (lp.Row, float64, bool) {
	defer sc.reset()
	rhs, usedGI, ok := gmiTerms(w, lo, hi, x, act, b, alpha, beta, gi, sc.add)
	if !ok {
		return lp.Row{}, 0, false
	}
	// coef·x ≥ rhs is −coef·x ≤ −rhs for finishSorted, then turned back
	sort.Ints(sc.touched)
	sc.val = sc.val[:0]
	for _, j := range sc.touched {
		sc.val = append(sc.val, -sc.coef[j])
	}
	return gmiFlip(finishSorted(gmiName(usedGI), sc.touched, sc.val, -rhs, lo, hi, x))
}

// gmiTerms computes the GMI cut coef·x ≥ rhs of the tableau row alpha
// (see gmiRow) directly over the columns: it passes each term g·xⱼ to add,
// in order, and returns rhs and whether a general integer was rounded
// (usedGI); ok is false when the row gives no cut.
func gmiTerms(w *lp.Model, lo, hi, x, act []float64, b simplex.Basis, alpha []float64, beta float64, gi bool, add func(j int, c float64)) (rhs float64, usedGI, ok bool) {
	n := len(w.Vars)
	f0 := beta - math.Floor(beta)
	// cut Σ g_j v'_j ≥ 1
	rhs = 1.0
	for v, a := range alpha {
		if v < n && b.Cols[v] == simplex.Basic || v >= n && b.Rows[v-n] == simplex.Basic {
			continue
		}
		if math.Abs(a) < 1e-11 {
			continue
		}
		var l, u, val float64
		isInt := false
		if v < n {
			l, u, val = lo[v], hi[v], x[v]
			isInt = w.Vars[v].Integer && l == math.Floor(l) && (math.IsInf(u, 1) || u == math.Floor(u))
		} else {
			r := &w.Rows[v-n]
			l, u, val = r.Lower, r.Upper, act[v-n]
		}
		if l == u {
			continue // fixed: v' = 0
		}
		if v < n && w.Vars[v].Integer && u-l > 1 {
			switch {
			case !gi:
				return 0, false, false // a general integer: left to branching
			case u-l > maxIntRange:
				isInt = false // too wide to round: a continuous term
			case isInt:
				usedGI = true
			}
		}
		// which bound: the nearer one, which the nonbasic value sits on
		atUpper := !math.IsInf(u, 1) && (math.IsInf(l, -1) || u-val < val-l)
		if !atUpper && math.IsInf(l, -1) {
			return 0, false, false // free nonbasic variable
		}
		// x_k + Σ ᾱ v = 0; v = l + v' gives +ᾱ v', v = u − v' gives −ᾱ v'
		aj := a
		if atUpper {
			aj = -a
		}
		var g float64
		if isInt {
			fj := aj - math.Floor(aj)
			if fj <= f0 {
				g = fj / f0
			} else {
				g = (1 - fj) / (1 - f0)
			}
		} else if aj > 0 {
			g = aj / f0
		} else {
			g = -aj / (1 - f0)
		}
		if g == 0 {
			continue
		}
		// g·v' with v' = v − l or u − v, then v = x_v or v = row activity
		sign, bound := 1.0, l
		if atUpper {
			sign, bound = -1, u
		}
		rhs += sign * g * bound
		if v < n {
			add(v, sign*g)
		} else {
			r := &w.Rows[v-n]
			for k, j := range r.Ind {
				add(j, sign*g*r.Val[k])
			}
		}
	}
	return rhs, usedGI, true
}

// gmiName is the name of a GMI cut that rounded a general integer
// (usedGI) or not.
func gmiName(usedGI bool) string {
	if usedGI {
		return "gmigi"
	}
	return "gmi"
}

// gmiFlip turns the finished cut −coef·x ≤ −rhs back into coef·x ≥ rhs,
// and drops it under minEfficacy.
func gmiFlip(row lp.Row, eff float64, ok bool) (lp.Row, float64, bool) {
	if !ok || eff < minEfficacy {
		return lp.Row{}, 0, false
	}
	for k := range row.Val {
		row.Val[k] = -row.Val[k]
	}
	row.Lower, row.Upper = -row.Upper, math.Inf(1)
	return row, eff, true
}
