package modelfile

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/google/go-cmp/cmp"
	"github.com/streamopt/streamopt/fault"
	"github.com/streamopt/streamopt/lp"
)

func TestFormatOf(t *testing.T) {
	for _, tc := range []struct {
		path string
		f    Format
		gz   bool
	}{
		{"a.mps", MPS, false}, {"dir.x/a.MPS", MPS, false}, {"a.mps.gz", MPS, true}, {"a.mps.GZ", MPS, true},
		{"a.lp", LP, false}, {"A.LP", LP, false}, {"a.lp.gz", LP, true}, {"a.Lp.Gz", LP, true},
		{"a.txt", Unknown, false}, {"a.gz", Unknown, true}, {"a", Unknown, false}, {"a.lp.txt", Unknown, false},
		{"a.gz.lp", LP, false}, {".lp", LP, false},
	} {
		f, gz := FormatOf(tc.path)
		if f != tc.f || gz != tc.gz {
			t.Errorf("FormatOf(%q) = %v, %v; want %v, %v", tc.path, f, gz, tc.f, tc.gz)
		}
	}
}

// TestCreateOpen writes and reads back a file plain and gzipped; a ".gz"
// file holds gzip data (magic bytes 1f 8b), a plain one the text itself.
func TestCreateOpen(t *testing.T) {
	const body = "NAME x\nENDATA\n"
	dir := t.TempDir()
	for _, name := range []string{"m.mps", "m.mps.gz", "m.LP.GZ"} {
		path := filepath.Join(dir, name)
		if err := Create(path, func(w io.Writer) error { _, err := io.WriteString(w, body); return err }); err != nil {
			t.Fatal(err)
		}
		raw, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if _, gz := FormatOf(name); gz != (len(raw) > 2 && raw[0] == 0x1f && raw[1] == 0x8b) || (!gz && string(raw) != body) {
			t.Errorf("%s: file starts %q", name, raw[:min(len(raw), 8)])
		}
		r, err := Open(context.Background(), path)
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(r)
		if err != nil {
			t.Fatal(err)
		}
		if err := r.Close(); err != nil {
			t.Fatal(err)
		}
		if string(got) != body {
			t.Errorf("%s read back as %q", name, got)
		}
	}
	// Not gzip data although the name says so: an error naming the file.
	bad := filepath.Join(dir, "bad.lp.gz")
	if err := os.WriteFile(bad, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(context.Background(), bad); err == nil || !strings.Contains(err.Error(), "bad.lp.gz") {
		t.Errorf("Open of a non-gzip .gz file: error %v", err)
	}
	if _, err := Open(context.Background(), filepath.Join(dir, "missing.mps")); err == nil {
		t.Error("Open of a missing file: no error")
	}
	// The writer's error is returned and the partial file removed.
	for _, name := range []string{"e.mps", "e.mps.gz"} {
		path := filepath.Join(dir, name)
		err := Create(path, func(w io.Writer) error { io.WriteString(w, "NAME"); return io.ErrShortWrite })
		if err != io.ErrShortWrite {
			t.Errorf("Create %s: error %v, want the writer's", name, err)
		}
		if _, err := os.Stat(path); !os.IsNotExist(err) {
			t.Errorf("Create %s: the partial file is still there (%v)", name, err)
		}
	}
}

// TestCreateFailureKeepsOldFile: a write that fails leaves the file that
// was at the path as it was, plain or gzipped, and nothing else.
func TestCreateFailureKeepsOldFile(t *testing.T) {
	for _, name := range []string{"old.mps", "old.lp.gz"} {
		dir := t.TempDir()
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte("old content\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		err := Create(path, func(w io.Writer) error { io.WriteString(w, "NAME"); return io.ErrShortWrite })
		if err != io.ErrShortWrite {
			t.Errorf("Create %s: error %v, want the writer's", name, err)
		}
		if got, err := os.ReadFile(path); err != nil || string(got) != "old content\n" {
			t.Errorf("Create %s: the old file now holds %q (%v)", name, got, err)
		}
		if es, _ := os.ReadDir(dir); len(es) != 1 {
			t.Errorf("Create %s: the folder holds %d files, want the old one only", name, len(es))
		}
	}
}

func TestObjectiveLine(t *testing.T) {
	tenth := 0.1
	for _, tc := range []struct {
		o    Objective
		line string
	}{
		{Objective{}, "objective of the model = objective of this file"},
		{Objective{Negated: true}, "objective of the model = -(objective of this file)"},
		{Objective{Constant: 2.5}, "objective of the model = objective of this file + 2.5"},
		{Objective{Negated: true, Constant: -1e-300}, "objective of the model = -(objective of this file) - 1e-300"},
		{Objective{Constant: tenth + 0.2}, "objective of the model = objective of this file + 0.30000000000000004"},
	} {
		if got := tc.o.Line(); got != tc.line {
			t.Errorf("%+v.Line() = %q, want %q", tc.o, got, tc.line)
		}
		back, ok, err := ParseObjective("  " + tc.line + " \r")
		if !ok || err != nil || back != tc.o {
			t.Errorf("ParseObjective(%q) = %+v, %v, %v", tc.line, back, ok, err)
		}
	}
	for _, s := range []string{"", "objective", "objective of the model is z", " * objective of the model = objective of this file"} {
		if _, ok, err := ParseObjective(s); ok || err != nil {
			t.Errorf("ParseObjective(%q): ok %v, error %v; want not an objective line", s, ok, err)
		}
	}
	for _, s := range []string{
		"objective of the model = objective of that file",
		"objective of the model = objective of this file +2",
		"objective of the model = objective of this file + -2",
		"objective of the model = objective of this file + inf",
		"objective of the model = objective of this file + NaN",
		"objective of the model = objective of this file + 1e999",
		"objective of the model = objective of this file + ",
		"objective of the model = objective of this file * 2",
		"objective of the model = -(objective of this file",
	} {
		if _, ok, err := ParseObjective(s); !ok || err == nil {
			t.Errorf("ParseObjective(%q): ok %v, error %v; want a malformed objective line", s, ok, err)
		}
	}
}

// TestApply: max 3x + 1 written negated is min −3x − 0 (+ any constant the
// file has, here −4), and the line gives it back.
func TestApply(t *testing.T) {
	m := &lp.Model{Sense: lp.Minimize, Obj: []float64{-3, 0}, ObjOffset: -4}
	Objective{Negated: true, Constant: 1}.Apply(m)
	want := &lp.Model{Sense: lp.Maximize, Obj: []float64{3, 0}, ObjOffset: 4 + 1}
	if d := cmp.Diff(want, m); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	Objective{Constant: -0.5}.Apply(m)
	if m.Sense != lp.Maximize || m.ObjOffset != 4.5 || m.Obj[0] != 3 || m.Obj[1] != 0 {
		t.Errorf("identity line changed more than the constant: %+v", m)
	}
}

func TestComments(t *testing.T) {
	var b bytes.Buffer
	Comments(&b, "*", "a", "", "b c")
	if got := b.String(); got != "* a\n*\n* b c\n" {
		t.Errorf("Comments wrote %q", got)
	}
	if err := CheckComment("x: Comment", []string{"fine", "bad\rline"}); err == nil || !strings.HasPrefix(err.Error(), "x: Comment[1]: ") {
		t.Errorf("CheckComment: %v", err)
	}
	if err := CheckComment("x", []string{"", "ok"}); err != nil {
		t.Errorf("CheckComment of good lines: %v", err)
	}
}

func TestLinesNext(t *testing.T) {
	long := strings.Repeat("x", MaxLine-1) + "\n" // exactly MaxLine bytes with its break
	lines := NewLines(context.Background(), strings.NewReader("ROWS\n"+long+"\ntail"), Limits{})
	for _, want := range []string{"ROWS\n", long, "\n", "tail"} {
		got, err := lines.Next()
		if got != want || (err != nil && err != io.EOF) {
			t.Fatalf("Next = %d bytes, %v; want %d bytes", len(got), err, len(want))
		}
	}
	// a read that fails inside a line returns the error, not the half line
	errRead := errors.New("read failed")
	lines = NewLines(context.Background(), io.MultiReader(strings.NewReader("NAME x\n x obj"), iotest.ErrReader(errRead)), Limits{})
	if got, err := lines.Next(); got != "NAME x\n" || err != nil {
		t.Fatalf("first line %q, %v", got, err)
	}
	if got, err := lines.Next(); got != "" || err != errRead {
		t.Fatalf("the line the failed read cut: %q, %v; want no line and the error", got, err)
	}
	// a file with no line break at all, such as /dev/zero, is refused
	// after MaxLine bytes instead of being held whole
	lines = NewLines(context.Background(), io.LimitReader(zeros{}, 10*MaxLine), Limits{})
	if _, err := lines.Next(); !errors.Is(err, ErrLineTooLong) || fault.Of(err) != fault.Input {
		t.Fatalf("a line of 10 MiB: %v, want ErrLineTooLong (an input error)", err)
	}
}

// TestLinesCaps: the line cap counts lines up to the caller's end, the
// byte cap every byte read, Finish's included; both are input errors that
// say the cap.
func TestLinesCaps(t *testing.T) {
	read := func(text string, lim Limits, upTo int) error {
		lines := NewLines(context.Background(), strings.NewReader(text), lim)
		for range upTo {
			if _, err := lines.Next(); err != nil {
				return err
			}
		}
		return lines.Finish()
	}
	for _, tc := range []struct {
		text string
		lim  Limits
		upTo int
		want error
		msg  string
	}{
		{"a\nb\nc\n", Limits{MaxLines: 3}, 3, nil, ""},
		{"a\nb\nc\nd\n", Limits{MaxLines: 3}, 4, ErrTooManyLines, "more than 3 lines"},
		{"a\nb\nc\nd\n", Limits{MaxLines: 3}, 2, nil, ""}, // what Finish drops is not counted
		{"a\nb\nc\n", Limits{MaxBytes: 6}, 3, nil, ""},
		{"a\nb\nc\nd", Limits{MaxBytes: 6}, 3, ErrTooManyBytes, "more than 6 bytes"},
		{"a\nb\nc\nd", Limits{MaxBytes: 6}, 1, ErrTooManyBytes, "more than 6 bytes"}, // in Finish
	} {
		err := read(tc.text, tc.lim, tc.upTo)
		if !errors.Is(err, tc.want) || (err != nil && (fault.Of(err) != fault.Input || !strings.Contains(err.Error(), tc.msg))) {
			t.Errorf("%q %+v, %d lines: %v; want %v (%s)", tc.text, tc.lim, tc.upTo, err, tc.want, tc.msg)
		}
	}
}

// cancelAfter is an endless source of blank lines that cancels its
// context once it has served n bytes.
type cancelAfter struct {
	n, served int
	cancel    context.CancelFunc
}

func (c *cancelAfter) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = '\n'
	}
	if c.served += len(p); c.served >= c.n {
		c.cancel()
	}
	return len(p), nil
}

