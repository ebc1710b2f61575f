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
// and wraps them with %w; Errorf gives a kind to an error made on the spot,
// such as a flag's check. Of returns the kind of any error chain; the
// command line maps it to its exit code in one place (2, 1 and 3).
package fault
