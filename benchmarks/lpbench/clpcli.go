package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/streamopt/streamopt/lp"
)

// runCLI solves the MPS file with the clp command (dual simplex, CLP's
// default presolve) and fills r from its summary line.
func runCLI(r *result, clp, path string, timeout time.Duration) {
	secs := strconv.FormatFloat(timeout.Seconds(), 'f', 0, 64)
	out, ok, err := runCommand(r, timeout, clp, path, "-seconds", secs, "-dualsimplex")
	if !ok {
		return
	}
	s, ok := parseCLI(out)
	if !ok {
		r.status = "error"
		r.note = fmt.Sprintf("no summary line in clp output (exit %v)", err)
		return
	}
	r.status, r.iterations = s.status.String(), s.iterations
	r.note = fmt.Sprintf("clp reports %g s for the solve", s.seconds)
	if s.status == lp.Optimal {
		r.objective, r.hasObj = s.objective, true
	}
}

// runCommand runs an external solver with its own time limit set in args
// and records in r its wall-clock time and the user + system CPU time the
// operating system reports (reading the file included). It returns the
// combined output and exit error, and false, with r's status set, when the
// process had to be killed 10 s after the limit.
func runCommand(r *result, timeout time.Duration, name string, args ...string) (out []byte, finished bool, exitErr error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout+10*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	start := time.Now()
	out, err := cmd.CombinedOutput()
	r.seconds = time.Since(start).Seconds()
	if ps := cmd.ProcessState; ps != nil {
		r.cpu = (ps.UserTime() + ps.SystemTime()).Seconds()
	}
	if ctx.Err() != nil {
		r.status, r.note = lp.TimeLimit.String(), filepath.Base(name)+" killed after the time limit"
		return nil, false, nil
	}
	return out, true, err
}

type cliSummary struct {
	status     lp.Status
	objective  float64
	iterations int
	seconds    float64
}

// summaryRE matches clp's last line, e.g.
//
//	Optimal objective -464.7531429 - 5 iterations time 0.002, Presolve 0.00
//	PrimalInfeasible objective 0 - 0 iterations time 0.002
//	Stopped objective -70969686.59 - 0 iterations time 1.012, Presolve 0.02
var summaryRE = regexp.MustCompile(`^(.*?)\s*(?:-\s*)?objective(?: value)?\s+(\S+)\s+-\s+(\d+) iterations time (\S+?),?(?:\s|$)`)

// parseCLI reads the status, objective, iterations and solve time from the
// output of the clp command.
func parseCLI(out []byte) (cliSummary, bool) {
	var s cliSummary
	found := false
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		m := summaryRE.FindStringSubmatch(strings.TrimSpace(sc.Text()))
		if m == nil {
			continue
		}
		obj, err1 := strconv.ParseFloat(m[2], 64)
		it, err2 := strconv.Atoi(m[3])
		t, err3 := strconv.ParseFloat(m[4], 64)
		if err1 != nil || err2 != nil || err3 != nil {
			continue
		}
		switch w := strings.ToLower(strings.ReplaceAll(m[1], " ", "")); {
		case strings.HasPrefix(w, "optimal"):
			s.status = lp.Optimal
		case strings.HasPrefix(w, "primalinfeasible"):
			s.status = lp.Infeasible
		case strings.HasPrefix(w, "dualinfeasible"):
			s.status = lp.Unbounded
		case strings.HasPrefix(w, "stopped"):
			// The only limit given to clp is -seconds.
			s.status = lp.TimeLimit
		default:
			s.status = lp.NumericalError
		}
		s.objective, s.iterations, s.seconds = obj, it, t
		found = true
	}
	return s, found
}
