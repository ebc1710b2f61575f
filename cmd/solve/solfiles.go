package main

import (
	"fmt"
	"io"
	"os"

	"github.com/streamopt/streamopt/fault"
	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/solfile"
	"github.com/streamopt/streamopt/solve"
)

// readStarts reads the files of --start and --read-basis into opts; an
// unreadable or malformed file, or one that does not fit m, is an input
// error naming the flag.
func readStarts(m *lp.Model, f lpFlags, opts *solve.Options) error {
	if f.start != "" {
		x, err := readFile(f.start, f.caps.maxBytes, func(r io.Reader) ([]float64, error) {
			sf, err := solfile.Read(r, f.start)
			if err != nil {
				return nil, err
			}
			return sf.Point(m)
		})
		if err != nil {
			return fault.Errorf(fault.ErrInput, "--start: %w", err)
		}
		opts.Start = x
	}
	if f.readBasis != "" {
		b, err := readFile(f.readBasis, f.caps.maxBytes, func(r io.Reader) (lp.Basis, error) {
			return solfile.ReadBasis(r, m, f.readBasis)
		})
		if err != nil {
			return fault.Errorf(fault.ErrInput, "--read-basis: %w", err)
		}
		opts.Basis = &b
	}
	return nil
}

// readFile opens path and reads it with read, at most maxBytes of it: a
// longer file is an error, as a model file over --max-input-bytes is.
func readFile[T any](path string, maxBytes int64, read func(io.Reader) (T, error)) (T, error) {
	fh, err := os.Open(path)
	if err != nil {
		var zero T
		return zero, err
	}
	defer fh.Close()
	return read(&cappedReader{r: fh, max: maxBytes})
}

// cappedReader fails a read beyond max bytes instead of ending the file
// early, so that an over-long file is refused rather than read in part.
type cappedReader struct {
	r         io.Reader
	read, max int64
}

func (c *cappedReader) Read(p []byte) (int, error) {
	if c.read >= c.max {
		// at the cap: the file must end here
		n, err := c.r.Read(make([]byte, 1))
		if n > 0 {
			return 0, fmt.Errorf("more than %d bytes (raise --max-input-bytes to read it)", c.max)
		}
		if err == nil {
			err = io.ErrNoProgress
		}
		return 0, err
	}
	if int64(len(p)) > c.max-c.read {
		p = p[:c.max-c.read]
	}
	n, err := c.r.Read(p)
	c.read += int64(n)
	return n, err
}

// checkSolutionNames refuses, before the solve, a model whose names the
// files of --solution or --write-basis cannot hold.
func checkSolutionNames(m *lp.Model, f lpFlags) error {
	if f.solution != "" {
		if err := solfile.CheckSolutionNames(m); err != nil {
			return fault.Errorf(fault.ErrInput, "--solution: %w", err)
		}
	}
	if f.writeBasis != "" {
		if err := solfile.CheckBasisNames(m); err != nil {
			return fault.Errorf(fault.ErrInput, "--write-basis: %w", err)
		}
	}
	return nil
}

// writeSolutionFiles writes the files of --solution and --write-basis. A
// run without a basis to write (a MILP, or a backend that gives none)
// leaves a warning on stderr instead of the file.
func writeSolutionFiles(stderr io.Writer, m *lp.Model, sol *lp.Solution, f lpFlags) error {
	if f.solution != "" {
		format := solfile.FormatFor(f.solution)
		if err := createFile(f.solution, func(w io.Writer) error { return solfile.Write(w, format, m, sol) }); err != nil {
			return fault.Errorf(fault.ErrInput, "--solution: %w", err)
		}
	}
	if f.writeBasis != "" {
		if sol.Basis == nil {
			why := "backend " + sol.Backend + " gave none"
			if m.IsMIP() {
				why = "the model is a MILP"
			}
			fmt.Fprintf(stderr, "solve: warning: --write-basis: no basis to write (%s); %s not written\n", why, f.writeBasis)
			return nil
		}
		if err := createFile(f.writeBasis, func(w io.Writer) error { return solfile.WriteBasis(w, m, *sol.Basis) }); err != nil {
			return fault.Errorf(fault.ErrInput, "--write-basis: %w", err)
		}
	}
	return nil
}

// startBackend is the backend to run: name, except that "auto" becomes
// simplex when the backend auto picks for m cannot use the start or the
// basis opts ask for, so that the flags that ask for them are not ignored
// by default.
func startBackend(m *lp.Model, name string, opts solve.Options) string {
	needStart, needBasis := opts.Start != nil, opts.Basis != nil || opts.WantBasis
	if name != solve.Auto || (!needStart && !needBasis) {
		return name
	}
	pick, err := solve.Choose(m)
	if err != nil {
		return name // Solve reports it
	}
	b, err := solve.Open(pick)
	if err != nil {
		return name
	}
	c := b.Capabilities()
	if (needStart && !c.Start) || (needBasis && !c.Basis) {
		return solve.SimplexName
	}
	return name
}
