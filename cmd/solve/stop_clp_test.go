//go:build clp

package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/streamopt/streamopt/internal/instances"
)

// TestLPInterruptCLP interrupts CLP 0.2 s into NETLIB d2q06c, which takes it
// seconds: the command prints status time_limit, says there is no point,
// and exits 1. CLP used to ignore the interrupt and finish.
func TestLPInterruptCLP(t *testing.T) {
	inst := instances.NetlibNamed(t, "d2q06c")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	time.AfterFunc(200*time.Millisecond, cancel)
	code, out, errs := runWithin(t, ctx, "lp", "--backend", "clp", inst.Path)
	if code != 1 || !strings.Contains(out, "status        time_limit") ||
		errs != "solve: stopped by an interrupt before the optimum: no point to report\n" {
		t.Errorf("exit %d, stdout %q, stderr %q; want exit 1, time_limit, no point", code, out, errs)
	}
}
