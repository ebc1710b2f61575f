package main

import (
	"encoding/json"
	"path/filepath"
	"testing"
	"time"

	"github.com/streamopt/streamopt/lp/mps"
	"github.com/streamopt/streamopt/lp/presolve/presolvetest"
)

// TestLPCommandDenseRowTimeLimit writes presolvetest.DenseRow(100000), one
// row over all 100 000 columns, as MPS and runs
// "solve lp --time-limit 2s" on it. Either the solve finishes (exit 0,
// optimal, verified, objective −187499 as COIN-OR CLP 1.17 finds for the
// same file) or the limit stops it (exit 1, time_limit); anything else, an
// internal error in particular, fails. The command must also return
// within a generous bound: five times the limit plus the time to read the
// file, where presolve alone used to take minutes on this model.
func TestLPCommandDenseRowTimeLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("writes and solves a 100 000-column model")
	}
	m, err := presolvetest.DenseRow(100_000)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "dense.mps")
	if err := mps.WriteFile(path, m, mps.WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if _, err := mps.ReadFile(path); err != nil {
		t.Fatal(err)
	}
	read := time.Since(start)

	const limit = 2 * time.Second
	start = time.Now()
	code, out, errOut := runCLI("lp", "--time-limit", limit.String(), "--format", "json", path)
	took := time.Since(start)
	var a jsonAnswer
	if err := json.Unmarshal([]byte(out), &a); err != nil {
		t.Fatalf("exit %d, output is not an answer (%v)\n%s\n%s", code, err, out, errOut)
	}
	switch {
	case code == 0 && a.Status == "optimal":
		if a.Objective == nil || !near(*a.Objective, -187499) || a.Verification == nil || !a.Verification.OK {
			t.Errorf("optimal answer: objective %v, verification %+v", a.Objective, a.Verification)
		}
	case code == 1 && a.Status == "time_limit":
		t.Logf("stopped by the limit after %v", took)
	default:
		t.Fatalf("exit %d with status %q, want 0 and optimal or 1 and time_limit\n%s", code, a.Status, errOut)
	}
	if bound := 5 * (limit + read); took > bound {
		t.Errorf("returned after %v, more than %v", took, bound)
	}
}
