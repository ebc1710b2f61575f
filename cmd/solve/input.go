package main

import (
	"errors"
	"fmt"
	"io"
	"os"

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
// error (exit code 2) that names the file.
func readModel[T any](input, format string, parse func(io.Reader) (T, error)) (T, error) {
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
	in, err := parse(f)
	if err != nil {
		return zero, inputError(fmt.Errorf("%s: %w", input, err))
	}
	return in, nil
}
