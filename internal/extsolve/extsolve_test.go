package extsolve

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/streamopt/streamopt/lp"
)

// The lines are the summaries printed by clp 1.17.6 (coinor-clp) for NETLIB
// afiro and greenbea (-seconds 1) and for one-column unbounded and
// infeasible LPs.
func TestParseCLP(t *testing.T) {
	tests := []struct {
		out    string
		ok     bool
		status lp.Status
		obj    float64
		iter   int
		secs   float64
	}{
		{"Presolve 7 (-20) rows\nOptimal - objective value -464.75314\nOptimal objective -464.7531429 - 5 iterations time 0.002, Presolve 0.00\n", true, lp.Optimal, -464.7531429, 5, 0.002},
		{"Stopped objective -70969686.59 - 0 iterations time 1.012, Presolve 0.02\n", true, lp.TimeLimit, -70969686.59, 0, 1.012},
		{"Dual infeasible - objective value -1e+10\nDualInfeasible objective -1e+10 - 0 iterations time 0.002\n", true, lp.Unbounded, -1e10, 0, 0.002},
		{"Primal infeasible - objective value 0\nPrimalInfeasible objective 0 - 0 iterations time 0.002\n", true, lp.Infeasible, 0, 0, 0.002},
		{"Coin0001I ** Error reading file\n", false, 0, 0, 0, 0},
	}
	for _, tc := range tests {
		s, ok := ParseCLP([]byte(tc.out))
		if ok != tc.ok {
			t.Errorf("%q: ok = %v, want %v", tc.out, ok, tc.ok)
			continue
		}
		if ok && (s.Status != tc.status || s.Objective != tc.obj || s.Iterations != tc.iter || s.Seconds != tc.secs || s.HasObjective != (tc.status == lp.Optimal)) {
			t.Errorf("%q: got %+v, want %v %g %d %g", tc.out, s, tc.status, tc.obj, tc.iter, tc.secs)
		}
	}
}

// The outputs are the closing summaries of cbc 2.10.8 (coinor-cbc) on
// MIPLIB lseu (optimal) and sp150x300d (-sec 2), on a one-column model
// whose LP relaxation is infeasible (2.5 ≤ x ≤ 2.2) and on one with no
// integer point (2.3 ≤ x ≤ 2.7, x integer), and a file it cannot read.
func TestParseCBC(t *testing.T) {
	tests := []struct {
		out    string
		ok     bool
		status lp.Status
		obj    float64
		iter   int
		nodes  int
	}{
		{"Result - Optimal solution found\n\nObjective value:                1120.00000000\nEnumerated nodes:               24\nTotal iterations:               1546\nTime (CPU seconds):             0.40\n", true, lp.Optimal, 1120, 1546, 24},
		{"Result - Stopped on time limit\n\nObjective value:                69.00000000\nLower bound:                    61.006\nGap:                            0.13\nEnumerated nodes:               640\nTotal iterations:               4959\n", true, lp.TimeLimit, 69, 4959, 640},
		{"Problem INF has 2 rows, 1 columns and 2 elements\nCoin0008I INF read with 0 errors\nProblem is infeasible - 0.00 seconds\n", true, lp.Infeasible, 0, 0, 0},
		{"Continuous objective value is 2.3 - 0.00 seconds\nCgl0000I Cut generators found to be infeasible! (or unbounded)\nPre-processing says infeasible or unbounded\n", true, lp.InfeasibleOrUnbounded, 0, 0, 0},
		{"Coin0001I ** Error reading file\n", false, 0, 0, 0, 0},
	}
	for _, tc := range tests {
		s, ok := ParseCBC([]byte(tc.out))
		if ok != tc.ok {
			t.Errorf("%q: ok = %v, want %v", tc.out, ok, tc.ok)
			continue
		}
		if ok && (s.Status != tc.status || s.Objective != tc.obj || s.Iterations != tc.iter || s.Nodes != tc.nodes) {
			t.Errorf("%q: got %+v, want %v %g %d %d", tc.out, s, tc.status, tc.obj, tc.iter, tc.nodes)
		}
	}
}

