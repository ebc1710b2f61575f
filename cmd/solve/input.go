package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"time"

	"github.com/streamopt/streamopt/fault"
	"github.com/streamopt/streamopt/solve"
)

// checkFormat validates the --format flag the commands share.
func checkFormat(format string) error {
	if format != "table" && format != "json" && format != "csv" {
		return fault.Errorf(fault.ErrInput, "--format: must be table, json or csv, got %q", format)
	}
	return nil
}

// outFlagHelp is the help of the --out flag of the model commands.
const outFlagHelp = "also write the JSON answer to this file (stdout still gets the --format answer)"

// checkBackend refuses, before any work starts, a backend name given by
// flag that is neither "auto" nor compiled in (solve.CheckBackend): an input
// error that names the flag and the value and lists the backends.
func checkBackend(flag, name string) error {
	if err := solve.CheckBackend(name); err != nil {
		return fault.Errorf(fault.ErrInput, "%s: %w", flag, err)
	}
	return nil
}

// checkCount refuses a count flag below 1 or above the model's cap, before
// any work starts; what says what is counted.
func checkCount(flag string, n, limit int, what string) error {
	switch {
	case n < 1:
		return fault.Errorf(fault.ErrInput, "%s: must be >= 1, got %d", flag, n)
	case n > limit:
		return fault.Errorf(fault.ErrInput, "%s: %d %s, over the cap of %d", flag, n, what, limit)
	}
	return nil
}

// readModel checks the --input and --format flags of a model command, then
// opens the input file ("-": standard input) and parses it with parse,
// which reads at most jsoninput.MaxBytes of it (a larger regular file is
// refused from its size, a pipe or device after that many bytes). Every
// failure is an input error (exit code 2) that names the file, except a
// stop: once ctx (the command's, see runFlags.start) is done, a read
// waiting on a pipe ends, and a parse that failed then is exit code 1 with
// one line (readStopped). An input read whole goes to the command, which
// prints its partial answer. What was read of standard input is kept in rf
// for the header of a --records file (runFlags.inputData).
func readModel[T any](ctx context.Context, rf *runFlags, input, format string, parse func(io.Reader) (T, error)) (T, error) {
	var zero T
	if input == "" {
		return zero, fault.Errorf(fault.ErrInput, "--input: required (a JSON file, or - for standard input)")
	}
	if err := checkFormat(format); err != nil {
		return zero, err
	}
	var r io.Reader
	name := input
	if input == "-" {
		name = stdinName
		rf.stdinCopy = new(bytes.Buffer)
		r = io.TeeReader(rf.stdin, rf.stdinCopy)
		if f, ok := rf.stdin.(*os.File); ok {
			stop := context.AfterFunc(ctx, func() { f.SetReadDeadline(time.Now()) })
			defer stop()
		}
	} else {
		f, err := os.Open(input)
		if err != nil {
			return zero, fault.Errorf(fault.ErrInput, "%w", err)
		}
		defer f.Close()
		// A regular file cannot block and refuses deadlines; a pipe takes one.
		stop := context.AfterFunc(ctx, func() { f.SetReadDeadline(time.Now()) })
		defer stop()
		r = f
	}
	in, err := parse(r)
	if err != nil && ctx.Err() != nil {
		return zero, readStopped(ctx, rf.timeLimit, name)
	}
	if err != nil {
		return zero, fault.Errorf(fault.ErrInput, "%s: %w", name, err)
	}
	return in, nil
}

// stdinName names standard input ("-") in messages.
const stdinName = "standard input"

// inputData returns the bytes of the --input file: what readModel read of
// standard input for "-", else the file read again.
func (f *runFlags) inputData(input string) ([]byte, error) {
	if input == "-" && f.stdinCopy != nil {
		return f.stdinCopy.Bytes(), nil
	}
	return os.ReadFile(input)
}

// inputName is the --input path as messages name it.
func inputName(input string) string {
	if input == "-" {
		return stdinName
	}
	return input
}
