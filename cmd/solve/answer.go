package main

import (
	"context"
	"fmt"
	"io"

	"github.com/streamopt/streamopt/render"
)

// answerWriter returns what writes a model command's answer: with format
// "json" the value answer returns, given what stopped a partial run (""
// when partial is empty); otherwise the text table, followed after a
// partial run by the marker that says what finished (partial).
func answerWriter(ctx context.Context, format, partial string, rf *runFlags, answer func(stoppedBy string) any, table func(io.Writer) error) func(io.Writer) error {
	return func(w io.Writer) error {
		if format == "json" {
			by := ""
			if partial != "" {
				by = stoppedBy(ctx)
			}
			return render.JSON(w, answer(by))
		}
		if err := table(w); err != nil {
			return err
		}
		if partial != "" {
			_, err := fmt.Fprintln(w, rf.partialLine(ctx, partial))
			return err
		}
		return nil
	}
}

// writeCSV writes the --csv file at path with write, when path is set.
func writeCSV(path string, write func(io.Writer) error) error {
	if path == "" {
		return nil
	}
	if err := createFile(path, write); err != nil {
		return inputError(fmt.Errorf("--csv: %w", err))
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
		return inputError(fmt.Errorf("--plot: %w", err))
	}
	for _, f := range files {
		fmt.Fprintf(stderr, "solve: wrote %s\n", f)
	}
	return nil
}
