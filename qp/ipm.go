package qp

import (
	"context"
	"fmt"
	"math"
	"slices"
	"sort"

	"github.com/streamopt/streamopt/fault"
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"
)

// ConvexOptions control SolveConvex. Zero values pick the defaults.
type ConvexOptions struct {
	MaxIter int     // interior-point iterations; default 200
	Tol     float64 // relative residual and gap tolerance; default 1e-9
}

// ErrNotConverged is returned when the interior-point method stops without
// reaching its tolerance.
var ErrNotConverged = fault.New(fault.ErrSolver, "qp: interior-point method did not converge")

// ipmData is the lifted standard form used by SolveConvex:
//
//	minimise ½ Σₖ dₖ tₖ² − cᵀx
//	subject to  G x + s = h,  E x = e,  Vᵀx − t = 0,  x, s ≥ 0,  t free,
//
// where −Q = V·diag(d)·Vᵀ, d > 0, is the eigen-decomposition of the negated
// Hessian restricted to its nonzero part.
type ipmData struct {
	m, nv, nb int       // rows, columns, bounded columns (x and s come first)
	colPtr    []int     // CSC of the constraint matrix A
	rowInd    []int     //
	val       []float64 //
	b         []float64 // right-hand side
	g         []float64 // linear objective (minimisation)
	hd        []float64 // Hessian diagonal (0 on x and s, d on t)
}

func (p *Problem) lift() (*ipmData, error) {
	n, mg, me := len(p.C), len(p.G), len(p.E)
	type factor struct {
		vars []int
		vec  []float64
		d    float64
	}
	var fs []factor
	for bi := range p.Blocks {
		e, err := p.Blocks[bi].eigen()
		if err != nil {
			return nil, fmt.Errorf("qp: Hessian block %d: %v", bi, err)
		}
		for k, lam := range e.Values {
			v := make([]float64, len(p.Blocks[bi].Vars))
			for a := range v {
				v[a] = e.Vectors.At(a, k)
			}
			fs = append(fs, factor{p.Blocks[bi].Vars, v, -lam})
		}
	}
	K := len(fs)
	d := &ipmData{m: mg + me + K, nv: n + mg + K, nb: n + mg}
	cols := make([][]struct {
		r int
		v float64
	}, d.nv)
	add := func(r, c int, v float64) {
		if v != 0 {
			cols[c] = append(cols[c], struct {
				r int
				v float64
			}{r, v})
		}
	}
	for i := range p.G {
		for q, j := range p.G[i].Ind {
			add(i, j, p.G[i].Val[q])
		}
		add(i, n+i, 1)
	}
	for i := range p.E {
		for q, j := range p.E[i].Ind {
			add(mg+i, j, p.E[i].Val[q])
		}
	}
	for k, f := range fs {
		for a, j := range f.vars {
			add(mg+me+k, j, f.vec[a])
		}
		add(mg+me+k, n+mg+k, -1)
	}
	d.colPtr = make([]int, d.nv+1)
	for c := range cols {
		sort.Slice(cols[c], func(a, b int) bool { return cols[c][a].r < cols[c][b].r })
		// merge duplicates (a variable listed twice in a row)
		merged := cols[c][:0]
		for _, e := range cols[c] {
			if l := len(merged); l > 0 && merged[l-1].r == e.r {
				merged[l-1].v += e.v
				continue
			}
			merged = append(merged, e)
		}
		for _, e := range merged {
			d.rowInd = append(d.rowInd, e.r)
			d.val = append(d.val, e.v)
		}
		d.colPtr[c+1] = len(d.rowInd)
	}
	d.b = make([]float64, d.m)
	for i := range p.G {
		d.b[i] = p.G[i].RHS
	}
	for i := range p.E {
		d.b[mg+i] = p.E[i].RHS
	}
	d.g = make([]float64, d.nv)
	p.setLinear(d)
	d.hd = make([]float64, d.nv)
	for k, f := range fs {
		d.hd[n+mg+k] = f.d
	}
	return d, nil
}

