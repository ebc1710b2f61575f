package readertest

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/streamopt/streamopt/fault"
	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/modelfile"
)

// Format is what the tests need of a model file format and its reader.
type Format struct {
	// Ext is the file name extension, e.g. ".mps".
	Ext string
	// Small is a model in which the cost 3 of its first column directly
	// follows the text CostAt: the byte a flip turns into 7.
	Small, CostAt string
	// End is the end marker, as the reader's messages name it.
	End string
	// Read reads a model from r under ctx with the byte and line caps
	// (0: the reader's default); ReadFile reads the file at path with the
	// byte cap.
	Read     func(ctx context.Context, r io.Reader, name string, maxBytes, maxLines int64) (*lp.Model, error)
	ReadFile func(path string, maxBytes int64) (*lp.Model, error)
	// Write writes m with the default options (FuzzRoundTrip,
	// BenchmarkWrite).
	Write func(w io.Writer, m *lp.Model) error
	// The reader's errors for a damaged gzip stream and for the two caps.
	ErrCorrupt, ErrTooManyBytes, ErrTooManyLines error
}

// Run runs every test of the package on f.
func Run(t *testing.T, f Format) {
	t.Run("GzipDamaged", func(t *testing.T) { testGzipDamaged(t, f) })
	t.Run("GzipByContent", func(t *testing.T) { testGzipByContent(t, f) })
	t.Run("AfterEnd", func(t *testing.T) { testAfterEnd(t, f) })
	t.Run("Caps", func(t *testing.T) { testCaps(t, f) })
	t.Run("ContextCancelled", func(t *testing.T) { testContextCancelled(t, f) })
}

// Stored gzips text in stored (uncompressed) blocks, so that one flipped
// byte of the file is one changed character of the text.
func Stored(t testing.TB, text string) []byte {
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

// testGzipDamaged: a damaged or truncated .gz file is refused with an
// input error naming the file, also when what it decompresses to reads as
// a model (a reader that stops at the end marker never checks the
// checksum, and a flipped cost or a cut trailer reads as a model).
func testGzipDamaged(t *testing.T, f Format) {
	good := Stored(t, f.Small)
	k := bytes.Index(good, []byte(f.CostAt+"3")) + len(f.CostAt)
	edit := func(change func(b []byte)) []byte { b := bytes.Clone(good); change(b); return b }
	dir := t.TempDir()
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"flip", edit(func(b []byte) { b[k] ^= 0x04 }), "invalid checksum"}, // "3" becomes "7"
		{"crc", edit(func(b []byte) { b[len(b)-8] ^= 0xff }), "invalid checksum"},
		{"size", edit(func(b []byte) { b[len(b)-1] ^= 0x01 }), "invalid checksum"},
		{"cut", good[:len(good)-8], "truncated"}, // no trailer: the text is whole
		{"cut2", good[:k+20], "truncated"},
	} {
		path := filepath.Join(dir, tc.name+f.Ext+".gz")
		if err := os.WriteFile(path, tc.data, 0o644); err != nil {
			t.Fatal(err)
		}
		m, err := f.ReadFile(path, 0)
		if !errors.Is(err, f.ErrCorrupt) || fault.Of(err) != fault.Input || !strings.Contains(err.Error(), path) ||
			!strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: model %v, error %v; want ErrCorrupt naming the file and saying %q", tc.name, m != nil, err, tc.want)
		}
	}
	path := filepath.Join(dir, "good"+f.Ext+".gz")
	if err := os.WriteFile(path, good, 0o644); err != nil {
		t.Fatal(err)
	}
	if m, err := f.ReadFile(path, 0); err != nil || m.Obj[0] != 3 {
		t.Fatalf("intact file: %v, %v", m, err)
	}
}

// testGzipByContent: gzip data is read as the text it holds whatever the
// name of its file (no .gz) and from a reader, by its magic bytes.
func testGzipByContent(t *testing.T, f Format) {
	want, err := f.Read(context.Background(), strings.NewReader(f.Small), "small"+f.Ext, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	data := Stored(t, f.Small)
	path := filepath.Join(t.TempDir(), "small"+f.Ext) // no .gz
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := f.ReadFile(path, 0)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("gzip file named %s (-want +got):\n%s", filepath.Base(path), d)
	}
	got, err = f.Read(context.Background(), bytes.NewReader(data), "stdin", 0, 0)
	if err != nil {
		t.Fatalf("gzip data from a reader: %v", err)
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("gzip data from a reader (-want +got):\n%s", d)
	}
	// The byte cap counts the decompressed bytes.
	if _, err := f.Read(context.Background(), bytes.NewReader(data), "stdin", int64(len(f.Small)-1), 0); !errors.Is(err, f.ErrTooManyBytes) {
		t.Errorf("gzip data over the byte cap after decompression: %v, want ErrTooManyBytes", err)
	}
}

