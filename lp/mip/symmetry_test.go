package mip

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/streamopt/streamopt/internal/cputime"
	"github.com/streamopt/streamopt/lp"
)

// plantedSymmetric draws a pure integer program of k identical blocks of b
// columns (domain 0..1 or 0..2): the same local rows in every block, and
// linking rows and an objective that weigh a column the same in every
// block, so every permutation of the blocks maps the model onto itself.
// The columns and rows are shuffled, so that the symmetry is not aligned
// with the column order; with asym set, one cost is changed, which breaks
// part of it.
func plantedSymmetric(rng *rand.Rand, k, b int, asym bool) *lp.Model {
	sense := lp.Minimize
	if rng.IntN(2) == 1 {
		sense = lp.Maximize
	}
	n := k * b
	col := rng.Perm(n) // col[blk*b+t] is the column of template column t in block blk
	up := float64(1 + rng.IntN(2))
	cost := make([]float64, b)
	for t := range cost {
		cost[t] = float64(rng.IntN(11) - 5)
	}
	obj := make([]float64, n)
	for blk := range k {
		for t := range b {
			obj[col[blk*b+t]] = cost[t]
		}
	}
	if asym {
		obj[col[0]]++
	}
	m := lp.New("planted", sense)
	for j := range n {
		m.AddIntVar("", 0, up, obj[j])
	}
	type rowT struct {
		a      []float64
		lo, hi float64
	}
	tmpl := func() rowT {
		r := rowT{a: make([]float64, b), lo: math.Inf(-1), hi: math.Inf(1)}
		for t := range b {
			r.a[t] = float64(rng.IntN(7) - 2)
		}
		switch rng.IntN(3) {
		case 0:
			r.hi = float64(rng.IntN(5))
		case 1:
			r.lo = float64(rng.IntN(3))
		default:
			r.lo, r.hi = float64(rng.IntN(2)), float64(2+rng.IntN(4))
		}
		return r
	}
	var rows []lp.Row
	for range 1 + rng.IntN(2) { // local rows, repeated in each block
		r := tmpl()
		for blk := range k {
			row := lp.Row{Lower: r.lo, Upper: r.hi}
			for t := range b {
				if r.a[t] != 0 {
					row.Ind = append(row.Ind, col[blk*b+t])
					row.Val = append(row.Val, r.a[t])
				}
			}
			if len(row.Ind) > 0 {
				rows = append(rows, row)
			}
		}
	}
	for range 1 + rng.IntN(2) { // linking rows over all blocks
		r := tmpl()
		r.lo, r.hi = r.lo*float64(k), r.hi*float64(k)
		row := lp.Row{Lower: r.lo, Upper: r.hi}
		for blk := range k {
			for t := range b {
				if r.a[t] != 0 {
					row.Ind = append(row.Ind, col[blk*b+t])
					row.Val = append(row.Val, r.a[t])
				}
			}
		}
		if len(row.Ind) > 0 {
			rows = append(rows, row)
		}
	}
	for _, q := range rng.Perm(len(rows)) {
		m.Rows = append(m.Rows, rows[q])
	}
	return m
}

// binPacking is a bin packing model with nb identical bins: yᵦ opens bin
// β (cost 1), x_{iβ} puts item i into it; Σᵦ x_{iβ} = 1 for each item and
// Σᵢ wᵢx_{iβ} ≤ C·yᵦ for each bin. Permuting the bins maps it onto itself.
// The weights wᵢ = 3, 4, … are distinct (in random order), so that no two
// items are interchangeable, and C = 2·(items + 2) holds about two items.
func binPacking(rng *rand.Rand, items, nb int) *lp.Model {
	m := lp.New("binpacking", lp.Minimize)
	capacity := float64(2 * (items + 2))
	for range nb {
		m.AddBinary("", 1)
	}
	x := func(i, b int) int { return nb + i*nb + b }
	w := make([]float64, items)
	perm := rng.Perm(items)
	for i := range items {
		w[i] = float64(3 + perm[i])
		for range nb {
			m.AddBinary("", 0)
		}
	}
	for i := range items {
		var t []lp.Term
		for b := range nb {
			t = append(t, lp.Term{Var: x(i, b), Coef: 1})
		}
		m.AddEQ("assign", 1, t...)
	}
	for b := range nb {
		t := []lp.Term{{Var: b, Coef: -capacity}}
		for i := range items {
			t = append(t, lp.Term{Var: x(i, b), Coef: w[i]})
		}
		m.AddLE("cap", 0, t...)
	}
	return m
}

