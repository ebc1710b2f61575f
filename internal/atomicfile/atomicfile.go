package atomicfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"syscall"
)

// tempMarker separates the destination's name from the random suffix in
// the name of a temporary file.
const tempMarker = ".tmp-"

// TempPattern returns the pattern (filepath.Match) of the names of the
// temporary files Write uses for path, in path's folder.
func TempPattern(path string) string {
	return filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+tempMarker+"*")
}

// createTemp creates a new empty file for writing in dir, named after
// base, with mode 0666 less the umask (os.CreateTemp's 0600 would make
// every output private).
func createTemp(dir, base string) (*os.File, error) {
	for range 100 {
		name := filepath.Join(dir, fmt.Sprintf(".%s%s%08x", base, tempMarker, rand.Uint32()))
		f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o666)
		if !errors.Is(err, fs.ErrExist) {
			return f, err
		}
	}
	return nil, &fs.PathError{Op: "createtemp", Path: TempPattern(filepath.Join(dir, base)), Err: fs.ErrExist}
}

// Write has write fill the file at path, which replaces the file there
// only when write and closing have succeeded. The folder of path must
// exist. It returns the first error of write, syncing, closing and
// renaming; after an error or a panic of write, the file at path is as it
// was and the temporary file is removed.
func Write(path string, write func(io.Writer) error) (err error) {
	target, mode, err := destination(path)
	if err != nil {
		return err
	}
	if target == "" { // not a regular file: write in place
		return writeInPlace(filepath.Clean(path), write)
	}
	f, err := createTemp(filepath.Dir(target), filepath.Base(target))
	if err != nil {
		return err
	}
	done := false
	defer func() {
		if !done { // an error or a panic of write
			f.Close()
			os.Remove(f.Name())
		}
	}()
	if mode != 0 {
		if err := f.Chmod(mode); err != nil {
			return err
		}
	}
	if err := write(f); err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		return err
	}
	done = true
	if err := f.Close(); err != nil {
		os.Remove(f.Name())
		return err
	}
	if err := os.Rename(f.Name(), target); err != nil {
		os.Remove(f.Name())
		return err
	}
	return nil
}

// destination returns the regular file Write replaces for path (path, or
// the file a symbolic link at path points to) and, when it exists, its
// permission bits; target is "" when path exists and is neither a regular
// file nor a folder. A folder, or a file the user may not write, is the
// error os.Create would give.
func destination(path string) (target string, mode fs.FileMode, err error) {
	// Cleaned, as filepath.Dir and os.MkdirAll read it: "sub/../f" is "f"
	// even when there is no folder sub.
	path = filepath.Clean(path)
	fi, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return path, 0, nil
	case err != nil:
		return "", 0, err
	case fi.IsDir():
		return "", 0, &fs.PathError{Op: "open", Path: path, Err: syscall.EISDIR}
	case !fi.Mode().IsRegular():
		return "", 0, nil
	}
	if target, err = filepath.EvalSymlinks(path); err != nil {
		return "", 0, err
	}
	f, err := os.OpenFile(path, os.O_WRONLY, 0) // may the user write it?
	if err != nil {
		return "", 0, err
	}
	return target, fi.Mode().Perm(), f.Close()
}

// writeInPlace writes a destination that is not a regular file (a device,
// a pipe), which no rename can replace.
func writeInPlace(path string, write func(io.Writer) error) (err error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_TRUNC, 0)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}()
	return write(f)
}

// CheckFile reports, without leaving anything behind, whether Write can
// write path once the folders missing on its way are made (os.MkdirAll):
// path is not a folder and, when it exists, may be written, and its folder
// (or the nearest folder above it that exists) accepts a new file. The
// error is the one os.MkdirAll or os.Create would give.
func CheckFile(path string) error {
	path = filepath.Clean(path)
	_, err := os.Stat(path)
	if missing(err) {
		return checkFolder(filepath.Dir(path), path)
	}
	if err != nil {
		return err
	}
	target, _, err := destination(path)
	if err != nil || target == "" {
		return err
	}
	return probe(filepath.Dir(target), "open", path)
}

// CheckDir reports, without leaving anything behind, whether Write can
// write files into the folder dir once dir and the folders missing on its
// way are made (os.MkdirAll). The error is the one os.MkdirAll or
// os.Create would give.
func CheckDir(dir string) error {
	return checkFolder(dir, dir)
}

// checkFolder checks that dir, or the nearest folder above it that exists,
// is a folder that accepts a new file; name is what an error names when
// dir exists.
func checkFolder(dir, name string) error {
	child := ""
	for {
		fi, err := os.Stat(dir)
		switch {
		case err == nil && !fi.IsDir():
			return &fs.PathError{Op: "mkdir", Path: dir, Err: syscall.ENOTDIR}
		case err == nil && child == "":
			return probe(dir, "open", name)
		case err == nil:
			return probe(dir, "mkdir", child) // MkdirAll would make child
		case !missing(err):
			return err
		}
		up := filepath.Dir(dir)
		if up == dir {
			return err
		}
		dir, child = up, dir
	}
}

// missing reports whether err says that a path does not exist, or that a
// file stands where a folder on its way should be.
func missing(err error) bool {
	return errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR)
}

// probe creates and removes a temporary file in dir; an error is reported
// as op on name.
func probe(dir, op, name string) error {
	f, err := createTemp(dir, filepath.Base(name))
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return &fs.PathError{Op: op, Path: name, Err: err}
	}
	f.Close()
	return os.Remove(f.Name())
}
