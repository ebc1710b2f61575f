// Package solvetest is the conformance suite every solver backend runs, in
// the spirit of MathOptInterface's shared tests and testing/fstest.TestFS:
// one set of small models with known answers, checked the same way on every
// backend, plus the NETLIB and MIPLIB instances with their known optima.
//
// A backend's test is one call:
//
//	func TestConformance(t *testing.T) {
//		solvetest.Run(t, func() solve.Backend { return mybackend.New() }, solvetest.Config{
//			Netlib: true,
//			Skip:   map[string]string{"greenbea": "needs a better pricing rule"},
//		})
//	}
//
// Subtests skip themselves, with the reason, when the backend lacks the
// capability they need (Duals, Rays, MILP). Every result is passed through
// solve.Verify and must pass it: primal feasibility (1e-7 scaled), integrality
// (1e-6), the objective against cᵀx + c₀ (1e-6 relative), and, where the
// backend returns them, the duals (sign convention c = Aᵀy + d of package lp,
// complementarity, duality gap) and infeasibility/unboundedness certificates.
// Optima must match the known value to 1e-6 relative (DefaultObjTol) unless
// Config.ObjTol says otherwise for a named instance.
//
// Each small case states where its answer comes from: a derivation by hand
// in a comment, or a run of scipy 1.10.1 (HiGHS); all of them were
// cross-checked with scipy. NETLIB optima come from shared/netlib/optimal.csv
// (GLPK's exact rational simplex), MIPLIB optima from shared/miplib/optimal.csv.
package solvetest