// permutationKeepsModel checks p as an automorphism independently of
// autChecker, on the model's meaning: at every integer point x of the box,
// the point y with y_{p(j)} = x_j has the same feasibility and objective.
func permutationKeepsModel(m *lp.Model, p []int) bool {
	y := make([]float64, len(m.Vars))
	feasible := func(v []float64) bool {
		for j, vr := range m.Vars {
			if v[j] < vr.Lower || v[j] > vr.Upper {
				return false
			}
		}
		return rowsHold(m, v, 0)
	}
	return forEachPoint(m, func(x []float64) bool {
		for j := range x {
			y[p[j]] = x[j]
		}
		return feasible(x) == feasible(y) && m.Objective(x) == m.Objective(y)
	})
}

// TestSymmetryGeneratorsVerified checks every generator the detection
// finds on planted models, with and without a broken cost, against the
// model's meaning (every integer point of the box), and that the full
// planted symmetry is found where nothing breaks it: with k blocks the
// columns fall into orbits of k (one per template column), unless two
// template columns are alike, which only merges orbits.
func TestSymmetryGeneratorsVerified(t *testing.T) {
	found, full := 0, 0
	for seed := uint64(1); seed <= 120; seed++ {
		rng := rand.New(rand.NewPCG(seed, 26))
		k, b := 2+rng.IntN(2), 2+rng.IntN(2)
		asym := seed%3 == 0
		m := plantedSymmetric(rng, k, b, asym)
		isInt, lo, hi := boundsOf(m)
		gens, _, _ := findGenerators(m, lo, hi, isInt)
		for g, p := range gens {
			if !permutationKeepsModel(m, p) {
				t.Fatalf("seed %d: generator %d = %v is not an automorphism", seed, g, p)
			}
		}
		found += len(gens)
		if !asym {
			orbits := groupOrbits(gens, len(m.Vars))
			ok := true
			for _, o := range orbits {
				if len(o)%k != 0 {
					ok = false
				}
			}
			if ok {
				full++
			} else {
				t.Errorf("seed %d: %d blocks of %d, orbits %v: the planted block symmetry was not all found", seed, k, b, orbits)
			}
		}
	}
	if found == 0 || full == 0 {
		t.Fatalf("%d generators found, %d full groups: the test checks nothing", found, full)
	}
	t.Logf("%d generators verified, %d planted groups found whole", found, full)
}

// TestSymmetryBinPackingOrbits: in bin packing with identical bins the
// bins are interchangeable, so each item's columns form one orbit and the
// bins' own columns another: items + 1 orbits (by hand), each of size nb.
func TestSymmetryBinPackingOrbits(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 26))
	for _, sz := range [][2]int{{4, 3}, {8, 5}, {12, 8}} {
		m := binPacking(rng, sz[0], sz[1])
		isInt, lo, hi := boundsOf(m)
		gens, _, complete := findGenerators(m, lo, hi, isInt)
		orbits := groupOrbits(gens, len(m.Vars))
		if len(orbits) != sz[0]+1 || !complete {
			t.Errorf("%d items, %d bins: %d orbits (complete %v), want %d", sz[0], sz[1], len(orbits), complete, sz[0]+1)
		}
		chk := newAutChecker(m, lo, hi, isInt)
		for _, p := range gens {
			if !chk.isAutomorphism(p) {
				t.Errorf("generator %v is not an automorphism", p)
			}
		}
	}
}

