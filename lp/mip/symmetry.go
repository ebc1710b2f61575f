package mip

import (
	"cmp"
	"encoding/binary"
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/streamopt/streamopt/internal/unionfind"
	"github.com/streamopt/streamopt/lp"
)

// Symmetry detection and handling (doc.go, "Symmetry"). The detection works
// on the coloured coefficient graph of the working model after the root
// presolve and probing; every permutation it proposes is checked exactly
// against the model (isAutomorphism) before it is kept, so the partition
// refinement only guides the search and never decides validity.

// DefaultSymmetry is whether symmetry handling runs when Options.Symmetry
// is Auto: on, because it pays by an order of magnitude on models with
// interchangeable machines or bins and costs only the bounded detection
// elsewhere (doc.go, "Symmetry", measured effect).
const DefaultSymmetry = true

const (
	// symMaxNNZ and symMaxCols bound the models on which symmetry is
	// looked for at all: larger ones are skipped.
	symMaxNNZ  = 2_000_000
	symMaxCols = 500_000
	// symWorkLimit bounds the detection's work, counted in edge and vertex
	// visits of the refinement, vertex scans and the rows checked by
	// isAutomorphism (a few tenths of a second); when it runs
	// out the generators found so far are kept.
	symWorkLimit = 30_000_000
	// symSiblingTries bounds the refinements spent on one candidate image
	// of a base point before it is given up.
	symSiblingTries = 64
	// symMaxGens bounds the number of generators kept.
	symMaxGens = 400
	// symMaxLevelWords bounds the memory of the stored first path
	// (colours per level times vertices).
	symMaxLevelWords = 40_000_000
)

// symmetry is what the detection found and what the handling has done.
type symmetry struct {
	gens [][]int // column permutations: gens[g][j] is the image of column j
	// lex are the lexicographic constraints x ⪰ γ(x), one per generator and
	// one per inverse: the pairs (i, k) over the generator's support in
	// increasing i, meaning x_i ≥ x_k at the first position not tied.
	lex       [][][2]int
	orbitRows int // rows x_i ≥ x_j added to the working model
	orbits    int // orbits of more than one column
	moved     int // columns in those orbits
	work      int // refinement work spent
	complete  bool
	elapsed   time.Duration
}

// detectSymmetry finds column symmetries of the working model on the root
// bounds and adds the symmetry-handling rows; it is called at the end of
// the root presolve. Not in sub-MIPs (they solve the working model, which
// carries the rows already), nor with lazy constraints, which the model
// does not show and need not be symmetric.
func (s *search) detectSymmetry() {
	if !s.opts.Symmetry.enabled(DefaultSymmetry) || s.primal.sub || s.opts.Callbacks.Lazy != nil {
		return
	}
	t0 := time.Now()
	gens, work, complete := findGenerators(s.w, s.rootLo, s.rootHi, s.isInt)
	if len(gens) == 0 {
		if s.opts.Log != nil {
			fmt.Fprintf(s.opts.Log, "symmetry: none found (work %d%s, %.2fs)\n", work, incompleteNote(complete), time.Since(t0).Seconds())
		}
		return
	}
	sy := &symmetry{gens: gens, work: work, complete: complete}
	for _, p := range gens {
		sy.lex = append(sy.lex, lexPairs(p, false), lexPairs(p, true))
	}
	rows := orbitRows(gens, s.n)
	sy.orbitRows = len(rows)
	for _, o := range groupOrbits(gens, s.n) {
		if len(o) > 1 {
			sy.orbits++
			sy.moved += len(o)
		}
	}
	if len(rows) > 0 {
		s.w.Rows = append(s.w.Rows, rows...)
		s.prop = newPropagator(s.w, s.isInt, s.opts.IntTol)
	}
	sy.elapsed = time.Since(t0)
	s.sym = sy
	if s.opts.Log != nil {
		fmt.Fprintf(s.opts.Log, "symmetry: %d generators, %d orbits over %d columns, %d orbit rows (work %d%s, %.2fs)\n",
			len(gens), sy.orbits, sy.moved, sy.orbitRows, work, incompleteNote(complete), sy.elapsed.Seconds())
	}
}

