package solvetest

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/solve"
)

// Reject is an input a backend must refuse with an error before solving:
// Edit changes a copy of the base model (nil leaves it as is), Options are
// passed to the backend, and the error must wrap Is (when not nil) and
// mention Contains.
type Reject struct {
	Name     string
	Edit     func(m *lp.Model)
	Options  solve.Options
	Is       error
	Contains string
}

// RunRejects checks that the backend refuses every case with the promised
// error, and that it refuses a nil model with lp.ErrInvalid. base builds a
// small valid model that each case then breaks.
func RunRejects(t *testing.T, newBackend solve.Factory, base func() *lp.Model, cases []Reject) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.Name, func(t *testing.T) {
			m := base()
			if tc.Edit != nil {
				tc.Edit(m)
			}
			sol, err := callBackend(context.Background(), newBackend(), m, tc.Options)
			if err == nil {
				t.Fatalf("no error, solution %+v", sol)
			}
			if tc.Is != nil && !errors.Is(err, tc.Is) {
				t.Errorf("error %q does not wrap %v", err, tc.Is)
			}
			if !strings.Contains(err.Error(), tc.Contains) {
				t.Errorf("error %q does not mention %q", err, tc.Contains)
			}
		})
	}
	t.Run("nil_model", func(t *testing.T) {
		if _, err := callBackend(context.Background(), newBackend(), nil, solve.Options{}); !errors.Is(err, lp.ErrInvalid) {
			t.Errorf("nil model: error %v, want lp.ErrInvalid", err)
		}
	})
}