// TestAutCheckerRejects: a permutation that swaps two columns of different
// cost, or of the same cost but different rows, is no automorphism.
func TestAutCheckerRejects(t *testing.T) {
	m := lp.New("t", lp.Minimize)
	m.AddBinary("a", 1)
	m.AddBinary("b", 1)
	m.AddBinary("c", 2)
	m.AddLE("r", 1, lp.Term{Var: 0, Coef: 1}, lp.Term{Var: 2, Coef: 1})
	m.AddLE("s", 2, lp.Term{Var: 1, Coef: 1}, lp.Term{Var: 2, Coef: 1})
	isInt, lo, hi := boundsOf(m)
	chk := newAutChecker(m, lo, hi, isInt)
	if chk.isAutomorphism([]int{1, 0, 2}) { // a, b: same cost, rows of different sides
		t.Error("swap of a and b accepted")
	}
	if chk.isAutomorphism([]int{2, 1, 0}) { // a, c: different costs
		t.Error("swap of a and c accepted")
	}
	if !chk.isAutomorphism([]int{0, 1, 2}) {
		t.Error("identity rejected")
	}
	m.Rows[1].Upper = 1 // now a and b are alike
	if !chk.isAutomorphism([]int{1, 0, 2}) {
		t.Error("swap of a and b rejected though the rows are alike")
	}
}

// TestSymmetryAgainstEnumeration solves planted symmetric programs and
// small bin packings with symmetry handling forced on, alone and with the
// other techniques, and compares with complete enumeration: an orbit row
// or a lexicographic fixing that cut off every optimum would show as a
// worse objective or a wrong Infeasible.
func TestSymmetryAgainstEnumeration(t *testing.T) {
	acted := regexp.MustCompile(`symmetry: [1-9][0-9]* bounds tightened`)
	for _, setting := range []string{"alone", "all"} {
		var log strings.Builder
		gens := 0
		for seed := uint64(1); seed <= 80; seed++ {
			rng := rand.New(rand.NewPCG(seed, 62))
			var m *lp.Model
			if seed%4 == 0 {
				m = binPacking(rng, 2+rng.IntN(3), 3)
			} else {
				m = plantedSymmetric(rng, 2+rng.IntN(2), 2+rng.IntN(2), seed%5 == 0)
			}
			o := Options{Symmetry: On, Branching: Branching(seed / 2 % 2)}
			if setting == "alone" {
				o.Conflicts, o.Probing, o.FeasJump, o.RENS, o.RINS = Off, Off, Off, Off, Off
				o.NoCuts, o.NoDiving = true, true
			} else {
				// the root dives (Options.Diving) close most of these small
				// models at the root, leaving symmetry no tree to act in
				o.Conflicts, o.Cliques, o.Probing, o.Diving = On, On, On, Off
			}
			o.Log, o.LogEvery = &log, 1<<30
			sol, err := solveWith(context.Background(), m, o, simplexRelax)
			if err != nil {
				t.Fatalf("%s seed %d: %v", setting, seed, err)
			}
			checkEnumerated(t, fmt.Sprintf("%s seed %d", setting, seed), m, sol)
		}
		for _, line := range regexp.MustCompile(`symmetry: ([0-9]+) generators`).FindAllStringSubmatch(log.String(), -1) {
			if line[1] != "0" {
				gens++
			}
		}
		if gens == 0 || !acted.MatchString(log.String()) {
			t.Errorf("%s: symmetry found in %d models and never fixed a bound: the test checks nothing", setting, gens)
		}
	}
}

// TestSymmetryKeepsOptimum solves the quick shared MIPLIB instances and
// two of miplib3 with symmetry (fiber, p2756) with symmetry handling on
// and checks the answer against optimal.csv.
func TestSymmetryKeepsOptimum(t *testing.T) {
	found := regexp.MustCompile(`symmetry: [1-9][0-9]* generators`)
	acted := 0
	for _, in := range sharedMILPs(t) {
		if !quickMiplib[in.name] && in.name != "fiber" && in.name != "p2756" {
			continue
		}
		t.Run(in.name, func(t *testing.T) {
			var log strings.Builder
			solveSharedOptimal(t, in, Options{NodeLimit: 200000, Symmetry: On, Log: &log, LogEvery: 1 << 30})
			if found.MatchString(log.String()) {
				acted++
			}
		})
	}
	if acted == 0 {
		t.Error("no symmetry found on any instance: the test checks nothing")
	}
}