// normalSolver factorises M = A·Θ·Aᵀ + δI by block elimination: a set I of
// rows no two of which share a column has a diagonal block M_II; it is
// eliminated first and the Schur complement S = M_RR − M_RI M_II⁻¹ M_IR on the
// remaining rows R is factorised densely (Cholesky). For transportation-like
// constraints (RRS: one assignment row per region, one capacity row and a few
// curvature rows per data centre) I is the set of assignment rows and R is
// small, which makes the cost per iteration O(|I|·deg² + |R|³).
//
// When the rows of M_IR are mostly full (RRS again: every region reaches
// every data centre), the update M_RI M_II⁻¹ M_IR is formed as one dense
// symmetric rank-|I| product WWᵀ, W = M_RI·M_II^(−1/2), by BLAS (Dsyrk)
// instead of |I| sparse outer products: the same arithmetic on contiguous
// memory, and only the upper triangle the Cholesky factorisation reads.
type normalSolver struct {
	d      *ipmData
	inI    []int // position of a row in I, or −1
	inR    []int // position of a row in R, or −1
	rows   []int // R rows in order
	iRows  []int // I rows in order
	nbr    [][]int
	slot   []int // for each nonzero p of A in an R row: slot in nbr of its column's I row, or −1
	colI   []int // for each column: its I row nonzero position p, or −1
	diag   []float64
	nbVal  [][]float64
	schur  []float64
	dense  []float64 // M_RI, then W, q×|I| row-major, when M_IR is dense enough; else nil
	isqrt  []float64 // M_II^(−1/2) with dense
	scrI   []float64 // scratch of length |I| with dense
	q      int
	chol   mat.Cholesky
	delta  float64
	scrR   []float64
	scrAll []float64
}

func newNormalSolver(d *ipmData) *normalSolver {
	m := d.m
	// Row-wise access.
	rowCols := make([][]int, m)
	for c := 0; c < d.nv; c++ {
		for p := d.colPtr[c]; p < d.colPtr[c+1]; p++ {
			rowCols[d.rowInd[p]] = append(rowCols[d.rowInd[p]], c)
		}
	}
	deg := make([]int, m)
	mark := make([]int, m)
	for i := range mark {
		mark[i] = -1
	}
	for r := 0; r < m; r++ {
		for _, c := range rowCols[r] {
			for p := d.colPtr[c]; p < d.colPtr[c+1]; p++ {
				if o := d.rowInd[p]; o != r && mark[o] != r {
					mark[o] = r
					deg[r]++
				}
			}
		}
	}
	order := make([]int, m)
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return deg[order[a]] < deg[order[b]] })
	ns := &normalSolver{d: d, inI: make([]int, m), inR: make([]int, m)}
	blocked := make([]bool, m)
	for i := range ns.inI {
		ns.inI[i], ns.inR[i] = -1, -1
	}
	for _, r := range order {
		if blocked[r] {
			continue
		}
		ns.inI[r] = len(ns.iRows)
		ns.iRows = append(ns.iRows, r)
		for _, c := range rowCols[r] {
			for p := d.colPtr[c]; p < d.colPtr[c+1]; p++ {
				blocked[d.rowInd[p]] = true
			}
		}
	}
	for r := 0; r < m; r++ {
		if ns.inI[r] < 0 {
			ns.inR[r] = len(ns.rows)
			ns.rows = append(ns.rows, r)
		}
	}
	ns.q = len(ns.rows)
	ns.nbr = make([][]int, len(ns.iRows))
	ns.slot = make([]int, len(d.rowInd))
	ns.colI = make([]int, d.nv)
	for p := range ns.slot {
		ns.slot[p] = -1
	}
	for c := 0; c < d.nv; c++ {
		ns.colI[c] = -1
		for p := d.colPtr[c]; p < d.colPtr[c+1]; p++ {
			if ns.inI[d.rowInd[p]] >= 0 {
				ns.colI[c] = p
			}
		}
	}
	for i := range mark {
		mark[i] = -1
	}
	pos := make([]int, ns.q)
	for k, r := range ns.iRows {
		for _, c := range rowCols[r] {
			for p := d.colPtr[c]; p < d.colPtr[c+1]; p++ {
				o := ns.inR[d.rowInd[p]]
				if o < 0 {
					continue
				}
				if mark[o] != k {
					mark[o] = k
					pos[o] = len(ns.nbr[k])
					ns.nbr[k] = append(ns.nbr[k], o)
				}
				ns.slot[p] = pos[o]
			}
		}
	}
	ns.diag = make([]float64, len(ns.iRows))
	ns.schur = make([]float64, ns.q*ns.q)
	fill := 0
	for _, nb := range ns.nbr {
		fill += len(nb)
	}
	if nI := len(ns.iRows); ns.q > 0 && float64(fill) >= denseMinFill*float64(nI*ns.q) && nI*ns.q <= maxDenseW {
		ns.dense = make([]float64, ns.q*nI)
		ns.isqrt = make([]float64, nI)
		ns.scrI = make([]float64, nI)
	} else {
		ns.nbVal = make([][]float64, len(ns.iRows))
		for k := range ns.nbr {
			ns.nbVal[k] = make([]float64, len(ns.nbr[k]))
		}
	}
	ns.scrR = make([]float64, ns.q)
	ns.scrAll = make([]float64, m)
	return ns
}

