package main

import (
	"bufio"
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/streamopt/streamopt/lp"
)

// CBCName is the name under which the cbc command-line solver appears; it
// is the external reference of the MILP instances.
const CBCName = "cbc-cli"

// runCBC solves the MPS file with the cbc command (its default cuts,
// heuristics and presolve) and fills r from its closing summary.
func runCBC(r *result, cbc, path string, timeout time.Duration) {
	secs := strconv.FormatFloat(timeout.Seconds(), 'f', 0, 64)
	out, ok, err := runCommand(r, timeout, cbc, path, "-sec", secs, "-solve", "-quit")
	if !ok {
		return
	}
	s, ok := parseCBC(out)
	if !ok {
		r.status = "error"
		r.note = fmt.Sprintf("no result line in cbc output (exit %v)", err)
		return
	}
	r.status, r.iterations = s.status.String(), s.iterations
	r.note = fmt.Sprintf("cbc: %d nodes", s.nodes)
	if s.status == lp.Optimal {
		r.objective, r.hasObj = s.objective, true
	}
}

type cbcSummary struct {
	status     lp.Status
	objective  float64
	iterations int
	nodes      int
}

// parseCBC reads cbc's closing summary, e.g.
//
//	Result - Optimal solution found
//
//	Objective value:                1120.00000000
//	Enumerated nodes:               24
//	Total iterations:               1546
//
// The result line may also say "Stopped on time limit" and the like. When
// cbc's presolve decides the model it prints instead "Problem is
// infeasible" (the LP relaxation) or "Pre-processing says infeasible or
// unbounded" (its cut generators), with no result line.
func parseCBC(out []byte) (cbcSummary, bool) {
	var s cbcSummary
	found := false
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case strings.HasPrefix(line, "Problem is infeasible"):
			s.status, found = lp.Infeasible, true
			continue
		case strings.HasPrefix(line, "Pre-processing says infeasible or unbounded"):
			s.status, found = lp.InfeasibleOrUnbounded, true
			continue
		}
		if res, ok := strings.CutPrefix(line, "Result - "); ok {
			found = true
			low := strings.ToLower(res)
			switch {
			case strings.Contains(low, "optimal solution found"):
				s.status = lp.Optimal
			case strings.Contains(low, "time limit"):
				s.status = lp.TimeLimit
			case strings.Contains(low, "node limit"):
				s.status = lp.NodeLimit
			case strings.Contains(low, "infeasible"):
				s.status = lp.Infeasible
			case strings.Contains(low, "unbounded"):
				s.status = lp.Unbounded
			default:
				found = false
			}
			continue
		}
		key, val, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		val = strings.TrimSpace(val)
		switch key {
		case "Objective value":
			if v, err := strconv.ParseFloat(val, 64); err == nil {
				s.objective = v
			}
		case "Enumerated nodes":
			s.nodes, _ = strconv.Atoi(val)
		case "Total iterations":
			s.iterations, _ = strconv.Atoi(val)
		}
	}
	return s, found
}