// makespan is scheduling on nm identical machines: x_{jμ} puts job j on
// machine μ, Σ_μ x_{jμ} = 1, Σⱼ pⱼx_{jμ} ≤ C for each machine, minimise the
// makespan C (continuous). Permuting the machines maps it onto itself.
func makespan(rng *rand.Rand, jobs, nm int) *lp.Model {
	m := lp.New("makespan", lp.Minimize)
	c := m.AddVar("C", 0, math.Inf(1), 1)
	x := func(j, mu int) int { return 1 + j*nm + mu }
	p := make([]float64, jobs)
	for j := range jobs {
		p[j] = float64(5 + rng.IntN(20))
		for range nm {
			m.AddBinary("", 0)
		}
	}
	for j := range jobs {
		var t []lp.Term
		for mu := range nm {
			t = append(t, lp.Term{Var: x(j, mu), Coef: 1})
		}
		m.AddEQ("assign", 1, t...)
	}
	for mu := range nm {
		t := []lp.Term{{Var: c, Coef: -1}}
		for j := range jobs {
			t = append(t, lp.Term{Var: x(j, mu), Coef: p[j]})
		}
		m.AddLE("load", 0, t...)
	}
	return m
}

// TestMeasureSymmetryFamily (STREAMOPT_MEASURE_SYMMETRY=1) solves seeded
// bin packing and makespan models with symmetry handling off and on, one
// after the other, and prints the nodes and CPU seconds of each; it fails
// if the two optima differ.
func TestMeasureSymmetryFamily(t *testing.T) {
	if os.Getenv("STREAMOPT_MEASURE_SYMMETRY") == "" {
		t.Skip("set STREAMOPT_MEASURE_SYMMETRY=1 to measure symmetry handling on the random symmetric families")
	}
	type fam struct {
		name string
		make func(*rand.Rand) *lp.Model
	}
	fams := []fam{
		{"binpacking 10x6", func(r *rand.Rand) *lp.Model { return binPacking(r, 10, 6) }},
		{"makespan 10x4", func(r *rand.Rand) *lp.Model { return makespan(r, 10, 4) }},
		{"makespan 12x5", func(r *rand.Rand) *lp.Model { return makespan(r, 12, 5) }},
	}
	for _, f := range fams {
		var tot [2]struct {
			nodes int
			cpu   float64
		}
		for seed := uint64(1); seed <= 10; seed++ {
			var obj [2]float64
			for k, sw := range []Switch{Off, On} {
				m := f.make(rand.New(rand.NewPCG(seed, 7)))
				cpu0 := cputime.Process().Seconds()
				ctx, cancel := withCPULimit(cpu0, 30*time.Second)
				sol, err := Solve(ctx, m, Options{Symmetry: sw})
				cpu := cputime.Process().Seconds() - cpu0
				cancel()
				if err != nil {
					t.Fatal(err)
				}
				if sol.Status != lp.Optimal {
					t.Logf("%s seed %d symmetry %v: %v", f.name, seed, sw, sol.Status)
				}
				obj[k] = sol.Objective
				tot[k].nodes += sol.Nodes
				tot[k].cpu += cpu
				t.Logf("%s seed %2d symmetry %-3v: %-10v z %-8.6g nodes %7d cpu %6.2fs", f.name, seed, sw, sol.Status, sol.Objective, sol.Nodes, cpu)
			}
			if math.Abs(obj[0]-obj[1]) > 1e-6*math.Max(1, math.Abs(obj[0])) {
				t.Errorf("%s seed %d: optimum %v with symmetry off, %v on", f.name, seed, obj[0], obj[1])
			}
		}
		t.Logf("%s total: off %d nodes %.2fs CPU, on %d nodes %.2fs CPU", f.name, tot[0].nodes, tot[0].cpu, tot[1].nodes, tot[1].cpu)
	}
}

