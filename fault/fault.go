// Package fault classifies the errors of every streamopt package into the
// three kinds a caller acts on differently:
//
//   - ErrInput: the request is wrong (a malformed file, a field out of
//     range, an unknown backend, a model too large to build). Fix the input.
//   - ErrLimit: a time, node or iteration limit, or a cancellation, ended
//     the work before it finished. Whatever finished is still valid.
//   - ErrSolver: a solver or an internal step failed on valid input.
//
// Each package defines its own sentinel errors with New, so that
// errors.Is(err, tpd.ErrInput) and errors.Is(err, fault.ErrInput) both hold,
// and wraps them with %w. Of returns the kind of any error chain; the
// command line maps it to its exit code in one place (2, 1 and 3).
package fault

import (
	"context"
	"errors"
)

// The three kinds. They are the targets of errors.Is; Of reports which one
// an error chain carries.
var (
	ErrInput  = errors.New("invalid input")
	ErrLimit  = errors.New("limit reached")
	ErrSolver = errors.New("solver failure")
)

// Kind is one of the three classes, or Unknown for an error that carries
// none of them.
type Kind int

const (
	Unknown Kind = iota
	Input
	Limit
	Solver
)

func (k Kind) String() string {
	switch k {
	case Input:
		return "input"
	case Limit:
		return "limit"
	case Solver:
		return "solver"
	}
	return "unknown"
}

// sentinel is an error with its own message that unwraps to its kind.
type sentinel struct {
	msg  string
	kind error
}

func (e *sentinel) Error() string { return e.msg }
func (e *sentinel) Unwrap() error { return e.kind }

// New returns a sentinel error with message msg of the given kind (one of
// ErrInput, ErrLimit, ErrSolver): errors.Is matches it both by identity and
// against its kind. It panics on any other kind, a programmer error.
func New(kind error, msg string) error {
	if kind != ErrInput && kind != ErrLimit && kind != ErrSolver {
		panic("fault.New: kind must be ErrInput, ErrLimit or ErrSolver")
	}
	return &sentinel{msg: msg, kind: kind}
}

// Of returns the kind of err: the first of Input, Limit and Solver that the
// chain matches, in that order, so that an input error found while a solver
// ran is still the caller's to fix. A context's deadline or cancellation
// counts as Limit. It returns Unknown for nil and for unclassified errors.
func Of(err error) Kind {
	switch {
	case err == nil:
		return Unknown
	case errors.Is(err, ErrInput):
		return Input
	case errors.Is(err, ErrLimit), errors.Is(err, context.DeadlineExceeded), errors.Is(err, context.Canceled):
		return Limit
	case errors.Is(err, ErrSolver):
		return Solver
	}
	return Unknown
}
