package qp

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/streamopt/streamopt/fault"
)

// WolfeOptions control SolveWolfe.
type WolfeOptions struct {
	MaxPivots int // 0 means 50·(rows + columns)
}

// ErrWolfeStalled is returned when no column may enter under the
// restricted-entry rule while an artificial variable is still positive.
var ErrWolfeStalled = fault.New(fault.ErrSolver, "qp: Wolfe's method stalled: no admissible entering column")

// maxTableau bounds the entries of Wolfe's dense tableau (8 bytes each).
const maxTableau = 5e7

// wolfeTol is the pivot and reduced-cost tolerance of the tableau simplex.
const wolfeTol = 1e-9

// tableau is a dense simplex tableau  B⁻¹[A | b]  for  min wᵀv, A v = b, v ≥ 0.
type tableau struct {
	m, n  int
	a     []float64 // m × (n+1), last column is the right-hand side
	basis []int     // basic column of each row
	where []int     // row of each basic column, −1 if nonbasic
	cost  []float64 // phase objective
}

func (t *tableau) at(i, j int) float64 { return t.a[i*(t.n+1)+j] }

func (t *tableau) pivot(r, c int) {
	w := t.n + 1
	row := t.a[r*w : (r+1)*w]
	piv := row[c]
	for j := range row {
		row[j] /= piv
	}
	for i := 0; i < t.m; i++ {
		if i == r {
			continue
		}
		f := t.a[i*w+c]
		if f == 0 {
			continue
		}
		ri := t.a[i*w : (i+1)*w]
		for j := range ri {
			ri[j] -= f * row[j]
		}
		ri[c] = 0
	}
	t.where[t.basis[r]] = -1
	t.basis[r] = c
	t.where[c] = r
}

// reducedCost returns w_c − w_Bᵀ B⁻¹A_c.
// ratioTest picks the row that leaves when column enter enters: the
// smallest ratio rhs/a over rows with a > 0, and ratio 0 for a pinned basic
// column (one that must stay at zero) with any nonzero entry; ties go to the
// lower basic column index (Bland), which prevents cycling. It returns
// leave = -1 when no row limits the step.
func (t *tableau) ratioTest(enter int, pinned func(c int) bool) (leave int, ratio float64) {
	leave, ratio = -1, math.Inf(1)
	for i := 0; i < t.m; i++ {
		v := t.at(i, enter)
		var r float64
		switch {
		case pinned(t.basis[i]) && math.Abs(v) > wolfeTol:
			r = 0
		case v > wolfeTol:
			r = math.Max(t.at(i, t.n), 0) / v
		default:
			continue
		}
		if r < ratio-1e-12 || (r <= ratio+1e-12 && leave >= 0 && t.basis[i] < t.basis[leave]) {
			leave, ratio = i, r
		}
	}
	return leave, ratio
}

func (t *tableau) reducedCost(c int) float64 {
	d := t.cost[c]
	for i := 0; i < t.m; i++ {
		if v := t.at(i, c); v != 0 {
			d -= t.cost[t.basis[i]] * v
		}
	}
	return d
}

// run performs restricted-entry simplex pivots minimising t.cost until no
// admissible column improves it. admissible reports whether column c may
// enter while its complement comp[c] is nonbasic; a column whose complement
// is basic at zero may enter too, by a degenerate pivot that makes the
// complement leave (the point does not move, the basis stays
// complementary). pinned reports whether a basic column must stay at zero
// (an artificial variable after its phase), so any nonzero entry in its row
// blocks the step.
func (t *tableau) run(ctx context.Context, admissible func(c int) bool, comp []int, pinned func(c int) bool, maxPivots int, pivots *int) error {
	rhs := t.n
	degenerate := 0
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		if *pivots >= maxPivots {
			return fmt.Errorf("qp: Wolfe's method: pivot limit %d reached", maxPivots)
		}
		enter, forced, best := -1, -1, -wolfeTol
		bland := degenerate > 50
		for c := 0; c < t.n; c++ {
			if t.where[c] >= 0 || !admissible(c) {
				continue
			}
			row := -1
			if k := comp[c]; k >= 0 && t.where[k] >= 0 {
				row = t.where[k]
				if t.at(row, rhs) > wolfeTol || math.Abs(t.at(row, c)) <= wolfeTol {
					continue
				}
			}
			if d := t.reducedCost(c); d < best {
				enter, forced, best = c, row, d
				if bland {
					break
				}
			}
		}
		if enter < 0 {
			return nil
		}
		if forced >= 0 {
			t.pivot(forced, enter)
			*pivots++
			degenerate++
			continue
		}
		leave, ratio := t.ratioTest(enter, pinned)
		if leave < 0 {
			return errUnboundedRay
		}
		if ratio <= 1e-12 {
			degenerate++
		} else {
			degenerate = 0
		}
		t.pivot(leave, enter)
		*pivots++
	}
}

