package solvetest

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"testing"
	"time"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/solve"
)

// DefaultObjTol is the relative tolerance |z − z*| / max(1, |z*|) with which
// an optimum must match the known one (DESIGN.md: NETLIB to 1e-6 relative).
const DefaultObjTol = 1e-6

// pointTol is the tolerance, relative to 1 + |expected|, on each entry of a
// unique optimal point or a unique dual.
const pointTol = 1e-6

// DefaultTimeout bounds each NETLIB or MIPLIB instance.
const DefaultTimeout = 2 * time.Minute

// Config selects what Run tests.
type Config struct {
	// Test lists the capabilities to test. Nil tests exactly what the
	// backend declares; a capability set here that the backend does not
	// declare is tested anyway (and should fail), one the backend declares
	// but not set here is skipped.
	Test *solve.Capabilities
	// Options are passed to every solve.
	Options solve.Options
	// Tolerances overrides, by case or instance name, the tolerances Verify
	// applies to that result.
	Tolerances map[string]solve.Tolerances
	// ObjTol overrides, by case or instance name, DefaultObjTol.
	ObjTol map[string]float64
	// Netlib runs every instance of instances.Netlib() (42 LPs) against its
	// known optimum; Miplib the same for instances.Miplib(). Both need the
	// shared test folder and are skipped with a reason when it is absent.
	Netlib, Miplib bool
	// Skip names cases or instances not to run, each with the reason.
	Skip map[string]string
	// Admit, when set, is asked about every NETLIB/MIPLIB model before it
	// runs; a non-empty answer skips it with that reason (e.g. a size limit).
	Admit func(m *lp.Model) string
	// Timeout bounds each NETLIB or MIPLIB instance; 0 means DefaultTimeout.
	Timeout time.Duration
}

// readMPS reads an MPS file; it is set by the file that imports the reader.
var readMPS func(path string) (*lp.Model, error)

