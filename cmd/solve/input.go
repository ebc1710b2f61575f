package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/streamopt/streamopt/solve"
)

// checkFormat validates the --format flag the commands share.
func checkFormat(format string) error {
	if format != "table" && format != "json" {
		return inputError(fmt.Errorf("--format: must be table or json, got %q", format))
	}
	return nil
}

// checkBackend refuses, before any work starts, a backend name given by
// flag that is neither "auto" nor compiled in (solve.CheckBackend): an input
// error that names the flag and the value and lists the backends.
func checkBackend(flag, name string) error {
	if err := solve.CheckBackend(name); err != nil {
		return inputError(fmt.Errorf("%s: %w", flag, err))
	}
	return nil
}

// checkCount refuses a count flag below 1 or above the model's cap, before
// any work starts; what says what is counted.
func checkCount(flag string, n, limit int, what string) error {
	switch {
	case n < 1:
		return inputError(fmt.Errorf("%s: must be >= 1, got %d", flag, n))
	case n > limit:
		return inputError(fmt.Errorf("%s: %d %s, over the cap of %d", flag, n, what, limit))
	}
	return nil
}

// readModel checks the --input and --format flags of a model command, then
// opens the input file and parses it with parse, which reads at most
// jsoninput.MaxBytes of it (a larger regular file is refused from its
// size, a pipe or device after that many bytes). Every failure is an input
// error (exit code 2) that names the file, except a stop: once ctx (the
// command's, see runFlags.start) is done, a read waiting on a pipe ends,
// and a parse that failed then is exit code 1 with one line (readStopped).
// An input read whole goes to the command, which prints its partial answer.
func readModel[T any](ctx context.Context, rf *runFlags, input, format string, parse func(io.Reader) (T, error)) (T, error) {
	var zero T
	if input == "" {
		return zero, inputError(errors.New("--input: required"))
	}
	if err := checkFormat(format); err != nil {
		return zero, err
	}
	f, err := os.Open(input)
	if err != nil {
		return zero, inputError(err)
	}
	defer f.Close()
	// A regular file cannot block and refuses deadlines; a pipe takes one.
	stop := context.AfterFunc(ctx, func() { f.SetReadDeadline(time.Now()) })
	defer stop()
	in, err := parse(f)
	if err != nil && ctx.Err() != nil {
		return zero, readStopped(ctx, rf.timeLimit, input)
	}
	if err != nil {
		return zero, inputError(fmt.Errorf("%s: %w", input, err))
	}
	return in, nil
}