var errUnboundedRay = errors.New("unbounded ray")

// value returns the value of column c in the current basic solution.
func (t *tableau) value(c int) float64 {
	if r := t.where[c]; r >= 0 {
		return t.at(r, t.n)
	}
	return 0
}

// SolveWolfe solves a concave p by Wolfe's method in its long form (spec
// A.7; P. Wolfe, Econometrica 27, 1959), which is needed because −Q is only
// semidefinite here. On the system
//
//	−Qx + Gᵀμ + Eᵀ(γ⁺ − γ⁻) − η − λc + z⁺ − z⁻ = 0
//	 G x + s = h,   E x + a = e,   λ + λ̄ = 1,   all variables ≥ 0,
//
// it runs three simplex phases on one dense tableau:
//
//  1. min Σa over x and s: a vertex of the feasible set;
//  2. min Σ(z⁺ + z⁻) with λ = 0 and restricted entry: a KKT point of the
//     problem with linear term 0;
//  3. min −λ with restricted entry and z pinned at zero: the KKT points
//     follow the linear term λc until λ = 1, the KKT point of p.
//
// Restricted entry keeps x_j and η_j, and s_i and μ_i, from being basic
// together, so every basis visited is complementary. Wolfe's method refuses
// a non-concave Q.
func (p *Problem) SolveWolfe(ctx context.Context, opt WolfeOptions) (*Solution, error) {
	if err := p.RequireConcave(); err != nil {
		return nil, fmt.Errorf("wolfe: %w", err)
	}
	n, mg, me := len(p.C), len(p.G), len(p.E)
	// Column layout.
	cx := 0
	cmu := cx + n
	cgp := cmu + mg
	cgm := cgp + me
	ceta := cgm + me
	cs := ceta + n
	clam := cs + mg
	cbar := clam + 1
	czp := cbar + 1
	czm := czp + n
	ca := czm + n // one per G and E row
	ncol := ca + mg + me
	nrow := n + mg + me + 1
	if float64(nrow)*float64(ncol+1) > maxTableau {
		return nil, fmt.Errorf("%w: Wolfe's dense tableau would have %d×%d entries, limit %g", ErrTooLarge, nrow, ncol+1, maxTableau)
	}
	t := &tableau{m: nrow, n: ncol, a: make([]float64, nrow*(ncol+1)), basis: make([]int, nrow),
		where: make([]int, ncol), cost: make([]float64, ncol)}
	w := ncol + 1
	set := func(i, j int, v float64) { t.a[i*w+j] += v }
	for bi := range p.Blocks {
		b := &p.Blocks[bi]
		for a, ja := range b.Vars {
			for c, jc := range b.Vars {
				if v := b.At(a, c); v != 0 {
					set(ja, cx+jc, -v)
				}
			}
		}
	}
	for j := 0; j < n; j++ {
		set(j, ceta+j, -1)
		set(j, clam, -p.C[j])
		set(j, czp+j, 1)
		set(j, czm+j, -1)
	}
	addRow := func(row int, r *Row, multCols ...int) {
		sign := 1.0
		if r.RHS < 0 {
			sign = -1
		}
		for q, j := range r.Ind {
			set(row, cx+j, sign*r.Val[q])
			for k, mc := range multCols {
				set(j, mc, r.Val[q]*float64(1-2*k))
			}
		}
		set(row, ncol, sign*r.RHS)
		set(row, ca+row-n, 1)
	}
	for i := range p.G {
		addRow(n+i, &p.G[i], cmu+i)
		sign := 1.0
		if p.G[i].RHS < 0 {
			sign = -1
		}
		set(n+i, cs+i, sign)
	}
	for i := range p.E {
		addRow(n+mg+i, &p.E[i], cgp+i, cgm+i)
	}
	lrow := n + mg + me
	set(lrow, clam, 1)
	set(lrow, cbar, 1)
	set(lrow, ncol, 1)
	for k := range t.where {
		t.where[k] = -1
	}
	// Starting basis: z⁺ (all stationarity right-hand sides are 0), the
	// row artificials, and λ̄.
	for j := 0; j < n; j++ {
		t.basis[j], t.where[czp+j] = czp+j, j
	}
	for i := 0; i < mg+me; i++ {
		t.basis[n+i], t.where[ca+i] = ca+i, n+i
	}
	t.basis[lrow], t.where[cbar] = cbar, lrow
	comp := make([]int, ncol)
	for k := range comp {
		comp[k] = -1
	}
	for j := 0; j < n; j++ {
		comp[cx+j], comp[ceta+j] = ceta+j, cx+j
	}
	for i := 0; i < mg; i++ {
		comp[cs+i], comp[cmu+i] = cmu+i, cs+i
	}
	restricted := func(c int) bool { k := comp[c]; return k < 0 || t.where[k] < 0 }
	isZ := func(c int) bool { return c >= czp && c < ca }
	isA := func(c int) bool { return c >= ca }
	maxPivots := opt.MaxPivots
	if maxPivots <= 0 {
		maxPivots = 50 * (nrow + ncol)
	}
	pivots := 0
	// Phase 1: feasibility over x and s.
	for c := ca; c < ncol; c++ {
		t.cost[c] = 1
	}
	phase1 := func(c int) bool { return (c >= cx && c < cx+n) || (c >= cs && c < cs+mg) }
	// The stationarity rows do not restrict x in phase 1: they are left out
	// of the ratio test and re-based afterwards (their z may change sign).
	if err := t.runRows(ctx, phase1, n, nrow, maxPivots, &pivots); err != nil {
		return nil, fmt.Errorf("qp: Wolfe's method, phase 1: %v", err)
	}
	infeas := 0.0
	for c := ca; c < ncol; c++ {
		infeas += t.value(c)
	}
	if infeas > 1e-7*float64(mg+me+1) {
		return nil, fmt.Errorf("qp: Wolfe's method: the constraints are infeasible (phase-1 sum %.3g)", infeas)
	}
	// Drive artificials at zero out of the basis where a row allows it.
	for i := n; i < n+mg+me; i++ {
		if !isA(t.basis[i]) {
			continue
		}
		for c := 0; c < ca; c++ {
			if phase1(c) && t.where[c] < 0 && math.Abs(t.at(i, c)) > 1e-9 {
				t.pivot(i, c)
				pivots++
				break
			}
		}
	}
	// Re-base the stationarity rows: a negative right-hand side swaps z⁺ for z⁻.
	for j := 0; j < n; j++ {
		if t.at(j, ncol) < 0 {
			t.pivot(j, czm+j)
			pivots++
		}
	}
	// Phase 2: λ = 0, minimise Σz with restricted entry.
	clear(t.cost)
	for c := czp; c < ca; c++ {
		t.cost[c] = 1
	}
	phase2 := func(c int) bool { return c < clam }
	if err := t.run(ctx, phase2, comp, isA, maxPivots, &pivots); err != nil {
		return nil, fmt.Errorf("qp: Wolfe's method, phase 2: %v", err)
	}
	zsum := 0.0
	for c := czp; c < ca; c++ {
		zsum += t.value(c)
	}
	if zsum > 1e-7*float64(n+1) {
		return nil, fmt.Errorf("%w in phase 2 (artificial sum %.3g)", ErrWolfeStalled, zsum)
	}
	// Pivot z variables basic at zero out of the basis where an admissible
	// column allows it (degenerate pivots, the point does not move).
	for i := 0; i < n; i++ {
		if !isZ(t.basis[i]) {
			continue
		}
		for c := 0; c < czp; c++ {
			if c != clam && t.where[c] < 0 && restricted(c) && math.Abs(t.at(i, c)) > 1e-9 {
				t.pivot(i, c)
				pivots++
				break
			}
		}
	}
	// Phase 3: raise λ to 1 by complementary pivoting. λ enters first;
	// after each pivot the complement of the leaving variable enters (the
	// other half of γ when half of γ leaves), until λ̄ leaves (λ = 1).
	clear(t.cost)
	t.cost[clam] = -1
	pinned := func(c int) bool { return isZ(c) || isA(c) }
	partner := func(c int) int {
		switch {
		case comp[c] >= 0:
			return comp[c]
		case c >= cgp && c < cgm:
			return c + me
		case c >= cgm && c < ceta:
			return c - me
		}
		return -1
	}
	enter := clam
	for t.where[cbar] >= 0 {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if pivots >= maxPivots {
			return nil, fmt.Errorf("qp: Wolfe's method: pivot limit %d reached", maxPivots)
		}
		leave, _ := t.ratioTest(enter, pinned)
		if leave < 0 {
			return nil, fmt.Errorf("qp: Wolfe's method, phase 3: the objective is unbounded")
		}
		out := t.basis[leave]
		t.pivot(leave, enter)
		pivots++
		if out == cbar {
			break
		}
		if out == clam {
			return nil, fmt.Errorf("%w in phase 3: λ returned to 0", ErrWolfeStalled)
		}
		if next := partner(out); next >= 0 {
			enter = next
			continue
		}
		// An artificial left at zero: continue with the best admissible column.
		enter = -1
		best := -wolfeTol
		for c := 0; c < czp; c++ {
			if t.where[c] >= 0 || !restricted(c) {
				continue
			}
			if d := t.reducedCost(c); d < best {
				enter, best = c, d
			}
		}
		if enter < 0 {
			break
		}
	}
	if lam := t.value(clam); lam < 1-1e-9 {
		return nil, fmt.Errorf("%w in phase 3 at λ = %.6g", ErrWolfeStalled, lam)
	}
	s := &Solution{Method: "wolfe", Iterations: pivots,
		X: make([]float64, n), Mu: make([]float64, mg), Gamma: make([]float64, me), Eta: make([]float64, n)}
	for j := 0; j < n; j++ {
		s.X[j] = math.Max(t.value(cx+j), 0)
		s.Eta[j] = math.Max(t.value(ceta+j), 0)
	}
	for i := 0; i < mg; i++ {
		s.Mu[i] = math.Max(t.value(cmu+i), 0)
	}
	for i := 0; i < me; i++ {
		s.Gamma[i] = t.value(cgp+i) - t.value(cgm+i)
	}
	s.Stats = map[string]float64{"pivots": float64(pivots), "tableau_rows": float64(nrow), "tableau_columns": float64(ncol)}
	return s, p.finish(s)
}

