package mip

import (
	"math"
	"math/rand/v2"
	"slices"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/simplex"
)

// DefaultFeasPump is whether the feasibility pump runs when
// Options.FeasPump is Auto (doc.go, "Measured effect of the feasibility
// pump").
const DefaultFeasPump = true

// Parameters of the objective feasibility pump (Achterberg & Berthold 2007
// use the same decay, cycle tolerance and flip count).
const (
	// fpRounds bounds the rounds (pump LPs); fpStall stops the pump after
	// that many rounds without a new least distance.
	fpRounds = 100
	fpStall  = 30
	// fpDecay is the factor of the objective's weight α per round.
	fpDecay = 0.9
	// fpAlphaTol: two roundings equal with weights closer than this are a cycle.
	fpAlphaTol = 0.005
	// fpFlips is T: a short cycle flips a random number in [T/2, 3T/2) of
	// the integer columns farthest from their rounding.
	fpFlips = 20
	// fpHistory is how many past roundings a long cycle is looked for in.
	fpHistory = 3
	// The pump's simplex iterations are at most fpMinIters plus
	// fpIterFactor times those of the root LP and its cut rounds, but
	// that budget does not stop a stage before fpMinRounds rounds: a
	// root that takes fewer iterations (a better warm start, stronger
	// presolve) must not leave the pump too few rounds to converge.
	fpMinIters   = 1000
	fpIterFactor = 4
	fpMinRounds  = 40
	// fpZeroShare: when the objective pump ends without a feasible point,
	// the pump without the objective (α = 0) runs from the root LP point
	// with 1/fpZeroShare of those rounds and iterations.
	fpZeroShare = 2
)

// objectiveSetter is a relaxation whose objective can be changed in place
// (the project's simplex: the next solve is warm, by the primal simplex).
type objectiveSetter interface {
	SetObjective(sense lp.Sense, obj []float64)
}

// pump is the state of one feasibility pump run.
type pump struct {
	s   *search
	rel relaxation
	set objectiveSetter // rel
	// ints are the integer columns free at the root bounds; aux[k] is the
	// first of the two auxiliary columns (t, d) of ints[k] if its range is
	// wider than one, else −1
	ints []int
	aux  []int
	cols int       // columns of the pump LP
	c    []float64 // the scaled original objective (minimisation form)
	obj  []float64 // scratch: the pump LP's objective
	r    []float64 // the current rounding, per ints
	rng  *rand.Rand
	hist [][]float64 // past roundings, the latest last
	hA   []float64   // their weights α
	// root is the root LP's basis, extended to the pump LP (nil if none)
	root *simplex.Basis
	// bestX is the pump LP point closest to its rounding bestR, over both
	// stages, at the L1 distance best
	bestX, bestR []float64
	best         float64
}

// feasPumpRoot runs the objective feasibility pump (fpump.go) from the root
// LP point x when the search has no incumbent yet and Options.FeasPump
// resolves to on; if it ends without a feasible point, the pump without
// the objective (α = 0) from x, then the sub-MIP stage. It runs once per
// search: the root's restart decision calls it first (restart.go), and the
// root node's call is then a no-op.
func (s *search) feasPumpRoot(x []float64) {
	if s.incX != nil || s.primal.sub || s.primal.pumped || s.halted() || !s.opts.FeasPump.enabled(DefaultFeasPump) {
		return
	}
	s.primal.pumped = true
	p := s.newPump()
	if p == nil {
		return
	}
	budget := fpMinIters + fpIterFactor*s.iters
	rounds, found := p.run(x, 1, fpRounds, budget)
	if s.opts.Log != nil {
		s.logf("feaspump: %d rounds with the objective: %s", rounds, pumpResult(found))
	}
	if !found && !s.halted() {
		// the objective can lead the pump away from feasibility
		// (doc.go): the plain pump from the same start
		p.restart()
		rounds, found = p.run(x, 0, fpRounds/fpZeroShare, budget/fpZeroShare)
		if s.opts.Log != nil {
			s.logf("feaspump: %d rounds without the objective: %s", rounds, pumpResult(found))
		}
	}
	if !found && p.bestX != nil && s.runSubMIPs() && !s.halted() {
		p.subMIP()
	}
}

