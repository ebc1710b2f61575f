package mip

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/streamopt/streamopt/lp"
)

// The clique table (Atamtürk, Nemhauser & Savelsbergh 2000; Achterberg
// 2007, §3.3.4) records sets of binary literals of which at most one can be
// true. A literal is xⱼ (index 2j) or its complement x̄ⱼ = 1 − xⱼ (index
// 2j+1). A row side Σ aⱼxⱼ ≤ b is brought to Σ wₗ ℓₗ ≤ b' with wₗ > 0 by
// complementing the binaries with aⱼ < 0 (b' grows by |aⱼ|) and moving the
// other columns to the right-hand side at their smallest activity; with
// the weights sorted w₁ ≥ w₂ ≥ …, the first k literals form a clique for
// the largest k with w_{k−1} + w_k > b' (every pair among them exceeds b').
// A set-packing row Σ xⱼ ≤ 1, or x_i + (1 − x_j) ≤ 1, is one clique.
// Probing adds implications: when fixing xⱼ to v lets the rows fix x_k to
// u, the literals "xⱼ = v" and "x_k = 1 − u" form a clique of two.
const (
	maxCliqueNnz   = 2000000 // literals stored over all cliques
	maxProbes      = 1000    // binaries probed at the root
	maxCliqueWork  = 200000  // literal visits per clique propagation call
	maxCliqueStart = 300     // start literals per clique separation round
)

type cliqueTable struct {
	cliques [][]int // sorted literal lists
	of      [][]int // literal → the cliques holding it
	nnz     int
	fromRow int // cliques found in rows; the rest come from probing

	// scratch of the separation
	cnt   []int
	stamp []int
	tick  int
}

func newCliqueTable(n int) *cliqueTable {
	return &cliqueTable{of: make([][]int, 2*n), cnt: make([]int, 2*n), stamp: make([]int, 2*n)}
}

func literal(j int, neg bool) int {
	if neg {
		return 2*j + 1
	}
	return 2 * j
}

// value returns the literal's value at x.
func litValue(l int, x []float64) float64 {
	if l&1 == 1 {
		return 1 - x[l/2]
	}
	return x[l/2]
}

// add stores the clique lits (at least two); it reports false when the
// table is full.
func (t *cliqueTable) add(lits []int) bool {
	if len(lits) < 2 {
		return true
	}
	if t.nnz+len(lits) > maxCliqueNnz {
		return false
	}
	c := slices.Clone(lits)
	slices.Sort(c)
	id := len(t.cliques)
	t.cliques = append(t.cliques, c)
	for _, l := range c {
		t.of[l] = append(t.of[l], id)
	}
	t.nnz += len(c)
	return true
}

// isBinary reports whether column j is an integer column with bounds [0, 1].
func isBinary(isInt []bool, lo, hi []float64, j int) bool {
	return isInt[j] && lo[j] == 0 && hi[j] == 1
}

// rowCliques adds the cliques of every row side of w over the bounds lo, hi.
func (t *cliqueTable) rowCliques(w *lp.Model, isInt []bool, lo, hi []float64) {
	type item struct {
		l int
		w float64
	}
	var items []item
	var lits []int
	for i := range w.Rows {
		r := &w.Rows[i]
		for s, b := range upperSides(r) {
			items = items[:0]
			for k, j := range r.Ind {
				a := s * r.Val[k]
				switch {
				case a == 0:
				case isBinary(isInt, lo, hi, j) && a > 0:
					items = append(items, item{literal(j, false), a})
				case isBinary(isInt, lo, hi, j):
					items = append(items, item{literal(j, true), -a})
					b -= a
				default:
					b -= math.Min(a*lo[j], a*hi[j])
				}
			}
			if len(items) < 2 || math.IsNaN(b) || math.IsInf(b, 0) {
				continue
			}
			slices.SortStableFunc(items, descending(func(it item) float64 { return it.w }))
			eps := 1e-9 * math.Max(1, math.Abs(b))
			k := 1
			for k < len(items) && items[k-1].w+items[k].w > b+eps {
				k++
			}
			if k < 2 || items[0].w > b+eps {
				// no pair exceeds b, or a literal is forced false (the
				// row propagation fixes it)
				continue
			}
			lits = lits[:0]
			for _, it := range items[:k] {
				lits = append(lits, it.l)
			}
			if !t.add(lits) {
				return
			}
			t.fromRow++
		}
	}
}

// fix makes literal l false in lo, hi; it reports false if l is true.
func fixFalse(l int, lo, hi []float64, tightened *[]int) (ok, changed bool) {
	j := l / 2
	if l&1 == 0 { // xⱼ = 0
		if lo[j] > 0 {
			return false, false
		}
		if hi[j] > 0 {
			hi[j] = 0
			*tightened = append(*tightened, j)
			return true, true
		}
		return true, false
	}
	if hi[j] < 1 { // xⱼ = 1
		return false, false
	}
	if lo[j] < 1 {
		lo[j] = 1
		*tightened = append(*tightened, j)
		return true, true
	}
	return true, false
}

