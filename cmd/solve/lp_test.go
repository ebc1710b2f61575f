package main

import (
	"context"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/streamopt/streamopt/internal/instances"
	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/solve"
)

// Test backends registered only in this test binary, to reach the exit codes
// that correct backends never produce.
func init() {
	solve.Register("test-wrong", func() solve.Backend { return wrongBackend{} })
	solve.Register("test-panic", func() solve.Backend { return panicBackend{} })
}

// wrongBackend claims x = (10⁶, …) is optimal for every model.
type wrongBackend struct{}

func (wrongBackend) Name() string                     { return "test-wrong" }
func (wrongBackend) Capabilities() solve.Capabilities { return solve.Capabilities{LP: true} }
func (wrongBackend) Solve(_ context.Context, m *lp.Model, _ solve.Options) (*lp.Solution, error) {
	x := make([]float64, m.NumVars())
	for j := range x {
		x[j] = 1e6
	}
	return &lp.Solution{Status: lp.Optimal, X: x, Objective: m.Objective(x)}, nil
}

type panicBackend struct{}

func (panicBackend) Name() string                     { return "test-panic" }
func (panicBackend) Capabilities() solve.Capabilities { return solve.Capabilities{LP: true} }
func (panicBackend) Solve(context.Context, *lp.Model, solve.Options) (*lp.Solution, error) {
	panic("out of cheese")
}

// The models below are written for these tests; their answers are derived by
// hand in the comments.
const (
	// max 3x + 2y s.t. x + y ≤ 4, x + 3y ≤ 9, 0 ≤ x ≤ 3: optimum 11 at
	// (3, 1); R2 slack, so duals y = (2, 0), d = (1, 0) (the solvetest case
	// max_upper_bound derives them).
	smallMPS = `NAME          SMALL
OBJSENSE
    MAX
ROWS
 N  OBJ
 L  R1
 L  R2
COLUMNS
    X         OBJ       3.0        R1        1.0
    X         R2        1.0
    Y         OBJ       2.0        R1        1.0
    Y         R2        3.0
RHS
    RHS       R1        4.0        R2        9.0
BOUNDS
 UP BND       X         3.0
ENDATA
`
	// x + y ≤ 1 and x + y ≥ 2: infeasible.
	infeasibleMPS = `NAME          INFEAS
ROWS
 N  OBJ
 L  LE
 G  GE
COLUMNS
    X         OBJ       1.0        LE        1.0
    X         GE        1.0
    Y         OBJ       1.0        LE        1.0
    Y         GE        1.0
RHS
    RHS       LE        1.0        GE        2.0
ENDATA
`
	// min −x − y s.t. x − y ≤ 1: unbounded along (1, 1).
	unboundedMPS = `NAME          UNB
ROWS
 N  OBJ
 L  R
COLUMNS
    X         OBJ       -1.0       R         1.0
    Y         OBJ       -1.0       R         -1.0
RHS
    RHS       R         1.0
ENDATA
`
	// min x s.t. x ≥ 1.5, x integer in [0, 10]: a MILP with optimum x = 2.
	milpMPS = `NAME          MILP
ROWS
 N  OBJ
 G  R
COLUMNS
    MARKER    'MARKER'  'INTORG'
    X         OBJ       1.0        R         1.0
    MARKER    'MARKER'  'INTEND'
RHS
    RHS       R         1.5
BOUNDS
 UP BND       X         10.0
ENDATA
`
	// The ROWS section names a row type that does not exist (line 4).
	badMPS = `NAME          BAD
ROWS
 N  OBJ
 Q  R1
ENDATA
`
)

// jsonAnswer is the part of the JSON output the tests read.
type jsonAnswer struct {
	Status       string             `json:"status"`
	Objective    *float64           `json:"objective"`
	Backend      string             `json:"backend"`
	Iterations   int                `json:"iterations"`
	SolveSeconds *float64           `json:"solve_seconds"`
	Columns      map[string]float64 `json:"columns"`
	RowDuals     map[string]float64 `json:"row_duals"`
	FarkasRow    map[string]float64 `json:"farkas_row"`
	Ray          map[string]float64 `json:"ray"`
	Verification *struct {
		OK       bool     `json:"ok"`
		Problems []string `json:"problems"`
	} `json:"verification"`
}

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b)) }

