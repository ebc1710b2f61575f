package fault

import (
	"context"
	"errors"
	"fmt"
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

// Errorf formats an error as fmt.Errorf does, %w included, and gives it
// kind (one of ErrInput, ErrLimit, ErrSolver) unless an error it wraps
// already carries one: the kind given where an error arose wins over the
// caller's. The message is fmt.Errorf's, unchanged. It panics on any other
// kind, a programmer error.
func Errorf(kind error, format string, a ...any) error {
	if kind != ErrInput && kind != ErrLimit && kind != ErrSolver {
		panic("fault.Errorf: kind must be ErrInput, ErrLimit or ErrSolver")
	}
	err := fmt.Errorf(format, a...)
	if Of(err) != Unknown {
		return err
	}
	return &kinded{err: err, kind: kind}
}

// kinded is an error of no kind given one: its message is err's, and it
// unwraps to both.
type kinded struct{ err, kind error }

func (e *kinded) Error() string   { return e.err.Error() }
func (e *kinded) Unwrap() []error { return []error{e.err, e.kind} }

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