// trueLiteral returns the literal of column j that is true at the bounds
// (−1 if j is not fixed to 0 or 1).
func trueLiteral(j int, lo, hi []float64) int {
	switch {
	case lo[j] == 1 && hi[j] == 1:
		return literal(j, false)
	case lo[j] == 0 && hi[j] == 0:
		return literal(j, true)
	}
	return -1
}

// propagate fixes to false every other literal of the cliques of the
// literals made true by the columns in changed, and so on; it appends the
// columns it fixes to *tightened and reports false if a clique holds two
// true literals.
func (t *cliqueTable) propagate(lo, hi []float64, changed []int, tightened *[]int) bool {
	queue := make([]int, 0, len(changed))
	for _, j := range changed {
		if l := trueLiteral(j, lo, hi); l >= 0 && len(t.of[l]) > 0 {
			queue = append(queue, l)
		}
	}
	work := 0
	for len(queue) > 0 && work < maxCliqueWork {
		l := queue[0]
		queue = queue[1:]
		for _, c := range t.of[l] {
			for _, m := range t.cliques[c] {
				work++
				if m == l {
					continue
				}
				ok, ch := fixFalse(m, lo, hi, tightened)
				if !ok {
					return false
				}
				if ch {
					queue = append(queue, m^1)
				}
			}
		}
	}
	return true
}

// probe fixes each of up to maxProbes binaries (those in most rows first)
// to 0 and to 1 and propagates the rows: a value that fails is excluded, a
// column fixed to the same value both ways is fixed, and each implication
// becomes a clique of two when t is not nil, and an implied bound in imp
// when imp is not nil (impliedbound.go). It works on the global bounds
// lo, hi and reports false if it proves the model infeasible; fixed
// counts the columns it fixed. With cont, each probe also bounds the
// continuous columns (probeHull), and hulled counts the bounds that
// tightened.
func probe(p *propagator, t *cliqueTable, imp *implications, isInt []bool, lo, hi []float64, cont bool) (ok bool, fixed, hulled int) {
	n := len(lo)
	var cand []int
	for j := range n {
		if isBinary(isInt, lo, hi, j) && p.a.ColPtr[j+1] > p.a.ColPtr[j] {
			cand = append(cand, j)
		}
	}
	slices.SortStableFunc(cand, func(a, b int) int {
		return (p.a.ColPtr[b+1] - p.a.ColPtr[b]) - (p.a.ColPtr[a+1] - p.a.ColPtr[a])
	})
	if len(cand) > maxProbes {
		cand = cand[:maxProbes]
	}
	var pLo, pHi [2][]float64
	for v := range 2 {
		pLo[v], pHi[v] = make([]float64, n), make([]float64, n)
	}
	var tight [2][]int
	var pair [2]int
	var hull probeHull
	full := false
	for _, j := range cand {
		if lo[j] == hi[j] {
			continue // fixed by an earlier probe
		}
		var feas [2]bool
		for v := range 2 {
			copy(pLo[v], lo)
			copy(pHi[v], hi)
			pLo[v][j], pHi[v][j] = float64(v), float64(v)
			tight[v] = tight[v][:0]
			feas[v] = p.runTracked(pLo[v], pHi[v], []int{j}, &tight[v])
		}
		switch {
		case !feas[0] && !feas[1]:
			return false, fixed, hulled
		case !feas[0] || !feas[1]:
			v := 0.0
			if feas[1] {
				v = 1
			}
			lo[j], hi[j] = v, v
			fixed++
			if !p.run(lo, hi, []int{j}, nil) {
				return false, fixed, hulled
			}
			continue
		}
		// columns fixed to the same value both ways
		for _, k := range tight[0] {
			if pLo[0][k] == pHi[0][k] && pLo[1][k] == pHi[1][k] && pLo[0][k] == pLo[1][k] && lo[k] < hi[k] {
				lo[k], hi[k] = pLo[0][k], pLo[0][k]
				fixed++
				if !p.run(lo, hi, []int{k}, nil) {
					return false, fixed, hulled
				}
			}
		}
		if cont {
			hulled += hull.tighten(p, j, pLo, pHi, tight, lo, hi)
		}
		imp.record(j, pLo, pHi, tight, lo, hi)
		if t == nil || full {
			continue
		}
		for v := range 2 {
			for _, k := range tight[v] {
				if k == j || !isBinary(isInt, lo, hi, k) || pLo[v][k] != pHi[v][k] {
					continue
				}
				// xⱼ = v implies x_k = u: "xⱼ = v" and "x_k = 1 − u" exclude each other
				u := pLo[v][k]
				pair[0] = literal(j, v == 0)
				pair[1] = literal(k, u == 1)
				if !t.add(pair[:]) {
					full = true
					break
				}
			}
		}
	}
	return true, fixed, hulled
}

// byLitValue orders literals by their value at x, largest first, and
// literals of equal value by number.
func byLitValue(x []float64) func(a, b int) int {
	return func(a, b int) int {
		va, vb := litValue(a, x), litValue(b, x)
		switch {
		case va > vb:
			return -1
		case va < vb:
			return 1
		}
		return a - b
	}
}