func incompleteNote(complete bool) string {
	if complete {
		return ""
	}
	return ", search cut short"
}

// propagateSymmetry applies the lexicographic constraints to the node
// bounds lo, hi, alternating with the rows while it tightens something.
// It reports false if the bounds are proven infeasible.
func (s *search) propagateSymmetry(lo, hi []float64) bool {
	if s.sym == nil {
		return true
	}
	for round := 0; round < 4; round++ {
		var t []int
		for _, pairs := range s.sym.lex {
			if !lexPropagate(pairs, s.isInt, lo, hi, &t) {
				return false
			}
		}
		if len(t) == 0 {
			return true
		}
		s.symFixed += len(t)
		if !s.prop.run(lo, hi, t, nil) {
			return false
		}
	}
	return true
}

// lexPropagate propagates x ⪰ γ(x) given as pairs (i, k): while the
// positions before are tied (both columns fixed to the same value), the
// first untied position needs x_i ≥ x_k, so lo_i ≥ lo_k and hi_k ≤ hi_i.
// Only integer columns are tightened; at a continuous pair the walk stops.
// It appends the tightened columns to *t and reports false on an empty
// domain.
func lexPropagate(pairs [][2]int, isInt []bool, lo, hi []float64, t *[]int) bool {
	for _, pr := range pairs {
		i, k := pr[0], pr[1]
		if lo[i] == hi[i] && lo[k] == hi[k] && lo[i] == lo[k] {
			continue
		}
		if !isInt[i] || !isInt[k] {
			return true
		}
		if lo[i] < lo[k] {
			lo[i] = lo[k]
			*t = append(*t, i)
		}
		if hi[k] > hi[i] {
			hi[k] = hi[i]
			*t = append(*t, k)
		}
		if lo[i] > hi[i] || lo[k] > hi[k] {
			return false
		}
		if !(lo[i] == hi[i] && lo[k] == hi[k] && lo[i] == lo[k]) {
			return true
		}
	}
	return true
}

// lexPairs lists, for the permutation p (or its inverse), the pairs
// (i, p⁻¹(i)) (or (i, p(i))) over the columns it moves, in increasing i:
// (γx)_i = x_{p⁻¹(i)} when γ sends the value of column j to column p(j).
func lexPairs(p []int, inverse bool) [][2]int {
	var pairs [][2]int
	inv := make([]int, len(p))
	for j, q := range p {
		inv[q] = j
	}
	for i := range p {
		if p[i] == i {
			continue
		}
		k := inv[i]
		if inverse {
			k = p[i]
		}
		pairs = append(pairs, [2]int{i, k})
	}
	return pairs
}

// orbitRows returns the orbit inequalities of a chain of subgroups: with
// H₀ the group of all generators, i the smallest column H moves and O its
// orbit under H, x_i ≥ x_j for j ∈ O \ {i}; then H is replaced by the
// group of its generators that fix i, until none is left. Each holds at
// the lexicographically largest point of every orbit of the whole group
// (doc.go, "Symmetry"). A row x_a ≥ x_j whose j is bounded again by x_i ≥
// x_j, where x_a ≥ x_i is a row too, is replaced by the new one, which
// implies it with x_a ≥ x_i: where all columns of an orbit are
// interchangeable this leaves the chain x_{i₀} ≥ x_{i₁} ≥ … instead of
// every pair.
func orbitRows(gens [][]int, n int) []lp.Row {
	type pair struct{ i, j int }
	var rows []pair
	last := make([]int, n) // last[j]: index of the latest row bounding x_j, or −1
	for j := range last {
		last[j] = -1
	}
	h := gens
	for len(h) > 0 && len(rows) < n {
		i := -1
		for _, p := range h {
			for j := range p {
				if p[j] != j {
					if i < 0 || j < i {
						i = j
					}
					break
				}
			}
		}
		for _, j := range orbitOf(h, i) {
			if j == i {
				continue
			}
			if a, b := last[j], last[i]; a >= 0 && b >= 0 && rows[a].i == rows[b].i {
				rows[a].i = i
				continue
			}
			last[j] = len(rows)
			rows = append(rows, pair{i, j})
		}
		var next [][]int
		for _, p := range h {
			if p[i] == i {
				next = append(next, p)
			}
		}
		h = next
	}
	out := make([]lp.Row, len(rows))
	for q, r := range rows {
		out[q] = lp.Row{Name: fmt.Sprintf("sym_%d_%d", r.i, r.j), Ind: []int{r.i, r.j}, Val: []float64{1, -1}, Lower: 0, Upper: inf}
	}
	return out
}

