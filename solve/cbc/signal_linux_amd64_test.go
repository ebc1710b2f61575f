//go:build cbc && linux && amd64

package cbc

import (
	"context"
	"os"
	"os/signal"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/solve"
)

// kernelSigaction is struct sigaction as rt_sigaction takes it on
// linux/amd64.
type kernelSigaction struct {
	handler  uintptr
	flags    uint64
	restorer uintptr
	mask     uint64
}

func sigintDisposition(t *testing.T) kernelSigaction {
	t.Helper()
	var sa kernelSigaction
	if _, _, e := syscall.RawSyscall6(syscall.SYS_RT_SIGACTION, uintptr(syscall.SIGINT), 0, uintptr(unsafe.Pointer(&sa)), 8, 0, 0); e != 0 {
		t.Fatalf("rt_sigaction: %v", e)
	}
	return sa
}

// TestSignalDispositionKept: CBC's driver (CbcMain1) installs its own
// SIGINT handler with signal() and puts the previous one back the same
// way, which drops SA_ONSTACK and SA_SIGINFO from Go's handler (measured:
// flags 0x1c000004 before a solve, 0x14000000 after it without the
// backend's restore). After a solve the disposition is Go's, unchanged,
// and an interrupt still reaches signal.Notify.
func TestSignalDispositionKept(t *testing.T) {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, syscall.SIGINT)
	defer signal.Stop(ch)
	before := sigintDisposition(t)
	m := marketSplit(2, 8, 5, lp.Minimize)
	if _, err := New().Solve(context.Background(), m, solve.Options{}); err != nil {
		t.Fatal(err)
	}
	if after := sigintDisposition(t); after != before {
		t.Fatalf("SIGINT disposition changed by the solve: %+v, was %+v", after, before)
	}
	if err := syscall.Kill(os.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	select {
	case <-ch:
	case <-time.After(10 * time.Second):
		t.Fatal("the interrupt did not reach signal.Notify")
	}
}
