package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/spf13/pflag"

	"github.com/streamopt/streamopt/internal/modelfile"
	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/lpformat"
	"github.com/streamopt/streamopt/lp/mps"
)

// inputCaps are the caps on what is read of a model file (flags
// --max-input-bytes and --max-input-lines).
type inputCaps struct{ maxBytes, maxLines int64 }

func addInputCapFlags(fl *pflag.FlagSet, c *inputCaps) {
	fl.Int64Var(&c.maxBytes, "max-input-bytes", modelfile.DefaultMaxBytes,
		"refuse a model file of more bytes than this, counted after gunzipping")
	fl.Int64Var(&c.maxLines, "max-input-lines", modelfile.DefaultMaxLines,
		"refuse a model file of more lines than this")
}

func (c inputCaps) check() error {
	switch {
	case c.maxBytes < 1:
		return inputError(fmt.Errorf("--max-input-bytes: must be >= 1, got %d", c.maxBytes))
	case c.maxLines < 1:
		return inputError(fmt.Errorf("--max-input-lines: must be >= 1, got %d", c.maxLines))
	}
	return nil
}

// readModelFile reads an LP/MILP model: CPLEX LP format when the file name
// ends in ".lp" or ".lp.gz" (any case), MPS (fixed or free) otherwise; a
// name ending in ".gz" is gunzipped (modelfile.FormatOf). A file over a cap
// is an input error naming the flag that raises it; a read that ctx (an
// interrupt) stopped is exit code 1.
func readModelFile(ctx context.Context, path string, caps inputCaps) (*lp.Model, error) {
	var m *lp.Model
	var err error
	if f, _ := modelfile.FormatOf(path); f == modelfile.LP {
		m, err = lpformat.ReadFileContext(ctx, path, lpformat.ReadOptions{MaxBytes: caps.maxBytes, MaxLines: caps.maxLines})
	} else {
		m, err = mps.ReadFileContext(ctx, path, mps.ReadOptions{MaxBytes: caps.maxBytes, MaxLines: caps.maxLines})
	}
	switch {
	case err == nil:
		return m, nil
	case stopped(ctx, err):
		return nil, readStopped(ctx, 0, path)
	case errors.Is(err, modelfile.ErrTooManyBytes):
		return nil, inputError(fmt.Errorf("%w (raise --max-input-bytes to read it)", err))
	case errors.Is(err, modelfile.ErrTooManyLines):
		return nil, inputError(fmt.Errorf("%w (raise --max-input-lines to read it)", err))
	}
	return nil, inputError(err)
}
