package fault

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"testing"
)

func TestOf(t *testing.T) {
	errTooBig := New(ErrInput, "pkg: model too large")
	errStalled := New(ErrSolver, "pkg: stalled")
	tests := []struct {
		err  error
		want Kind
	}{
		{nil, Unknown},
		{errors.New("plain"), Unknown},
		{errTooBig, Input},
		{fmt.Errorf("count: %w: got 1e9", errTooBig), Input},
		{fmt.Errorf("window 3: %w", errStalled), Solver},
		{fmt.Errorf("run: %w", context.DeadlineExceeded), Limit},
		{fmt.Errorf("run: %w", context.Canceled), Limit},
		{New(ErrLimit, "node limit"), Limit},
		// an input error met while a solver ran is still the caller's
		{fmt.Errorf("%w: %w", errStalled, errTooBig), Input},
	}
	for _, tc := range tests {
		if got := Of(tc.err); got != tc.want {
			t.Errorf("Of(%v) = %v, want %v", tc.err, got, tc.want)
		}
	}
	if !errors.Is(fmt.Errorf("x: %w", errTooBig), errTooBig) {
		t.Error("a sentinel no longer matches itself through a wrap")
	}
	if errTooBig.Error() != "pkg: model too large" {
		t.Errorf("message %q", errTooBig.Error())
	}
}

func TestErrorf(t *testing.T) {
	errTooBig := New(ErrInput, "pkg: model too large")
	tests := []struct {
		name string
		err  error
		want Kind
		msg  string
	}{
		{"plain message", Errorf(ErrInput, "--workers: must be >= 0, got %d", -1), Input, "--workers: must be >= 0, got -1"},
		{"wraps an error of no kind", Errorf(ErrSolver, "--out: %w", fs.ErrPermission), Solver, "--out: permission denied"},
		{"limit", Errorf(ErrLimit, "stopped by %s", "the time limit"), Limit, "stopped by the time limit"},
		// the kind given where the error arose wins over the caller's
		{"keeps a cancellation", Errorf(ErrInput, "%w", context.Canceled), Limit, "context canceled"},
		{"keeps an input error", Errorf(ErrSolver, "run: %w", errTooBig), Input, "run: pkg: model too large"},
	}
	for _, tc := range tests {
		if got := Of(tc.err); got != tc.want {
			t.Errorf("%s: Of = %v, want %v", tc.name, got, tc.want)
		}
		if tc.err.Error() != tc.msg {
			t.Errorf("%s: message %q, want %q", tc.name, tc.err.Error(), tc.msg)
		}
	}
	if err := Errorf(ErrSolver, "--out: %w", fs.ErrPermission); !errors.Is(err, fs.ErrPermission) || !errors.Is(err, ErrSolver) {
		t.Errorf("%v no longer matches the error it wraps and its kind", err)
	}
	if err := Errorf(ErrSolver, "run: %w", errTooBig); errors.Is(err, ErrSolver) {
		t.Errorf("%v took the caller's kind besides its own", err)
	}
}

func TestNewRejectsOtherKinds(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("New with a foreign kind did not panic")
		}
	}()
	_ = New(errors.New("other"), "x")
}

func TestErrorfRejectsOtherKinds(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("Errorf with a foreign kind did not panic")
		}
	}()
	_ = Errorf(errors.New("other"), "x")
}

func ExampleOf() {
	// A package defines its sentinels with New ...
	errTooLarge := New(ErrInput, "tpd: time-indexed model too large")
	// ... and wraps them with the details.
	err := fmt.Errorf("count: %w: 1e9 sub-tasks need about 80 GB", errTooLarge)
	fmt.Println(Of(err), errors.Is(err, errTooLarge), errors.Is(err, ErrInput))
	// Output: input true true
}

func ExampleErrorf() {
	// A command gives the errors it finds a kind ...
	err := Errorf(ErrInput, "--workers: must be >= 0, got %d", -1)
	fmt.Println(Of(err), err)
	// ... and a kind given where an error arose stays.
	err = Errorf(ErrInput, "--input: %w", context.Canceled)
	fmt.Println(Of(err), err)
	// Output:
	// input --workers: must be >= 0, got -1
	// limit --input: context canceled
}