func TestLPCommand(t *testing.T) {
	dir := t.TempDir()
	small := writeFile(t, dir, "small.mps", smallMPS)
	infeas := writeFile(t, dir, "infeas.mps", infeasibleMPS)
	unb := writeFile(t, dir, "unb.mps", unboundedMPS)
	milp := writeFile(t, dir, "milp.mps", milpMPS)
	bad := writeFile(t, dir, "bad.mps", badMPS)

	tests := []struct {
		name   string
		args   []string
		code   int
		stdout []string // substrings of stdout (table) …
		stderr string   // … and of stderr
		json   func(t *testing.T, a jsonAnswer)
	}{
		{
			name: "optimal table", args: []string{"lp", small, "--backend", "simplex"}, code: 0,
			stdout: []string{"status        optimal", "objective     11\n", "backend       simplex", "verification  ok", "X       3\n", "Y       1\n"},
		},
		{
			name: "optimal json with duals", args: []string{"lp", small, "--format", "json", "--backend", "simplex"}, code: 0,
			json: func(t *testing.T, a jsonAnswer) {
				if a.Status != "optimal" || a.Objective == nil || !near(*a.Objective, 11) || a.Backend != "simplex" {
					t.Errorf("status %q objective %v backend %q; want optimal 11 simplex", a.Status, a.Objective, a.Backend)
				}
				if !near(a.Columns["X"], 3) || !near(a.Columns["Y"], 1) {
					t.Errorf("columns %v, want X 3, Y 1", a.Columns)
				}
				if !near(a.RowDuals["R1"], 2) || !near(a.RowDuals["R2"], 0) {
					t.Errorf("row duals %v, want R1 2, R2 0", a.RowDuals)
				}
				if a.Verification == nil || !a.Verification.OK || a.SolveSeconds == nil {
					t.Errorf("verification %+v, solve_seconds %v", a.Verification, a.SolveSeconds)
				}
			},
		},
		{
			name: "gonum has no duals", args: []string{"lp", small, "--format", "json", "--backend", "gonum"}, code: 0,
			json: func(t *testing.T, a jsonAnswer) {
				if a.Status != "optimal" || !near(*a.Objective, 11) || a.Backend != "gonum" || a.RowDuals != nil {
					t.Errorf("status %q objective %v backend %q duals %v", a.Status, *a.Objective, a.Backend, a.RowDuals)
				}
			},
		},
		{
			name: "infeasible is a definitive answer", args: []string{"lp", infeas, "--format", "json", "--backend", "simplex"}, code: 0,
			json: func(t *testing.T, a jsonAnswer) {
				if a.Status != "infeasible" || a.Objective != nil || a.Columns != nil {
					t.Errorf("status %q objective %v columns %v", a.Status, a.Objective, a.Columns)
				}
				if a.FarkasRow == nil || !a.Verification.OK {
					t.Errorf("farkas %v verification %+v", a.FarkasRow, a.Verification)
				}
			},
		},
		{
			name: "unbounded is a definitive answer", args: []string{"lp", unb, "--format", "json", "--backend", "simplex"}, code: 0,
			json: func(t *testing.T, a jsonAnswer) {
				if a.Status != "unbounded" || a.Objective != nil || a.Ray == nil {
					t.Errorf("status %q objective %v ray %v; want unbounded, null, a ray", a.Status, a.Objective, a.Ray)
				}
			},
		},
		{name: "table for infeasible", args: []string{"lp", infeas, "--backend", "simplex"}, code: 0, stdout: []string{"status        infeasible", "Farkas certificate"}},
		{
			// min x, x ≥ 1.5, x integer in [0, 10]: x = 2 (milpMPS).
			name: "MILP on auto", args: []string{"lp", milp, "--format", "json"}, code: 0,
			json: func(t *testing.T, a jsonAnswer) {
				if a.Status != "optimal" || a.Objective == nil || !near(*a.Objective, 2) || !near(a.Columns["X"], 2) || a.RowDuals != nil {
					t.Errorf("status %q objective %v columns %v duals %v; want optimal 2, X 2, no duals", a.Status, a.Objective, a.Columns, a.RowDuals)
				}
			},
		},
		{name: "MILP table", args: []string{"lp", milp}, code: 0, stdout: []string{"(MILP, 1 rows, 1 columns", "best bound", "nodes"}},
		{name: "MILP on an LP-only backend", args: []string{"lp", milp, "--backend", "gonum"}, code: 2, stderr: `backend "gonum" missing capability MILP`},
		{name: "missing file", args: []string{"lp", filepath.Join(dir, "none.mps")}, code: 2, stderr: "none.mps"},
		{name: "malformed file", args: []string{"lp", bad}, code: 2, stderr: "bad.mps:4:"},
		{name: "unknown backend", args: []string{"lp", small, "--backend", "cplex"}, code: 2, stderr: `--backend: unknown backend "cplex"`},
		{name: "bad format", args: []string{"lp", small, "--format", "xml"}, code: 2, stderr: `--format: must be table, json or csv, got "xml"`},
		{name: "negative gap", args: []string{"lp", small, "--mip-gap", "-1"}, code: 2, stderr: "--mip-gap: must be finite and >= 0, got -1"},
		{name: "negative iteration limit", args: []string{"lp", small, "--iteration-limit", "-2"}, code: 2, stderr: "--iteration-limit: must be >= 0, got -2"},
		{name: "bad duration", args: []string{"lp", small, "--time-limit", "soon"}, code: 2, stderr: "time-limit"},
		{name: "no file", args: []string{"lp"}, code: 2, stderr: "accepts 1 arg"},
		{name: "unsupported option", args: []string{"lp", small, "--backend", "gonum", "--iteration-limit", "5"}, code: 2, stderr: "IterationLimit"},
		{name: "failed verification", args: []string{"lp", small, "--backend", "test-wrong"}, code: 3, stdout: []string{"status        numerical_error", "FAILED"}, stderr: "failed verification"},
		{name: "backend panic", args: []string{"lp", small, "--backend", "test-panic"}, code: 3, stderr: "panicked: out of cheese"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runCLI(tc.args...)
			if code != tc.code {
				t.Fatalf("exit code %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tc.code, out, errOut)
			}
			for _, s := range tc.stdout {
				if !strings.Contains(out, s) {
					t.Errorf("stdout lacks %q:\n%s", s, out)
				}
			}
			if !strings.Contains(errOut, tc.stderr) {
				t.Errorf("stderr %q lacks %q", errOut, tc.stderr)
			}
			if tc.json != nil {
				var a jsonAnswer
				if err := json.Unmarshal([]byte(out), &a); err != nil {
					t.Fatalf("stdout is not one JSON object: %v\n%s", err, out)
				}
				tc.json(t, a)
			}
		})
	}
}

