package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

const stopModel = "NAME small\nROWS\n N obj\n L r\nCOLUMNS\n x obj -3 r 1\nRHS\n rhs r 4\nENDATA\n"

// TestReadStopped: a command whose context is done while it reads its
// input prints nothing on stdout, one line on stderr naming the file and
// what stopped it, and exits 1: lp and convert on a model file, a model
// command on its --input. Before, the readers did not look at the context:
// lp read the whole file and went on.
func TestReadStopped(t *testing.T) {
	dir := t.TempDir()
	model := filepath.Join(dir, "small.mps")
	if err := os.WriteFile(model, []byte(stopModel), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out.lp")
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"lp", []string{"lp", model}},
		{"convert", []string{"convert", model, out}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := runContext(cancelled, tc.args, &stdout, &stderr)
			want := "solve: " + model + ": stopped by a cancellation while reading it; no answer\n"
			if code != 1 || stdout.Len() > 0 || stderr.String() != want {
				t.Errorf("exit code %d, stdout %q, stderr %q; want 1, nothing, %q", code, stdout.String(), stderr.String(), want)
			}
			if _, err := os.Stat(out); err == nil {
				t.Error("convert wrote its output")
			}
		})
	}
}

// TestReadStoppedPipe: a read that waits on a pipe with nothing more to
// read ends when the context is done (before, an interrupt waited for the
// writer): lp on a model file, rrs on its --input.
func TestReadStoppedPipe(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("needs /dev/fd")
	}
	for _, tc := range []struct {
		name, first string
		args        func(path string) []string
	}{
		{"lp", "NAME small\n", func(p string) []string { return []string{"lp", p} }},
		{"rrs", "{", func(p string) []string { return []string{"rrs", "--input", p} }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pr := silentPipe(t, tc.first)
			path := fmt.Sprintf("/dev/fd/%d", pr.Fd())
			var stdout, stderr bytes.Buffer
			code := runCancelled(t, tc.name, func(ctx context.Context) int {
				return runContext(ctx, tc.args(path), &stdout, &stderr)
			})
			if want := path + ": stopped by a cancellation while reading it; no answer"; code != 1 || !strings.Contains(stderr.String(), want) {
				t.Errorf("exit code %d, stderr %q; want 1 and %q", code, stderr.String(), want)
			}
		})
	}
}

// silentPipe returns the read end of a pipe that holds first and then
// stays open and silent until the test ends.
func silentPipe(t *testing.T, first string) *os.File {
	t.Helper()
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { pr.Close(); pw.Close() })
	if _, err := pw.WriteString(first); err != nil {
		t.Fatal(err)
	}
	return pr
}

// runCancelled calls run with a context it cancels at once and returns
// run's exit code; name says in the failure what still runs when run has
// not returned 30 s later (a generous bound against a hang: it returns at
// once).
func runCancelled(t *testing.T, name string, run func(ctx context.Context) int) int {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int, 1)
	go func() { done <- run(ctx) }()
	cancel()
	select {
	case code := <-done:
		return code
	case <-time.After(30 * time.Second):
		t.Fatalf("%s still reading 30 s after the cancellation", name)
		return 0
	}
}
