package main

import (
	"context"
	"fmt"
	"path/filepath"
	"time"

	"github.com/streamopt/streamopt/internal/extsolve"
	"github.com/streamopt/streamopt/lp"
)

// CBCName is the name under which the cbc command-line solver appears; it
// is the external reference of the MILP instances.
const CBCName = "cbc-cli"

// runCLI solves the MPS file with the clp command (dual simplex, CLP's
// default presolve) and fills r from its summary line.
func runCLI(r *result, clp, path string, timeout time.Duration) {
	res, ok := runExternal(r, extsolve.CLP, clp, path, timeout)
	if ok {
		r.note = fmt.Sprintf("clp reports %g s for the solve", res.SolveSeconds)
	}
}

// runCBC solves the MPS file with the cbc command (its default cuts,
// heuristics and presolve) and fills r from its closing summary.
func runCBC(r *result, cbc, path string, timeout time.Duration) {
	res, ok := runExternal(r, extsolve.CBC, cbc, path, timeout)
	if ok {
		r.note = fmt.Sprintf("cbc: %d nodes", res.Nodes)
	}
}

// runExternal runs an external solver (internal/extsolve) with its own time
// limit, killed 10 s after it, and records in r its status, objective,
// wall-clock time and the user + system CPU time the operating system
// reports (reading the file included). It reports false, with r's status
// and note set, when the run gave no result.
func runExternal(r *result, s extsolve.Solver, bin, path string, timeout time.Duration) (extsolve.Result, bool) {
	res, err := extsolve.Run(context.Background(), s, bin, path, extsolve.FixedMPS, extsolve.Options{Limit: timeout})
	r.seconds, r.cpu = res.Wall.Seconds(), res.CPU.Seconds()
	switch {
	case res.Killed:
		r.status, r.note = lp.TimeLimit.String(), filepath.Base(bin)+" killed after the time limit"
		return res, false
	case err != nil:
		r.status, r.note = "error", fmt.Sprintf("%v (exit %d)", err, res.ExitCode)
		return res, false
	}
	r.status, r.iterations = res.Status.String(), res.Iterations
	if res.Status == lp.Optimal {
		r.objective, r.hasObj = res.Objective, true
	}
	return res, true
}