func TestLPCommandOut(t *testing.T) {
	dir := t.TempDir()
	small := writeFile(t, dir, "small.mps", smallMPS)
	outPath := filepath.Join(dir, "sol.json")
	code, out, errOut := runCLI("lp", small, "--out", outPath)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "status        optimal") {
		t.Errorf("table output missing with --out:\n%s", out)
	}
	data, err := os.ReadFile(outPath)
	if err != nil {
		t.Fatal(err)
	}
	var a jsonAnswer
	if err := json.Unmarshal(data, &a); err != nil {
		t.Fatal(err)
	}
	// Optimum 11 hand-derived in smallMPS's comment.
	if a.Status != "optimal" || !near(*a.Objective, 11) || !near(a.Columns["X"], 3) {
		t.Errorf("file answer %+v", a)
	}
}

// TestLPCommandLimits runs NETLIB afiro, whose optimum -464.753142857143
// comes from shared/netlib/optimal.csv (GLPK exact simplex).
func TestLPCommandLimits(t *testing.T) {
	dir := instances.DirOrSkip(t)
	afiro := filepath.Join(dir, "netlib", "afiro.mps")
	code, out, errOut := runCLI("lp", afiro, "--format", "json")
	var a jsonAnswer
	if code != 0 || json.Unmarshal([]byte(out), &a) != nil || a.Status != "optimal" || !near(*a.Objective, -464.753142857143) {
		t.Fatalf("afiro: exit %d, %s %s", code, out, errOut)
	}
	if a.Iterations < 2 {
		t.Skipf("afiro took %d iterations; the limit test needs more", a.Iterations)
	}
	code, out, _ = runCLI("lp", afiro, "--format", "json", "--iteration-limit", "1")
	if code != 1 {
		t.Fatalf("iteration limit: exit %d, want 1\n%s", code, out)
	}
	a = jsonAnswer{}
	if err := json.Unmarshal([]byte(out), &a); err != nil || a.Status != "iteration_limit" {
		t.Errorf("iteration limit: status %q (%v)", a.Status, err)
	}

	// A deadline that has passed before the solve starts.
	code, out, _ = runCLI("lp", afiro, "--time-limit", "1ns")
	if code != 1 || !strings.Contains(out, "status        time_limit") {
		t.Errorf("time limit: exit %d, want 1\n%s", code, out)
	}
}