// factor forms and factorises A·diag(theta)·Aᵀ + δI.
func (ns *normalSolver) factor(theta []float64, delta float64) error {
	d := ns.d
	q := ns.q
	nI := len(ns.iRows)
	for k := range ns.diag {
		ns.diag[k] = delta
	}
	if ns.dense != nil {
		clear(ns.dense)
	} else {
		for k := range ns.nbVal {
			clear(ns.nbVal[k])
		}
	}
	clear(ns.schur)
	for r := 0; r < q; r++ {
		ns.schur[r*q+r] = delta
	}
	for c := 0; c < d.nv; c++ {
		th := theta[c]
		pi := ns.colI[c]
		var ki int
		var ai float64
		if pi >= 0 {
			ki = ns.inI[d.rowInd[pi]]
			ai = d.val[pi]
			ns.diag[ki] += ai * ai * th
		}
		for p := d.colPtr[c]; p < d.colPtr[c+1]; p++ {
			ra := ns.inR[d.rowInd[p]]
			if ra < 0 {
				continue
			}
			va := d.val[p] * th
			if pi >= 0 {
				if ns.dense != nil {
					ns.dense[ra*nI+ki] += ai * va
				} else {
					ns.nbVal[ki][ns.slot[p]] += ai * va
				}
			}
			for p2 := d.colPtr[c]; p2 < d.colPtr[c+1]; p2++ {
				if rb := ns.inR[d.rowInd[p2]]; rb >= 0 {
					ns.schur[ra*q+rb] += va * d.val[p2]
				}
			}
		}
	}
	if ns.dense != nil {
		if err := ns.eliminateDense(); err != nil {
			return err
		}
	} else if err := ns.eliminateSparse(); err != nil {
		return err
	}
	ns.delta = delta
	if q == 0 {
		return nil
	}
	sym := mat.NewSymDense(q, ns.schur)
	if !ns.chol.Factorize(sym) {
		return fmt.Errorf("qp: normal equations: Schur complement not positive definite")
	}
	return nil
}

// The dense elimination is used when the rows of M_IR are on average at
// least denseMinFill full and W has at most maxDenseW entries (8 bytes
// each). A variable so that tests can force either path.
var denseMinFill = 0.25

const maxDenseW = 1 << 25

var errZeroPivot = fmt.Errorf("qp: normal equations: zero pivot")

// eliminateSparse subtracts M_RI M_II⁻¹ M_IR from the Schur complement one
// I row at a time, on the upper triangle.
func (ns *normalSolver) eliminateSparse() error {
	q := ns.q
	for k, nb := range ns.nbr {
		dk := ns.diag[k]
		if !(dk > 0) {
			return errZeroPivot
		}
		w := ns.nbVal[k]
		for a, ra := range nb {
			f := w[a] / dk
			if f == 0 {
				continue
			}
			row := ns.schur[ra*q:]
			for b, rb := range nb {
				if rb >= ra {
					row[rb] -= f * w[b]
				}
			}
		}
	}
	return nil
}

