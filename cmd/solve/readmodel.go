package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/streamopt/streamopt/fault"
	"github.com/streamopt/streamopt/internal/ctxio"
	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/lpformat"
	"github.com/streamopt/streamopt/lp/modelfile"
	"github.com/streamopt/streamopt/lp/mps"
)

// inputCaps say how a model file is read: the caps on what is read of it
// (flags --max-input-bytes and --max-input-lines), its format
// (--input-format) and, for the path "-", the standard input to read.
type inputCaps struct {
	maxBytes, maxLines int64
	format             string
	stdin              io.Reader
}

// inputFormats are the values of --input-format.
var inputFormats = []string{"auto", "mps", "fixed-mps", "free-mps", "lp"}

func addInputCapFlags(fl *pflag.FlagSet, c *inputCaps) {
	fl.Int64Var(&c.maxBytes, "max-input-bytes", modelfile.DefaultMaxBytes,
		"refuse a model file of more bytes than this, counted after gunzipping")
	fl.Int64Var(&c.maxLines, "max-input-lines", modelfile.DefaultMaxLines,
		"refuse a model file of more lines than this")
	fl.StringVar(&c.format, "input-format", "auto",
		"format of the model file: auto (a file by its name, .lp[.gz] CPLEX LP and MPS otherwise; standard input by its first line), "+
			"mps (fixed or free, told apart line by line), fixed-mps, free-mps or lp (CPLEX LP)")
}

func (c inputCaps) check() error {
	switch {
	case c.maxBytes < 1:
		return fault.Errorf(fault.ErrInput, "--max-input-bytes: must be >= 1, got %d", c.maxBytes)
	case c.maxLines < 1:
		return fault.Errorf(fault.ErrInput, "--max-input-lines: must be >= 1, got %d", c.maxLines)
	case !slices.Contains(inputFormats, c.format):
		return fault.Errorf(fault.ErrInput, "--input-format: must be one of %s, got %q", strings.Join(inputFormats, ", "), c.format)
	}
	return nil
}

// readModelFile reads an LP/MILP model from the file at path, or from
// standard input when path is "-", in the format --input-format names. Its
// default, auto, reads a file as CPLEX LP when the name ends in ".lp" or
// ".lp.gz" (any case) and as MPS (fixed or free) otherwise, and standard
// input in the format its first line names (modelfile.Detect: a '*' or
// '\' comment, NAME/ROWS or Minimize/Maximize), refusing input that names
// neither. Data that starts with the gzip magic bytes is gunzipped, and so
// is a file whose name ends in ".gz" (modelfile.Decompress, Open). A model
// over a cap is an input error naming the flag that raises it; a read that
// ctx (an interrupt) stopped is exit code 1.
func readModelFile(ctx context.Context, path string, caps inputCaps) (*lp.Model, error) {
	m, err := readModelFrom(ctx, path, caps)
	name := path
	if path == "-" {
		name = stdinName
	}
	switch {
	case err == nil:
		return m, nil
	case stopped(ctx, err):
		return nil, readStopped(ctx, 0, name)
	case errors.Is(err, modelfile.ErrTooManyBytes):
		return nil, fault.Errorf(fault.ErrInput, "%w (raise --max-input-bytes to read it)", err)
	case errors.Is(err, modelfile.ErrTooManyLines):
		return nil, fault.Errorf(fault.ErrInput, "%w (raise --max-input-lines to read it)", err)
	case errors.Is(err, modelfile.ErrUndetected):
		return nil, fault.Errorf(fault.ErrInput, "%s: %w: give --input-format mps or lp", name, err)
	}
	return nil, fault.Errorf(fault.ErrInput, "%w", err)
}

func readModelFrom(ctx context.Context, path string, caps inputCaps) (*lp.Model, error) {
	var r io.Reader
	name, format := path, caps.format
	if path == "-" {
		name = stdinName
		if caps.stdin == nil {
			caps.stdin = os.Stdin
		}
		if f, ok := caps.stdin.(*os.File); ok {
			// A pipe or a terminal takes a deadline: an interrupt ends a
			// read that waits on it.
			stop := context.AfterFunc(ctx, func() { f.SetReadDeadline(time.Now()) })
			defer stop()
		}
		r = ctxio.Reader(ctx, caps.stdin)
		if format == "auto" {
			br := bufio.NewReaderSize(modelfile.Decompress(r), modelfile.DetectWindow)
			f, err := modelfile.Detect(br)
			if err != nil && !errors.Is(err, modelfile.ErrUndetected) {
				// Detect read ahead: a damaged gzip stream, a failed read
				err = fmt.Errorf("%s: %w", name, err)
			}
			if err != nil {
				return nil, err
			}
			r, format = br, map[modelfile.Format]string{modelfile.MPS: "mps", modelfile.LP: "lp"}[f]
		}
	} else {
		f, err := modelfile.Open(ctx, path)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
		if format == "auto" {
			format = "mps"
			if ff, _ := modelfile.FormatOf(path); ff == modelfile.LP {
				format = "lp"
			}
		}
	}
	if format == "lp" {
		return lpformat.ReadContext(ctx, r, name, lpformat.ReadOptions{MaxBytes: caps.maxBytes, MaxLines: caps.maxLines})
	}
	opts := mps.ReadOptions{MaxBytes: caps.maxBytes, MaxLines: caps.maxLines}
	switch format {
	case "fixed-mps":
		opts.Format = mps.Fixed
	case "free-mps":
		opts.Format = mps.Free
	}
	return mps.ReadContext(ctx, r, name, opts)
}
