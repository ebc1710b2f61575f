package instances

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestSetsListed(t *testing.T) {
	for _, tc := range []struct {
		name string
		load func(testing.TB) []Instance
		want int // instances in the shared folder's optimal.csv (its README counts them)
	}{
		{"netlib", NetlibOrSkip, 42},
		{"miplib", MiplibOrSkip, 10},
	} {
		if got := tc.load(t); len(got) != tc.want {
			t.Errorf("%s: %d instances, want %d", tc.name, len(got), tc.want)
		}
	}
}

// mkdirs creates each folder under root.
func mkdirs(t *testing.T, root string, dirs ...string) {
	t.Helper()
	for _, d := range dirs {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
}

func TestFindShared(t *testing.T) {
	root := t.TempDir()
	mkdirs(t, root, "a/shared/netlib", "a/b/c", "a/b/shared") // a/b/shared has no netlib: not it
	got, err := findShared(filepath.Join(root, "a", "b", "c"))
	if want := filepath.Join(root, "a", "shared"); err != nil || got != want {
		t.Errorf("findShared from a/b/c = %q, %v; want %q", got, err, want)
	}
	// From x/y, with only a shared folder lacking netlib beside x/y, the
	// search must not stop inside root (it may find one above root on a
	// machine that has one, so that is not an error here).
	mkdirs(t, root, "x/y", "x/shared/miplib")
	got, err = findShared(filepath.Join(root, "x", "y"))
	if err != nil && !errors.Is(err, ErrNotFound) || err == nil && strings.HasPrefix(got, root) {
		t.Errorf("findShared from x/y = %q, %v; want ErrNotFound or a folder above the test's", got, err)
	}
}

// recorder is a testing.TB that records Skip and Fatalf instead of
// stopping the test; the embedded nil TB is never called.
type recorder struct {
	testing.TB
	skipped, failed string
}

func (r *recorder) Helper()                        {}
func (r *recorder) Skip(args ...any)               { r.skipped = fmt.Sprint(args...) }
func (r *recorder) Fatalf(format string, a ...any) { r.failed = fmt.Sprintf(format, a...) }

func TestMissingSkipsOrFails(t *testing.T) {
	t.Setenv(EnvRequire, "")
	var r recorder
	missing(&r, ErrNotFound)
	if r.failed != "" || r.skipped != ErrNotFound.Error() {
		t.Errorf("not found: skipped %q, failed %q; want a skip with %q", r.skipped, r.failed, ErrNotFound)
	}
	if strings.Contains(r.skipped, "\n") || !strings.Contains(r.skipped, EnvDir) {
		t.Errorf("skip line %q: want one line naming %s", r.skipped, EnvDir)
	}

	t.Setenv(EnvRequire, "1")
	r = recorder{}
	missing(&r, ErrNotFound)
	if r.skipped != "" || !strings.Contains(r.failed, EnvRequire+"=1") || !strings.Contains(r.failed, ErrNotFound.Error()) {
		t.Errorf("not found with %s=1: skipped %q, failed %q; want a failure naming both", EnvRequire, r.skipped, r.failed)
	}

	t.Setenv(EnvRequire, "")
	r = recorder{}
	other := errors.New("netlib/optimal.csv:3: bad number")
	missing(&r, other)
	if r.skipped != "" || !strings.Contains(r.failed, other.Error()) {
		t.Errorf("other error: skipped %q, failed %q; want a failure with %q", r.skipped, r.failed, other)
	}
}

func TestLoadFromEnvDir(t *testing.T) {
	root := t.TempDir()
	mkdirs(t, root, "netlib", "miplib")
	// Only the parsing is checked: the numbers need not be true optima.
	csv := "name,optimal_objective,source\nafiro,-464.753142857143,made up\nkb2,-1749.9,\n"
	if err := os.WriteFile(filepath.Join(root, "netlib", "optimal.csv"), []byte(csv), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "miplib", "optimal.csv"), []byte("name,optimal_objective\nx,not-a-number\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv(EnvDir, root)
	t.Setenv(EnvRequire, "")
	if d := DirOrSkip(t); d != root {
		t.Errorf("DirOrSkip = %q, want %s=%q", d, EnvDir, root)
	}
	got := NetlibOrSkip(t)
	want := []Instance{
		{Name: "afiro", Path: filepath.Join(root, "netlib", "afiro.mps"), Optimum: -464.753142857143, Source: "made up"},
		{Name: "kb2", Path: filepath.Join(root, "netlib", "kb2.mps"), Optimum: -1749.9},
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("NetlibOrSkip = %+v, want %+v", got, want)
	}
	// A malformed table fails whatever EnvRequire says: the folder is there.
	_, err := Miplib()
	if err == nil || errors.Is(err, ErrNotFound) || !strings.Contains(err.Error(), "miplib/optimal.csv:2") {
		t.Errorf("malformed miplib/optimal.csv: error %v, want one naming the line", err)
	}
	var r recorder
	if orSkip(&r, Miplib); r.skipped != "" || r.failed == "" {
		t.Errorf("malformed table: skipped %q, failed %q; want a failure", r.skipped, r.failed)
	}
}

func TestNamedSkipsWhenAbsent(t *testing.T) {
	list := []Instance{{Name: "afiro"}, {Name: "kb2"}}
	var r recorder
	if in := named(&r, list, "NETLIB", "kb2"); in.Name != "kb2" || r.skipped != "" || r.failed != "" {
		t.Errorf("kb2: got %+v, skipped %q, failed %q; want kb2 and neither", in, r.skipped, r.failed)
	}
	r = recorder{}
	named(&r, list, "NETLIB", "d2q06c")
	if want := "d2q06c not among the shared NETLIB instances"; r.skipped != want || r.failed != "" {
		t.Errorf("d2q06c: skipped %q, failed %q; want the skip %q", r.skipped, r.failed, want)
	}
}

// TestDir resolves each listed name to NAME.mps, or NAME.mps.gz when only
// that exists, and names the file and line of a malformed row.
func TestDir(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("optimal.csv", "name,optimal_objective,source\nplain,1.5,hand\nzipped,-2,hand\nabsent,3,hand\n")
	write("plain.mps", "")
	write("zipped.mps.gz", "")
	list, err := Dir(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := []Instance{
		{"plain", filepath.Join(dir, "plain.mps"), 1.5, "hand"},
		{"zipped", filepath.Join(dir, "zipped.mps.gz"), -2, "hand"},
		{"absent", filepath.Join(dir, "absent.mps"), 3, "hand"},
	}
	if !reflect.DeepEqual(list, want) {
		t.Errorf("Dir = %+v, want %+v", list, want)
	}
	write("optimal.csv", "name,optimal_objective\nplain,x\n")
	if _, err := Dir(dir); err == nil || !strings.Contains(err.Error(), "optimal.csv:2") {
		t.Errorf("malformed row: error %v, want one naming optimal.csv:2", err)
	}
}
