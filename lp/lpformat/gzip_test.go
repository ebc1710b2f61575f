package lpformat_test

import (
	"context"
	"io"
	"testing"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/lpformat"
	"github.com/streamopt/streamopt/lp/modelfile/readertest"
)

// readerFormat describes the reader to the shared reader tests: small is a
// model whose cost 3 of x is the byte they flip in its gzip form.
var readerFormat = readertest.Format{
	Ext:    ".lp",
	Small:  text("Minimize", " obj: 3 x", "Subject To", " r: x <= 4", "End"),
	CostAt: "obj: ",
	End:    "End",
	Read: func(ctx context.Context, r io.Reader, name string, maxBytes, maxLines int64) (*lp.Model, error) {
		return lpformat.ReadContext(ctx, r, name, lpformat.ReadOptions{MaxBytes: maxBytes, MaxLines: maxLines})
	},
	ReadFile: func(path string, maxBytes int64) (*lp.Model, error) {
		return lpformat.ReadFileContext(context.Background(), path, lpformat.ReadOptions{MaxBytes: maxBytes})
	},
	Write:      func(w io.Writer, m *lp.Model) error { return lpformat.Write(w, m, lpformat.WriteOptions{}) },
	ErrCorrupt: lpformat.ErrCorrupt, ErrTooManyBytes: lpformat.ErrTooManyBytes, ErrTooManyLines: lpformat.ErrTooManyLines,
}

// TestReadFileAsFile: a damaged or truncated .gz file is refused, text
// after End is read and ignored, the caps and a done context stop the
// read (package lp/modelfile/readertest).
func TestReadFileAsFile(t *testing.T) { readertest.Run(t, readerFormat) }