func pumpResult(found bool) string {
	if found {
		return "new incumbent"
	}
	return "no feasible point"
}

// restart prepares a second pump run from the root LP point: the cycle
// history is dropped and the pump LP starts again from the root's basis.
func (p *pump) restart() {
	p.hist, p.hA = nil, nil
	if p.root != nil {
		// a basis the solver refuses leaves the last one
		_ = p.rel.Restore(*p.root)
	}
}

// subMIP is the pump's third stage (Achterberg & Berthold 2007, §3): the
// integer columns where the LP point closest to its rounding agrees with
// it are fixed, and the rest is solved as a sub-MIP with RENS's node
// limit, when at least subMinFixRate of the columns are fixed.
func (p *pump) subMIP() {
	s := p.s
	lo, hi := slices.Clone(s.rootLo), slices.Clone(s.rootHi)
	fixed := 0
	for k, j := range p.ints {
		if math.Abs(p.bestX[j]-p.bestR[k]) <= s.opts.IntTol {
			lo[j], hi[j] = p.bestR[k], p.bestR[k]
			fixed++
		}
	}
	if float64(fixed) < subMinFixRate*float64(len(p.ints)) {
		return
	}
	s.subMIP(lo, hi, rensNodes, "feaspump", fixed, len(p.ints))
}

// newPump builds the pump LP: the working model (with its cuts) at the
// root bounds, plus for every general integer column j (range wider than
// one) a column tⱼ, fixed to the rounding, and a column dⱼ ≥ 0 with the
// rows dⱼ − xⱼ + tⱼ ≥ 0 and dⱼ + xⱼ − tⱼ ≥ 0, so that dⱼ ≥ |xⱼ − x̃ⱼ| and a
// new rounding is a change of tⱼ's bounds. It returns nil if there is
// nothing to pump or the LP cannot be built.
func (s *search) newPump() *pump {
	p := &pump{s: s, cols: s.n, best: inf, rng: rand.New(rand.NewPCG(uint64(s.n), 0x9e3779b9))}
	m := s.w.Clone()
	m.Sense = lp.Minimize
	for j := range m.Vars {
		m.Vars[j].Lower, m.Vars[j].Upper = s.rootLo[j], s.rootHi[j]
		m.Vars[j].Integer = false
	}
	for j := range s.n {
		if !s.isInt[j] || s.rootLo[j] == s.rootHi[j] {
			continue
		}
		p.ints = append(p.ints, j)
		if s.rootHi[j]-s.rootLo[j] <= 1 {
			p.aux = append(p.aux, -1)
			continue
		}
		t := m.AddVar("", s.rootLo[j], s.rootHi[j], 0)
		d := m.AddVar("", 0, lp.Inf, 0)
		m.AddGE("", 0, lp.Term{Var: d, Coef: 1}, lp.Term{Var: j, Coef: -1}, lp.Term{Var: t, Coef: 1})
		m.AddGE("", 0, lp.Term{Var: d, Coef: 1}, lp.Term{Var: j, Coef: 1}, lp.Term{Var: t, Coef: -1})
		p.aux = append(p.aux, t)
	}
	if len(p.ints) == 0 {
		return nil
	}
	p.cols = len(m.Vars)
	for j := range m.Obj {
		m.Obj[j] = 0
	}
	m.ObjOffset = 0
	rel, err := s.mk(m)
	if err != nil {
		return nil
	}
	set, ok := rel.(objectiveSetter)
	if !ok {
		return nil // a relaxation rebuilt every round would be solved cold
	}
	p.rel, p.set = rel, set
	// the original objective, scaled to the distance: ‖c‖ = √|I| (Achterberg & Berthold)
	p.c = make([]float64, s.n)
	norm := 0.0
	for j, cj := range s.w.Obj {
		p.c[j] = s.sign * cj
		norm += cj * cj
	}
	if norm > 0 {
		f := math.Sqrt(float64(len(p.ints))) / math.Sqrt(norm)
		for j := range p.c {
			p.c[j] *= f
		}
	}
	p.obj = make([]float64, p.cols)
	p.r = make([]float64, len(p.ints))
	if b, ok := s.rel.Snapshot().(simplex.Basis); ok && len(b.Cols) == s.n && len(b.Rows) == len(s.w.Rows) {
		p.warm(b)
	}
	return p
}

