//go:build lpsolve

package lpsolve

import (
	"os"
	"testing"
	"time"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/solve"
	"github.com/streamopt/streamopt/solve/solvetest"
)

// defaultMaxNonzeros limits the NETLIB instances of the default test run to
// those lp_solve solves in about a second; STREAMOPT_LONG=1 runs them all
// (d2q06c, 80bau3b, degen3, greenbea and 25fv47 take 3–60 s each on one core).
const defaultMaxNonzeros = 9000

// TestConformance runs the shared backend suite with NETLIB, and MIPLIB
// when STREAMOPT_LONG is set.
func TestConformance(t *testing.T) {
	long := os.Getenv("STREAMOPT_LONG") != ""
	cfg := solvetest.Config{
		Netlib: true,
		Miplib: long,
		Skip: map[string]string{
			// Row POPL08, 1000·CONS08 − 278.8·APCC08 = 0, ends with terms of
			// 1.9e6 and an activity of 1.3e-6 (relative 7e-13) whatever the
			// scaling, improve mode or lp_solve tolerance; the objective
			// matches to 1e-12. The absolute violation exceeds Verify's 1e-7
			// only because the right-hand side is 0, and solve.SolveWith
			// marks the result numerical_error before a per-instance
			// tolerance could apply.
			"perold": "lp_solve leaves a 1.3e-6 absolute residual on row POPL08 (relative 7e-13)",
			// With STREAMOPT_LONG only (it has 31 000 nonzeros). lp_solve
			// reaches the optimum −72555248.1298 in 16 671 iterations, as
			// the lp_solve command does on the file, but leaves an absolute
			// residual of 3.0e-7 on the equality row BN4...U3, whose
			// right-hand side is 0; Verify allows 1e-7. (Before the backend
			// kept empty rows, lp_solve answered UNBOUNDED after 44 253
			// iterations on this feasible LP.)
			"greenbea": "lp_solve leaves a 3.0e-7 absolute residual on row BN4...U3 (right-hand side 0)",
			// MIPLIB (STREAMOPT_LONG only): lp_solve 5.5's branch and bound
			// with its default settings did not finish these within 5 min
			// of wall-clock time on 2 shared cores (1.9e6–6.5e6 simplex
			// iterations); small_mip, flugpl, lseu, egout, rgn and dcmulti
			// solve in seconds. cbc and glpsol solve all of them
			// (shared/miplib/optimal.csv).
			"gt2":        "lp_solve's branch and bound exceeds 5 min (5.9e6 iterations)",
			"bell5":      "lp_solve's branch and bound exceeds 5 min (5.2e6 iterations)",
			"sp150x300d": "lp_solve's branch and bound exceeds 5 min (1.9e6 iterations)",
			"p0548":      "lp_solve's branch and bound exceeds 5 min (6.5e6 iterations)",
		},
	}
	if long {
		cfg.Timeout = 5 * time.Minute
	} else {
		cfg.Admit = func(m *lp.Model) string {
			if nz := m.NumNonzeros(); nz > defaultMaxNonzeros {
				return "more than 9000 nonzeros: run with STREAMOPT_LONG=1"
			}
			return ""
		}
	}
	solvetest.Run(t, func() solve.Backend { return New() }, cfg)
}
