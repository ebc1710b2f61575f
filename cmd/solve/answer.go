package main

import (
	"context"
	"fmt"
	"io"

	"github.com/streamopt/streamopt/fault"
	"github.com/streamopt/streamopt/render"
)

// answerForms are the forms of a model command's answer: the JSON value
// (given what stopped a partial run, "" for a whole one), the text table
// and the CSV.
type answerForms struct {
	json  func(stoppedBy string) any
	table func(io.Writer) error
	csv   func(io.Writer) error
}

// answerWriter returns what writes a model command's answer in format:
// "json" the value a.json returns, given what stopped a partial run (""
// when partial is empty); "csv" the CSV (a partial run says so only on
// stderr and in the exit code); otherwise the text table, followed after a
// partial run by the marker that says what finished (partial).
func answerWriter(ctx context.Context, format, partial string, rf *runFlags, a answerForms) func(io.Writer) error {
	return func(w io.Writer) error {
		switch format {
		case "json":
			by := ""
			if partial != "" {
				by = stoppedBy(ctx)
			}
			return render.JSON(w, a.json(by))
		case "csv":
			return a.csv(w)
		}
		if err := a.table(w); err != nil {
			return err
		}
		if partial != "" {
			_, err := fmt.Fprintln(w, rf.partialLine(ctx, partial))
			return err
		}
		return nil
	}
}

// writeAnswer writes the answer on w in format and, when out is set, the
// JSON answer to the file out (--out): one run, both outputs.
func writeAnswer(ctx context.Context, w io.Writer, format, out, partial string, rf *runFlags, a answerForms) error {
	if err := answerWriter(ctx, format, partial, rf, a)(w); err != nil {
		return fault.Errorf(fault.ErrSolver, "%w", err)
	}
	if out == "" {
		return nil
	}
	if err := createFile(out, answerWriter(ctx, "json", partial, rf, a)); err != nil {
		return fault.Errorf(fault.ErrInput, "--out: %w", err)
	}
	return nil
}

// writeCSV writes the --csv file at path with write, when path is set.
func writeCSV(path string, write func(io.Writer) error) error {
	if path == "" {
		return nil
	}
	if err := createFile(path, write); err != nil {
		return fault.Errorf(fault.ErrInput, "--csv: %w", err)
	}
	return nil
}

// writeFigures draws the --plot figures into dir with draw, when dir is
// set, and names each file it wrote on stderr.
func writeFigures(stderr io.Writer, dir string, draw func(dir string) ([]string, error)) error {
	if dir == "" {
		return nil
	}
	files, err := draw(dir)
	if err != nil {
		return fault.Errorf(fault.ErrInput, "--plot: %w", err)
	}
	for _, f := range files {
		fmt.Fprintf(stderr, "solve: wrote %s\n", f)
	}
	return nil
}
