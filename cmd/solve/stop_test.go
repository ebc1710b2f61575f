package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/solve"
)

func init() {
	solve.Register("test-deaf", func() solve.Backend { return deafBackend{} })
	solve.Register("test-interrupted", func() solve.Backend { return interruptedBackend{} })
}

// interrupt is what interruptedBackend calls before it solves: the test's
// cancel of the command's context, so that the interrupt comes after the
// model file was read.
var interrupt = func() {}

// interruptedBackend is the simplex backend interrupted as it starts.
type interruptedBackend struct{}

func (interruptedBackend) Name() string { return "test-interrupted" }
func (interruptedBackend) Capabilities() solve.Capabilities {
	return solve.Capabilities{LP: true, MILP: true}
}
func (interruptedBackend) Solve(ctx context.Context, m *lp.Model, o solve.Options) (*lp.Solution, error) {
	interrupt()
	b, err := solve.Open("simplex")
	if err != nil {
		return nil, err
	}
	return b.Solve(ctx, m, o)
}

// deafBackend ignores its context and takes ten minutes, as a native
// library that never looks at its stop signal would.
type deafBackend struct{}

func (deafBackend) Name() string                     { return "test-deaf" }
func (deafBackend) Capabilities() solve.Capabilities { return solve.Capabilities{LP: true, MILP: true} }
func (deafBackend) Solve(context.Context, *lp.Model, solve.Options) (*lp.Solution, error) {
	time.Sleep(10 * time.Minute)
	return nil, nil
}

// runWithin runs the command line in-process under ctx and fails the test,
// instead of hanging, when it has not returned within a minute.
func runWithin(t *testing.T, ctx context.Context, args ...string) (int, string, string) {
	t.Helper()
	type result struct {
		code     int
		out, err string
	}
	done := make(chan result, 1)
	go func() {
		var out, errb bytes.Buffer
		code := runContext(ctx, args, &out, &errb)
		done <- result{code, out.String(), errb.String()}
	}()
	select {
	case r := <-done:
		return r.code, r.out, r.err
	case <-time.After(time.Minute):
		t.Fatalf("solve %s did not return within a minute", strings.Join(args, " "))
		return 0, "", ""
	}
}

// TestLPBackendDoesNotStop: a backend that ignores the time limit is
// abandoned solve.StopGrace after it; the command exits 1 saying that the
// backend did not stop and that there is no answer, and prints none.
func TestLPBackendDoesNotStop(t *testing.T) {
	in := writeFile(t, t.TempDir(), "small.mps", smallMPS)
	code, out, errs := runWithin(t, context.Background(), "lp", "--backend", "test-deaf", "--time-limit", "50ms", in)
	if code != 1 || out != "" || !strings.Contains(errs, `backend did not stop: backend "test-deaf"`) || !strings.Contains(errs, "no answer is available") {
		t.Errorf("exit %d, stdout %q, stderr %q; want exit 1, no answer, and why", code, out, errs)
	}
}

// TestLPInterruptWithoutPoint: an interrupt that stops a MILP before any
// feasible point prints the status and exits 1 saying so; an LP says that
// there is no point to report.
func TestLPInterruptWithoutPoint(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct{ name, body, want string }{
		{"milp.mps", milpMPS, "solve: stopped by an interrupt: no feasible point found\n"},
		{"small.mps", smallMPS, "solve: stopped by an interrupt before the optimum: no point to report\n"},
	} {
		ctx, cancel := context.WithCancel(context.Background())
		interrupt = cancel
		code, out, errs := runWithin(t, ctx, "lp", "--backend", "test-interrupted", writeFile(t, dir, tc.name, tc.body))
		interrupt = func() {}
		cancel()
		if code != 1 || !strings.Contains(out, "time_limit") || errs != tc.want {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit 1, status time_limit, %q", tc.name, code, out, errs, tc.want)
		}
	}
}
