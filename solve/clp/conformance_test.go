//go:build clp

package clp

import (
	"os"
	"testing"

	"github.com/streamopt/streamopt/solve"
	"github.com/streamopt/streamopt/solve/solvetest"
)

// TestConformance runs the shared backend suite with each of CLP's
// algorithms: NETLIB with the default dual simplex always, with primal
// simplex and barrier only when STREAMOPT_LONG is set (about 40 s more).
func TestConformance(t *testing.T) {
	long := os.Getenv("STREAMOPT_LONG") != ""
	for _, alg := range []string{AlgDual, AlgPrimal, AlgBarrier} {
		t.Run(alg, func(t *testing.T) {
			solvetest.Run(t, func() solve.Backend { return New() }, solvetest.Config{
				Netlib:  alg == AlgDual || long,
				Options: solve.Options{Raw: map[string]string{"algorithm": alg}},
			})
		})
	}
}
