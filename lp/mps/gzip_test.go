package mps_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/streamopt/streamopt/fault"
	"github.com/streamopt/streamopt/lp/mps"
)

// small is a model whose gzip form the tests damage: the cost 3 of x is
// the byte a flip turns into 7.
var small = text("NAME small", "ROWS", " N obj", " L r", "COLUMNS", " x obj 3 r 1", "RHS", " rhs r 4", "ENDATA")

// stored gzips text in stored (uncompressed) blocks, so that one flipped
// byte of the file is one changed character of the text.
func stored(t testing.TB, text string) []byte {
	t.Helper()
	var b bytes.Buffer
	zw, err := gzip.NewWriterLevel(&b, gzip.NoCompression)
	if err != nil {
		t.Fatal(err)
	}
	zw.Write([]byte(text))
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestReadFileGzipDamaged: a damaged or truncated .gz file is refused with
// an input error naming the file, also when what it decompresses to reads
// as a model (before, the reader stopped at ENDATA, gzip never checked the
// checksum, and a flipped cost or a cut trailer read as a model).
func TestReadFileGzipDamaged(t *testing.T) {
	good := stored(t, small)
	k := bytes.Index(good, []byte("obj 3")) + len("obj ")
	edit := func(f func(b []byte)) []byte { b := bytes.Clone(good); f(b); return b }
	dir := t.TempDir()
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"flip.mps.gz", edit(func(b []byte) { b[k] ^= 0x04 }), "invalid checksum"}, // "3" becomes "7"
		{"crc.mps.gz", edit(func(b []byte) { b[len(b)-8] ^= 0xff }), "invalid checksum"},
		{"size.mps.gz", edit(func(b []byte) { b[len(b)-1] ^= 0x01 }), "invalid checksum"},
		{"cut.mps.gz", good[:len(good)-8], "truncated"}, // no trailer: the text is whole
		{"cut2.mps.gz", good[:k+20], "truncated"},
	} {
		path := filepath.Join(dir, tc.name)
		if err := os.WriteFile(path, tc.data, 0o644); err != nil {
			t.Fatal(err)
		}
		m, err := mps.ReadFile(path)
		if !errors.Is(err, mps.ErrCorrupt) || fault.Of(err) != fault.Input || !strings.Contains(err.Error(), path) ||
			!strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: model %v, error %v; want ErrCorrupt naming the file and saying %q", tc.name, m != nil, err, tc.want)
		}
	}
	path := filepath.Join(dir, "good.mps.gz")
	if err := os.WriteFile(path, good, 0o644); err != nil {
		t.Fatal(err)
	}
	if m, err := mps.ReadFile(path); err != nil || m.Obj[0] != 3 {
		t.Fatalf("intact file: %v, %v", m, err)
	}
}

// TestReadAfterEndata: text after ENDATA is ignored, plain or inside a gzip
// stream, but it is read (a gzip stream to its checksum) and counts
// against the byte cap.
func TestReadAfterEndata(t *testing.T) {
	want, err := mps.Read(strings.NewReader(small), "small.mps")
	if err != nil {
		t.Fatal(err)
	}
	tail := small + "not MPS at all\n" + strings.Repeat("\n", 1000)
	dir := t.TempDir()
	for name, data := range map[string][]byte{"tail.mps": []byte(tail), "tail.mps.gz": stored(t, tail)} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := mps.ReadFile(path)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("%s (-want +got):\n%s", name, d)
		}
		_, err = mps.ReadFileWithOptions(path, mps.ReadOptions{MaxBytes: int64(len(small) + 10)})
		if !errors.Is(err, mps.ErrTooManyBytes) || !strings.Contains(err.Error(), "after ENDATA") {
			t.Errorf("%s with a byte cap inside the tail: %v, want ErrTooManyBytes after ENDATA", name, err)
		}
	}
}

// TestReadCaps: a file over the line or the byte cap is refused with an
// input error that says the cap.
func TestReadCaps(t *testing.T) {
	lines := int64(strings.Count(small, "\n"))
	for _, tc := range []struct {
		opts mps.ReadOptions
		want error
		msg  string
	}{
		{mps.ReadOptions{MaxLines: lines}, nil, ""},
		{mps.ReadOptions{MaxBytes: int64(len(small))}, nil, ""},
		{mps.ReadOptions{MaxLines: lines - 1}, mps.ErrTooManyLines, fmt.Sprintf("small.mps: file over the line cap: more than %d lines", lines-1)},
		{mps.ReadOptions{MaxBytes: int64(len(small)) - 1}, mps.ErrTooManyBytes, fmt.Sprintf("small.mps: file over the byte cap: more than %d bytes", len(small)-1)},
	} {
		_, err := mps.ReadWithOptions(strings.NewReader(small), "small.mps", tc.opts)
		if !errors.Is(err, tc.want) || (err != nil && (fault.Of(err) != fault.Input || !strings.Contains(err.Error(), tc.msg))) {
			t.Errorf("%+v: %v, want %v (%q)", tc.opts, err, tc.want, tc.msg)
		}
	}
}

// TestReadContextCancelled: a reader whose context is done stops with the
// context's error.
func TestReadContextCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := mps.ReadContext(ctx, strings.NewReader(small), "small.mps", mps.ReadOptions{}); !errors.Is(err, context.Canceled) {
		t.Fatalf("ReadContext after cancel: %v, want context.Canceled", err)
	}
}