// warm starts the pump LP from the root LP's basis b, and keeps that
// start in p.root: each pair of auxiliary rows gets dⱼ and the second
// row's logical as its basics.
func (p *pump) warm(b simplex.Basis) {
	cols, rows := slices.Clone(b.Cols), slices.Clone(b.Rows)
	for _, t := range p.aux {
		if t >= 0 {
			cols = append(cols, simplex.Fixed, simplex.Basic)
			rows = append(rows, simplex.AtLower, simplex.Basic)
		}
	}
	p.root = &simplex.Basis{Cols: cols, Rows: rows}
	// a basis the solver refuses leaves a cold first solve
	_ = p.rel.Restore(*p.root)
}

// run pumps from the LP point x, the optimum of the pump LP with the
// objective's weight alpha: round, solve the LP closest to the rounding
// (with α falling by fpDecay per round), until a rounding or an LP point
// is feasible, or a limit (rounds, simplex iterations budget, fpStall
// rounds without a new least distance). It returns the rounds done and
// whether a new incumbent was found.
func (p *pump) run(x []float64, alpha float64, rounds, budget int) (int, bool) {
	s := p.s
	used, best, bestRound := 0, inf, 0
	round := 0
	for ; round < rounds && !s.halted(); round++ {
		p.roundPoint(x, alpha)
		if p.tryRounding(x) {
			return round, true
		}
		alpha *= fpDecay
		if alpha < 1e-6 {
			alpha = 0
		}
		p.objective(alpha)
		p.set.SetObjective(lp.Minimize, p.obj)
		for k, t := range p.aux {
			if t >= 0 {
				p.rel.SetColBounds(t, p.r[k], p.r[k])
			}
		}
		sol, err := p.rel.Solve(s.ctx)
		if sol != nil {
			s.iters += sol.Iterations
			used += sol.Iterations
		}
		if err != nil || sol.Status != lp.Optimal {
			return round + 1, false
		}
		x = sol.X[:s.n]
		if len(s.fractional(x)) == 0 {
			if s.offerSubPoint(slices.Clone(x), "feaspump") && s.incX != nil {
				return round + 1, true
			}
		}
		dist := 0.0
		for k, j := range p.ints {
			dist += math.Abs(x[j] - p.r[k])
		}
		if dist < best*(1-1e-3) {
			best, bestRound = dist, round
		}
		if dist < p.best {
			p.best = dist
			p.bestX, p.bestR = slices.Clone(x), slices.Clone(p.r)
		}
		if round-bestRound >= fpStall || (used >= budget && round+1 >= min(fpMinRounds, rounds)) {
			return round + 1, false
		}
	}
	return round, false
}

// objective sets p.obj to (1−α)·Δ(x, x̃) + α·c (c scaled), with the
// distance Δ written linearly: xⱼ − lⱼ for a column rounded to its lower
// bound, uⱼ − xⱼ for one rounded to its upper bound, dⱼ otherwise.
func (p *pump) objective(alpha float64) {
	s := p.s
	clear(p.obj)
	for j := range s.n {
		p.obj[j] = alpha * p.c[j]
	}
	for k, j := range p.ints {
		switch {
		case p.r[k] == s.rootLo[j]:
			p.obj[j] += 1 - alpha
		case p.r[k] == s.rootHi[j]:
			p.obj[j] -= 1 - alpha
		default:
			p.obj[p.aux[k]+1] = 1 - alpha
		}
	}
}