// orbitOf returns the orbit of column i under the generators, sorted.
func orbitOf(gens [][]int, i int) []int {
	in := map[int]bool{i: true}
	orbit := []int{i}
	for q := 0; q < len(orbit); q++ {
		for _, p := range gens {
			if j := p[orbit[q]]; !in[j] {
				in[j] = true
				orbit = append(orbit, j)
			}
		}
	}
	slices.Sort(orbit)
	return orbit
}

// groupOrbits returns the orbits of the group the generators generate.
func groupOrbits(gens [][]int, n int) [][]int {
	uf := unionfind.New(n)
	for _, p := range gens {
		unionPerm(uf, p)
	}
	by := map[int][]int{}
	var roots []int
	for j := range n {
		r := uf.Find(j)
		if by[r] == nil {
			roots = append(roots, r)
		}
		by[r] = append(by[r], j)
	}
	out := make([][]int, 0, len(roots))
	for _, r := range roots {
		out = append(out, by[r])
	}
	return out
}

// unionPerm joins each column j with its image p[j].
func unionPerm(u unionfind.Sets, p []int) {
	for j, q := range p {
		u.Union(j, q)
	}
}

// symGraph is the coloured coefficient graph of a model: vertices 0..n−1
// are the columns, n..n+m−1 the rows; an edge joins column j and row i
// where aᵢⱼ ≠ 0, coloured by the value aᵢⱼ. The initial colours separate
// columns by (cost, bounds, integrality) and rows by their sides.
type symGraph struct {
	n, nv int
	start []int    // CSR over the vertices
	nbr   []int32  // neighbour
	ecl   []uint64 // edge colour (class of the coefficient)
	col0  []int32
	work  int
}

func newSymGraph(m *lp.Model, lo, hi []float64, isInt []bool) *symGraph {
	n, nr := len(m.Vars), len(m.Rows)
	g := &symGraph{n: n, nv: n + nr}
	deg := make([]int, g.nv+1)
	var vals []float64
	for i, r := range m.Rows {
		for _, j := range r.Ind {
			deg[j+1]++
			deg[n+i+1]++
		}
		vals = append(vals, r.Val...)
	}
	for v := 0; v < g.nv; v++ {
		deg[v+1] += deg[v]
	}
	g.start = deg
	nnz := deg[g.nv]
	g.nbr, g.ecl = make([]int32, nnz), make([]uint64, nnz)
	slices.Sort(vals)
	vals = slices.Compact(vals)
	class := func(a float64) uint64 {
		k, _ := slices.BinarySearch(vals, a)
		return uint64(k)
	}
	fill := slices.Clone(deg[:g.nv])
	for i, r := range m.Rows {
		for k, j := range r.Ind {
			c := class(r.Val[k])
			g.nbr[fill[j]], g.ecl[fill[j]] = int32(n+i), c
			fill[j]++
			g.nbr[fill[n+i]], g.ecl[fill[n+i]] = int32(j), c
			fill[n+i]++
		}
	}
	// initial colours: ranks of the vertex keys, columns before rows
	type key struct {
		kind       int
		a, b, c, d float64
	}
	keys := make([]key, g.nv)
	z := func(v float64) float64 { return v + 0 } // −0 → 0
	for j := range n {
		it := 0.0
		if isInt[j] {
			it = 1
		}
		keys[j] = key{0, z(m.Obj[j]), z(lo[j]), z(hi[j]), it}
	}
	for i, r := range m.Rows {
		keys[n+i] = key{1, z(r.Lower), z(r.Upper), 0, 0}
	}
	cmpKey := func(x, y key) int {
		return cmp.Or(cmp.Compare(x.kind, y.kind), cmp.Compare(x.a, y.a), cmp.Compare(x.b, y.b), cmp.Compare(x.c, y.c), cmp.Compare(x.d, y.d))
	}
	idx := make([]int, g.nv)
	for v := range idx {
		idx[v] = v
	}
	slices.SortFunc(idx, func(x, y int) int { return cmpKey(keys[x], keys[y]) })
	g.col0 = make([]int32, g.nv)
	c := int32(0)
	for q, v := range idx {
		if q > 0 && cmpKey(keys[idx[q-1]], keys[v]) != 0 {
			c++
		}
		g.col0[v] = c
	}
	return g
}

