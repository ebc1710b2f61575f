package lp

import (
	"fmt"

	"github.com/streamopt/streamopt/fault"
)

// FileError is a syntax or consistency error in a model file (MPS, CPLEX
// LP). Its message has the form "name:line: what is wrong", or "name: what
// is wrong" when the error concerns the whole file.
type FileError struct {
	Name string // file name given to the reader
	Line int    // 1-based line number; 0 when the error concerns the whole file
	Err  error
}

func (e *FileError) Error() string {
	if e.Line <= 0 {
		return fmt.Sprintf("%s: %v", e.Name, e.Err)
	}
	return fmt.Sprintf("%s:%d: %v", e.Name, e.Line, e.Err)
}

func (e *FileError) Unwrap() error { return e.Err }

// ErrUnsupported is wrapped by a reader's errors for file features a Model
// does not represent (quadratic terms, special ordered sets,
// semi-continuous columns, indicator constraints and the like).
var ErrUnsupported = fault.New(fault.ErrInput, "not supported")