// eliminateDense scales the dense M_RI to W = M_RI·M_II^(−1/2) in place
// and subtracts WWᵀ from the upper triangle of the Schur complement with
// one Dsyrk.
func (ns *normalSolver) eliminateDense() error {
	q, nI := ns.q, len(ns.iRows)
	for k, dk := range ns.diag {
		if !(dk > 0) {
			return errZeroPivot
		}
		ns.isqrt[k] = 1 / math.Sqrt(dk)
	}
	for ra := 0; ra < q; ra++ {
		row := ns.dense[ra*nI : (ra+1)*nI]
		for k, s := range ns.isqrt {
			row[k] *= s
		}
	}
	blas64.Syrk(blas.NoTrans, -1,
		blas64.General{Rows: q, Cols: nI, Stride: nI, Data: ns.dense}, 1,
		blas64.Symmetric{N: q, Stride: q, Uplo: blas.Upper, Data: ns.schur})
	return nil
}

// solve overwrites r (length m) with M⁻¹r.
func (ns *normalSolver) solve(r []float64) {
	if ns.dense != nil {
		ns.solveDense(r)
		return
	}
	q := ns.q
	rR := ns.scrR
	for a, row := range ns.rows {
		rR[a] = r[row]
	}
	for k, row := range ns.iRows {
		f := r[row] / ns.diag[k]
		for a, ra := range ns.nbr[k] {
			rR[ra] -= ns.nbVal[k][a] * f
		}
	}
	if q > 0 {
		v := mat.NewVecDense(q, rR)
		_ = ns.chol.SolveVecTo(v, v)
	}
	for a, row := range ns.rows {
		r[row] = rR[a]
	}
	for k, row := range ns.iRows {
		s := r[row]
		for a, ra := range ns.nbr[k] {
			s -= ns.nbVal[k][a] * rR[ra]
		}
		r[row] = s / ns.diag[k]
	}
}

// solveDense is solve with W = M_RI·M_II^(−1/2) dense: with u = M_II^(−1/2)r_I,
// r_R ← S⁻¹(r_R − W u) and r_I ← M_II^(−1/2)(u − Wᵀr_R).
func (ns *normalSolver) solveDense(r []float64) {
	q, nI := ns.q, len(ns.iRows)
	rR, u := ns.scrR, ns.scrI
	for a, row := range ns.rows {
		rR[a] = r[row]
	}
	for k, row := range ns.iRows {
		u[k] = r[row] * ns.isqrt[k]
	}
	w := blas64.General{Rows: q, Cols: nI, Stride: nI, Data: ns.dense}
	vR := blas64.Vector{N: q, Inc: 1, Data: rR}
	vI := blas64.Vector{N: nI, Inc: 1, Data: u}
	blas64.Gemv(blas.NoTrans, -1, w, vI, 1, vR)
	if q > 0 {
		v := mat.NewVecDense(q, rR)
		_ = ns.chol.SolveVecTo(v, v)
	}
	blas64.Gemv(blas.Trans, -1, w, vR, 1, vI)
	for a, row := range ns.rows {
		r[row] = rR[a]
	}
	for k, row := range ns.iRows {
		r[row] = u[k] * ns.isqrt[k]
	}
}

// SolveConvex solves a concave maximisation (Q negative semidefinite) with
// a primal-dual interior-point method (Mehrotra predictor–corrector) on the
// lifted form described in the package documentation. It refuses a
// non-concave Q with a *NotConcaveError.
func (p *Problem) SolveConvex(ctx context.Context, opt ConvexOptions) (*Solution, error) {
	if err := p.RequireConcave(); err != nil {
		return nil, err
	}
	d, err := p.lift()
	if err != nil {
		return nil, err
	}
	return p.interiorPoint(ctx, opt, d, nil)
}

// warmStart carries an iterate from one interior-point solve to the next
// on the same lifted form with a changed linear term: the first, cold solve
// saves its first iterate whose average complementarity is below
// warmFrac times its initial one, and later solves start there.
type warmStart struct {
	v, z, y []float64 // the saved iterate; nil until the cold solve saves it
	mu0     float64   // average complementarity at the cold start
	// relinearize, when set, is called with x at every iteration before
	// the residuals and may change the linear term d.g.
	relinearize func(x []float64, mu float64)
}