func mix64(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// refine returns the coarsest equitable refinement of the colouring col
// (canonical ranks 0..k−1) and its number of colours: each round splits
// every cell by a hash of the multiset of (edge colour, neighbour colour)
// over the edges of its vertices, until no cell splits. The hash is a sum,
// independent of the order of the edges, and a split cell's parts are
// numbered in the order of their hashes, so the result is the same for
// isomorphic inputs whatever the vertex numbering; a collision only leaves
// cells coarser.
func (g *symGraph) refine(col []int32, k int) ([]int32, int) {
	// vertices sorted by colour (counting sort); cells are segments
	start := make([]int, k+1)
	for _, c := range col {
		start[c+1]++
	}
	for c := 0; c < k; c++ {
		start[c+1] += start[c]
	}
	order := make([]int32, g.nv)
	fill := slices.Clone(start[:k])
	for v, c := range col {
		order[fill[c]] = int32(v)
		fill[c]++
	}
	cur := slices.Clone(col)
	sig := make([]uint64, g.nv)
	for {
		for a := 0; a < g.nv; {
			b := a + 1
			for b < g.nv && cur[order[b]] == cur[order[a]] {
				b++
			}
			if b-a > 1 {
				for _, v := range order[a:b] {
					h := uint64(0)
					for e := g.start[v]; e < g.start[v+1]; e++ {
						h += mix64(g.ecl[e]<<32 | uint64(cur[g.nbr[e]]))
					}
					sig[v] = h
					g.work += g.start[v+1] - g.start[v] + 1
				}
			}
			a = b
		}
		next := make([]int32, g.nv)
		c := int32(-1)
		for a := 0; a < g.nv; {
			b := a + 1
			for b < g.nv && cur[order[b]] == cur[order[a]] {
				b++
			}
			seg := order[a:b]
			if len(seg) > 1 {
				slices.SortFunc(seg, func(x, y int32) int { return cmp.Compare(sig[x], sig[y]) })
				g.work += len(seg)
			}
			for q, v := range seg {
				if q == 0 || sig[seg[q-1]] != sig[v] {
					c++
				}
				next[v] = c
			}
			a = b
		}
		g.work += 3 * g.nv // the scans and allocations of the round
		k2 := int(c + 1)
		cur = next
		if k2 == k {
			return cur, k
		}
		k = k2
	}
}

// individualise gives vertex v a colour of its own, just before the rest
// of its cell, and refines.
func (g *symGraph) individualise(col []int32, k, v int) ([]int32, int) {
	next := make([]int32, len(col))
	cv := col[v]
	for u, c := range col {
		if c > cv || (c == cv && u != v) {
			c++
		}
		next[u] = c
	}
	return g.refine(next, k+1)
}

// targetCell returns the smallest colour of a column cell with more than
// one column, or −1 if every column has a colour of its own.
func (g *symGraph) targetCell(col []int32, counts []int) int32 {
	best := int32(-1)
	for j := 0; j < g.n; j++ {
		if c := col[j]; counts[c] > 1 && (best < 0 || c < best) {
			best = c
		}
	}
	return best
}

func colourCounts(col []int32, k int) []int {
	counts := make([]int, k)
	for _, c := range col {
		counts[c]++
	}
	return counts
}

// findGenerators searches the automorphisms of the model's coloured
// graph that permute the columns, by individualisation and refinement
// (McKay 1981; McKay & Piperno 2014): the first path individualises the
// smallest column of the first non-singleton column cell at each level
// until every column has a colour of its own (the first leaf); then, from
// the deepest level up, for each other column w of that level's cell, not
// yet in the orbit of the base column under the generators found, it looks
// in the subtree of w for a leaf whose colours match the first leaf's, and
// the permutation so defined is kept if it is an exact automorphism of the
// model. Generators found at a level fix the base columns above it. The
// search stops early (complete false) when it runs out of work.
func findGenerators(m *lp.Model, lo, hi []float64, isInt []bool) (gens [][]int, work int, complete bool) {
	n := len(m.Vars)
	nnz := 0
	for _, r := range m.Rows {
		nnz += len(r.Ind)
	}
	if n < 2 || n > symMaxCols || nnz > symMaxNNZ {
		return nil, 0, n < 2
	}
	g := newSymGraph(m, lo, hi, isInt)
	chk := newAutChecker(m, lo, hi, isInt)
	type level struct {
		col    []int32
		k      int
		counts []int
		cell   int32
		cellV  []int // columns of the target cell, increasing
		base   int
	}
	col, k := g.refine(g.col0, int(slices.Max(g.col0))+1)
	var path []level
	for {
		counts := colourCounts(col, k)
		c := g.targetCell(col, counts)
		lv := level{col: col, k: k, counts: counts, cell: c}
		if c < 0 {
			path = append(path, lv)
			break
		}
		for j := 0; j < n; j++ {
			if col[j] == c {
				lv.cellV = append(lv.cellV, j)
			}
		}
		lv.base = lv.cellV[0]
		path = append(path, lv)
		if (len(path)+1)*g.nv > symMaxLevelWords || g.work > symWorkLimit {
			return nil, g.work, false
		}
		col, k = g.individualise(col, k, lv.base)
	}
	leaf := path[len(path)-1].col
	uf := unionfind.New(n)
	complete = true

	// match searches the subtree of the colouring col at depth d for a
	// leaf equivalent to the first one; it returns the automorphism.
	tries := 0
	var match func(col []int32, k, d int) []int
	match = func(col []int32, k, d int) []int {
		tries++
		g.work += g.nv
		lv := &path[d]
		if k != lv.k || !slices.Equal(colourCounts(col, k), lv.counts) {
			return nil
		}
		if lv.cell < 0 {
			p := make([]int, n)
			at := make([]int, k)
			for j := 0; j < n; j++ {
				at[col[j]] = j
			}
			for j := 0; j < n; j++ {
				p[j] = at[leaf[j]]
			}
			g.work += chk.cost(p)
			if chk.isAutomorphism(p) {
				return p
			}
			return nil
		}
		var cand []int
		for j := 0; j < n; j++ {
			if col[j] == lv.cell {
				cand = append(cand, j)
			}
		}
		// the base column first: a partial automorphism often fixes it
		if q := slices.Index(cand, lv.base); q > 0 {
			cand[0], cand[q] = cand[q], cand[0]
		}
		for _, u := range cand {
			if tries >= symSiblingTries || g.work > symWorkLimit {
				return nil
			}
			c2, k2 := g.individualise(col, k, u)
			if p := match(c2, k2, d+1); p != nil {
				return p
			}
		}
		return nil
	}

	for d := len(path) - 2; d >= 0; d-- {
		lv := &path[d]
		for _, w := range lv.cellV[1:] {
			if uf.Find(w) == uf.Find(lv.base) {
				continue
			}
			if g.work > symWorkLimit || len(gens) >= symMaxGens {
				return gens, g.work, false
			}
			tries = 0
			c2, k2 := g.individualise(lv.col, lv.k, w)
			p := match(c2, k2, d+1)
			if p == nil {
				if tries >= symSiblingTries || g.work > symWorkLimit {
					complete = false
				}
				continue
			}
			gens = append(gens, p)
			unionPerm(uf, p)
		}
	}
	return gens, g.work, complete
}

// autChecker decides exactly whether a column permutation is an
// automorphism of a model: costs, bounds and integrality are kept, and the
// rows are mapped onto the rows (as a multiset: same sides, same
// coefficients on the image columns).
type autChecker struct {
	m      *lp.Model
	lo, hi []float64
	isInt  []bool
	colRow [][]int // rows of each column
}

func newAutChecker(m *lp.Model, lo, hi []float64, isInt []bool) *autChecker {
	c := &autChecker{m: m, lo: lo, hi: hi, isInt: isInt, colRow: make([][]int, len(m.Vars))}
	for i := range m.Rows {
		for _, j := range m.Rows[i].Ind {
			c.colRow[j] = append(c.colRow[j], i)
		}
	}
	return c
}

// rowKey encodes a row's sides and its terms sorted by column, the columns
// mapped by p (nil: as they are).
func rowKey(r *lp.Row, p []int) string {
	type term struct {
		j int
		a float64
	}
	t := make([]term, len(r.Ind))
	for k, j := range r.Ind {
		if p != nil {
			j = p[j]
		}
		t[k] = term{j, r.Val[k]}
	}
	slices.SortFunc(t, func(x, y term) int { return cmp.Compare(x.j, y.j) })
	b := make([]byte, 0, 16+16*len(t))
	b = binary.LittleEndian.AppendUint64(b, math.Float64bits(r.Lower+0))
	b = binary.LittleEndian.AppendUint64(b, math.Float64bits(r.Upper+0))
	for _, x := range t {
		b = binary.LittleEndian.AppendUint64(b, uint64(x.j))
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(x.a+0))
	}
	return string(b)
}