// separate returns clique inequalities Σ_{ℓ ∈ Q} ℓ ≤ 1 violated by x by
// more than minViolation: from each of the literals of largest value, a
// clique is grown greedily by the neighbours of largest value adjacent to
// every member (two literals are adjacent when a clique holds both, or
// when they are xⱼ and x̄ⱼ), to a maximal one.
func (t *cliqueTable) separate(x, lo, hi []float64) []lp.Row {
	var starts []int
	for l := range t.of {
		j := l / 2
		if len(t.of[l]) > 0 && lo[j] < hi[j] && litValue(l, x) > 1e-6 {
			starts = append(starts, l)
		}
	}
	slices.SortFunc(starts, byLitValue(x)) // starts ascend: ties keep their order
	if len(starts) > maxCliqueStart {
		starts = starts[:maxCliqueStart]
	}
	seen := map[string]bool{}
	var cuts []lp.Row
	var nb, q []int
	for _, l0 := range starts {
		// candidates: the neighbours of l0 (not fixed), by value
		nb = t.neighbours(l0, lo, hi, nb[:0])
		slices.SortFunc(nb, byLitValue(x))
		q = append(q[:0], l0)
		for _, m := range nb {
			if t.adjacentAll(m, q) {
				q = append(q, m)
			}
		}
		sum := 0.0
		for _, m := range q {
			sum += litValue(m, x)
		}
		if sum <= 1+minViolation || len(q) < 2 {
			continue
		}
		slices.Sort(q)
		key := keyOf(q)
		if seen[key] {
			continue
		}
		seen[key] = true
		cut := lp.Row{Name: "clique", Lower: math.Inf(-1), Upper: 1}
		for _, m := range q {
			cut.Ind = append(cut.Ind, m/2)
			if m&1 == 1 {
				cut.Val = append(cut.Val, -1)
				cut.Upper--
			} else {
				cut.Val = append(cut.Val, 1)
			}
		}
		if dupColumn(cut.Ind) {
			continue // xⱼ and x̄ⱼ both in: the others are all 0, no cut
		}
		cuts = append(cuts, cut)
		if len(cuts) >= maxCutsRound {
			break
		}
	}
	return cuts
}

// neighbours appends the literals sharing a clique with l, each once,
// leaving out those of fixed columns.
func (t *cliqueTable) neighbours(l int, lo, hi []float64, out []int) []int {
	t.tick++
	t.stamp[l] = t.tick
	for _, c := range t.of[l] {
		for _, m := range t.cliques[c] {
			if t.stamp[m] != t.tick && lo[m/2] < hi[m/2] {
				t.stamp[m] = t.tick
				out = append(out, m)
			}
		}
	}
	return out
}

// adjacentAll reports whether m is adjacent to every literal of q.
func (t *cliqueTable) adjacentAll(m int, q []int) bool {
	t.tick++
	for _, c := range t.of[m] {
		for _, l := range t.cliques[c] {
			t.stamp[l] = t.tick
		}
	}
	for _, l := range q {
		if l != m^1 && t.stamp[l] != t.tick {
			return false
		}
	}
	return true
}

func dupColumn(ind []int) bool {
	for k := 1; k < len(ind); k++ {
		if ind[k] == ind[k-1] {
			return true
		}
	}
	return false
}

func keyOf(q []int) string {
	var b strings.Builder
	for _, l := range q {
		b.WriteString(strconv.Itoa(l))
		b.WriteByte(',')
	}
	return b.String()
}

// buildCliques runs probing (Options.Probing) and builds the clique table
// (Options.Cliques) on the root bounds, before the first relaxation. It
// reports false if probing proves the model infeasible.
func (s *search) buildCliques() bool {
	if s.opts.Cliques.enabled(defaultCliques) {
		s.cliques = newCliqueTable(s.n)
		s.cliques.rowCliques(s.w, s.isInt, s.rootLo, s.rootHi)
	}
	if s.opts.Probing.enabled(defaultProbing) && !s.opts.NoPresolve {
		s.implied = nil
		if s.opts.ImpliedBounds.enabled(DefaultImpliedBounds) {
			s.implied = &implications{}
		}
		ok, fixed, hulled := probe(s.prop, s.cliques, s.implied, s.isInt, s.rootLo, s.rootHi, s.opts.ContBounds.enabled(DefaultContBounds))
		s.probeFixed += fixed
		s.probeHulled += hulled
		if !ok {
			return false
		}
	}
	if s.cliques != nil && len(s.cliques.cliques) == 0 {
		s.cliques = nil
	}
	return true
}

// cliqueCuts separates clique cuts at the root LP point x.
func (s *search) cliqueCuts(x []float64) []lp.Row {
	if s.cliques == nil {
		return nil
	}
	cuts := s.cliques.separate(x, s.rootLo, s.rootHi)
	s.cliqueCutsAdded += len(cuts)
	return cuts
}