// ready reports whether ws holds an iterate to start from.
func (ws *warmStart) ready() bool { return ws != nil && ws.v != nil }

// warmFrac is measured (SolveLocal on the RRS instance of rrsscale at 50×500):
// 1e-2 takes 17 iterations per step where a cold start takes 30; 1e-3
// takes 27, 1e-4 over 60 (too close to the old optimum), 1e-1 22.
const warmFrac = 1e-2

// setLinear makes d's linear term p.C's again after p.C changed (the rest
// of the lifted form depends only on Q and the constraints).
func (p *Problem) setLinear(d *ipmData) {
	for j, c := range p.C {
		d.g[j] = -c
	}
}

// interiorPoint runs the interior-point method on d, the lifted form of p
// (p.lift, with p's current linear term), which it does not modify.
func (p *Problem) interiorPoint(ctx context.Context, opt ConvexOptions, d *ipmData, ws *warmStart) (*Solution, error) {
	if opt.MaxIter <= 0 {
		opt.MaxIter = 200
	}
	if opt.Tol <= 0 {
		opt.Tol = 1e-9
	}
	ns := newNormalSolver(d)
	m, nv, nb := d.m, d.nv, d.nb
	v := make([]float64, nv)
	z := make([]float64, nv)
	y := make([]float64, m)
	gScale, bScale := 1.0, 1.0
	for _, g := range d.g {
		gScale = math.Max(gScale, math.Abs(g))
	}
	for _, b := range d.b {
		bScale = math.Max(bScale, math.Abs(b))
	}
	for j := 0; j < nb; j++ {
		v[j] = 1
		z[j] = 1
	}
	mulA := func(x []float64, out []float64) {
		clear(out)
		for c := 0; c < nv; c++ {
			if xc := x[c]; xc != 0 {
				for q := d.colPtr[c]; q < d.colPtr[c+1]; q++ {
					out[d.rowInd[q]] += d.val[q] * xc
				}
			}
		}
	}
	mulAT := func(yv []float64, out []float64) {
		for c := 0; c < nv; c++ {
			s := 0.0
			for q := d.colPtr[c]; q < d.colPtr[c+1]; q++ {
				s += d.val[q] * yv[d.rowInd[q]]
			}
			out[c] = s
		}
	}
	// Start t at Vᵀx so that the curvature rows hold.
	av := make([]float64, m)
	mulA(v, av)
	for c := nb; c < nv; c++ {
		v[c] = av[d.rowInd[d.colPtr[c]]] // row of t_k is its only nonzero, coefficient −1, and Vᵀx there
	}
	warm := ws.ready()
	if warm {
		copy(v, ws.v)
		copy(z, ws.z)
		copy(y, ws.y)
	}
	rp := make([]float64, m)
	rd := make([]float64, nv)
	aty := make([]float64, nv)
	theta := make([]float64, nv)
	qv := make([]float64, nv)
	rhs := make([]float64, m)
	dv := make([]float64, nv)
	dz := make([]float64, nv)
	dy := make([]float64, m)
	dvA := make([]float64, nv)
	dzA := make([]float64, nv)
	rc := make([]float64, nv)
	tmp := make([]float64, m)
	const primalReg, dualReg = 1e-10, 1e-10
	iter := 0
	direction := func() {
		for c := 0; c < nv; c++ {
			qv[c] = -rd[c]
			if c < nb {
				qv[c] += rc[c] / v[c]
			}
			qv[c] *= theta[c]
		}
		mulA(qv, tmp)
		for i := range rhs {
			rhs[i] = rp[i] - tmp[i]
		}
		ns.solve(rhs)
		copy(dy, rhs)
		mulAT(dy, dv)
		for c := 0; c < nv; c++ {
			dv[c] = theta[c]*dv[c] + qv[c]
			if c < nb {
				dz[c] = (rc[c] - z[c]*dv[c]) / v[c]
			} else {
				dz[c] = 0
			}
		}
	}
	stepLen := func() (float64, float64) {
		ap, ad := 1.0, 1.0
		for c := 0; c < nb; c++ {
			if dv[c] < 0 {
				ap = math.Min(ap, -v[c]/dv[c])
			}
			if dz[c] < 0 {
				ad = math.Min(ad, -z[c]/dz[c])
			}
		}
		return ap, ad
	}
	var converged bool
	lastMu := math.Inf(1)
	for iter = 0; iter < opt.MaxIter; iter++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		mulA(v, av)
		pinf := 0.0
		for i := range rp {
			rp[i] = d.b[i] - av[i]
			pinf = math.Max(pinf, math.Abs(rp[i]))
		}
		if ws != nil && ws.relinearize != nil {
			ws.relinearize(v[:len(p.C)], lastMu)
		}
		mulAT(y, aty)
		dinf := 0.0
		for c := 0; c < nv; c++ {
			rd[c] = d.g[c] + d.hd[c]*v[c] - aty[c] - z[c]
			dinf = math.Max(dinf, math.Abs(rd[c]))
		}
		mu := 0.0
		for c := 0; c < nb; c++ {
			mu += v[c] * z[c]
		}
		mu /= float64(max(nb, 1))
		lastMu = mu
		if ws != nil && !warm {
			if iter == 0 {
				ws.mu0 = mu
			}
			if ws.v == nil && mu <= warmFrac*ws.mu0 {
				ws.v, ws.z, ws.y = slices.Clone(v), slices.Clone(z), slices.Clone(y)
			}
		}
		if pinf <= opt.Tol*bScale && dinf <= opt.Tol*gScale && mu <= opt.Tol*gScale*0.01 {
			converged = true
			break
		}
		for c := 0; c < nv; c++ {
			if c < nb {
				theta[c] = 1 / (d.hd[c] + z[c]/v[c] + primalReg)
			} else {
				theta[c] = 1 / (d.hd[c] + primalReg)
			}
		}
		// Retry with stronger regularisation when the Schur complement is
		// numerically singular (degenerate or rank-deficient rows).
		var ferr error
		for reg := dualReg * bScale; reg < 1e-2*bScale; reg *= 100 {
			if ferr = ns.factor(theta, reg); ferr == nil {
				break
			}
		}
		if ferr != nil {
			return nil, ferr
		}
		// Predictor.
		for c := 0; c < nb; c++ {
			rc[c] = -v[c] * z[c]
		}
		direction()
		ap, ad := stepLen()
		a := math.Min(ap, ad)
		muAff := 0.0
		for c := 0; c < nb; c++ {
			muAff += (v[c] + a*dv[c]) * (z[c] + a*dz[c])
		}
		muAff /= float64(max(nb, 1))
		sigma := math.Pow(muAff/mu, 3)
		copy(dvA, dv)
		copy(dzA, dz)
		// Corrector.
		for c := 0; c < nb; c++ {
			rc[c] = sigma*mu - v[c]*z[c] - dvA[c]*dzA[c]
		}
		direction()
		ap, ad = stepLen()
		a = math.Min(1, 0.995*math.Min(ap, ad))
		for c := 0; c < nv; c++ {
			v[c] += a * dv[c]
			z[c] += a * dz[c]
		}
		for i := range y {
			y[i] += a * dy[i]
		}
	}
	if !converged {
		return nil, fmt.Errorf("%w after %d iterations", ErrNotConverged, iter)
	}
	n, mg, me := len(p.C), len(p.G), len(p.E)
	s := &Solution{Method: "qp", Iterations: iter,
		X: make([]float64, n), Mu: make([]float64, mg), Gamma: make([]float64, me), Eta: make([]float64, n)}
	for j := 0; j < n; j++ {
		s.X[j] = math.Max(v[j], 0)
		s.Eta[j] = z[j]
	}
	for i := 0; i < mg; i++ {
		s.Mu[i] = math.Max(-y[i], 0)
	}
	for i := 0; i < me; i++ {
		s.Gamma[i] = -y[mg+i]
	}
	s.Stats.Convex = &ConvexStats{Rows: m, Columns: nv, SchurSize: ns.q}
	if err := p.finish(s); err != nil {
		return s, err
	}
	return s, nil
}
