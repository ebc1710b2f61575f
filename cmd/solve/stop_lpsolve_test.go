//go:build lpsolve

package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/streamopt/streamopt/internal/instances"
)

// TestLPInterruptLPSolve interrupts lp_solve 2 s into MIPLIB p0548, which it
// does not solve in 5 minutes: the command prints the incumbent lp_solve
// has by then (its first comes after about 300 nodes), verified, with
// status time_limit, and exits 1. It used to exit 3 with no answer.
func TestLPInterruptLPSolve(t *testing.T) {
	inst := instances.MiplibNamed(t, "p0548")
	for _, gap := range []string{"0", "0.5"} {
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(2*time.Second, cancel)
		code, out, errs := runWithin(t, ctx, "lp", "--backend", "lpsolve", "--mip-gap", gap, inst.Path)
		cancel()
		if code != 1 || errs != "" {
			t.Errorf("--mip-gap %s: exit %d, stderr %q; want exit 1 and nothing on stderr", gap, code, errs)
		}
		for _, want := range []string{"status        time_limit", "objective     ", "verification  ok", "columns nonzero"} {
			if !strings.Contains(out, want) {
				t.Errorf("--mip-gap %s: the answer lacks %q:\n%s", gap, want, out)
			}
		}
	}
}
