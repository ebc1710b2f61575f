//go:build cbc && linux && amd64

package cbc

import (
	"context"
	"os"
	"os/signal"
	"strings"
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

// TestSignalDispositionKept: CBC's driver (CbcMain1) replaces the SIGINT
// handler with signal() during a solve and puts the previous one back the
// same way, which drops SA_ONSTACK and SA_SIGINFO from Go's handler
// (measured without the shim's guard: flags 0x1c000004 before a solve,
// 0x14000000 after it, and an interrupt during the rest of the solve ended
// the test binary with "non-Go code set up signal handler without
// SA_ONSTACK flag"). The disposition, sampled throughout a one-second
// solve and after it, stays Go's.
func TestSignalDispositionKept(t *testing.T) {
	before := sigintDisposition(t)
	m := marketSplit(4, 30, 5, lp.Minimize)
	stop := make(chan struct{})
	changed := make(chan kernelSigaction, 1)
	go func() {
		for {
			select {
			case <-stop:
				return
			default:
			}
			if now := sigintDisposition(t); now != before {
				changed <- now
				return
			}
			time.Sleep(200 * time.Microsecond)
		}
	}()
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	_, err := New().Solve(ctx, m, solve.Options{})
	close(stop)
	if err != nil {
		t.Fatal(err)
	}
	select {
	case now := <-changed:
		t.Errorf("SIGINT disposition changed during the solve: %+v, was %+v", now, before)
	default:
	}
	if after := sigintDisposition(t); after != before {
		t.Errorf("SIGINT disposition changed by the solve: %+v, was %+v", after, before)
	}
}

// TestInterruptDuringSolve: an interrupt 0.3 s into a market split solve
// reaches the process's handler (here signal.Notify) and does not end the
// process; the solve ends on its deadline of 5 s with time_limit and the
// incumbent.
func TestInterruptDuringSolve(t *testing.T) {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, syscall.SIGINT)
	defer signal.Stop(ch)
	m := marketSplit(4, 30, 13, lp.Minimize)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	timer := time.AfterFunc(300*time.Millisecond, func() { _ = syscall.Kill(os.Getpid(), syscall.SIGINT) })
	defer timer.Stop()
	var log strings.Builder
	sol, err := New().Solve(ctx, m, solve.Options{Log: &log})
	if err != nil {
		t.Fatal(err)
	}
	checkStopped(t, m, sol, lp.TimeLimit)
	select {
	case <-ch:
	case <-time.After(10 * time.Second):
		t.Fatalf("the interrupt did not reach signal.Notify; %s", log.String())
	}
	t.Log(log.String())
}
