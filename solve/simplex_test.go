package solve_test

import (
	"os"
	"testing"

	"github.com/streamopt/streamopt/solve"
	"github.com/streamopt/streamopt/solve/solvetest"
)

// envLong names an environment variable that, set to 1, also runs the
// NETLIB instances that take several seconds each.
const envLong = "STREAMOPT_LONG"

// TestSimplexConformance runs the conformance suite on the simplex backend,
// NETLIB included. Measured on the shared 2-core machine, all 42 instances
// take about 80 s; the five slowest (over 5 s each) run only with
// STREAMOPT_LONG=1 so that the package's default test stays near 20 s;
// MIPLIB (branch and bound through lp/mip) also runs only then: 9 of its 10
// instances in about 60 s, sp150x300d skipped.
func TestSimplexConformance(t *testing.T) {
	long := os.Getenv(envLong) == "1"
	cfg := solvetest.Config{Netlib: true, Miplib: long}
	cfg.Skip = map[string]string{
		// Measured: time_limit after 2 min (46395 simplex iterations); cbc 2.10.8 needs 37 s.
		"sp150x300d": "lp/mip's branch and bound does not finish within the 2 min timeout",
	}
	if !long {
		const why = "takes over 5 s; set " + envLong + "=1 to run"
		for _, name := range []string{"d2q06c", "greenbea", "80bau3b", "25fv47", "degen3"} {
			cfg.Skip[name] = why
		}
	}
	solvetest.Run(t, func() solve.Backend {
		b, err := solve.Open(solve.SimplexName)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}, cfg)
}
