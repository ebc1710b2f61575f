package mps_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"io"
	"reflect"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/streamopt/streamopt/internal/modelfile"
	"github.com/streamopt/streamopt/lp/mps"
)

// FuzzReadGzip reads gzip data the way ReadFile reads a .gz file and
// checks that it never panics and that a model it accepts comes from an
// intact stream (every member decompresses and checks) and is the model of
// the decompressed text. Seeds (testdata/fuzz/FuzzReadGzip): a model
// gzipped, with a flipped byte, a bad checksum, a bad length, cut short,
// with text after ENDATA, and a stream of newlines over the line cap.
func FuzzReadGzip(f *testing.F) {
	f.Add(stored(f, small))
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write([]byte(small))
	zw.Close()
	f.Add(b.Bytes())
	opts := mps.ReadOptions{MaxBytes: 1 << 20, MaxLines: 1 << 14}
	f.Fuzz(func(t *testing.T, data []byte) {
		zr, err := modelfile.Gunzip(bytes.NewReader(data))
		if err != nil {
			if !errors.Is(err, modelfile.ErrCorrupt) {
				t.Fatalf("Gunzip: %v, not ErrCorrupt", err)
			}
			return
		}
		m, err := mps.ReadContext(context.Background(), zr, "fuzz.mps.gz", opts)
		if err != nil {
			return
		}
		gz, err := gzip.NewReader(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("accepted, but not gzip data: %v", err)
		}
		plain, err := io.ReadAll(io.LimitReader(gz, opts.MaxBytes+1))
		if err != nil {
			t.Fatalf("accepted a damaged stream: %v", err)
		}
		want, err := mps.ReadWithOptions(bytes.NewReader(plain), "fuzz.mps", opts)
		if err != nil {
			t.Fatalf("accepted gzipped, refused plain: %v", err)
		}
		if !reflect.DeepEqual(want, m) {
			t.Fatalf("gzipped and plain read differ (-plain +gzipped):\n%s", cmp.Diff(want, m))
		}
	})
}