// cost is the work of isAutomorphism(p): the terms of the rows it checks.
func (c *autChecker) cost(p []int) int {
	w := len(p)
	for j, q := range p {
		if q != j {
			for _, i := range c.colRow[j] {
				w += len(c.m.Rows[i].Ind)
			}
		}
	}
	return w
}

// isAutomorphism reports whether p (a permutation of the columns) maps the
// model onto itself. Rows without a moved column map onto themselves; the
// others must map, as a multiset, onto rows of the model, and since p is a
// bijection the image of the moved rows is then the moved rows.
func (c *autChecker) isAutomorphism(p []int) bool {
	n := len(c.m.Vars)
	if len(p) != n {
		return false
	}
	seen := make([]bool, n)
	for j, q := range p {
		if q < 0 || q >= n || seen[q] {
			return false
		}
		seen[q] = true
		if q == j {
			continue
		}
		if c.m.Obj[q] != c.m.Obj[j] || c.lo[q] != c.lo[j] || c.hi[q] != c.hi[j] || c.isInt[q] != c.isInt[j] {
			return false
		}
	}
	moved := map[int]bool{}
	for j, q := range p {
		if q != j {
			for _, i := range c.colRow[j] {
				moved[i] = true
			}
		}
	}
	want := map[string]int{}
	for i := range moved {
		want[rowKey(&c.m.Rows[i], nil)]++
	}
	for i := range moved {
		k := rowKey(&c.m.Rows[i], p)
		if want[k] == 0 {
			return false
		}
		want[k]--
	}
	return true
}
