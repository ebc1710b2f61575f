package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/txtar"
)

// limitFiles writes the instances of testdata/script/limits.txtar into a
// temporary directory and returns it.
func limitFiles(t *testing.T) string {
	t.Helper()
	ar, err := txtar.ParseFile(filepath.Join("testdata", "script", "limits.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, f := range ar.Files {
		if err := os.WriteFile(filepath.Join(dir, f.Name), f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestPartialExitCode runs every model command in-process on a context
// that is already cancelled, as after an interrupt, and with a short time
// limit: each prints a partial answer and exits 1 exactly.
func TestPartialExitCode(t *testing.T) {
	dir := limitFiles(t)
	in := func(name string) string { return filepath.Join(dir, name) }
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, tc := range []struct {
		name string
		ctx  context.Context
		args []string
		want string
	}{
		{"tpd", cancelled, []string{"tpd", "--input", in("tpd.json"), "--runs", "50", "--bound", "srpt"},
			"partial: stopped by a cancellation after 0 of 50 replications of mode stable"},
		{"rmts", cancelled, []string{"rmts", "--input", in("rmts.json"), "--runs", "50"},
			"partial: stopped by a cancellation after 0 of 250 replications"},
		// A trace's bound and its simulations are one unit of the study, so
		// a run with the bound stops between traces too.
		{"rmts bounds", cancelled, []string{"rmts", "--input", in("rmts.json"), "--runs", "50", "--bound", "--backend", "simplex"},
			"partial: stopped by a cancellation after 0 of 250 replications"},
		{"mps", cancelled, []string{"mps", "--input", in("mps.json")},
			"partial: stopped by a cancellation after planning 0 of 4 policies (stopped in S1), before any of the 101 sweep points"},
		{"rrs", cancelled, []string{"rrs", "--input", in("nonconcave.json")},
			"partial: stopped by a cancellation after 0 branch-and-bound nodes of global: no feasible policy yet"},
		{"rrs kkt-milp", cancelled, []string{"rrs", "--input", in("nonconcave.json"), "--method", "kkt-milp"},
			"partial: stopped by a cancellation after 0 branch-and-bound nodes of kkt-milp: no feasible policy yet"},
		{"rmts time limit", context.Background(), []string{"rmts", "--input", in("rmts.json"), "--runs", "100000", "--time-limit", "200ms"},
			"partial: stopped by the time limit (200ms) after "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := runContext(tc.ctx, tc.args, &stdout, &stderr)
			if code != 1 {
				t.Errorf("exit code %d, want 1; stderr:\n%s", code, stderr.String())
			}
			if !strings.Contains(stdout.String(), tc.want) {
				t.Errorf("stdout lacks %q:\n%s", tc.want, stdout.String())
			}
			if !strings.Contains(stderr.String(), "the output is partial") {
				t.Errorf("stderr does not say the output is partial:\n%s", stderr.String())
			}
		})
	}
}

// TestInterrupt sends SIGINT to a running "solve rmts" in a child process
// (the test binary, on PATH as "solve" through TestMain): it must print its
// partial table and exit 1, not die of the signal.
func TestInterrupt(t *testing.T) {
	dir := limitFiles(t)
	bin, err := exec.LookPath("solve")
	if err != nil {
		t.Fatalf("the solve command of TestMain is not on PATH: %v", err)
	}
	cmd := exec.Command(bin, "rmts", "--input", filepath.Join(dir, "rmts.json"), "--runs", "100000", "--progress", "bar")
	var stdout bytes.Buffer
	cmd.Stdout = &stdout
	errPipe, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// The bar's first frame comes after the signal handler is installed
	// (run installs it before any command runs): then interrupt.
	stderr := bufio.NewReader(errPipe)
	if _, err := stderr.ReadByte(); err != nil {
		t.Fatalf("no progress on stderr: %v", err)
	}
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	// Read stderr to its end (the process exited), then reap the process.
	var errText string
	waited := make(chan error, 1)
	go func() {
		b, _ := io.ReadAll(stderr)
		errText = string(b)
		waited <- cmd.Wait()
	}()
	select {
	case <-waited:
	case <-time.After(10 * time.Second): // a generous bound: it stops within one replication
		_ = cmd.Process.Kill()
		<-waited
		t.Fatal("solve rmts still ran 10 s after SIGINT")
	}
	if code := cmd.ProcessState.ExitCode(); code != 1 {
		t.Errorf("exit code %d (%v), want 1; stderr:\n%s", code, cmd.ProcessState, errText)
	}
	if want := "partial: stopped by a signal (interrupt signal received) after "; !strings.Contains(stdout.String(), want) {
		t.Errorf("stdout lacks %q:\n%s", want, stdout.String())
	}
	if !strings.Contains(errText, "solve: stopped by a signal") {
		t.Errorf("stderr does not say what stopped the run:\n%s", errText)
	}
}