// Run is the conformance suite of solver backends. It runs, as subtests:
//
//   - LP: about thirty small LPs with known answers (degenerate, free
//     columns, ranges, equalities, redundant rows, fixed columns,
//     maximisation, objective offsets, empty models, infeasible through
//     rows, column bounds or contradictory bounds, unbounded,
//     infeasible-and-unbounded);
//   - Range: LPs whose data lie beyond lp.DefaultLimits (a coefficient of
//     1e25; a row whose values span 1e25), which through solve.SolveWith must be
//     refused with an error wrapping lp.ErrRange that names the entry, or
//     solved right;
//   - Duals: the same LPs' duals against their unique values and the sign
//     convention of the lp package (needs Duals);
//   - Certificates: Farkas certificates and rays (needs Rays);
//   - MILP: knapsack, set cover, integer-infeasible, unbounded relaxation,
//     binaries, general and negative-bounded integers, an integer equality,
//     a mixed problem (needs MILP), and otherwise a check that a MILP is
//     refused with solve.ErrCapability;
//   - Start: the cases' unique optima given back as starts (Options.Start;
//     for a MILP also a partial one), which must reach the same optimum
//     without a warning (needs Start);
//   - Basis: the final basis of each optimal LP case (Options.WantBasis),
//     one basic entry per row, from which a re-solve takes no iteration
//     (needs Basis);
//   - Netlib and Miplib when Config asks for them.
//
// Every result goes through solve.Verify and must pass it. A subtest whose capability is missing skips itself with the reason.
func Run(t *testing.T, newBackend solve.Factory, cfg Config) {
	t.Helper()
	if newBackend == nil {
		t.Fatal("solvetest.Run: nil factory")
	}
	b := newBackend()
	if b == nil {
		t.Fatal("solvetest.Run: the factory returned nil")
	}
	caps := b.Capabilities()
	test := caps
	if cfg.Test != nil {
		test = *cfg.Test
	}
	r := &runner{newBackend: newBackend, cfg: cfg, caps: caps, test: test, name: b.Name()}
	t.Run("LP", func(t *testing.T) {
		if !test.LP {
			t.Skipf("backend %s: LP not tested (capability %s)", r.name, declared(caps.LP))
		}
		for _, tc := range lpCases {
			t.Run(tc.name, func(t *testing.T) { r.runCase(t, tc, false) })
		}
	})
	t.Run("Range", func(t *testing.T) {
		if !test.LP {
			t.Skipf("backend %s: LP not tested (capability %s)", r.name, declared(caps.LP))
		}
		for _, tc := range rangeCases {
			t.Run(tc.name, func(t *testing.T) { r.runRange(t, tc) })
		}
	})
	t.Run("Duals", func(t *testing.T) {
		if !test.LP || !test.Duals {
			t.Skipf("backend %s: duals not tested (capability %s)", r.name, declared(caps.Duals))
		}
		for _, tc := range lpCases {
			if tc.y == nil && tc.d == nil {
				continue
			}
			t.Run(tc.name, func(t *testing.T) { r.runDuals(t, tc) })
		}
	})
	t.Run("Certificates", func(t *testing.T) {
		if !test.LP || !test.Rays {
			t.Skipf("backend %s: certificates not tested (capability %s)", r.name, declared(caps.Rays))
		}
		for _, tc := range lpCases {
			if !tc.farkas && !tc.ray {
				continue
			}
			t.Run(tc.name, func(t *testing.T) { r.runCertificate(t, tc) })
		}
	})
	t.Run("MILP", func(t *testing.T) {
		if !test.MILP {
			r.refusesMILP(t)
			t.Skipf("backend %s: MILP not tested (capability %s); checked that a MILP is refused", r.name, declared(caps.MILP))
		}
		for _, tc := range milpCases {
			t.Run(tc.name, func(t *testing.T) { r.runCase(t, tc, true) })
		}
	})
	t.Run("Start", func(t *testing.T) {
		if !test.Start {
			t.Skipf("backend %s: starts not tested (capability %s)", r.name, declared(caps.Start))
		}
		for _, set := range []struct {
			cases []testCase
			mip   bool
		}{{lpCases, false}, {milpCases, true}} {
			if (set.mip && !test.MILP) || (!set.mip && !test.LP) {
				continue
			}
			for _, tc := range set.cases {
				if tc.x != nil && tc.status[0] == lp.Optimal {
					t.Run(tc.name, func(t *testing.T) { r.runStart(t, tc, set.mip) })
				}
			}
		}
	})
	t.Run("Basis", func(t *testing.T) {
		if !test.LP || !test.Basis {
			t.Skipf("backend %s: bases not tested (capability %s)", r.name, declared(caps.Basis))
		}
		for _, tc := range lpCases {
			if tc.status[0] == lp.Optimal {
				t.Run(tc.name, func(t *testing.T) { r.runBasis(t, tc) })
			}
		}
	})
	t.Run("Netlib", func(t *testing.T) {
		if !cfg.Netlib {
			t.Skip("Config.Netlib is false")
		}
		if !test.LP {
			t.Skipf("backend %s: LP not tested", r.name)
		}
		r.runInstances(t, "netlib")
	})
	t.Run("Miplib", func(t *testing.T) {
		if !cfg.Miplib {
			t.Skip("Config.Miplib is false")
		}
		if !test.MILP {
			t.Skipf("backend %s: MILP not tested", r.name)
		}
		r.runInstances(t, "miplib")
	})
}

func declared(b bool) string {
	if b {
		return "declared but disabled by Config.Test"
	}
	return "not declared"
}

type runner struct {
	newBackend solve.Factory
	cfg        Config
	caps, test solve.Capabilities
	name       string
}

func (r *runner) tol(name string) solve.Tolerances {
	if t, ok := r.cfg.Tolerances[name]; ok {
		return t
	}
	return solve.DefaultTolerances()
}

func (r *runner) objTol(name string) float64 {
	if v, ok := r.cfg.ObjTol[name]; ok {
		return v
	}
	return DefaultObjTol
}

// solve runs one model on a fresh backend (capabilities checked, panics
// caught, on a copy of the model) and verifies the backend's own claim with
// solve.Verify and the per-name tolerances. It does not go through
// solve.SolveWith, which would downgrade a failed Optimal to NumericalError
// and so hide which check failed.
func (r *runner) solve(t *testing.T, ctx context.Context, name string, m *lp.Model) (*lp.Solution, solve.Report) {
	t.Helper()
	b := r.newBackend()
	if err := solve.CheckCapabilities(b, m); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	sol, err := callBackend(ctx, b, m.Clone(), r.cfg.Options)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if sol == nil {
		t.Fatalf("%s: backend returned no solution and no error", name)
	}
	rep := solve.Verify(m, sol, r.tol(name))
	if !rep.OK {
		t.Errorf("%s: status %v fails verification: %q", name, sol.Status, rep.Problems)
	}
	return sol, rep
}

