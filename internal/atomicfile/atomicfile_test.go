package atomicfile

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// writeString returns a write function that writes s.
func writeString(s string) func(io.Writer) error {
	return func(w io.Writer) error {
		_, err := io.WriteString(w, s)
		return err
	}
}

// wantContent fails unless the file at path holds want.
func wantContent(t *testing.T, path, want string) {
	t.Helper()
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Errorf("%s holds %q, want %q", filepath.Base(path), got, want)
	}
}

// temps returns the temporary files of path left in its folder.
func temps(t *testing.T, path string) []string {
	t.Helper()
	m, err := filepath.Glob(TempPattern(path))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// entries returns the names in dir.
func entries(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	return names
}

func TestWriteNewFileGetsCreateMode(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.csv")
	if err := Write(path, writeString("a,b\n")); err != nil {
		t.Fatal(err)
	}
	wantContent(t, path, "a,b\n")
	// The mode os.Create gives under this process's umask.
	ref, err := os.Create(filepath.Join(dir, "ref"))
	if err != nil {
		t.Fatal(err)
	}
	ref.Close()
	want, _ := os.Stat(ref.Name())
	got, _ := os.Stat(path)
	if got.Mode() != want.Mode() {
		t.Errorf("mode %v, want %v as os.Create gives", got.Mode(), want.Mode())
	}
	if ts := temps(t, path); len(ts) != 0 {
		t.Errorf("temporary files left: %q", ts)
	}
}

func TestWriteReplacesKeepingMode(t *testing.T) {
	path := filepath.Join(t.TempDir(), "out.json")
	if err := os.WriteFile(path, []byte("old, longer content\n"), 0o640); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, 0o640); err != nil { // whatever the umask
		t.Fatal(err)
	}
	if err := Write(path, writeString("new\n")); err != nil {
		t.Fatal(err)
	}
	wantContent(t, path, "new\n")
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o640 {
		t.Errorf("mode %v, want the old file's -rw-r-----", fi.Mode())
	}
}

// A write function that fails or panics midway leaves the old file as it
// was and no temporary file.
func TestWriteFailureKeepsOldFile(t *testing.T) {
	boom := errors.New("boom")
	for _, tc := range []struct {
		name  string
		write func(io.Writer) error
	}{
		{"error", func(w io.Writer) error {
			io.WriteString(w, "half")
			return boom
		}},
		{"panic", func(w io.Writer) error {
			io.WriteString(w, "half")
			panic(boom)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "out.csv")
			if err := os.WriteFile(path, []byte("old\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			err := func() (err error) {
				defer func() {
					if r := recover(); r != nil {
						err = r.(error)
					}
				}()
				return Write(path, tc.write)
			}()
			if !errors.Is(err, boom) {
				t.Errorf("error %v, want %v", err, boom)
			}
			wantContent(t, path, "old\n")
			if names := entries(t, dir); len(names) != 1 {
				t.Errorf("folder holds %q, want only out.csv", names)
			}
		})
	}
}

// A process killed while it writes (here: it exits without returning from
// the write function, so no deferred cleanup runs) leaves the old file and
// a temporary file, never a half-written file under the final name.
func TestWriteKilledKeepsOldFile(t *testing.T) {
	if path := os.Getenv("ATOMICFILE_KILLED"); path != "" {
		Write(path, func(w io.Writer) error {
			io.WriteString(w, "half")
			os.Exit(7)
			return nil
		})
		os.Exit(0) // not reached
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "out.csv")
	if err := os.WriteFile(path, []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestWriteKilledKeepsOldFile$")
	cmd.Env = append(os.Environ(), "ATOMICFILE_KILLED="+path)
	err := cmd.Run()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 7 {
		t.Fatalf("writer process: %v, want exit status 7", err)
	}
	wantContent(t, path, "old\n")
	ts := temps(t, path)
	if len(ts) != 1 || len(entries(t, dir)) != 2 {
		t.Fatalf("folder holds %q, want out.csv and one temporary file", entries(t, dir))
	}
	if ts[0] == path || !strings.HasPrefix(filepath.Base(ts[0]), ".out.csv.tmp-") {
		t.Errorf("temporary file %q: want a hidden .out.csv.tmp-* name", ts[0])
	}
	wantContent(t, ts[0], "half")
}

func TestWriteRefusals(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	err := Write(sub, writeString("x"))
	if !errors.Is(err, syscall.EISDIR) {
		t.Errorf("Write onto a folder: %v, want %v", err, syscall.EISDIR)
	}
	if fi, err := os.Stat(sub); err != nil || !fi.IsDir() {
		t.Errorf("the folder was replaced: %v", err)
	}
	err = Write(filepath.Join(dir, "missing", "out.csv"), writeString("x"))
	if !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Write into a missing folder: %v, want %v", err, fs.ErrNotExist)
	}
	if os.Geteuid() == 0 {
		t.Log("running as root: the read-only file case is not tested")
		return
	}
	ro := filepath.Join(dir, "ro.csv")
	if err := os.WriteFile(ro, []byte("old\n"), 0o444); err != nil {
		t.Fatal(err)
	}
	if err := Write(ro, writeString("new\n")); !errors.Is(err, fs.ErrPermission) {
		t.Errorf("Write onto a read-only file: %v, want %v", err, fs.ErrPermission)
	}
	wantContent(t, ro, "old\n")
}

// A symbolic link keeps pointing at the file it names, which is replaced.
func TestWriteThroughSymlink(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "real.csv")
	link := filepath.Join(dir, "link.csv")
	if err := os.WriteFile(real, []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("real.csv", link); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	if err := Write(link, writeString("new\n")); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("link.csv is no longer a symbolic link: %v", err)
	}
	wantContent(t, real, "new\n")
}

func TestCheck(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	folder := filepath.Join(dir, "folder")
	if err := os.Mkdir(folder, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		check func(string) error
		path  string
		want  error // nil: no error
	}{
		{"new file", CheckFile, filepath.Join(dir, "new.csv"), nil},
		{"existing file", CheckFile, file, nil},
		{"file in missing folders", CheckFile, filepath.Join(dir, "a", "b", "out.csv"), nil},
		{"file onto a folder", CheckFile, folder, syscall.EISDIR},
		{"file under a file", CheckFile, filepath.Join(file, "out.csv"), syscall.ENOTDIR},
		{"file deep under a file", CheckFile, filepath.Join(file, "a", "out.csv"), syscall.ENOTDIR},
		{"existing folder", CheckDir, folder, nil},
		{"new folder", CheckDir, filepath.Join(dir, "a", "figs"), nil},
		{"folder onto a file", CheckDir, file, syscall.ENOTDIR},
		{"folder under a file", CheckDir, filepath.Join(file, "figs"), syscall.ENOTDIR},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.check(tc.path)
			if tc.want == nil && err != nil || tc.want != nil && !errors.Is(err, tc.want) {
				t.Errorf("%v, want %v", err, tc.want)
			}
			if names := entries(t, dir); len(names) != 2 {
				t.Errorf("the check left %q behind", names)
			}
			wantContent(t, file, "old\n")
		})
	}
	if os.Geteuid() == 0 {
		t.Log("running as root: the read-only folder case is not tested")
		return
	}
	if err := os.Chmod(folder, 0o555); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(folder, 0o755)
	for _, p := range []string{filepath.Join(folder, "out.csv"), filepath.Join(folder, "sub", "out.csv")} {
		if err := CheckFile(p); !errors.Is(err, fs.ErrPermission) {
			t.Errorf("CheckFile(%s) in a read-only folder: %v, want %v", p, err, fs.ErrPermission)
		}
	}
}
