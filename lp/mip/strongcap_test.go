package mip

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strconv"
	"testing"
)

// TestStrongCapAgainstEnumeration caps every strong-branching LP at one or
// two iterations, so that nearly every child is scored and pruned by the
// dual bound of a capped basis, and compares the answers of seeded random
// MILPs with brute-force enumeration. The log's summary line says how many
// strong-branching LPs were capped; the test fails if none were, since it
// would then check nothing new.
func TestStrongCapAgainstEnumeration(t *testing.T) {
	capped := regexp.MustCompile(`strong-branching LPs, [0-9]+ iterations, ([0-9]+) capped`)
	total := 0
	for _, k := range []int{1, 2} {
		for seed := uint64(1); seed <= 60; seed++ {
			rng := rand.New(rand.NewPCG(seed, 17))
			m := randomIP(rng, 4+rng.IntN(4), 2+rng.IntN(4))
			var log bytes.Buffer
			opts := Options{NoPresolve: seed%3 == 0, Log: &log, strongCapFixed: k}
			sol, err := solveWith(context.Background(), m, opts, simplexRelax)
			if err != nil {
				t.Fatalf("cap %d seed %d: %v", k, seed, err)
			}
			checkEnumerated(t, fmt.Sprintf("cap %d seed %d", k, seed), m, sol)
			if g := capped.FindSubmatch(log.Bytes()); g != nil {
				n, _ := strconv.Atoi(string(g[1]))
				total += n
			}
		}
	}
	if total == 0 {
		t.Fatal("no strong-branching LP was capped")
	}
	t.Logf("%d capped strong-branching LPs", total)
}