// testAfterEnd: text after the end marker is ignored, plain or inside a
// gzip stream, but it is read (a gzip stream to its checksum) and counts
// against the byte cap.
func testAfterEnd(t *testing.T, f Format) {
	want, err := f.Read(context.Background(), strings.NewReader(f.Small), "small"+f.Ext, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	tail := f.Small + "not a model at all\n" + strings.Repeat("\n", 1000)
	dir := t.TempDir()
	for name, data := range map[string][]byte{"tail" + f.Ext: []byte(tail), "tail" + f.Ext + ".gz": Stored(t, tail)} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := f.ReadFile(path, 0)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("%s (-want +got):\n%s", name, d)
		}
		_, err = f.ReadFile(path, int64(len(f.Small)+10))
		if !errors.Is(err, f.ErrTooManyBytes) || !strings.Contains(err.Error(), "after "+f.End) {
			t.Errorf("%s with a byte cap inside the tail: %v, want ErrTooManyBytes after %s", name, err, f.End)
		}
	}
}

// testCaps: a file over the line or the byte cap is refused with an input
// error that says the cap.
func testCaps(t *testing.T, f Format) {
	lines, size := int64(strings.Count(f.Small, "\n")), int64(len(f.Small))
	name := "small" + f.Ext
	for _, tc := range []struct {
		maxBytes, maxLines int64
		want               error
		msg                string
	}{
		{0, lines, nil, ""},
		{size, 0, nil, ""},
		{0, lines - 1, f.ErrTooManyLines, fmt.Sprintf("%s: file over the line cap: more than %d lines", name, lines-1)},
		{size - 1, 0, f.ErrTooManyBytes, fmt.Sprintf("%s: file over the byte cap: more than %d bytes", name, size-1)},
	} {
		_, err := f.Read(context.Background(), strings.NewReader(f.Small), name, tc.maxBytes, tc.maxLines)
		if !errors.Is(err, tc.want) || (err != nil && (fault.Of(err) != fault.Input || !strings.Contains(err.Error(), tc.msg))) {
			t.Errorf("caps %d bytes, %d lines: %v, want %v (%q)", tc.maxBytes, tc.maxLines, err, tc.want, tc.msg)
		}
	}
}

// testContextCancelled: a reader whose context is done stops with the
// context's error.
func testContextCancelled(t *testing.T, f Format) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := f.Read(ctx, strings.NewReader(f.Small), "small"+f.Ext, 0, 0); !errors.Is(err, context.Canceled) {
		t.Fatalf("read after cancel: %v, want context.Canceled", err)
	}
}

// FuzzGzip reads gzip data the way a reader reads a .gz file and checks
// that it never panics and that a model it accepts comes from an intact
// stream (every member decompresses and checks) and is the model of the
// decompressed text. Its seeds are f.Small gzipped (stored and
// compressed) and the package's testdata/fuzz corpus.
func FuzzGzip(fz *testing.F, f Format) {
	fz.Add(Stored(fz, f.Small))
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write([]byte(f.Small))
	zw.Close()
	fz.Add(b.Bytes())
	const maxBytes, maxLines = 1 << 20, 1 << 14
	fz.Fuzz(func(t *testing.T, data []byte) {
		zr, err := modelfile.Gunzip(bytes.NewReader(data))
		if err != nil {
			if !errors.Is(err, modelfile.ErrCorrupt) {
				t.Fatalf("Gunzip: %v, not ErrCorrupt", err)
			}
			return
		}
		m, err := f.Read(context.Background(), zr, "fuzz"+f.Ext+".gz", maxBytes, maxLines)
		if err != nil {
			return
		}
		gz, err := gzip.NewReader(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("accepted, but not gzip data: %v", err)
		}
		plain, err := io.ReadAll(io.LimitReader(gz, maxBytes+1))
		if err != nil {
			t.Fatalf("accepted a damaged stream: %v", err)
		}
		want, err := f.Read(context.Background(), bytes.NewReader(plain), "fuzz"+f.Ext, maxBytes, maxLines)
		if err != nil {
			t.Fatalf("accepted gzipped, refused plain: %v", err)
		}
		if !reflect.DeepEqual(want, m) {
			t.Fatalf("gzipped and plain read differ (-plain +gzipped):\n%s", cmp.Diff(want, m))
		}
	})
}
