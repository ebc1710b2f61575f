package modelfile

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

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
		r, err := Open(path)
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
	if _, err := Open(bad); err == nil || !strings.Contains(err.Error(), "bad.lp.gz") {
		t.Errorf("Open of a non-gzip .gz file: error %v", err)
	}
	if _, err := Open(filepath.Join(dir, "missing.mps")); err == nil {
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

func TestReadLine(t *testing.T) {
	long := strings.Repeat("x", MaxLine-1) + "\n" // exactly MaxLine bytes with its break
	br := bufio.NewReaderSize(strings.NewReader("ROWS\n"+long+"tail"), 64<<10)
	for _, want := range []string{"ROWS\n", long, "tail"} {
		got, err := ReadLine(br)
		if got != want || (err != nil && err != io.EOF) {
			t.Fatalf("ReadLine = %d bytes, %v; want %d bytes", len(got), err, len(want))
		}
	}
	// a file with no line break at all, such as /dev/zero, is refused
	// after MaxLine bytes instead of being held whole
	br = bufio.NewReaderSize(io.LimitReader(zeros{}, 10*MaxLine), 64<<10)
	if _, err := ReadLine(br); !errors.Is(err, ErrLineTooLong) || fault.Of(err) != fault.Input {
		t.Fatalf("a line of 10 MiB: %v, want ErrLineTooLong (an input error)", err)
	}
}

// zeros reads as an endless run of NUL bytes.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}