// TestOrbitRowsChain: the transpositions (0 1), (1 2), (2 3) generate all
// permutations of four columns; the chain of stabilisers gives
// x₀ ≥ x₁, x₀ ≥ x₂, x₀ ≥ x₃, then x₁ ≥ x₂, x₁ ≥ x₃, then x₂ ≥ x₃, of which
// x₀ ≥ x₁ ≥ x₂ ≥ x₃ implies the rest (by hand).
func TestOrbitRowsChain(t *testing.T) {
	gens := [][]int{{1, 0, 2, 3}, {0, 2, 1, 3}, {0, 1, 3, 2}}
	var got [][2]int
	for _, r := range orbitRows(gens, 4) {
		if r.Val[0] != 1 || r.Val[1] != -1 || r.Lower != 0 || !math.IsInf(r.Upper, 1) {
			t.Fatalf("row %+v is not x_i − x_j ≥ 0", r)
		}
		got = append(got, [2]int{r.Ind[0], r.Ind[1]})
	}
	want := [][2]int{{0, 1}, {1, 2}, {2, 3}}
	if !slices.Equal(got, want) {
		t.Errorf("orbit rows %v, want %v", got, want)
	}
}

// TestSymmetryHandlingKeepsLexMax checks the handling itself, apart from
// the search: on planted models, for every feasible point x, the largest
// point of its orbit (lexicographically, over the column order) satisfies
// every orbit row, and fixing the bounds to it leaves lexicographic
// propagation nothing to refute. That point has x's objective and is
// feasible, so the optimum is kept.
func TestSymmetryHandlingKeepsLexMax(t *testing.T) {
	checked := 0
	for seed := uint64(1); seed <= 40; seed++ {
		rng := rand.New(rand.NewPCG(seed, 99))
		m := plantedSymmetric(rng, 2+rng.IntN(2), 2, false)
		isInt, lo, hi := boundsOf(m)
		gens, _, _ := findGenerators(m, lo, hi, isInt)
		if len(gens) == 0 {
			continue
		}
		rows := orbitRows(gens, len(m.Vars))
		var lex [][][2]int
		for _, p := range gens {
			lex = append(lex, lexPairs(p, false), lexPairs(p, true))
		}
		n := len(m.Vars)
		x := slices.Clone(lo)
		for {
			if feasibleAt(m, x) {
				best := lexMaxOrbit(x, gens)
				for _, r := range rows {
					if best[r.Ind[0]] < best[r.Ind[1]] {
						t.Fatalf("seed %d: orbit row x%d ≥ x%d fails at the orbit's largest point %v", seed, r.Ind[0], r.Ind[1], best)
					}
				}
				bl, bh := slices.Clone(best), slices.Clone(best)
				for _, pairs := range lex {
					var tt []int
					if !lexPropagate(pairs, isInt, bl, bh, &tt) || len(tt) > 0 {
						t.Fatalf("seed %d: lexicographic propagation refutes the orbit's largest point %v", seed, best)
					}
				}
				checked++
			}
			j := 0
			for ; j < n; j++ {
				if x[j] < hi[j] {
					x[j]++
					break
				}
				x[j] = lo[j]
			}
			if j == n {
				break
			}
		}
	}
	if checked == 0 {
		t.Fatal("no feasible point of a symmetric model checked")
	}
	t.Logf("%d feasible points checked", checked)
}

func feasibleAt(m *lp.Model, x []float64) bool {
	for i, a := range m.Activities(x) {
		if a < m.Rows[i].Lower || a > m.Rows[i].Upper {
			return false
		}
	}
	return true
}

// lexMaxOrbit returns the lexicographically largest point of the orbit of
// x under the group the generators generate (closing the orbit by search).
func lexMaxOrbit(x []float64, gens [][]int) []float64 {
	key := func(v []float64) string { return fmt.Sprint(v) }
	seen := map[string]bool{key(x): true}
	queue := [][]float64{x}
	best := x
	for len(queue) > 0 {
		v := queue[0]
		queue = queue[1:]
		if slices.Compare(v, best) > 0 {
			best = v
		}
		for _, p := range gens {
			y := make([]float64, len(v))
			for j := range v {
				y[p[j]] = v[j]
			}
			if k := key(y); !seen[k] {
				seen[k] = true
				queue = append(queue, y)
			}
		}
	}
	return best
}
