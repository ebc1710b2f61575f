package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"github.com/streamopt/streamopt/fault"
	"github.com/streamopt/streamopt/internal/progress"
)

// runFlags are the flags every model command shares: a time limit, and how
// progress is shown on stderr.
type runFlags struct {
	timeLimit time.Duration
	progress  string

	printer   *progress.Printer // set by start
	stdin     io.Reader         // set by start: what --input - reads
	stdinCopy *bytes.Buffer     // what readModel read of stdin
}

func addRunFlags(fl *pflag.FlagSet, f *runFlags) {
	fl.DurationVar(&f.timeLimit, "time-limit", 0,
		"stop after this long, e.g. 30s or 2m, print what finished marked as partial, and exit 1 (0 = no limit)")
	fl.StringVar(&f.progress, "progress", "auto",
		"progress on stderr: auto (a bar on a terminal, otherwise a line every few seconds), bar, plain or off")
}

// start checks the flags every model command shares, and the value of its
// --backend flag (before any work, so that a bogus name is refused even
// when no solve would reach it), and returns the command's context: the
// interrupt-aware context of run, with the time limit on top. The caller
// must call cancel.
func (f *runFlags) start(cmd *cobra.Command, backend string) (ctx context.Context, cancel context.CancelFunc, err error) {
	if err := checkBackend("--backend", backend); err != nil {
		return nil, nil, err
	}
	if f.timeLimit < 0 {
		return nil, nil, fault.Errorf(fault.ErrInput, "--time-limit: must be >= 0, got %v", f.timeLimit)
	}
	mode, err := progress.ParseMode(f.progress)
	if err != nil {
		return nil, nil, fault.Errorf(fault.ErrInput, "--progress: %w", err)
	}
	f.printer = progress.New(cmd.ErrOrStderr(), mode)
	f.stdin = cmd.InOrStdin()
	ctx = cmd.Context()
	if ctx == nil {
		ctx = context.Background()
	}
	if f.timeLimit > 0 {
		ctx, cancel = context.WithTimeout(ctx, f.timeLimit)
	} else {
		ctx, cancel = context.WithCancel(ctx)
	}
	return ctx, cancel, nil
}

// task is the progress callback of one long step ("tpd ρ=0.95", "replications").
func (f *runFlags) task(label, unit string) func(done, total int) {
	return f.printer.Task(label, unit)
}

// stopped reports whether err says that ctx stopped the work: ctx is done
// and err carries the limit kind (package fault).
func stopped(ctx context.Context, err error) bool {
	return err != nil && ctx.Err() != nil && errors.Is(err, ctx.Err())
}

// stopReason says, for the partial marker, what stopped ctx.
func (f *runFlags) stopReason(ctx context.Context) string {
	return stopReason(ctx, f.timeLimit)
}

// stopReason says what stopped ctx, under a --time-limit of timeLimit.
func stopReason(ctx context.Context, timeLimit time.Duration) string {
	switch {
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		return fmt.Sprintf("the time limit (%v)", timeLimit)
	case context.Cause(ctx) != nil && context.Cause(ctx) != context.Canceled:
		// signal.NotifyContext's cause: "interrupt signal received".
		return "a signal (" + context.Cause(ctx).Error() + ")"
	}
	return "a cancellation"
}

// readStopped is the error of a command that ctx stopped while it read its
// input file path: exit code 1, with nothing printed but this line.
func readStopped(ctx context.Context, timeLimit time.Duration, path string) error {
	return fault.Errorf(fault.ErrLimit, "%s: stopped by %s while reading it; no answer", path, stopReason(ctx, timeLimit))
}

// stoppedBy is the JSON value of "stopped_by".
func stoppedBy(ctx context.Context) string {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return "time_limit"
	}
	return "interrupt"
}

// partialLine is the marker a partial table ends with, e.g. "partial:
// stopped by the time limit (5s) after 37 of 100 replications".
func (f *runFlags) partialLine(ctx context.Context, after string) string {
	return fmt.Sprintf("partial: stopped by %s after %s", f.stopReason(ctx), after)
}

// partialExit is what a command returns once it has printed a partial
// answer: exit code 1 and one line on stderr. It clears a progress bar left
// on screen first.
func (f *runFlags) partialExit(ctx context.Context) error {
	f.printer.Clear()
	return fault.Errorf(fault.ErrLimit, "stopped by %s; the output is partial", f.stopReason(ctx))
}

// finish is what a command returns once its answer is written: the
// partial exit after a run stopped early (partial says what finished),
// else nil.
func (f *runFlags) finish(ctx context.Context, partial string) error {
	if partial == "" {
		return nil
	}
	return f.partialExit(ctx)
}

// addWorkersFlag defines --workers, the replication pool of a simulating
// command (replication r uses stream r whatever the pool, so the output
// does not depend on it).
func addWorkersFlag(fl *pflag.FlagSet, workers *int) {
	fl.IntVar(workers, "workers", 0, "replications run at once (0 = one per core); the results do not depend on it")
}

// checkWorkers refuses a negative --workers.
func checkWorkers(workers int) error {
	if workers < 0 {
		return fault.Errorf(fault.ErrInput, "--workers: must be >= 0 (0 = one per core), got %d", workers)
	}
	return nil
}
