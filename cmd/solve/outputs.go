package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/streamopt/streamopt/fault"
	"github.com/streamopt/streamopt/internal/atomicfile"
	"github.com/streamopt/streamopt/render"
)

// createParent makes the folder path is to be written in, as --plot DIR
// does for its folder, so that an output such as out/afiro.lp needs no
// mkdir first.
func createParent(path string) error {
	return os.MkdirAll(filepath.Dir(path), 0o755)
}

// createFile creates path (and its folder) with write, through
// atomicfile.Write: the file replaces the one at path only once it is
// complete, so a failed or killed run leaves the old file untouched.
func createFile(path string, write func(io.Writer) error) error {
	if err := createParent(path); err != nil {
		return err
	}
	return atomicfile.Write(path, write)
}

// outputKind is what an output flag names.
type outputKind int

const (
	outFile      outputKind = iota // a file (--out, --csv, --records)
	outDir                         // a folder the command writes files into (--plot of tpd and rmts, --export of tpd)
	outFigure                      // a figure file, its format named by its extension (--plot of mps)
	outModel                       // an MPS or LP file, its format named by its extension (--export, convert's OUT)
	outFileOrDir                   // a folder or a figure, known once the records are read (--plot of merge)
)

// output is an output path of a command and the flag that names it.
type output struct {
	flag, path string
	kind       outputKind
}

// checkOutputs refuses, before any work, an output (those with an empty
// path are not asked for) that could not be written at the end of the run
// (atomicfile.CheckFile, CheckDir: nothing is left behind), that is one of
// the inputs, or that is the same file as another output: an input error
// (exit code 2) that names the flag and the path.
func checkOutputs(inputs []string, outs ...output) error {
	for i, o := range outs {
		if o.path == "" {
			continue
		}
		for _, in := range inputs {
			if in != "" && in != "-" && samePath(o.path, in) { // "-" is standard input
				return fault.Errorf(fault.ErrInput, "%s: %s is the input file %s: refusing to overwrite it", o.flag, o.path, in)
			}
		}
		for _, p := range outs[:i] {
			if p.path != "" && (o.kind != outDir || p.kind != outDir) && samePath(o.path, p.path) {
				return fault.Errorf(fault.ErrInput, "%s: %s is also the output of %s", o.flag, o.path, p.flag)
			}
		}
		if err := checkOutput(o); err != nil {
			return fault.Errorf(fault.ErrInput, "%s: %w", o.flag, err)
		}
	}
	return nil
}

// checkOutput checks that o names something its command can write.
func checkOutput(o output) error {
	switch o.kind {
	case outDir:
		return atomicfile.CheckDir(o.path)
	case outFileOrDir:
		if fi, err := os.Stat(o.path); err == nil && fi.IsDir() {
			return atomicfile.CheckDir(o.path)
		}
	case outFigure:
		if err := render.CheckFigureName(o.path); err != nil {
			return err
		}
	case outModel:
		if _, err := modelWriter(o.path, false, nil); err != nil {
			return err // names the path
		}
		if err := atomicfile.CheckFile(o.path); err != nil {
			return fmt.Errorf("%s: %w", o.path, err) // as writeExport words a write error
		}
		return nil
	}
	return atomicfile.CheckFile(o.path)
}

// samePath reports whether the output path out names the file (or folder)
// path names: the same file by os.SameFile when both exist, else the same
// cleaned absolute path (the outputs are written to the cleaned path:
// "sub/../f" is "f" even when there is no folder sub). An output that
// exists and is neither a regular file nor a folder (/dev/stdout, a
// terminal) is written in place, not replaced, so it clobbers nothing.
func samePath(out, path string) bool {
	fo, errO := os.Stat(filepath.Clean(out))
	fp, errP := os.Stat(filepath.Clean(path))
	if errO == nil && errP == nil {
		return (fo.Mode().IsRegular() || fo.IsDir()) && os.SameFile(fo, fp)
	}
	a, errA := filepath.Abs(out)
	b, errB := filepath.Abs(path)
	return errA == nil && errB == nil && a == b
}