// The solution lines and messages are glpsol 5.0's (-w) for NETLIB afiro,
// MIPLIB lseu, p0548 and sp150x300d (--tmlim 15), and for one-column LPs
// that are infeasible (x >= 3, x <= 2) and unbounded (min -x, x >= 3), and
// a MILP with no integer point (2.3 <= x <= 2.7).
func TestParseGLPK(t *testing.T) {
	tests := []struct {
		name, out, sol string
		ok             bool
		status         lp.Status
		obj            float64
		hasObj         bool
	}{
		{"afiro", "OPTIMAL LP SOLUTION FOUND\n", "c Problem: AFIRO\ns bas 27 32 f f -464.753142857143\n", true, lp.Optimal, -464.753142857143, true},
		{"lseu", "INTEGER OPTIMAL SOLUTION FOUND\n", "s mip 28 89 o 1120\n", true, lp.Optimal, 1120, true},
		{"p0548 at the limit", "TIME LIMIT EXCEEDED; SEARCH TERMINATED\n", "s mip 176 548 f 26164\n", true, lp.TimeLimit, 26164, true},
		{"sp150x300d at the limit", "TIME LIMIT EXCEEDED; SEARCH TERMINATED\n", "s mip 450 600 u 0\n", true, lp.TimeLimit, 0, false},
		{"infeasible LP", "PROBLEM HAS NO PRIMAL FEASIBLE SOLUTION\n", "s bas 2 1 u u 0\n", true, lp.Infeasible, 0, false},
		{"unbounded LP", "PROBLEM HAS NO DUAL FEASIBLE SOLUTION\n", "s bas 1 1 u u 0\n", true, lp.Unbounded, 0, false},
		{"MILP without integer point", "PROBLEM HAS NO PRIMAL FEASIBLE SOLUTION\n", "s mip 2 1 n 0\n", true, lp.Infeasible, 0, false},
		{"unreadable file", "infmip.mps:7: missing row name in field 3\nMPS file processing error\n", "", false, 0, 0, false},
	}
	for _, tc := range tests {
		s, ok := ParseGLPK([]byte(tc.out), []byte(tc.sol))
		if ok != tc.ok || (ok && (s.Status != tc.status || s.HasObjective != tc.hasObj || (tc.hasObj && s.Objective != tc.obj))) {
			t.Errorf("%s: got %+v, %v; want %v %g (objective %v), %v", tc.name, s, ok, tc.status, tc.obj, tc.hasObj, tc.ok)
		}
	}
}

// The outputs and exit codes are lp_solve 5.5.2's (-S1) for a one-column
// LP (optimum -11), MIPLIB p0548 stopped by -timeout 15 (SUBOPTIMAL),
// NETLIB greenbea (TIMEOUT), an infeasible LP and a file it cannot read.
func TestParseLPSolve(t *testing.T) {
	tests := []struct {
		name, out string
		code      int
		ok        bool
		status    lp.Status
		obj       float64
		hasObj    bool
	}{
		{"optimal", "\nValue of objective function: -11.00000000\n", 0, true, lp.Optimal, -11, true},
		{"suboptimal at the limit", "\nValue of objective function: 10702.00000000\n", 1, true, lp.TimeLimit, 10702, true},
		{"timeout", "\nUnacceptable accuracy found (worse than required 5e-07)\nTimeout\n", 7, true, lp.TimeLimit, 0, false},
		{"infeasible", "\nThis problem is infeasible\n", 2, true, lp.Infeasible, 0, false},
		{"unbounded", "\nThis problem is unbounded\n", 3, true, lp.Unbounded, 0, false},
		{"unreadable", "Unable to read model.\n", 255, false, 0, 0, false},
		{"optimal without a value", "\n", 0, false, 0, 0, false},
	}
	for _, tc := range tests {
		s, ok := ParseLPSolve([]byte(tc.out), tc.code)
		if ok != tc.ok || (ok && (s.Status != tc.status || s.HasObjective != tc.hasObj || (tc.hasObj && s.Objective != tc.obj))) {
			t.Errorf("%s: got %+v, %v; want %v %g (objective %v), %v", tc.name, s, ok, tc.status, tc.obj, tc.hasObj, tc.ok)
		}
	}
}

// tiny is min x + 2y s.t. x + y >= 1, x, y >= 0 (optimum 1 at (1, 0)) in
// each of the three kinds, written by hand.
var tiny = map[Kind]string{
	FixedMPS: "NAME          TINY\nROWS\n N  COST\n G  R1\nCOLUMNS\n    X         COST                 1   R1                   1\n" +
		"    Y         COST                 2   R1                   1\nRHS\n    RHS       R1                   1\nENDATA\n",
	FreeMPS: "NAME TINY\nROWS\n N COST\n G ROW_WITH_A_LONG_NAME\nCOLUMNS\n X COST 1 ROW_WITH_A_LONG_NAME 1\n" +
		" Y COST 2 ROW_WITH_A_LONG_NAME 1\nRHS\n RHS ROW_WITH_A_LONG_NAME 1\nENDATA\n",
	LP: "Minimize\n cost: x + 2 y\nSubject To\n r1: x + y >= 1\nEnd\n",
}

