package main

import (
	"errors"
	"os"
	"os/exec"
	"syscall"
	"testing"
)

// fatalErrorEnv makes the test binary end in a Go runtime fatal error
// after abortOnFatalError, as main would (see TestMain).
const fatalErrorEnv = "STREAMOPT_TEST_FATAL_ERROR"

// TestRuntimeFatalErrorIsNotBadInput checks the README's promise that a Go
// runtime fatal error (out of memory, an unrecovered panic) never exits with 2, the
// code of bad input: it ends by SIGABRT. Without abortOnFatalError the
// runtime exits 2.
func TestRuntimeFatalErrorIsNotBadInput(t *testing.T) {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), fatalErrorEnv+"=1", "GOTRACEBACK=")
	out, err := cmd.CombinedOutput()
	var ee *exec.ExitError
	if !errors.As(err, &ee) {
		t.Fatalf("want the process to die of a fatal error, got err=%v\n%s", err, out)
	}
	ws, ok := ee.Sys().(syscall.WaitStatus)
	if !ok || !ws.Signaled() || ws.Signal() != syscall.SIGABRT {
		t.Fatalf("want death by SIGABRT, got exit code %d (%v)\n%.300s", ee.ExitCode(), ee, out)
	}
}
