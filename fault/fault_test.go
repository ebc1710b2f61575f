package fault

import (
	"context"
	"errors"
	"fmt"
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

func TestNewRejectsOtherKinds(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("New with a foreign kind did not panic")
		}
	}()
	_ = New(errors.New("other"), "x")
}

func ExampleOf() {
	// A package defines its sentinels with New ...
	errTooLarge := New(ErrInput, "tpd: time-indexed model too large")
	// ... and wraps them with the details.
	err := fmt.Errorf("count: %w: 1e9 sub-tasks need about 80 GB", errTooLarge)
	fmt.Println(Of(err), errors.Is(err, errTooLarge), errors.Is(err, ErrInput))
	// Output: input true true
}