// TestRun solves tiny with every solver on PATH, in every kind it reads.
func TestRun(t *testing.T) {
	dir := t.TempDir()
	ext := map[Kind]string{FixedMPS: ".mps", FreeMPS: ".mps", LP: ".lp"}
	for _, s := range Solvers {
		bin, err := Find(s)
		if err != nil {
			t.Logf("%s not on PATH: skipped", s)
			continue
		}
		for kind, text := range tiny {
			path := filepath.Join(dir, string(s)+kind.String()+ext[kind])
			if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			r, err := Run(context.Background(), s, bin, path, kind, Options{Limit: 20 * time.Second})
			if s == LPSolve && kind == LP {
				if !errors.Is(err, ErrFormat) {
					t.Errorf("lp_solve on CPLEX LP: error %v, want ErrFormat", err)
				}
				continue
			}
			if err != nil {
				t.Errorf("%s on %v: %v\n%s", s, kind, err, r.Output)
				continue
			}
			if r.Status != lp.Optimal || !r.HasObjective || r.Objective != 1 || r.Wall <= 0 {
				t.Errorf("%s on %v: %v, objective %v (%v), wall %v; want optimal 1\n%s", s, kind, r.Status, r.Objective, r.HasObjective, r.Wall, r.Output)
			}
		}
	}
	if _, err := Run(context.Background(), CLP, "clp", "x.mps", FixedMPS, Options{MIP: true}); !errors.Is(err, ErrNotMILP) {
		t.Errorf("clp on a MILP: error %v, want ErrNotMILP", err)
	}
	if _, err := Run(context.Background(), Solver("cplex"), "cplex", "x.mps", FixedMPS, Options{}); err == nil {
		t.Error("unknown solver: no error")
	}
}

// TestRunKills runs a stand-in for clp that ignores its time limit: Run
// must kill it Grace after the limit and report a time limit. The bound
// on the wall time is a generous multiple of limit + grace.
func TestRunKills(t *testing.T) {
	sh := "/bin/sh"
	if _, err := os.Stat(sh); err != nil {
		t.Skip("no /bin/sh")
	}
	script := filepath.Join(t.TempDir(), "stuck")
	if err := os.WriteFile(script, []byte("#!/bin/sh\nexec sleep 60\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	limit, grace := time.Second, 200*time.Millisecond
	start := time.Now()
	r, err := Run(context.Background(), CLP, script, "x.mps", FixedMPS, Options{Limit: limit, Grace: grace})
	if err != nil {
		t.Fatal(err)
	}
	if !r.Killed || r.Status != lp.TimeLimit {
		t.Errorf("killed %v, status %v; want killed, time limit", r.Killed, r.Status)
	}
	if el := time.Since(start); el < limit || el > 5*(limit+grace) {
		t.Errorf("returned after %v; want between %v and 5×%v", el, limit, limit+grace)
	}
}

// The lines are those the script of runHiGHS prints with highs-js 1.15 for
// NETLIB afiro, an infeasible and an unbounded one-column LP, and for
// NETLIB stair written with a column named INFDP1, which HiGHS's LP reader
// cannot take (the WebAssembly module aborts).
func TestParseHiGHS(t *testing.T) {
	tests := []struct {
		out    string
		ok     bool
		status lp.Status
		obj    float64
	}{
		{"highs 7 -464.7531428571429\n", true, lp.Optimal, -464.7531428571429},
		{"highs 8 0\n", true, lp.Infeasible, 0},
		{"highs 10 0\n", true, lp.Unbounded, 0},
		{"highs 13 69\n", true, lp.TimeLimit, 69},
		{"highs 6 0\n", false, 0, 0},
		{"Aborted(undefined). Build with -sASSERTIONS for more info.\n", false, 0, 0},
	}
	for _, tc := range tests {
		s, ok := ParseHiGHS([]byte(tc.out))
		if ok != tc.ok || (ok && (s.Status != tc.status || s.Objective != tc.obj || s.HasObjective != (tc.status == lp.Optimal))) {
			t.Errorf("%q: got %+v, %v; want %v %g, %v", tc.out, s, ok, tc.status, tc.obj, tc.ok)
		}
	}
}