// TestLinesCancel: once the context is done, the next read of the source
// returns the context's error: an endless stream stops a buffer after the
// cancellation instead of being read on (before the fix, it was read to
// the end: forever here).
func TestLinesCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	src := &cancelAfter{n: 1 << 20, cancel: cancel}
	lines := NewLines(ctx, src, Limits{MaxLines: 1 << 40, MaxBytes: 1 << 40})
	var err error
	for err == nil {
		_, err = lines.Next()
	}
	if !errors.Is(err, context.Canceled) || fault.Of(err) != fault.Limit {
		t.Fatalf("Next after the cancellation: %v, want context.Canceled", err)
	}
	if src.served > src.n+64<<10 {
		t.Errorf("read %d bytes, more than one buffer after the cancellation at %d", src.served, src.n)
	}
	// Finish too.
	ctx, cancel = context.WithCancel(context.Background())
	src = &cancelAfter{n: 1 << 20, cancel: cancel}
	lines = NewLines(ctx, src, Limits{MaxBytes: 1 << 40})
	if err := lines.Finish(); !errors.Is(err, context.Canceled) || src.served > src.n+64<<10 {
		t.Fatalf("Finish: %v after %d bytes; want context.Canceled within a buffer of %d", err, src.served, src.n)
	}
}

// zeros reads as an endless run of NUL bytes.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// gzipOf returns text gzipped.
func gzipOf(t *testing.T, text string) []byte {
	t.Helper()
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	if _, err := io.WriteString(zw, text); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestOpenCorrupt: a gzip file read to its end through Open is an error
// naming the file when its checksum or length is wrong, its data is
// damaged, or it ends early; an intact one, also two streams joined, reads
// back whole.
func TestOpenCorrupt(t *testing.T) {
	const body = "NAME x\nROWS\n N obj\nENDATA\n"
	good := gzipOf(t, body)
	edit := func(f func(b []byte) []byte) []byte { return f(bytes.Clone(good)) }
	dir := t.TempDir()
	for _, tc := range []struct {
		name string
		data []byte
		want string // "" for no error
	}{
		{"good.mps.gz", good, ""},
		{"two.mps.gz", append(bytes.Clone(good), good...), ""},
		{"crc.mps.gz", edit(func(b []byte) []byte { b[len(b)-8] ^= 1; return b }), "invalid checksum"},
		{"size.mps.gz", edit(func(b []byte) []byte { b[len(b)-4] ^= 1; return b }), "invalid checksum"},
		{"flip.mps.gz", edit(func(b []byte) []byte { b[len(b)/2] ^= 0x10; return b }), "corrupt gzip file"},
		{"cut.mps.gz", good[:len(good)-3], "truncated"},
		{"cut-header.mps.gz", good[:5], "truncated"},
		{"empty.mps.gz", nil, "the file is empty"},
		{"plain.mps.gz", []byte(body), "invalid header"},
		{"tail.mps.gz", append(bytes.Clone(good), "text after the stream\n"...), "invalid header"},
	} {
		path := filepath.Join(dir, tc.name)
		if err := os.WriteFile(path, tc.data, 0o644); err != nil {
			t.Fatal(err)
		}
		var got []byte
		r, err := Open(context.Background(), path)
		if err == nil {
			got, err = io.ReadAll(r)
			r.Close()
			if err != nil {
				err = fmt.Errorf("%s: %w", path, err) // as the readers name it
			}
		}
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.want == "" && string(got) != body && string(got) != body+body:
			t.Errorf("%s read back as %q", tc.name, got)
		case tc.want != "" && (!errors.Is(err, ErrCorrupt) || fault.Of(err) != fault.Input ||
			!strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), tc.name)):
			t.Errorf("%s: error %v; want ErrCorrupt naming the file and saying %q", tc.name, err, tc.want)
		}
	}
}

// TestOpenPipeCancel: a read that waits on a pipe with nothing to read
// returns the context's error once the context is done.
func TestOpenPipeCancel(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("needs /dev/fd")
	}
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer pr.Close()
	defer pw.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	f, err := Open(ctx, fmt.Sprintf("/dev/fd/%d", pr.Fd()))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := io.WriteString(pw, "NAME x\n"); err != nil {
		t.Fatal(err)
	}
	lines := NewLines(ctx, f, Limits{})
	if line, err := lines.Next(); line != "NAME x\n" || err != nil {
		t.Fatalf("first line %q, %v", line, err)
	}
	done := make(chan error)
	go func() {
		_, err := lines.Next() // waits: the writer is open and writes nothing more
		done <- err
	}()
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("read after the cancellation: %v, want context.Canceled", err)
	}
}