// runRows is run restricted to the rows [lo, hi) in the ratio test: the
// other rows' basic variables may take any sign (they are re-based later).
func (t *tableau) runRows(ctx context.Context, admissible func(c int) bool, lo, hi, maxPivots int, pivots *int) error {
	rhs := t.n
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		if *pivots >= maxPivots {
			return fmt.Errorf("pivot limit %d reached", maxPivots)
		}
		enter, best := -1, -wolfeTol
		for c := 0; c < t.n; c++ {
			if t.where[c] >= 0 || !admissible(c) {
				continue
			}
			// reduced cost over the rows [lo, hi) only (cost is zero elsewhere)
			d := t.cost[c]
			for i := lo; i < hi; i++ {
				d -= t.cost[t.basis[i]] * t.at(i, c)
			}
			if d < best {
				enter, best = c, d
			}
		}
		if enter < 0 {
			return nil
		}
		leave, ratio := -1, math.Inf(1)
		for i := lo; i < hi; i++ {
			v := t.at(i, enter)
			if v <= wolfeTol {
				continue
			}
			r := math.Max(t.at(i, rhs), 0) / v
			if r < ratio-1e-12 || (r <= ratio+1e-12 && leave >= 0 && t.basis[i] < t.basis[leave]) {
				leave, ratio = i, r
			}
		}
		if leave < 0 {
			return errUnboundedRay
		}
		t.pivot(leave, enter)
		*pivots++
	}
}