func callBackend(ctx context.Context, b solve.Backend, m *lp.Model, opts solve.Options) (sol *lp.Solution, err error) {
	defer func() {
		if p := recover(); p != nil {
			sol, err = nil, fmt.Errorf("backend %s panicked: %v", b.Name(), p)
		}
	}()
	return b.Solve(ctx, m, opts)
}

func (r *runner) skip(t *testing.T, name string) {
	t.Helper()
	if why, ok := r.cfg.Skip[name]; ok {
		t.Skipf("skipped by Config.Skip: %s", why)
	}
}

func (r *runner) runCase(t *testing.T, tc testCase, mip bool) {
	r.skip(t, tc.name)
	m := tc.build()
	sol, _ := r.solve(t, context.Background(), tc.name, m)
	if !slices.Contains(tc.status, sol.Status) {
		t.Fatalf("status %v, want %v (answer from %s)", sol.Status, tc.status, tc.source)
	}
	if sol.Status != lp.Optimal {
		return
	}
	if e := relErr(sol.Objective, tc.obj); e > r.objTol(tc.name) {
		t.Errorf("objective %.12g, want %.12g (relative error %.2g; answer from %s)", sol.Objective, tc.obj, e, tc.source)
	}
	if tc.x != nil {
		checkVec(t, "x", sol.X, tc.x, tc.source)
	}
	if !mip && r.caps.Duals && !sol.HasDual() {
		t.Errorf("backend declares Duals but returned none at an LP optimum")
	}
	if mip && sol.RowDual != nil {
		t.Errorf("row duals returned for a MILP (lp.Solution says they are nil for a MILP)")
	}
}

func (r *runner) runDuals(t *testing.T, tc testCase) {
	r.skip(t, tc.name)
	m := tc.build()
	sol, rep := r.solve(t, context.Background(), tc.name, m)
	if sol.Status != lp.Optimal {
		t.Fatalf("status %v, want optimal", sol.Status)
	}
	if !sol.HasDual() {
		t.Fatal("no duals at an LP optimum")
	}
	if !rep.DualChecked {
		t.Fatal("Verify did not check the duals")
	}
	if tc.y != nil {
		checkVec(t, "row dual", sol.RowDual, tc.y, tc.source)
	}
	if tc.d != nil {
		checkVec(t, "reduced cost", sol.ReducedCost, tc.d, tc.source)
	}
}

func (r *runner) runCertificate(t *testing.T, tc testCase) {
	r.skip(t, tc.name)
	m := tc.build()
	sol, rep := r.solve(t, context.Background(), tc.name, m)
	switch {
	case tc.farkas && sol.Status == lp.Infeasible:
		if sol.FarkasRow == nil {
			t.Fatal("backend declares Rays but returned no Farkas certificate")
		}
		if !rep.FarkasChecked {
			t.Fatal("Verify did not check the certificate")
		}
	case tc.ray && sol.Status == lp.Unbounded:
		if sol.Ray == nil {
			t.Fatal("backend declares Rays but returned no ray")
		}
		if !rep.RayChecked {
			t.Fatal("Verify did not check the ray")
		}
	default:
		t.Fatalf("status %v, want %v with a certificate", sol.Status, tc.status[0])
	}
}

// refusesMILP checks that a backend without MILP does not pretend to solve one.
func (r *runner) refusesMILP(t *testing.T) {
	t.Helper()
	m := milpCases[0].build()
	_, _, err := solve.SolveWith(context.Background(), r.newBackend(), m, r.cfg.Options)
	if !errors.Is(err, solve.ErrCapability) {
		t.Errorf("MILP on a backend without MILP: err = %v, want solve.ErrCapability", err)
	}
}

func relErr(got, want float64) float64 {
	return math.Abs(got-want) / math.Max(1, math.Abs(want))
}

func checkVec(t *testing.T, what string, got, want []float64, source string) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%s has %d entries, want %d", what, len(got), len(want))
		return
	}
	for i := range want {
		if math.Abs(got[i]-want[i]) > pointTol*(1+math.Abs(want[i])) {
			t.Errorf("%s = %v, want %v (answer from %s)", what, fmtVec(got), fmtVec(want), source)
			return
		}
	}
}

func fmtVec(v []float64) string {
	s := "["
	for i, x := range v {
		if i > 0 {
			s += " "
		}
		s += fmt.Sprintf("%.6g", x)
	}
	return s + "]"
}