// roundPoint sets p.r to the rounding of x, changed where it repeats a
// recent rounding with a weight α within fpAlphaTol: the same as the last
// one (a short cycle) flips the columns farthest from it, the same as an
// older one (a long cycle) is perturbed at random (Fischetti, Glover &
// Lodi 2005).
func (p *pump) roundPoint(x []float64, alpha float64) {
	s := p.s
	for k, j := range p.ints {
		p.r[k] = math.Max(s.rootLo[j], math.Min(s.rootHi[j], math.Round(x[j])))
	}
	if len(p.hist) > 0 && slices.Equal(p.hist[len(p.hist)-1], p.r) {
		p.flip(x)
	}
	for h := range p.hist {
		if math.Abs(p.hA[h]-alpha) <= fpAlphaTol && slices.Equal(p.hist[h], p.r) {
			p.perturb(x)
			break
		}
	}
	if len(p.hist) == fpHistory {
		p.hist, p.hA = p.hist[1:], p.hA[1:]
	}
	p.hist = append(p.hist, slices.Clone(p.r))
	p.hA = append(p.hA, alpha)
}

// flip moves the TT integer columns farthest from their rounding (σⱼ =
// |xⱼ − x̃ⱼ| > 0) one step towards xⱼ, TT drawn in [T/2, 3T/2).
func (p *pump) flip(x []float64) {
	ks := make([]int, 0, len(p.ints))
	for k, j := range p.ints {
		if math.Abs(x[j]-p.r[k]) > 1e-9 {
			ks = append(ks, k)
		}
	}
	slices.SortStableFunc(ks, func(a, b int) int {
		da, db := math.Abs(x[p.ints[a]]-p.r[a]), math.Abs(x[p.ints[b]]-p.r[b])
		switch {
		case da > db:
			return -1
		case da < db:
			return 1
		}
		return 0
	})
	tt := fpFlips/2 + p.rng.IntN(fpFlips)
	for _, k := range ks[:min(tt, len(ks))] {
		p.step(k, x[p.ints[k]] > p.r[k])
	}
}

// perturb moves each integer column with σⱼ + max(ρⱼ, 0) > ½, ρⱼ uniform
// in [−0.3, 0.7], one step: towards xⱼ, or either way where xⱼ = x̃ⱼ.
func (p *pump) perturb(x []float64) {
	for k, j := range p.ints {
		sigma := math.Abs(x[j] - p.r[k])
		if sigma+math.Max(p.rng.Float64()-0.3, 0) <= 0.5 {
			continue
		}
		up := x[j] > p.r[k]
		if sigma <= 1e-9 {
			up = p.rng.IntN(2) == 0
		}
		p.step(k, up)
	}
}

// step moves the rounding of ints[k] by one up or down, or the other way
// at a bound.
func (p *pump) step(k int, up bool) {
	j := p.ints[k]
	lo, hi := p.s.rootLo[j], p.s.rootHi[j]
	if (up && p.r[k] < hi) || p.r[k] == lo {
		p.r[k]++
	} else {
		p.r[k]--
	}
}

// tryRounding offers the rounding p.r, completed by x's continuous columns,
// when it satisfies the rows: directly for a pure integer model, else
// through the LP with the integer columns fixed (offerSubPoint). It
// reports whether the search has an incumbent after.
func (p *pump) tryRounding(x []float64) bool {
	s := p.s
	y := slices.Clone(x[:s.n])
	for k, j := range p.ints {
		y[j] = p.r[k]
	}
	for j := range s.n {
		if s.isInt[j] {
			y[j] = math.Round(math.Max(s.rootLo[j], math.Min(s.rootHi[j], y[j])))
		}
	}
	if !s.satisfiesRows(y, feasTol) {
		return false
	}
	s.offerSubPoint(y, "feaspump")
	return s.incX != nil
}
