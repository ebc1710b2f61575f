package simplex

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/streamopt/streamopt/lp"
)

// TestPivotRowLists checks the pivot row the simplex computes with its
// lists of fixed and free columns and its free rows (see pivotRowNZ)
// against the one without them, on the optimal bases of random LPs with
// fixed columns, some fixed or freed between the rows, and random rows ρ
// of every density, so that both the row-wise and the column-wise sums
// run: alphaIdx must be the list without the lists minus
// the basic and fixed structurals, in the same order, and every alpha_j
// the same float to the last bit. Row-wise and column-wise sums must agree
// to the bit as well (both add the terms in the order of the rows).
func TestPivotRowLists(t *testing.T) {
	ctx := context.Background()
	checked := 0
	for seed := uint64(1); seed <= 6; seed++ {
		m := randomLP(seed, 50, 80, 0.08)
		sv, err := New(m, Options{})
		if err != nil {
			t.Fatal(err)
		}
		sol, err := sv.Solve(ctx)
		if err != nil || sol.Status != lp.Optimal {
			t.Fatalf("seed %d: %v %v", seed, sol.Status, err)
		}
		s := sv.s
		rng := rand.New(rand.NewPCG(seed, 7))
		for round, nz := range []int{1, 3, 8, 20, 50, 1, 2, 3} {
			if round >= 5 {
				// fix and free a few columns, as branching does, so that
				// the free rows follow by single changes
				for k := 0; k < 3; k++ {
					j := rng.IntN(s.n)
					if s.lo[j] == s.up[j] {
						s.up[j] = s.lo[j] + 1
					} else if s.stat[j] != Basic {
						s.up[j] = s.lo[j]
					}
				}
			}
			free, fixed := s.freeLists()
			if len(free) == s.n {
				t.Fatalf("seed %d: no fixed column to leave out", seed)
			}
			rho := make([]float64, s.m)
			for k := 0; k < nz; k++ {
				rho[rng.IntN(s.m)] = rng.NormFloat64()
			}
			cnt := 0
			for _, v := range rho {
				if v != 0 {
					cnt++
				}
			}
			s.pivotRowNZ(rho, cnt, nil, nil)
			all := append([]int(nil), s.alphaIdx...)
			ref := make(map[int]float64, len(all))
			for _, j := range all {
				ref[j] = s.alpha[j]
			}
			var want []int
			for _, j := range all {
				if j >= s.n || !fixed[j] && s.stat[j] != Basic {
					want = append(want, j)
				}
			}
			s.pivotRowNZ(rho, cnt, free, fixed)
			got := s.alphaIdx
			if len(got) != len(want) {
				t.Fatalf("seed %d, %d nonzeros: %d entries with the lists, want %d", seed, cnt, len(got), len(want))
			}
			for k, j := range got {
				if j != want[k] {
					t.Fatalf("seed %d, %d nonzeros: entry %d is column %d, want %d", seed, cnt, k, j, want[k])
				}
				if math.Float64bits(s.alpha[j]) != math.Float64bits(ref[j]) {
					t.Fatalf("seed %d, %d nonzeros: alpha[%d] = %v with the lists, %v without", seed, cnt, j, s.alpha[j], ref[j])
				}
			}
			// the other summation order: by column when ρ is sparse, by row when dense
			byRow := cnt*4 < s.m
			other := map[int]float64{}
			for _, j := range want {
				if j >= s.n {
					continue
				}
				v := 0.0
				if byRow {
					for p := s.colPtr[j]; p < s.colPtr[j+1]; p++ {
						v += s.colVal[p] * rho[s.rowInd[p]]
					}
				} else {
					for i, r := range rho {
						for p := s.rowPtr[i]; p < s.rowPtr[i+1]; p++ {
							if s.colInd[p] == j && r != 0 {
								v += r * s.rowVal[p]
							}
						}
					}
				}
				other[j] = v
			}
			for j, v := range other {
				if math.Float64bits(v) != math.Float64bits(s.alpha[j]) {
					t.Fatalf("seed %d, %d nonzeros: alpha[%d] = %v, the other summation order gives %v", seed, cnt, j, s.alpha[j], v)
				}
				checked++
			}
		}
	}
	if checked == 0 {
		t.Fatal("no pivot row entry compared")
	}
}
