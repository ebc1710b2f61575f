package lpformat_test

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
	"github.com/streamopt/streamopt/lp/lpformat"
)

// small is a model whose gzip form the tests damage: the cost 3 of x is
// the byte a flip turns into 7.
var small = text("Minimize", " obj: 3 x", "Subject To", " r: x <= 4", "End")

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
// as a model (before, the reader stopped at End, gzip never checked the
// checksum, and a flipped cost or a cut trailer read as a model).
func TestReadFileGzipDamaged(t *testing.T) {
	good := stored(t, small)
	k := bytes.Index(good, []byte("obj: 3")) + len("obj: ")
	edit := func(f func(b []byte)) []byte { b := bytes.Clone(good); f(b); return b }
	dir := t.TempDir()
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"flip.lp.gz", edit(func(b []byte) { b[k] ^= 0x04 }), "invalid checksum"}, // "3" becomes "7"
		{"crc.lp.gz", edit(func(b []byte) { b[len(b)-8] ^= 0xff }), "invalid checksum"},
		{"size.lp.gz", edit(func(b []byte) { b[len(b)-1] ^= 0x01 }), "invalid checksum"},
		{"cut.lp.gz", good[:len(good)-8], "truncated"}, // no trailer: the text is whole
		{"cut2.lp.gz", good[:k+20], "truncated"},
	} {
		path := filepath.Join(dir, tc.name)
		if err := os.WriteFile(path, tc.data, 0o644); err != nil {
			t.Fatal(err)
		}
		m, err := lpformat.ReadFile(path)
		if !errors.Is(err, lpformat.ErrCorrupt) || fault.Of(err) != fault.Input || !strings.Contains(err.Error(), path) ||
			!strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: model %v, error %v; want ErrCorrupt naming the file and saying %q", tc.name, m != nil, err, tc.want)
		}
	}
	path := filepath.Join(dir, "good.lp.gz")
	if err := os.WriteFile(path, good, 0o644); err != nil {
		t.Fatal(err)
	}
	if m, err := lpformat.ReadFile(path); err != nil || m.Obj[0] != 3 {
		t.Fatalf("intact file: %v, %v", m, err)
	}
}

// TestReadAfterEnd: text after End is ignored, plain or inside a gzip
// stream, but it is read (a gzip stream to its checksum) and counts
// against the byte cap.
func TestReadAfterEnd(t *testing.T) {
	want, err := lpformat.Read(strings.NewReader(small), "small.lp")
	if err != nil {
		t.Fatal(err)
	}
	tail := small + "not LP at all\n" + strings.Repeat("\n", 1000)
	dir := t.TempDir()
	for name, data := range map[string][]byte{"tail.lp": []byte(tail), "tail.lp.gz": stored(t, tail)} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := lpformat.ReadFile(path)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("%s (-want +got):\n%s", name, d)
		}
		_, err = lpformat.ReadFileContext(context.Background(), path, lpformat.ReadOptions{MaxBytes: int64(len(small) + 10)})
		if !errors.Is(err, lpformat.ErrTooManyBytes) || !strings.Contains(err.Error(), "after End") {
			t.Errorf("%s with a byte cap inside the tail: %v, want ErrTooManyBytes after End", name, err)
		}
	}
}

// TestReadCaps: a file over the line or the byte cap is refused with an
// input error that says the cap.
func TestReadCaps(t *testing.T) {
	lines := int64(strings.Count(small, "\n"))
	for _, tc := range []struct {
		opts lpformat.ReadOptions
		want error
		msg  string
	}{
		{lpformat.ReadOptions{MaxLines: lines}, nil, ""},
		{lpformat.ReadOptions{MaxBytes: int64(len(small))}, nil, ""},
		{lpformat.ReadOptions{MaxLines: lines - 1}, lpformat.ErrTooManyLines, fmt.Sprintf("small.lp: file over the line cap: more than %d lines", lines-1)},
		{lpformat.ReadOptions{MaxBytes: int64(len(small)) - 1}, lpformat.ErrTooManyBytes, fmt.Sprintf("small.lp: file over the byte cap: more than %d bytes", len(small)-1)},
	} {
		_, err := lpformat.ReadContext(context.Background(), strings.NewReader(small), "small.lp", tc.opts)
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
	if _, err := lpformat.ReadContext(ctx, strings.NewReader(small), "small.lp", lpformat.ReadOptions{}); !errors.Is(err, context.Canceled) {
		t.Fatalf("ReadContext after cancel: %v, want context.Canceled", err)
	}
}
