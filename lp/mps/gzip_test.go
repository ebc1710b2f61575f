package mps_test

import (
	"context"
	"io"
	"testing"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/modelfile/readertest"
	"github.com/streamopt/streamopt/lp/mps"
)

// readerFormat describes the reader to the shared reader tests: small is a
// model whose cost 3 of x is the byte they flip in its gzip form.
var readerFormat = readertest.Format{
	Ext:    ".mps",
	Small:  text("NAME small", "ROWS", " N obj", " L r", "COLUMNS", " x obj 3 r 1", "RHS", " rhs r 4", "ENDATA"),
	CostAt: "obj ",
	End:    "ENDATA",
	Read: func(ctx context.Context, r io.Reader, name string, maxBytes, maxLines int64) (*lp.Model, error) {
		return mps.ReadContext(ctx, r, name, mps.ReadOptions{MaxBytes: maxBytes, MaxLines: maxLines})
	},
	ReadFile: func(path string, maxBytes int64) (*lp.Model, error) {
		return mps.ReadFileContext(context.Background(), path, mps.ReadOptions{MaxBytes: maxBytes})
	},
	Write:      func(w io.Writer, m *lp.Model) error { return mps.Write(w, m, mps.WriteOptions{}) },
	ErrCorrupt: mps.ErrCorrupt, ErrTooManyBytes: mps.ErrTooManyBytes, ErrTooManyLines: mps.ErrTooManyLines,
}

// TestReadFileAsFile: a damaged or truncated .gz file is refused, text
// after ENDATA is read and ignored, the caps and a done context stop the
// read (package lp/modelfile/readertest).
func TestReadFileAsFile(t *testing.T) { readertest.Run(t, readerFormat) }
